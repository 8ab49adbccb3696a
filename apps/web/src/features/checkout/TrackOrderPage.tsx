import { formatKina, formatPhoneNumber } from '@bilum/shared';
import { isPlacedOrder, trackingMessages } from '@bilum/shared/checkout';
import type { TrackedOrder } from '@bilum/shared/checkout.schema';
import { type FormEvent, type ReactNode, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { sharedText } from '../../components/payment/shared-texts';
import { Button } from '../../components/ui/button';
import { TextField } from '../../components/ui/form-field';
import { ProductImage } from '../../components/ui/product-image';
import type { MessageId } from '../../i18n/i18n';
import { useT } from '../../i18n/react';
import { ApiError } from '../../lib/api-client';
import { cn } from '../../lib/cn';
import { formatDateTime, formatLongDate, formatShopDay } from '../../lib/dates';
import { localDate } from '../../components/payment/shop-dates';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useTrackedByCode, useTrackOrder } from './checkout.api';
import { OrderStatusBadge } from '../../components/payment/OrderStatusBadge';
import { PickupDetails } from '../../components/payment/PickupDetails';
import { BankTransferDetails } from '../../components/payment/BankTransferDetails';
import { HoldConfirmNotice } from './HoldConfirmNotice';
import { badgeToneClasses, type BadgeTone, paymentStatusTone } from './tracking-status';

