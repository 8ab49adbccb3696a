import {
  type AdminOrder,
  formatKina,
  orderInventoryMessages as messages,
  orderTiles,
  searchOrders,
} from '@bilum/shared';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
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

/** /order-inventory: the four tiles, search, the orders with Dispatch, Deliver, Cancel and View. */
export default function OrderInventoryPage() {
  useDocumentTitle('Order Management');
  const orders = useAdminOrders();
  const update = useUpdateOrderStatus();
  const [term, setTerm] = useState('');
  const [viewingId, setViewingId] = useState<number | null>(null);
  const [cancelling, setCancelling] = useState<AdminOrder | null>(null);
  const all = useMemo(() => orders.data ?? [], [orders.data]);
  const shown = useMemo(() => searchOrders(all, term), [all, term]);
  const tiles = orderTiles(all);
  // The dialog shows the order as last loaded, so it follows the reload after an update.
  const viewing = all.find((order) => order.id === viewingId) ?? null;

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

        <section aria-label="Order figures" className="mb-6 grid grid-cols-2 gap-3 lg:grid-cols-4">
          <StatCard label="Total Orders" value={tiles.totalOrders} />
          <StatCard label="Pending" value={tiles.pending} tone="yellow" />
          <StatCard label="Dispatched" value={tiles.dispatched} tone="blue" />
          <StatCard label="Delivered" value={tiles.delivered} tone="green" />
        </section>

        <AdminSearch
          id="order-search"

          label="Search orders"

          value={term}

          onChange={setTerm}

          placeholder={messages.searchPlaceholder}
        />

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
        ) : all.length === 0 ? (
          <EmptyState title={messages.noOrders} />
        ) : shown.length === 0 ? (
          <EmptyState title={messages.noMatch(term.trim())}>
            <Button variant="outline" onClick={() => setTerm('')}>
              Clear Search
            </Button>
          </EmptyState>
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
