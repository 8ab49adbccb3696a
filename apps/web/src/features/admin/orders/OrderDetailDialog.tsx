import {
  type AdminOrder,
  awaitsPayment,
  formatKina,
  formatPhoneNumber,
  orderInventoryMessages,
  trackingMessages,
} from '@bilum/shared';
import type { ReactNode } from 'react';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { ProductImage } from '../../../components/ui/product-image';
import { formatDateTime, formatLongDate } from '../../../lib/dates';
import { customerName, ShippingStatusBadge } from './OrderList';
import { ActivityList } from '../shared/ActivityList';
import { OrderNotesPanel } from './OrderNotesPanel';
import { OrderRefundsPanel } from './OrderRefundsPanel';
import { OrderPaymentPanel } from './OrderPaymentPanel';
import { useCan } from '../shared/use-can';

const paymentLabels: Record<AdminOrder['paymentStatus'], string> = {
  pending: 'Pending',
  paid: 'Paid',
  failed: 'Failed',
  refunded: 'Refunded',
  cancelled: 'Cancelled',
};

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="flex flex-col gap-2">
      <h3 className="text-sm font-semibold uppercase tracking-wide text-muted">{title}</h3>
      {children}
    </section>
  );
}

function Facts({ rows }: { rows: [string, ReactNode][] }) {
  return (
    <dl className="grid grid-cols-[7.5rem_1fr] gap-x-3 gap-y-1 text-sm text-stone-800">
      {rows.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="text-muted">{label}</dt>
          <dd className="min-w-0 break-words">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** View: the customer, the order summary, the purchased items and the status history. */
export function OrderDetailDialog({
  order,
  onClose,
  onCancel,
}: {
  order: AdminOrder;
  onClose: () => void;
  /** Issue 27: cancel an unpaid bank transfer or pickup order (asks for the reason and confirmation). */
  onCancel?: (order: AdminOrder) => void;
}) {
  const can = useCan();
  const delivery: [string, ReactNode][] = order.pickupLocation
    ? [['Pickup', order.pickupLocation]]
    : [
        ['Address', order.shippingAddress ?? 'N/A'],
        ...(order.deliveryZone ? ([['Delivery zone', order.deliveryZone]] as [string, ReactNode][]) : []),
      ];
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()} title={`Order #${order.id}`} className="max-w-2xl">
      {/* Printing (issue 19): each document opens in its own tab, with its Print button. */}
      <div className="flex flex-wrap gap-2">
        <Button asChild variant="outline" size="sm">
          <a href={`/order-inventory/${order.id}/packing-slip`} target="_blank" rel="noopener">
            Print packing slip
          </a>
        </Button>
        {(order.paymentStatus === 'paid' || order.paymentStatus === 'refunded') && (
          <Button asChild variant="outline" size="sm">
            <a href={`/order-inventory/${order.id}/invoice`} target="_blank" rel="noopener">
              Print tax invoice
            </a>
          </Button>
        )}
        {/* Issue 27: an order awaiting its bank transfer or pickup payment can be cancelled from here too. */}
        {onCancel && can('orders.refund') && awaitsPayment(order) && (
          <Button variant="danger" size="sm" className="sm:ml-auto" onClick={() => onCancel(order)}>
            Cancel order…
          </Button>
        )}
      </div>
      {/* Issue 27: the order is paid, but its invoice PDF could not be drawn (the document job retries). */}
      {order.invoiceProblem && (
        <p className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
          {order.invoiceProblem}
        </p>
      )}
      <Section title="Customer">
        <Facts
          rows={[
            ['Name', customerName(order)],
            ['Email', <span className="break-all">{order.email}</span>],
            ['Phone', formatPhoneNumber(order.phone)],
            ['Type', order.orderType === 'guest' ? 'Guest' : 'Registered'],
            ...delivery,
            ...(order.notes ? ([['Notes', order.notes]] as [string, ReactNode][]) : []),
          ]}
        />
      </Section>
      <Section title="Order summary">
        <Facts
          rows={[
            ['Placed', formatDateTime(order.createdAt)],
            ['Status', <ShippingStatusBadge status={order.shippingStatus} />],
            [
              'Estimated delivery',
              // The date stored when the order was dispatched: the one the customer's tracking page shows.
              !order.needsShipping
                ? 'Nothing to ship'
                : order.estimatedDelivery
                  ? formatLongDate(order.estimatedDelivery)
                  : order.pickupLocation && order.shippingStatus === 'Dispatched'
                    ? 'Ready for pickup'
                    : trackingMessages.toBeConfirmed,
            ],
            [
              'Payment',
              order.cardLast4 === 'N/A'
                ? paymentLabels[order.paymentStatus]
                : `${paymentLabels[order.paymentStatus]} (card ${order.cardLast4})`,
            ],
            ['Tracking code', <span className="font-mono">{order.trackingCode}</span>],
            ...(order.discountCode
              ? ([
                  [
                    `Discount (${order.discountCode})`,
                    <span data-testid="admin-order-discount">−{formatKina(order.discount)}</span>,
                  ],
                ] as [string, ReactNode][])
              : []),
            ['Shipping', formatKina(order.shipping)],
            ['Total', <span className="font-semibold">{formatKina(order.total)}</span>],
            ...(order.cancelNote ? ([['Cancelled', order.cancelNote]] as [string, ReactNode][]) : []),
          ]}
        />
      </Section>
      {/* Issue 19: the way to pay, what was received, "Mark as paid" / "Paid and collected". */}
      <Section title="Payment">
        <OrderPaymentPanel orderId={order.id} />
      </Section>
      <Section title="Purchased items">
        {order.items.length === 0 ? (
          <p className="text-sm text-stone-600">{orderInventoryMessages.noItems}</p>
        ) : (
          <ul className="divide-y divide-stone-100 rounded-lg border border-stone-200">
            {order.items.map((item) => (
              <li key={item.productId} className="flex items-center gap-3 p-2 text-sm">
                <ProductImage
                  src={item.productImage}
                  alt={item.productName}
                  width={48}
                  height={48}
                  className="size-12 shrink-0 rounded-md"
                />
                <span className="min-w-0 flex-1">
                  <span className="line-clamp-2 font-medium text-stone-900">{item.productName || 'N/A'}</span>
                  <span className="text-muted">
                    {item.quantity} × {formatKina(item.unitPrice)}
                    {item.discount > 0 && `, less ${formatKina(item.discount)} (${order.discountCode ?? 'code'})`}
                  </span>
                </span>
                <span className="font-semibold whitespace-nowrap">
                  {formatKina(item.unitPrice * item.quantity - item.discount)}
                </span>
              </li>
            ))}
          </ul>
        )}
      </Section>
      {order.history.length > 0 && (
        <Section title="Status history">
          <ol className="flex flex-col gap-1 text-sm text-stone-700">
            {order.history.map((change) => (
              <li key={change.changedAt + change.toStatus}>
                {formatDateTime(change.changedAt)}: {change.fromStatus} → {change.toStatus} by {change.changedBy}
                {change.reason ? ` (reason: ${change.reason})` : ''}
              </li>
            ))}
          </ol>
        </Section>
      )}
      {/* Issue 21 (decision 018): staff-only notes, for roles that handle orders. */}
      {can('orders.refund') &&
        ((order.paidAt && (order.paymentStatus === 'paid' || order.paymentStatus === 'refunded')) ||
          // Issue 27: a bank transfer that ended unpaid may have money to give back (the panel shows only then).
          (order.paymentMethod === 'bank-transfer' && order.paymentStatus === 'cancelled')) && (
          <OrderRefundsPanel order={order} />
        )}
      {can('orders.fulfil') && <OrderNotesPanel orderId={order.id} />}
      {/* Issue 19 and 21: every step of the order (placed, payments, reminders, expiry) and who took it. */}
      <ActivityList entityType="order" entityId={order.id} title="Order history" />
    </Dialog>
  );
}