/** Images in tracked orders are paths on the shop: the site root plus the relative path. */
export function siteImagePath(image: string | null): string | null {
  if (!image) return null;
  if (/^https?:\/\//.test(image) || image.startsWith('/')) return image;
  return `/${image}`;
}

/** Why tracking failed, in the spec's words (one "not found" whatever was wrong). */
function trackingError(error: unknown): { notFound: boolean; message: string } {
  if (error instanceof ApiError && error.status === 404) return { notFound: true, message: trackingMessages.notFound };
  if (error instanceof ApiError && error.status === 400)
    return { notFound: false, message: trackingMessages.invalidInput };
  if (error instanceof ApiError && (error.isNetwork || error.status >= 500)) {
    return { notFound: false, message: trackingMessages.bothFailed };
  }
  if (error instanceof ApiError && error.status === 429) return { notFound: false, message: error.message };
  return { notFound: false, message: trackingMessages.unexpected };
}

/** /track-order: e-mail and order ID, or ?tracking_code= from a link; the order's status and details. */
export default function TrackOrderPage() {
  const t = useT();
  useDocumentTitle(t('track.title'));
  const [params] = useSearchParams();
  const trackingCode = params.get('tracking_code')?.trim() ?? '';
  const [email, setEmail] = useState('');
  const [orderId, setOrderId] = useState('');
  const [inputError, setInputError] = useState<string | null>(null);
  const byCode = useTrackedByCode(trackingCode);
  const track = useTrackOrder();
  // The link's order until the form is used; the form's answer from then on.
  const usingForm = !trackingCode || !track.isIdle;
  const pending = usingForm ? track.isPending : byCode.isLoading;
  const error = usingForm ? track.error : byCode.error;
  const tracked = usingForm ? track.data : byCode.data;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (email.trim() === '' || orderId.trim() === '') {
      setInputError(sharedText(t, trackingMessages.invalidInput));
      return;
    }
    setInputError(null);
    track.mutate({ email: email.trim(), orderId: orderId.trim().replace(/^#/, '') });
  };

  const failure = error ? trackingError(error) : null;
  return (
    <div className="bg-stone-50 px-4 py-8 sm:py-12">
      <div className="mx-auto flex max-w-3xl flex-col gap-6">
        <header className="text-center">
          <h1 className="text-2xl font-bold text-stone-900 sm:text-3xl">{t('track.title')}</h1>
          <p className="mt-2 text-stone-600">{t('track.intro')}</p>
        </header>
        <form
          onSubmit={submit}
          noValidate
          className="grid gap-4 rounded-2xl border border-stone-200 bg-white p-5 shadow-xs sm:grid-cols-[1fr_1fr_auto] sm:items-end sm:p-6"
        >
          <TextField
            label={t('track.emailAddress')}
            type="email"
            inputMode="email"
            autoComplete="email"
            value={email}
            onChange={(event) => setEmail(event.target.value)}
          />
          <TextField
            label={t('track.orderId')}
            inputMode="numeric"
            value={orderId}
            onChange={(event) => setOrderId(event.target.value)}
          />
          <Button type="submit" size="md" disabled={pending} className="w-full sm:w-auto">
            {pending ? t('track.tracking') : t('track.trackOrder')}
          </Button>
          {inputError && (
            <p role="alert" className="text-sm text-red-700 sm:col-span-3">
              {inputError}
            </p>
          )}
        </form>
        {pending && (
          <p role="status" className="text-center text-stone-600">
            {t('track.lookingUp')}
          </p>
        )}
        {failure?.notFound && (
          <section role="alert" className="rounded-2xl border border-red-200 bg-red-50 p-6 text-center">
            <h2 className="text-lg font-bold text-red-900">{sharedText(t, trackingMessages.notFoundTitle)}</h2>
            <p className="mt-1 text-red-800">{sharedText(t, failure.message)}</p>
            <p className="mt-1 text-sm text-red-700">{t('track.checkIdAndEmail')}</p>
          </section>
        )}
        {failure && !failure.notFound && (
          <p role="alert" className="rounded-xl border border-red-200 bg-red-50 p-4 text-center text-red-800">
            {sharedText(t, failure.message)}
          </p>
        )}
        {tracked && <TrackedOrderCard order={tracked.order} />}
        <section className="rounded-2xl border border-stone-200 bg-white p-5 text-center shadow-xs sm:p-6">
          <h2 className="text-lg font-bold text-stone-900">{t('track.needAssistance')}</h2>
          <p className="mt-1 text-sm text-stone-600">{t('track.teamHappyToHelp')}</p>
          <div className="mt-4 flex flex-col gap-2 sm:flex-row sm:justify-center">
            <Button asChild variant="outline">
              <Link to="/">{t('track.backToHome')}</Link>
            </Button>
            <Button asChild>
              <Link to="/contact">{t('track.contactSupport')}</Link>
            </Button>
          </div>
        </section>
      </div>
    </div>
  );
}

function Badge({ tone, children }: { tone: BadgeTone; children: ReactNode }) {
  return (
    <span
      data-tone={tone}
      className={cn('inline-flex rounded-full px-3 py-1 text-sm font-semibold ring-1', badgeToneClasses[tone])}
    >
      {children}
    </span>
  );
}

function Detail({ labelId, children }: { labelId: MessageId; children: ReactNode }) {
  const t = useT();
  return (
    <div className="min-w-0">
      <dt className="text-xs font-medium text-muted uppercase">{t(labelId)}</dt>
      <dd className="mt-0.5 break-words text-stone-900">{children}</dd>
    </div>
  );
}

function TrackedOrderCard({ order }: { order: TrackedOrder }) {
  const t = useT();
  // Issue 27: one rule for the words (`shopperOrderStatus`, sent as `payment.status`): a pickup order is "Ready for
  // pickup" then "Collected", never given an estimated delivery; a part-paid one says what arrived.
  const pickup = order.payment.pickup ?? null;
  const isPickup = pickup !== null || order.pickupLocation !== null;
  const status = order.payment.status;
  const estimated = order.estimatedDelivery
    ? localDate(t, formatLongDate(order.estimatedDelivery))
    : sharedText(t, trackingMessages.toBeConfirmed);
  // Issue 17: an unpaid order is shown as what it is, never as placed.
  const placed = isPlacedOrder(order);
  const transfer = order.payment.bankTransfer;
  // Premium alone (decision 024): a membership, never shipped; no address, delivery estimate or shipping line.
  const membershipOnly = order.items.length > 0 && order.items.every((item) => item.isMembership);
  return (
    <section
      aria-labelledby="tracked-order-title"
      className="rounded-2xl border border-stone-200 bg-white p-5 shadow-xs sm:p-6"
    >
      <div className="flex flex-wrap items-center justify-between gap-3 border-b border-stone-100 pb-4">
        <h2 id="tracked-order-title" className="text-lg font-bold text-stone-900">
          {t('track.orderNumber', { id: order.orderId })}
        </h2>
        <OrderStatusBadge status={status} />
      </div>
      {!placed && (
        <p className="mt-4 rounded-xl border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900">
          {sharedText(
            t,
            order.paymentStatus !== 'pending'
              ? trackingMessages.paymentNotCompletedNote
              : order.payment.method === 'pickup'
                ? trackingMessages.payAtPickupNote
                : transfer
                  ? trackingMessages.awaitingTransferNote
                  : trackingMessages.awaitingPaymentNote,
          )}
        </p>
      )}
      {order.premiumActiveUntil && (
        <p
          role="status"
          className="mt-4 rounded-xl border border-emerald-200 bg-emerald-50 p-3 text-sm font-medium text-emerald-900"
        >
          {t('track.premiumActiveUntil', { date: localDate(t, formatShopDay(order.premiumActiveUntil)) })}
        </p>
      )}
      {order.payment.confirmBy && (
        <div className="mt-4">
          <HoldConfirmNotice confirmBy={order.payment.confirmBy} email={order.email} />
        </div>
      )}
      {transfer && (
        <div className="mt-4">
          <BankTransferDetails instructions={transfer} />
        </div>
      )}
      {pickup && status.kind !== 'payment-not-completed' && status.kind !== 'refunded' && (
        <div className="mt-4">
          <PickupDetails
            pickup={pickup}
            title={status.kind === 'collected' ? t('track.collectedFrom') : t('track.collectYourOrder')}
          />
        </div>
      )}
      <dl className="grid gap-4 py-4 text-sm sm:grid-cols-2">
        <Detail labelId="track.orderId">{order.orderId}</Detail>
        <Detail labelId={transfer ? 'track.trackingCodeNotForPaying' : 'track.trackingNumber'}>
          <span className="font-mono">{order.trackingCode}</span>
        </Detail>
        <Detail labelId="track.customer">
          {order.firstName} {order.lastName}
          <br />
          {order.email}
          {order.phone && (
            <>
              <br />
              {formatPhoneNumber(order.phone)}
            </>
          )}
        </Detail>
        {membershipOnly ? (
          <Detail labelId="track.membership">{t('track.membershipNothingToDeliver')}</Detail>
        ) : (
          !pickup && (
            <Detail labelId={isPickup ? 'track.pickupLocation' : 'track.shippingAddress'}>
              {order.pickupLocation ?? order.shippingAddress ?? '—'}
            </Detail>
          )
        )}
        <Detail labelId={placed ? 'track.placed' : 'track.started'}>
          {localDate(t, formatDateTime(order.placedAt))}
        </Detail>
        {placed && !isPickup && !membershipOnly && status.kind !== 'delivered' && (
          <Detail labelId="track.estimatedDelivery">{estimated}</Detail>
        )}
        {status.kind === 'delivered' && order.deliveredAt && (
          <Detail labelId="track.delivered">{localDate(t, formatDateTime(order.deliveredAt))}</Detail>
        )}
        {status.kind === 'collected' && order.deliveredAt && (
          <Detail labelId="track.collected">{localDate(t, formatDateTime(order.deliveredAt))}</Detail>
        )}
        {placed && isPickup && (status.kind === 'pending' || status.kind === 'processing') && (
          <Detail labelId="track.pickup">{t('track.emailWhenReady')}</Detail>
        )}
        {order.deliveryZone && (
          <Detail labelId="track.deliveryZone">
            {order.deliveryZone}
            {order.deliveryDays ? ` ${t('track.aboutDays', { days: order.deliveryDays })}` : ''}
          </Detail>
        )}
        <Detail labelId="track.paymentStatus">
          <Badge tone={paymentStatusTone(order.paymentStatus)}>{sharedText(t, order.payment.stateLabel)}</Badge>
        </Detail>
      </dl>
      <h3 className="border-t border-stone-100 pt-4 font-semibold text-stone-900">{t('track.items')}</h3>
      {order.items.length === 0 ? (
        <p className="py-3 text-sm text-stone-600">{sharedText(t, trackingMessages.noItems)}</p>
      ) : (
        <ul className="divide-y divide-stone-100">
          {order.items.map((item, index) => (
            // Two variants of one product are two lines of the same product (issue 30): the line's place keys it.
            <li key={`${item.productId}-${index}`} className="flex items-center gap-3 py-3">
              <ProductImage
                src={siteImagePath(item.image)}
                alt=""
                width={56}
                height={56}
                className="size-14 shrink-0 rounded-lg border border-stone-200 text-[10px]"
              />
              <div className="min-w-0 flex-1">
                <p className="line-clamp-2 text-sm font-medium text-stone-900">{item.name}</p>
                <p className="text-xs text-muted">
                  {t('track.qty', { quantity: item.quantity, price: formatKina(item.unitPrice) })}
                </p>
              </div>
              <p className="text-sm font-semibold text-stone-900">{formatKina(item.lineTotal)}</p>
            </li>
          ))}
        </ul>
      )}
      {!membershipOnly && (
        <div className="flex justify-between border-t border-stone-200 pt-4 text-sm">
          <span className="text-stone-600">{t('track.shipping')}</span>
          <span className="font-medium text-stone-900" data-testid="tracked-shipping">
            {formatKina(order.shipping)}
          </span>
        </div>
      )}
      {order.discountCode && (
        <div className="flex justify-between pt-2 text-sm text-emerald-700">
          <span>{t('track.discount', { code: order.discountCode })}</span>
          <span className="font-medium" data-testid="tracked-discount">
            −{formatKina(order.discount)}
          </span>
        </div>
      )}
      <div className={`flex justify-between pt-2 text-base ${membershipOnly ? 'border-t border-stone-200 pt-4' : ''}`}>
        <span className="font-bold text-stone-900">{t('track.total')}</span>
        <span className="font-extrabold text-stone-900">{formatKina(order.total)}</span>
      </div>
      {(order.paymentStatus === 'paid' || order.paymentStatus === 'refunded') && (
        <div className="mt-4 flex justify-end">
          <Button asChild variant="outline">
            <Link to={`/invoice?tracking_code=${encodeURIComponent(order.trackingCode)}`}>
              {t('track.viewTaxInvoice')}
            </Link>
          </Button>
        </div>
      )}
    </section>
  );
}
