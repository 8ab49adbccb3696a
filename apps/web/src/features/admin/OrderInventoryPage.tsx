import {
  type AdminOrder,
  type AdminOrderPaymentView,
  adminOrderPaymentViews,
  formatKina,
  orderInventoryMessages as messages,
} from '@bilum/shared';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { inputBaseClass } from '../../components/ui/form-field';
import { EmptyState, ErrorState, Spinner } from '../../components/ui/states';
import { ApiError } from '../../lib/api-client';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useAdminOrders, useUpdateOrderStatus } from './admin.api';
import { AdminFooter, AdminPageHeader, AdminSearch } from './AdminFooter';
import { OrderDetailDialog } from './OrderDetailDialog';
import { type OrderAction, OrderList, refundPending } from './OrderList';
import { StatCard } from './StatCard';

const footerLinks = [
  { to: '/entry-option', label: 'Entry Option' },
  { to: '/product-inventory', label: 'Product Inventory' },
  { to: '/member-status', label: 'Member Status' },
  { to: '/', label: 'Shop' },
] as const;

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

/**
 * /order-inventory: the tiles (one per status, adding up to Total Orders), the server's search, the payment view
 * (paid orders by default; unpaid checkouts on request), the orders with Dispatch, Deliver, Cancel and View.
 */
export default function OrderInventoryPage() {
  useDocumentTitle('Order Management');
  const [term, setTerm] = useState('');
  const [payment, setPayment] = useState<AdminOrderPaymentView>('paid');
  const q = useSettled(term.trim());
  const orders = useAdminOrders({ q, payment });
  const update = useUpdateOrderStatus();
  const [viewingId, setViewingId] = useState<number | null>(null);
  const [cancelling, setCancelling] = useState<AdminOrder | null>(null);
  const shown = orders.data?.orders ?? [];
  const tiles = orders.data?.tiles;
  // The dialog shows the order as last loaded, so it follows the reload after an update.
  const viewing = shown.find((order) => order.id === viewingId) ?? null;

  function change(order: AdminOrder, status: OrderAction) {
    update.mutate(
      { id: order.id, status },
      {
        onSuccess: ({ message }) => toast.success(message),
        onError: (error) => {
          if (error instanceof ApiError && error.isNetwork) toast.error(messages.updateNetwork);
          else toast.error(messages.updateFailed, { description: error.message });
        },
        onSettled: () => setCancelling(null),
      },
    );
  }

  function onAction(order: AdminOrder, status: OrderAction) {
    if (status === 'Cancelled' && !refundPending(order)) setCancelling(order);
    else change(order, status);
  }

  return (
    <>
      <div className="mx-auto w-full max-w-7xl px-4 py-8">
        <AdminPageHeader
          title="Order Management"
          back={{ to: '/entry-option', label: 'Back' }}
          actions={
            <Button asChild variant="outline">
              <Link to="/">Shop</Link>
            </Button>
          }
        />

        <section aria-label="Order figures" className="mb-6 grid grid-cols-2 gap-3 sm:grid-cols-3 xl:grid-cols-6">
          <StatCard label="Total Orders" value={tiles?.totalOrders ?? 0} />
          <StatCard label="Pending" value={tiles?.pending ?? 0} tone="yellow" />
          <StatCard label="Processing" value={tiles?.processing ?? 0} tone="brand" />
          <StatCard label="Dispatched" value={tiles?.dispatched ?? 0} tone="blue" />
          <StatCard label="Delivered" value={tiles?.delivered ?? 0} tone="green" />
          <StatCard label="Cancelled" value={tiles?.cancelled ?? 0} tone="red" />
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
          <div className="mb-4 flex items-center gap-2">
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
            <Button variant="outline" onClick={() => setTerm('')}>
              Clear Search
            </Button>
          </EmptyState>
        ) : shown.length === 0 ? (
          <EmptyState title={payment === 'unpaid' ? messages.noUnpaid : messages.noOrders} />
        ) : (
          <OrderList
            orders={shown}
            busyId={update.isPending ? (update.variables?.id ?? null) : null}
            onAction={onAction}
            onView={(order) => setViewingId(order.id)}
          />
        )}
      </div>
      <AdminFooter links={footerLinks} />

      {viewing && <OrderDetailDialog order={viewing} onClose={() => setViewingId(null)} />}
      {cancelling && (
        <Dialog
          open
          onOpenChange={(open) => !open && setCancelling(null)}
          title={`Cancel order #${cancelling.id}?`}
          description={`The items go back into stock and ${formatKina(cancelling.total)} is refunded to the customer's card. A cancelled order cannot be changed again.`}
        >
          <div className="flex flex-wrap justify-end gap-2">
            <Button variant="outline" onClick={() => setCancelling(null)}>
              Keep Order
            </Button>
            <Button variant="danger" disabled={update.isPending} onClick={() => change(cancelling, 'Cancelled')}>
              {update.isPending ? 'Cancelling…' : 'Cancel Order'}
            </Button>
          </div>
        </Dialog>
      )}
    </>
  );
}
