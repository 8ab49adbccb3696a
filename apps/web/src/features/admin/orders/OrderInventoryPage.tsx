import {
  type AdminOrder,
  type AdminOrderPaymentView,
  adminOrderPaymentViews,
  awaitsPayment,
  cancelReasonRequired,
  formatKina,
  isMistypedPaymentReference,
  orderInventoryMessages as messages,
  paymentMethodLabels,
  paymentMethods,
  shippingStatuses,
} from '@bilum/shared';
import { type ReactNode, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogButtons } from '../../../components/ui/dialog';
import { inputBaseClass } from '../../../components/ui/form-field';
import { EmptyState, ErrorState, Spinner } from '../../../components/ui/states';
import { ApiError } from '../../../lib/api-client';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useAdminOrders, useUpdateOrderStatus } from './orders.api';
import { AdminFooter, AdminPageHeader, AdminSearch } from '../shared/AdminFooter';
import { OrderDetailDialog } from './OrderDetailDialog';
import { type OrderAction, OrderList, refundPending } from './OrderList';
import { StatCard } from '../shared/StatCard';

const footerLinks = [
  { to: '/entry-option', label: 'Entry Option' },
  { to: '/product-inventory', label: 'Product Inventory' },
  { to: '/member-status', label: 'Member Status' },
  { to: '/', label: 'Shop' },
] as const;

/** What cancelling does to this order, said before staff confirm it. */
function cancelConsequence(order: AdminOrder): string {
  // Issue 27: an unpaid bank transfer or pickup order: its hold ends now; there is no card payment to refund.
  if (awaitsPayment(order)) {
    return (
      'The items go back into stock at once and the customer is e-mailed. It was not paid, so nothing is refunded ' +
      '(any part-payment received shows as owed back until you refund it here). A cancelled order cannot be ' +
      'changed again.'
    );
  }
  const refund =
    order.paymentMethod === 'card'
      ? `${formatKina(order.total)} is refunded to the customer's card`
      : `the ${formatKina(order.total)} received is to be returned to the customer by hand`;
  return `The items go back into stock and ${refund}. A cancelled order cannot be changed again.`;
}

/** What marking this order delivered means, said before staff confirm it (issue 30). */
function deliverConsequence(order: AdminOrder): string {
  const when = order.pickupLocation ? 'Only once the customer has collected it.' : 'Only once the customer has it.';
  return `${when} Delivered is final: the order can no longer be dispatched or cancelled.`;
}

const paymentViewLabels: Record<AdminOrderPaymentView, string> = {
  paid: 'Paid orders',
  unpaid: 'Unpaid checkouts',
  all: 'All orders',
};

/** The search term once typing has paused, so the server is not asked on every key. */
function useSettled(value: string, delayMs = 250): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}

interface OrderFilters {
  status: string;
  method: string;
  zone: string;
  from: string;
  to: string;
}
const noFilters: OrderFilters = { status: '', method: '', zone: '', from: '', to: '' };

function FilterSelect(props: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  children: ReactNode;
}) {
  return (
    <div className="flex min-w-0 flex-col gap-1">
      <label htmlFor={props.id} className="text-xs font-medium text-stone-700">
        {props.label}
      </label>
      <select
        id={props.id}
        value={props.value}
        onChange={(event) => props.onChange(event.target.value)}
        className={`${inputBaseClass} w-full`}
      >
        {props.children}
      </select>
    </div>
  );
}

function DateFilter(props: {
  id: string;
  label: string;
  value: string;
  min?: string;
  max?: string;
  onChange: (value: string) => void;
}) {
  return (
    <div className="flex min-w-0 flex-col gap-1">
      <label htmlFor={props.id} className="text-xs font-medium text-stone-700">
        {props.label}
      </label>
      <input
        id={props.id}
        type="date"
        value={props.value}
        min={props.min}
        max={props.max}
        onChange={(event) => props.onChange(event.target.value)}
        className={`${inputBaseClass} w-full`}
      />
    </div>
  );
}

/**
 * /order-inventory: the tiles (one per status, adding up to Total Orders), the server's search, the payment view
 * (paid orders by default; unpaid checkouts on request), the orders with Dispatch, Deliver, Cancel and View.
 */
