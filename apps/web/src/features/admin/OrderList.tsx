import { type AdminOrder, displayShippingStatus, formatKina, shippingActions } from '@bilum/shared';
import { Button } from '../../components/ui/button';
import { cn } from '../../lib/cn';
import { formatDateTime } from '../../lib/dates';
import { AdminTable } from './AdminTable';

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
  const enabled = shippingActions(order.shippingStatus);
  const busy = busyId === order.id;
  const label = (verb: string) => `${verb} order #${order.id}`;
  return (
    <span className={className}>
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
      {refundPending(order) ? (
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
        <Button
          size="sm"
          variant="danger"
          disabled={!enabled.cancel || busy}
          onClick={() => onAction(order, 'Cancelled')}
          aria-label={label('Cancel')}
        >
          Cancel
        </Button>
      )}
      <Button size="sm" variant="outline" onClick={() => onView(order)} aria-label={label('View')}>
        View
      </Button>
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
              <span className="block max-w-52 truncate text-xs text-stone-500" title={order.email}>
                {order.email}
              </span>
            </td>
            <td className="px-3 py-2 capitalize">{order.orderType}</td>
            <td className="max-w-40 px-3 py-2">{formatDateTime(order.createdAt)}</td>
            <td className="px-3 py-2">{itemCount(order)}</td>
            <td className="px-3 py-2 text-right font-semibold whitespace-nowrap">{formatKina(order.total)}</td>
            <td className="px-3 py-2">
              <ShippingStatusBadge status={order.shippingStatus} />
              {refundPending(order) && <span className="mt-1 block text-xs text-red-700">Refund pending</span>}
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
                <p className="break-all text-xs text-stone-500">{order.email}</p>
              </div>
              <ShippingStatusBadge status={order.shippingStatus} />
            </div>
            <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-stone-700">
              <dt className="text-stone-500">Placed</dt>
              <dd>{formatDateTime(order.createdAt)}</dd>
              <dt className="text-stone-500">Type</dt>
              <dd className="capitalize">{order.orderType}</dd>
              <dt className="text-stone-500">Items</dt>
              <dd>{itemCount(order)}</dd>
              <dt className="text-stone-500">Total</dt>
              <dd className="font-semibold text-stone-900">{formatKina(order.total)}</dd>
            </dl>
            {refundPending(order) && <p className="text-xs text-red-700">Refund pending</p>}
            <Actions order={order} {...actions} className="grid grid-cols-2 gap-2" />
          </li>
        ))}
      </ul>
    </>
  );
}
