import { type Customer, formatKina, type MembershipAction } from '@bilum/shared';
import { type FormEvent, useEffect, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { inputBaseClass, inputClass } from '../../../components/ui/form-field';
import { EmptyState, ErrorState, Spinner } from '../../../components/ui/states';
import { ApiError } from '../../../lib/api-client';
import { formatLongDate } from '../../../lib/dates';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { AdminFooter, AdminPageHeader, AdminSearch } from '../shared/AdminFooter';
import { useChangeMembership, useCustomerOrders, useCustomers } from './customers.api';

const footerLinks = [
  { to: '/entry-option', label: 'Entry Option' },
  { to: '/order-inventory', label: 'Order Inventory' },
  { to: '/member-status', label: 'Member Status' },
] as const;

function useSettled(value: string, delayMs = 250): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}

/**
 * /customers (issue 21, decision 018): registered shoppers and guests (by e-mail) with their orders, what they spent
 * and their membership; staff grant, extend or end a membership with a reason.
 */
export default function CustomersPage() {
  useDocumentTitle('Customers');
  const [term, setTerm] = useState('');
  const q = useSettled(term.trim());
  const [page, setPage] = useState(1);
  useEffect(() => setPage(1), [q]);
  const customers = useCustomers({ q, page });
  const [ordersOf, setOrdersOf] = useState<Customer | null>(null);
  const [membershipOf, setMembershipOf] = useState<Customer | null>(null);
  const total = customers.data?.total ?? 0;
  const pageSize = customers.data?.pageSize ?? 25;
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const items = customers.data?.items ?? [];

  return (
    <>
      <div className="mx-auto w-full max-w-7xl px-4 py-8">
        <AdminPageHeader title="Customers" back={{ to: '/entry-option', label: 'Back' }} />
        <AdminSearch
          id="customer-search"
          label="Search customers"
          value={term}
          onChange={setTerm}
          placeholder="Search by name or e-mail..."
        />
        {customers.isPending ? (
          <Spinner label="Loading customers…" />
        ) : customers.isError ? (
          <ErrorState message="Could not load the customers.">
            <Button variant="outline" onClick={() => void customers.refetch()}>
              Try again
            </Button>
          </ErrorState>
        ) : items.length === 0 ? (
          <EmptyState title={q ? `No customers match "${q}".` : 'No customers yet.'} />
        ) : (
          <>
            <ul className="grid gap-3 md:grid-cols-2 xl:grid-cols-3" aria-label="Customers">
              {items.map((customer) => (
                <li
                  key={`${customer.kind}-${customer.userId ?? customer.email}`}
                  className="flex flex-col gap-2 rounded-xl border border-stone-200 bg-white p-4 text-sm"
                >
                  <div className="flex items-start justify-between gap-2">
                    <div className="min-w-0">
                      <p className="font-semibold break-words text-stone-900">{customer.name || customer.email}</p>
                      <p className="break-all text-stone-600">{customer.email}</p>
                    </div>
                    <span
                      className={`shrink-0 rounded-full px-2 py-0.5 text-xs font-semibold ${
                        customer.kind === 'guest' ? 'bg-stone-200 text-stone-700' : 'bg-blue-100 text-blue-800'
                      }`}
                    >
                      {customer.kind === 'guest' ? 'Guest' : 'Registered'}
                    </span>
                  </div>
                  <dl className="grid grid-cols-[7rem_1fr] gap-y-1">
                    <dt className="text-muted">Orders</dt>
                    <dd>{customer.orders}</dd>
                    <dt className="text-muted">Total spent</dt>
                    <dd className="font-semibold">{formatKina(customer.totalSpent)}</dd>
                    <dt className="text-muted">Membership</dt>
                    <dd>
                      {customer.memberUntil
                        ? `Premium until ${formatLongDate(customer.memberUntil)}`
                        : customer.kind === 'guest'
                          ? 'N/A (guest)'
                          : 'None'}
                    </dd>
                  </dl>
                  <div className="mt-auto flex flex-wrap gap-2 pt-1">
                    <Button
                      variant="outline"
                      size="sm"
                      onClick={() => setOrdersOf(customer)}
                      aria-label={`Orders of ${customer.email}`}
                    >
                      Orders
                    </Button>
                    {customer.userId !== null && (
                      <Button
                        variant="outline"
                        size="sm"
                        onClick={() => setMembershipOf(customer)}
                        aria-label={`Membership of ${customer.email}`}
                      >
                        Membership
                      </Button>
                    )}
                  </div>
                </li>
              ))}
            </ul>
            <nav aria-label="Customer pages" className="mt-4 flex flex-wrap items-center justify-between gap-3 text-sm">
              <p className="text-stone-700">
                Customers {(page - 1) * pageSize + 1}–{Math.min(page * pageSize, total)} of {total}
              </p>
              {pages > 1 && (
                <div className="flex items-center gap-2">
                  <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => setPage(page - 1)}>
                    Previous
                  </Button>
                  <span className="text-stone-700">
                    Page {page} of {pages}
                  </span>
                  <Button variant="outline" size="sm" disabled={page >= pages} onClick={() => setPage(page + 1)}>
                    Next
                  </Button>
                </div>
              )}
            </nav>
          </>
        )}
      </div>
      <AdminFooter links={footerLinks} />
      {ordersOf && <CustomerOrdersDialog customer={ordersOf} onClose={() => setOrdersOf(null)} />}
      {membershipOf && membershipOf.userId !== null && (
        <MembershipDialog customer={membershipOf} userId={membershipOf.userId} onClose={() => setMembershipOf(null)} />
      )}
    </>
  );
}

