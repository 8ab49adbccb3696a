import { formatKina, type MyOrder } from '@bilum/shared';
import { Link } from 'react-router';
import { OrderStatusBadge } from '../../components/payment/OrderStatusBadge';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { Spinner } from '../../components/ui/states';
import { ApiError } from '../../lib/api-client';
import { formatDateTime, formatShopDateTime } from '../../lib/dates';
import { useMyOrders } from './orders.api';
import { isPaymentDue, translatedStatus } from './order-status';
import type { Translate } from '../../i18n/i18n';
import { useT } from '../../i18n/react';
import { PopupEmpty, PopupRow } from './PopupParts';

function loadFailure(error: unknown, t: Translate): string {
  if (error instanceof ApiError && error.isNetwork) return t('profile.ordersNetwork');
  if (error instanceof ApiError && error.status === 401) return t('profile.ordersNotSignedIn');
  return t('profile.ordersLoadFailed');
}

/** Issue 27: what is still to pay for a bank transfer or pickup order, the reference, by when and where. */
function PaymentDue({ order }: { order: MyOrder }) {
  const pickup = order.paymentMethod === 'pickup';
  const t = useT();
  return (
    <div className="mt-2 rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-stone-900">
      <p>
        {pickup ? t('profile.orders.payAtPickup') : t('profile.orders.toPay')}{' '}
        <span className="font-bold">{formatKina(order.amountDue)}</span>
        {order.payment.reference && (
          <>
            {' '}
            {t('profile.orders.quoting')}{' '}
            <span className="font-mono font-bold tracking-wide whitespace-nowrap">{order.payment.reference}</span>
          </>
        )}
      </p>
      {order.payBy && (
        <p>
          {pickup
            ? t('profile.orders.collectBy', { date: formatShopDateTime(order.payBy) })
            : t('profile.orders.payBy', { date: formatShopDateTime(order.payBy) })}
        </p>
      )}
      {order.pickupLocation && (
        <p className="break-words">{t('profile.orders.pickupAt', { place: order.pickupLocation })}</p>
      )}
      <Link to="/order-history" className="font-semibold text-brand-800 underline underline-offset-2">
        {pickup ? t('profile.orders.seeOrder') : t('profile.orders.bankDetails')}
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
  const t = useT();
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={t('profile.orders.title')} className="sm:max-w-lg">
      {orders.isPending ? (
        <Spinner label={t('profile.orders.loading')} />
      ) : orders.isError ? (
        <div role="alert" className="space-y-3 text-center">
          <p className="text-red-800">{loadFailure(orders.error, t)}</p>
          <Button variant="outline" onClick={() => void orders.refetch()}>
            {t('profile.retry')}
          </Button>
        </div>
      ) : orders.data.orders.length === 0 ? (
        <PopupEmpty title={t('profile.noOrders')} />
      ) : (
        <ul className="space-y-4">
          {orders.data.orders.map((order) => (
            <li key={order.id} className="rounded-xl border border-stone-200 p-3">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <p className="font-bold break-all text-stone-900">
                  {t('profile.orders.orderNumber', { code: order.trackingCode })}
                </p>
                <OrderStatusBadge status={translatedStatus(order, t)} className="px-2.5 py-0.5 text-xs" />
              </div>
              <p className="mt-1 text-sm text-stone-600">
                {t('profile.orders.placed', { date: formatDateTime(order.placedAt) })}
              </p>
              <p className="text-sm text-stone-700">
                {t('profile.orders.total')} <span className="font-semibold">{formatKina(order.total)}</span>
                {order.cardLast4 !== 'N/A' && <> · {t('profile.orders.cardEnding', { last4: order.cardLast4 })}</>}
              </p>
              {isPaymentDue(order) && <PaymentDue order={order} />}
              <ul className="mt-2 divide-y divide-stone-100">
                {order.items.map((item) => (
                  <PopupRow key={`${order.id}-${item.productId}`} image={item.image} name={item.name}>
                    <p className="line-clamp-2 font-semibold text-stone-900">{item.name}</p>
                    <p className="text-stone-600">
                      {t('profile.orders.quantity', { quantity: item.quantity })} · {formatKina(item.unitPrice)}
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
