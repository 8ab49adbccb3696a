import {
  type AdminOrder,
  awaitsPayment,
  displayShippingStatus,
  formatKina,
  isFinalShippingStatus,
  shippingActions,
} from '@bilum/shared';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../lib/cn';
import { useCan } from '../shared/use-can';
import { formatDateTime } from '../../../lib/dates';
import { AdminTable } from '../shared/AdminTable';

export type OrderAction = 'Dispatched' | 'Delivered' | 'Cancelled';

interface OrderListProps {
  orders: AdminOrder[];
  /** The order whose update is under way (its buttons wait). */
  busyId: number | null;
  onAction: (order: AdminOrder, status: OrderAction) => void;
  onView: (order: AdminOrder) => void;
}

const statusTones = {
  Pending: 'bg-amber-100 text-amber-800',
  Processing: 'bg-sky-100 text-sky-800',
  Dispatched: 'bg-indigo-100 text-indigo-800',
  Delivered: 'bg-green-100 text-green-800',
  Cancelled: 'bg-red-100 text-red-800',
} as const;

/** The shipping status badge; an unknown status shows as Pending. */
export function ShippingStatusBadge({ status }: { status: string }) {
  const shown = displayShippingStatus(status);
  return (
    <span className={cn('inline-block rounded-full px-2 py-0.5 text-xs font-semibold', statusTones[shown])}>
      {shown}
    </span>
  );
}

export const customerName = (order: AdminOrder) => `${order.firstName} ${order.lastName}`;

/** Why an unpaid checkout (shown only when staff ask for unpaid ones) was not paid. */
const unpaidLabels: Record<AdminOrder['paymentStatus'], string> = {
  pending: 'Not paid: awaiting payment',
  failed: 'Not paid: card declined',
  cancelled: 'Not paid: checkout expired',
  paid: 'Paid',
  refunded: 'Refunded',
};

/** Under the status badge: why an order cannot be handled, that its refund is pending, or that it ships nothing. */
function StatusNote({ order }: { order: AdminOrder }) {
  if (order.paidAt === null || refundPending(order)) {
    const note = order.paidAt === null ? (order.cancelNote ?? unpaidLabels[order.paymentStatus]) : 'Refund pending';
    return <span className="mt-1 block text-xs text-red-700">{note}</span>;
  }
  if (order.needsShipping || isFinalShippingStatus(order.shippingStatus)) return null;
  return <span className="mt-1 block text-xs text-muted">Membership only: nothing to ship</span>;
}

/** A cancelled order whose refund has not gone through yet: cancelling again retries the refund. */
export const refundPending = (order: AdminOrder) =>
  order.shippingStatus === 'Cancelled' && order.paymentStatus === 'paid';

function Actions({
  order,
  busyId,
  onAction,
  onView,
  className,
}: { order: AdminOrder; className: string } & Omit<OrderListProps, 'orders'>) {
  const enabled = shippingActions(order);
  const busy = busyId === order.id;
  // Cancelling refunds a paid order: only roles with orders.refund see it (issue 21).
  const mayRefund = useCan()('orders.refund');
  const label = (verb: string) => `${verb} order #${order.id}`;
  const view = (
    <Button size="sm" variant="outline" onClick={() => onView(order)} aria-label={label('View')}>
      View
    </Button>
  );
  const cancel = (
    <Button
      size="sm"
      variant="danger"
      disabled={!enabled.cancel || busy}
      onClick={() => onAction(order, 'Cancelled')}
      aria-label={label('Cancel')}
    >
      Cancel
    </Button>
  );
  // An unpaid checkout has nothing to handle: only View (issue 17). A bank transfer or pickup order awaiting its
  // money may be cancelled, which ends the shopper's hold at once (issue 27).
  if (order.paidAt === null) {
    return (
      <span className={className}>
        {mayRefund && awaitsPayment(order) && cancel}
        {view}
      </span>
    );
  }
  return (
    <span className={className}>
      {/* An order that holds only a membership has nothing to ship: no Dispatch or Deliver (issue 17). */}
      {order.needsShipping && (
        <>
          <Button
            size="sm"
            variant="dark"
            disabled={!enabled.dispatch || busy}
            onClick={() => onAction(order, 'Dispatched')}
            aria-label={label('Dispatch')}
          >
            Dispatch
          </Button>
          <Button
            size="sm"
            disabled={!enabled.deliver || busy}
            onClick={() => onAction(order, 'Delivered')}
            aria-label={label('Deliver')}
          >
            Deliver
          </Button>
        </>
      )}
      {!mayRefund ? null : refundPending(order) ? (
        <Button
          size="sm"
          variant="danger"
          disabled={busy}
          onClick={() => onAction(order, 'Cancelled')}
          aria-label={label('Retry the refund of')}
        >
          Retry Refund
        </Button>
      ) : (
        cancel
      )}
      {view}
    </span>
  );
}

const itemCount = (order: AdminOrder) => order.items.reduce((sum, item) => sum + item.quantity, 0);

/** The orders: a table on wide screens, cards on narrow ones. */
export function OrderList({ orders, ...actions }: OrderListProps) {
  return (
    <>
      <AdminTable
        columns={[
          'Order',
          'Customer',
          'Type',
          'Placed',
          'Items',
          { label: 'Total', className: 'text-right' },
          'Status',
          'Actions',
        ]}
      >
        {orders.map((order) => (
          <tr key={order.id} className="align-top">
            <td className="px-3 py-2 font-semibold text-stone-900">#{order.id}</td>
            <td className="px-3 py-2">
              <span className="block font-medium text-stone-900">{customerName(order)}</span>
              <span className="block max-w-52 truncate text-xs text-muted" title={order.email}>
                {order.email}
              </span>
            </td>
            <td className="px-3 py-2 capitalize">{order.orderType}</td>
            <td className="max-w-40 px-3 py-2">{formatDateTime(order.createdAt)}</td>
            <td className="px-3 py-2">{itemCount(order)}</td>
            <td className="px-3 py-2 text-right font-semibold whitespace-nowrap">{formatKina(order.total)}</td>
            <td className="px-3 py-2">
              <ShippingStatusBadge status={order.shippingStatus} />
              <StatusNote order={order} />
            </td>
            <td className="px-3 py-2">
              <Actions order={order} {...actions} className="flex gap-2" />
            </td>
          </tr>
        ))}
      </AdminTable>

      <ul className="grid gap-3 sm:grid-cols-2 lg:hidden">
        {orders.map((order) => (
          <li key={order.id} className="flex flex-col gap-3 rounded-xl border border-stone-200 bg-white p-4 text-sm">
            <div className="flex items-start justify-between gap-2">
              <div className="min-w-0">
                <h3 className="font-semibold text-stone-900">Order #{order.id}</h3>
                <p className="text-stone-700">{customerName(order)}</p>
                <p className="break-all text-xs text-muted">{order.email}</p>
              </div>
              <ShippingStatusBadge status={order.shippingStatus} />
            </div>
            <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-stone-700">
              <dt className="text-muted">Placed</dt>
              <dd>{formatDateTime(order.createdAt)}</dd>
              <dt className="text-muted">Type</dt>
              <dd className="capitalize">{order.orderType}</dd>
              <dt className="text-muted">Items</dt>
              <dd>{itemCount(order)}</dd>
              <dt className="text-muted">Total</dt>
              <dd className="font-semibold text-stone-900">{formatKina(order.total)}</dd>
            </dl>
            <StatusNote order={order} />
            <Actions order={order} {...actions} className="grid grid-cols-2 gap-2" />
          </li>
        ))}
      </ul>
    </>
  );
}