export default function OrderInventoryPage() {
  useDocumentTitle('Order Management');
  const [term, setTerm] = useState('');
  const [payment, setPayment] = useState<AdminOrderPaymentView>('paid');
  const q = useSettled(term.trim());
  // Issue 21 (decision 018): filters and pages, on the server.
  const [filters, setFilters] = useState<OrderFilters>(noFilters);
  const [page, setPage] = useState(1);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | undefined>();
  const orders = useAdminOrders({ q, payment, ...filters, page: String(page) });
  const activeFilters = Object.values(filters).filter((value) => value !== '').length;
  const filtered = activeFilters > 0;
  function filter(name: keyof OrderFilters, value: string) {
    setFilters((current) => ({ ...current, [name]: value }));
    setPage(1);
  }
  const update = useUpdateOrderStatus();
  const [viewingId, setViewingId] = useState<number | null>(null);
  const [cancelling, setCancelling] = useState<AdminOrder | null>(null);
  // Issue 30: Deliver is final, so it is confirmed as Cancel is (one tap beside Dispatch on a phone was enough).
  const [delivering, setDelivering] = useState<AdminOrder | null>(null);
  // On a phone the filters fold away behind one button, so the first order is on the first screen (issue 30).
  const [filtersShown, setFiltersShown] = useState(false);
  const shown = orders.data?.orders ?? [];
  const tiles = orders.data?.tiles;
  // The dialog shows the order as last loaded, so it follows the reload after an update.
  const viewing = shown.find((order) => order.id === viewingId) ?? null;

  function change(order: AdminOrder, status: OrderAction, cancelReason?: string) {
    update.mutate(
      { id: order.id, status, ...(cancelReason === undefined ? {} : { reason: cancelReason }) },
      {
        onSuccess: ({ message }) => toast.success(message),
        onError: (error) => {
          if (error instanceof ApiError && error.isNetwork) toast.error(messages.updateNetwork);
          else toast.error(messages.updateFailed, { description: error.message });
        },
        onSettled: () => {
          setCancelling(null);
          setDelivering(null);
        },
      },
    );
  }

  function onAction(order: AdminOrder, status: OrderAction) {
    if (status === 'Cancelled' && !refundPending(order)) {
      setReason('');
      setReasonError(undefined);
      setCancelling(order);
    } else if (status === 'Delivered') setDelivering(order);
    else change(order, status);
  }

  function confirmCancel(order: AdminOrder) {
    if (reason.trim() === '') {
      setReasonError(cancelReasonRequired);
      return;
    }
    change(order, 'Cancelled', reason.trim());
  }

  const total = orders.data?.total ?? 0;
  const pageSize = orders.data?.pageSize ?? 25;
  const pages = Math.max(1, Math.ceil(total / pageSize));

  return (
    <>
      <div className="mx-auto w-full max-w-7xl px-4 py-4 sm:py-8">
        <AdminPageHeader
          title="Order Management"
          back={{ to: '/entry-option', label: 'Back' }}
          actions={
            <Button asChild variant="outline">
              <Link to="/">Shop</Link>
            </Button>
          }
        />

        <section aria-label="Order figures" className="mb-4 grid grid-cols-3 gap-2 sm:mb-6 sm:gap-3 xl:grid-cols-6">
          <StatCard dense label="Total Orders" value={tiles?.totalOrders ?? 0} />
          <StatCard dense label="Pending" value={tiles?.pending ?? 0} tone="yellow" />
          <StatCard dense label="Processing" value={tiles?.processing ?? 0} tone="brand" />
          <StatCard dense label="Dispatched" value={tiles?.dispatched ?? 0} tone="blue" />
          <StatCard dense label="Delivered" value={tiles?.delivered ?? 0} tone="green" />
          <StatCard dense label="Cancelled" value={tiles?.cancelled ?? 0} tone="red" />
        </section>

        <div className="flex flex-col gap-x-3 sm:flex-row sm:items-start">
          <div className="min-w-0 flex-1">
            <AdminSearch
              id="order-search"
              label="Search orders"
              value={term}
              onChange={setTerm}
              placeholder={messages.searchPlaceholder}
            />
            <p className="-mt-2 mb-4 text-xs text-muted">{messages.searchHint}</p>
          </div>
          <div className="mb-3 flex items-center gap-2 sm:mb-4">
            <label htmlFor="order-payment-view" className="text-sm font-medium whitespace-nowrap text-stone-700">
              Show
            </label>
            <select
              id="order-payment-view"
              value={payment}
              onChange={(event) => setPayment(event.target.value as AdminOrderPaymentView)}
              className={`${inputBaseClass} w-full sm:w-auto`}
            >
              {adminOrderPaymentViews.map((view) => (
                <option key={view} value={view}>
                  {paymentViewLabels[view]}
                </option>
              ))}
            </select>
          </div>
        </div>

        <Button
          variant="outline"
          size="sm"
          className="mb-3 w-full sm:hidden"
          aria-expanded={filtersShown}
          aria-controls="order-filters"
          onClick={() => setFiltersShown((shown) => !shown)}
        >
          {filtersShown ? 'Hide filters' : 'Filter orders'}
          {activeFilters > 0 ? ` (${activeFilters} on)` : ''}
        </Button>
        <fieldset
          id="order-filters"
          className={`mb-4 ${filtersShown ? 'grid' : 'hidden'} grid-cols-2 gap-3 rounded-lg border border-stone-200 p-3 sm:grid sm:grid-cols-3 lg:grid-cols-6`}
        >
          <legend className="px-1 text-sm font-medium text-stone-700">Filter orders</legend>
          <FilterSelect
            id="order-filter-status"
            label="Status"
            value={filters.status}
            onChange={(v) => filter('status', v)}
          >
            <option value="">Any status</option>
            {shippingStatuses.map((status) => (
              <option key={status} value={status}>
                {status}
              </option>
            ))}
          </FilterSelect>
          <FilterSelect
            id="order-filter-method"
            label="Payment"
            value={filters.method}
            onChange={(v) => filter('method', v)}
          >
            <option value="">Any way to pay</option>
            {paymentMethods.map((method) => (
              <option key={method} value={method}>
                {paymentMethodLabels[method]}
              </option>
            ))}
          </FilterSelect>
          <FilterSelect
            id="order-filter-zone"
            label="Delivery zone"
            value={filters.zone}
            onChange={(v) => filter('zone', v)}
          >
            <option value="">Any zone</option>
            <option value="pickup">Pickup</option>
            {(orders.data?.zones ?? []).map((zone) => (
              <option key={zone} value={zone}>
                {zone}
              </option>
            ))}
          </FilterSelect>
          <DateFilter
            id="order-filter-from"
            label="Placed from"
            value={filters.from}
            max={filters.to || undefined}
            onChange={(v) => filter('from', v)}
          />
          <DateFilter
            id="order-filter-to"
            label="Placed to"
            value={filters.to}
            min={filters.from || undefined}
            onChange={(v) => filter('to', v)}
          />
          <div className="flex items-end">
            <Button
              variant="outline"
              className="w-full"
              disabled={!filtered}
              onClick={() => {
                setFilters(noFilters);
                setPage(1);
              }}
            >
              Clear filters
            </Button>
          </div>
        </fieldset>

        {orders.isPending ? (
          <Spinner label="Loading orders…" />
        ) : orders.isError ? (
          <ErrorState
            message={
              orders.error instanceof ApiError && orders.error.isNetwork ? messages.fetchNetwork : messages.fetchFailed
            }
          >
            <Button variant="outline" onClick={() => void orders.refetch()}>
              {messages.retry}
            </Button>
          </ErrorState>
        ) : shown.length === 0 && q !== '' ? (
          <EmptyState title={messages.noMatch(q)}>
            {isMistypedPaymentReference(q) && (
              <p role="status" className="text-sm text-stone-700">
                {messages.mistypedReference(q)}
              </p>
            )}
            <Button variant="outline" onClick={() => setTerm('')}>
              Clear Search
            </Button>
          </EmptyState>
        ) : shown.length === 0 && filtered ? (
          <EmptyState title="No orders match these filters.">
            <Button variant="outline" onClick={() => setFilters(noFilters)}>
              Clear filters
            </Button>
          </EmptyState>
        ) : shown.length === 0 ? (
          <EmptyState title={payment === 'unpaid' ? messages.noUnpaid : messages.noOrders} />
        ) : (
          <>
            <OrderList
              orders={shown}
              busyId={update.isPending ? (update.variables?.id ?? null) : null}
              onAction={onAction}
              onView={(order) => setViewingId(order.id)}
            />
            <nav aria-label="Order pages" className="mt-4 flex flex-wrap items-center justify-between gap-3 text-sm">
              <p className="text-stone-700" aria-live="polite">
                Orders {(page - 1) * pageSize + 1}–{Math.min(page * pageSize, total)} of {total}
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

      {viewing && (
        <OrderDetailDialog
          order={viewing}
          onClose={() => setViewingId(null)}
          onCancel={(order) => {
            // The view closes and the confirmation opens; focus goes back to the order's View button after it.
            setViewingId(null);
            onAction(order, 'Cancelled');
          }}
        />
      )}
      {delivering && (
        <Dialog
          open
          onOpenChange={(open) => !open && setDelivering(null)}
          title={`Mark order #${delivering.id} as delivered?`}
          description={deliverConsequence(delivering)}
        >
          <DialogButtons
            busy={update.isPending}
            label="Mark Delivered"
            busyLabel="Saving…"
            cancelLabel="Not Yet"
            variant="primary"
            onConfirm={() => change(delivering, 'Delivered')}
          />
        </Dialog>
      )}
      {cancelling && (
        <Dialog
          open
          onOpenChange={(open) => !open && setCancelling(null)}
          title={`Cancel order #${cancelling.id}?`}
          description={cancelConsequence(cancelling)}
        >
          <div className="mb-4 flex flex-col gap-1">
            <label htmlFor="cancel-reason" className="text-sm font-medium text-stone-700">
              Reason for cancelling (required)
            </label>
            <textarea
              id="cancel-reason"
              value={reason}
              onChange={(event) => setReason(event.target.value)}
              rows={2}
              maxLength={500}
              className={`${inputBaseClass} h-auto w-full py-2`}
              aria-invalid={reasonError ? true : undefined}
              aria-describedby={reasonError ? 'cancel-reason-error' : undefined}
            />
            {reasonError && (
              <p id="cancel-reason-error" className="text-sm text-red-800">
                {reasonError}
              </p>
            )}
          </div>
          <DialogButtons
            busy={update.isPending}
            label="Cancel Order"
            busyLabel="Cancelling…"
            cancelLabel="Keep Order"
            onConfirm={() => confirmCancel(cancelling)}
          />
        </Dialog>
      )}
    </>
  );
}
