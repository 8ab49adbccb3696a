import { formatKina, type MyOrder, profileMessages } from '@bilum/shared';
import { Link } from 'react-router';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { Spinner } from '../../components/ui/states';
import { ApiError } from '../../lib/api-client';
import { formatDateTime, formatShopDateTime } from '../../lib/dates';
import { useMyOrders } from './orders.api';
import { badgeClass, isMembershipOnly, isPaymentDue, paymentStateBadgeClass, shippingBadgeClass } from './order-status';
import { PopupEmpty, PopupRow } from './PopupParts';

function loadFailure(error: unknown): string {
  if (error instanceof ApiError && error.isNetwork) return profileMessages.ordersNetwork;
  if (error instanceof ApiError && error.status === 401) return profileMessages.ordersNotSignedIn;
  return profileMessages.ordersLoadFailed;
}

/** Issue 27: what is still to pay for a bank transfer or pickup order, the reference, by when and where. */
function PaymentDue({ order }: { order: MyOrder }) {
  const pickup = order.paymentMethod === 'pickup';
  return (
    <div className="mt-2 rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-stone-900">
      <p>
        {pickup ? 'Pay at pickup' : 'To pay'} <span className="font-bold">{formatKina(order.amountDue)}</span>
        {order.payment.reference && (
          <>
            {' '}
            quoting{' '}
            <span className="font-mono font-bold tracking-wide whitespace-nowrap">{order.payment.reference}</span>
          </>
        )}
      </p>
      {order.payBy && (
        <p>
          {pickup ? 'Collect by' : 'Pay by'} {formatShopDateTime(order.payBy)}
        </p>
      )}
      {order.pickupLocation && <p className="break-words">Pickup at {order.pickupLocation}</p>}
      <Link to="/order-history" className="font-semibold text-brand-800 underline underline-offset-2">
        {pickup ? 'See your order' : 'Bank details and how to pay'}
      </Link>
    </div>
  );
}

/**
 * Quick Actions › My Orders: each order's tracking code, shipping status badge, date, total, card and items; an
 * order still to be paid (issue 27) shows its payment state instead, and what to pay, quoting what, by when.
 */
export function OrdersPopup({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const orders = useMyOrders(open);
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title="My Order History" className="sm:max-w-lg">
      {orders.isPending ? (
        <Spinner label="Loading your orders…" />
      ) : orders.isError ? (
        <div role="alert" className="space-y-3 text-center">
          <p className="text-red-800">{loadFailure(orders.error)}</p>
          <Button variant="outline" onClick={() => void orders.refetch()}>
            Retry
          </Button>
        </div>
      ) : orders.data.orders.length === 0 ? (
        <PopupEmpty title={profileMessages.noOrders} />
      ) : (
        <ul className="space-y-4">
          {orders.data.orders.map((order) => (
            <li key={order.id} className="rounded-xl border border-stone-200 p-3">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <p className="font-bold break-all text-stone-900">Order#: {order.trackingCode}</p>
                {isPaymentDue(order) || isMembershipOnly(order) ? (
                  <span className={`${badgeClass} ${paymentStateBadgeClass(order.payment.state)}`}>
                    {order.payment.stateLabel}
                  </span>
                ) : (
                  <span className={`${badgeClass} ${shippingBadgeClass[order.shippingStatus]}`}>
                    {order.shippingStatus}
                  </span>
                )}
              </div>
              <p className="mt-1 text-sm text-stone-600">Placed {formatDateTime(order.placedAt)}</p>
              <p className="text-sm text-stone-700">
                Total <span className="font-semibold">{formatKina(order.total)}</span>
                {order.cardLast4 !== 'N/A' && <> · Card ending {order.cardLast4}</>}
              </p>
              {isPaymentDue(order) && <PaymentDue order={order} />}
              <ul className="mt-2 divide-y divide-stone-100">
                {order.items.map((item) => (
                  <PopupRow key={`${order.id}-${item.productId}`} image={item.image} name={item.name}>
                    <p className="line-clamp-2 font-semibold text-stone-900">{item.name}</p>
                    <p className="text-stone-600">
                      Qty: {item.quantity} · {formatKina(item.unitPrice)}
                    </p>
                  </PopupRow>
                ))}
              </ul>
            </li>
          ))}
        </ul>
      )}
    </Dialog>
  );
}