function CustomerOrdersDialog({ customer, onClose }: { customer: Customer; onClose: () => void }) {
  const orders = useCustomerOrders(customer);
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()} title={`Orders of ${customer.name || 'this customer'}`}>
      {orders.isPending ? (
        <Spinner label="Loading orders…" />
      ) : orders.isError ? (
        <p className="text-sm text-red-800">Could not load the orders.</p>
      ) : orders.data.orders.length === 0 ? (
        <p className="text-sm text-muted">No orders yet.</p>
      ) : (
        <ul className="flex flex-col divide-y divide-stone-100 text-sm">
          {orders.data.orders.map((order) => (
            <li key={order.id} className="flex flex-wrap justify-between gap-2 py-2">
              <span className="font-semibold">#{order.id}</span>
              <span>{formatLongDate(order.placedAt)}</span>
              <span>
                {order.paymentStatus}, {order.shippingStatus}
              </span>
              <span className="font-semibold">{formatKina(order.total)}</span>
            </li>
          ))}
        </ul>
      )}
    </Dialog>
  );
}

function MembershipDialog({ customer, userId, onClose }: { customer: Customer; userId: number; onClose: () => void }) {
  const change = useChangeMembership(userId);
  const [action, setAction] = useState<MembershipAction>(customer.memberUntil ? 'extend' : 'grant');
  const [months, setMonths] = useState('12');
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();

  function submit(event: FormEvent) {
    event.preventDefault();
    if (reason.trim() === '') return setError('Please give a reason.');
    const count = Number(months);
    if (action !== 'end' && (!Number.isInteger(count) || count < 1 || count > 36)) {
      return setError('From 1 to 36 months.');
    }
    setError(undefined);
    change.mutate(
      { action, reason: reason.trim(), ...(action === 'end' ? {} : { months: count }) },
      {
        onSuccess: ({ message }) => {
          toast.success(message);
          onClose();
        },
        onError: (failure) =>
          setError(failure instanceof ApiError && !failure.isNetwork ? failure.message : 'Could not change it.'),
      },
    );
  }

  const choices: { value: MembershipAction; label: string }[] = customer.memberUntil
    ? [
        { value: 'extend', label: 'Extend' },
        { value: 'end', label: 'End now' },
      ]
    : [{ value: 'grant', label: 'Grant Premium' }];
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={`Membership of ${customer.name || 'this shopper'}`}
      description={
        customer.memberUntil ? `Premium until ${formatLongDate(customer.memberUntil)}.` : 'Not a member now.'
      }
    >
      <form onSubmit={submit} noValidate className="flex flex-col gap-3">
        <fieldset className="flex flex-wrap gap-4 text-sm">
          <legend className="mb-1 text-sm font-medium text-stone-700">Change</legend>
          {choices.map((choice) => (
            <label key={choice.value} className="flex items-center gap-2">
              <input
                type="radio"
                name="membership-action"
                checked={action === choice.value}
                onChange={() => setAction(choice.value)}
                className="h-4 w-4"
              />
              {choice.label}
            </label>
          ))}
        </fieldset>
        {action !== 'end' && (
          <div className="flex flex-col gap-1">
            <label htmlFor="membership-months" className="text-sm font-medium text-stone-700">
              Months
            </label>
            <input
              id="membership-months"
              type="number"
              inputMode="numeric"
              min={1}
              max={36}
              value={months}
              onChange={(event) => setMonths(event.target.value)}
              className={`${inputBaseClass} w-28`}
            />
          </div>
        )}
        <div className="flex flex-col gap-1">
          <label htmlFor="membership-reason" className="text-sm font-medium text-stone-700">
            Reason (e-mailed to the shopper)
          </label>
          <input
            id="membership-reason"
            value={reason}
            maxLength={500}
            onChange={(event) => setReason(event.target.value)}
            className={inputClass}
          />
        </div>
        {error && (
          <p role="alert" className="text-sm text-red-800">
            {error}
          </p>
        )}
        <div className="flex justify-end gap-2">
          <Button variant="outline" onClick={onClose}>
            Close
          </Button>
          <Button type="submit" disabled={change.isPending}>
            {change.isPending ? 'Saving…' : 'Save'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
