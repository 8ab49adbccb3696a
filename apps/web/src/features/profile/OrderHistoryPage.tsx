import { formatKina, type MyOrder } from '@bilum/shared';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { BankTransferDetails } from '../../components/payment/BankTransferDetails';
import { OrderStatusBadge, statusToneClasses } from '../../components/payment/OrderStatusBadge';
import { Button } from '../../components/ui/button';
import { ProductImage } from '../../components/ui/product-image';
import { EmptyState, ErrorState, Spinner } from '../../components/ui/states';
import { ApiError } from '../../lib/api-client';
import { cn } from '../../lib/cn';
import { formatDateTime, formatShopDateTime } from '../../lib/dates';
import { useSession } from '../../lib/session';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useMyOrders } from './orders.api';
import {
  isMembershipOnly,
  isPaymentDue,
  paymentStateLabel,
  paymentTone,
  statusIsPayment,
  translatedStatus,
} from './order-status';
import type { Translate } from '../../i18n/i18n';
import { useT } from '../../i18n/react';
import { SignedOutNotice } from './SignedOutNotice';

function loadFailure(error: unknown, t: Translate): string {
  if (error instanceof ApiError && error.isNetwork) return t('history.loadNetwork');
  if (error instanceof ApiError && error.status === 401) return t('history.notSignedIn');
  return t('history.loadFailed');
}

/**
 * Issue 27: a bank transfer or pickup order still to be paid: what to pay, the reference to quote, by when, and
 * where to collect it, so the shopper can always find them again.
 */
function PaymentDue({ order }: { order: MyOrder }) {
  const transfer = order.payment.bankTransfer;
  const pickup = order.paymentMethod === 'pickup';
  const t = useT();
  const rows: { label: string; value: string; className?: string }[] = [];
  // Issue 27: the reference to quote first and largest; it is not the tracking code above.
  if (order.payment.reference) {
    rows.push({
      label: t('history.paymentReference'),
      value: order.payment.reference,
      className: 'font-mono text-xl font-extrabold tracking-wider',
    });
  }
  rows.push({
    label: t('history.amountToPay'),
    value: formatKina(order.amountDue),
    className: 'text-lg font-extrabold',
  });
  if (order.payBy)
    rows.push({
      label: pickup ? t('history.collectAndPayBy') : t('history.payBy'),
      value: formatShopDateTime(order.payBy),
    });
  if (order.pickupLocation) rows.push({ label: t('history.pickupAt'), value: order.pickupLocation });
  if (order.payment.pickup?.openingHours)
    rows.push({ label: t('history.openingHours'), value: order.payment.pickup.openingHours });
  return (
    <section
      aria-label={t('history.paymentDueFor', { code: order.trackingCode })}
      className="mt-4 rounded-xl border border-amber-300 bg-amber-50 p-3 text-stone-900 sm:p-4"
    >
      <p className="text-sm font-semibold">{pickup ? t('history.pickupNote') : t('history.transferNote')}</p>
      <dl className="mt-3 grid gap-2 text-sm sm:grid-cols-2">
        {rows.map((row) => (
          <div key={row.label} className="min-w-0 rounded-lg bg-white px-3 py-2">
            <dt className="text-xs font-semibold tracking-wide text-muted uppercase">{row.label}</dt>
            <dd className={`mt-0.5 break-words ${row.className ?? 'font-semibold'}`}>{row.value}</dd>
          </div>
        ))}
      </dl>
      {transfer && (
        <details className="mt-3">
          <summary className="cursor-pointer rounded-md text-sm font-semibold text-brand-800 underline underline-offset-2">
            {t('history.bankDetails')}
          </summary>
          <div className="mt-3">
            <BankTransferDetails instructions={transfer} />
          </div>
        </details>
      )}
    </section>
  );
}

function OrderCard({ order }: { order: MyOrder }) {
  const due = isPaymentDue(order);
  // Premium alone (decision 024): a membership, never shipped.
  const membershipOnly = isMembershipOnly(order);
  const t = useT();
  return (
    <article
      aria-label={t('history.orderLabel', { code: order.trackingCode })}
      className="rounded-2xl border border-stone-200 bg-white p-4 shadow-sm sm:p-5"
    >
      <header className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="text-xs font-semibold tracking-wide text-muted uppercase">{t('history.trackingCode')}</p>
          <h2 className="font-mono text-lg font-bold break-all text-stone-900">{order.trackingCode}</h2>
          <p className="text-sm text-stone-600">{t('history.placed', { date: formatDateTime(order.placedAt) })}</p>
        </div>
        <div className="sm:text-right">
          <p className="text-xs font-semibold tracking-wide text-muted uppercase">{t('history.total')}</p>
          <p className="text-xl font-extrabold text-stone-900">{formatKina(order.total)}</p>
          {membershipOnly ? (
            <p className="text-xs text-muted">{t('history.premiumMembership')}</p>
          ) : (
            <p className="text-xs text-muted">{t('history.shipping', { amount: formatKina(order.shipping) })}</p>
          )}
          {order.discountCode && (
            <p className="text-xs text-emerald-700" data-testid="order-discount">
              {t('history.discount', { code: order.discountCode, amount: formatKina(order.discount) })}
            </p>
          )}
        </div>
      </header>
      <dl className="mt-3 flex flex-wrap gap-x-6 gap-y-2 text-sm">
        {/* The spec's payment status beside the order's status (checkout-and-admin.md, Order history), unless the
            status already is the payment's (awaiting, part-paid, pay at pickup, not completed, refunded). */}
        {!statusIsPayment(order.payment.status.kind) && (
          <div className="flex flex-wrap items-center gap-2">
            <dt className="text-stone-600">{t('history.payment')}</dt>
            <dd
              data-testid="payment-status"
              className={cn(
                'inline-flex rounded-2xl px-2.5 py-0.5 text-xs font-semibold ring-1',
                statusToneClasses[paymentTone(order.payment.state)],
              )}
            >
              {paymentStateLabel(order.payment.state, t)}
            </dd>
          </div>
        )}
        <div className="flex flex-wrap items-center gap-2">
          <dt className="text-stone-600">{t('history.status')}</dt>
          <dd>
            <OrderStatusBadge status={translatedStatus(order, t)} className="px-2.5 py-0.5 text-xs" />
          </dd>
        </div>
      </dl>
      {due && <PaymentDue order={order} />}
      {!due && order.pickupLocation && (
        <p className="mt-2 text-sm text-stone-700">
          <span className="text-stone-600">{t('history.pickupAt')}</span> {order.pickupLocation}
        </p>
      )}
      {order.items.length === 0 ? (
        <p className="mt-3 text-sm text-stone-600">{t('history.noItems')}</p>
      ) : (
        <ul className="mt-3 divide-y divide-stone-100 border-t border-stone-100">
          {order.items.map((item) => (
            <li key={`${order.id}-${item.productId}`} className="flex items-center gap-3 py-3 text-sm">
              <ProductImage
                src={item.image}
                alt={item.name}
                width={56}
                height={56}
                className="size-14 shrink-0 rounded-lg text-xs"
              />
              <div className="min-w-0 flex-1">
                <p className="line-clamp-2 font-semibold text-stone-900">{item.name}</p>
                <p className="text-stone-600">
                  {item.quantity} × {formatKina(item.unitPrice)}
                </p>
              </div>
              <p className="font-semibold text-stone-900">{formatKina(item.lineTotal)}</p>
            </li>
          ))}
        </ul>
      )}
      <div className="mt-3 flex flex-wrap justify-end gap-2">
        {(order.paymentStatus === 'paid' || order.paymentStatus === 'refunded') && (
          <Button asChild variant="outline">
            <Link to={`/invoice/${order.id}`}>{t('history.taxInvoice')}</Link>
          </Button>
        )}
        <Button asChild variant="outline">
          <Link to={`/track-order?tracking_code=${encodeURIComponent(order.trackingCode)}`}>
            {t('history.trackOrder')}
          </Link>
        </Button>
      </div>
    </article>
  );
}

/** /order-history: every order with its items, statuses and a link to the tracking page. */
export default function OrderHistoryPage() {
  const t = useT();
  useDocumentTitle(t('history.title'));
  const { isSignedIn, isLoading } = useSession();
  const orders = useMyOrders(isSignedIn);
  const toldEmpty = useRef(false);
  const empty = orders.isSuccess && orders.data.orders.length === 0;

  useEffect(() => {
    // The spec's info toast, once per visit.
    if (empty && !toldEmpty.current) {
      toldEmpty.current = true;
      toast.info(t('history.noOrders'));
    }
  }, [empty, t]);

  if (isLoading) return <Spinner />;
  if (!isSignedIn) return <SignedOutNotice message={t('history.notSignedIn')} />;

  return (
    <div className="mx-auto max-w-4xl px-4 py-6 sm:py-10">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-extrabold text-stone-900 sm:text-3xl">{t('history.title')}</h1>
        <Button asChild variant="outline">
          <Link to="/profile">{t('history.backToProfile')}</Link>
        </Button>
      </div>
      <div className="mt-6">
        {orders.isPending ? (
          <Spinner label={t('history.loading')} />
        ) : orders.isError ? (
          <ErrorState message={loadFailure(orders.error, t)}>
            <Button variant="outline" onClick={() => void orders.refetch()}>
              {t('history.retry')}
            </Button>
          </ErrorState>
        ) : empty ? (
          <EmptyState title={t('history.emptyTitle')}>
            <p className="text-sm text-stone-600">{t('history.noOrders')}</p>
            <Button asChild>
              <Link to="/dashboard">{t('history.startShopping')}</Link>
            </Button>
          </EmptyState>
        ) : (
          <div className="space-y-5">
            {orders.data.orders.map((order) => (
              <OrderCard key={order.id} order={order} />
            ))}
          </div>
        )}
      </div>
    </div>
  );
}
