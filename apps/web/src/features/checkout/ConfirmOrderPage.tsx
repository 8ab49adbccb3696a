import { checkoutMessages } from '@bilum/shared/checkout';
import { useMutation } from '@tanstack/react-query';
import { Link, useLocation, useParams } from 'react-router';
import { richText } from '../../components/payment/rich-text';
import { sharedText } from '../../components/payment/shared-texts';
import { Button } from '../../components/ui/button';
import type { Translate } from '../../i18n/i18n';
import { useT } from '../../i18n/react';
import { ApiError } from '../../lib/api-client';
import { formatShopDateTime } from '../../lib/dates';
import { localDate } from '../../components/payment/shop-dates';
import { useDocumentTitle } from '../../lib/use-document-title';
import { confirmHold } from './checkout.api';

function failure(error: unknown, t: Translate): string {
  if (error instanceof ApiError && error.isNetwork) return t('confirmation.hold.unreachable');
  if (error instanceof ApiError && error.code !== 'INTERNAL' && error.code !== 'HTTP') return error.message;
  return sharedText(t, checkoutMessages.holdConfirmLinkUsed);
}

/**
 * /confirm-order/:orderId#token (issue 28, decision 029): the link in a guest's bank-transfer or pay-at-pickup
 * e-mail. The token rides in the fragment (never sent to a server by the browser); the order is confirmed only
 * when the button is pressed, so a mail scanner that opens links changes nothing. Then the page says what
 * happened and until when the items are held.
 */
export default function ConfirmOrderPage() {
  const t = useT();
  useDocumentTitle(t('confirmation.hold.title'));
  const { orderId } = useParams();
  const { hash } = useLocation();
  const token = hash.replace(/^#/, '').trim();
  const id = /^\d{1,9}$/.test(orderId ?? '') ? Number(orderId) : null;
  const confirm = useMutation({ mutationFn: () => confirmHold(id ?? 0, token) });
  const usable = id !== null && token !== '';

  return (
    <div className="bg-linear-to-b from-brand-50 to-stone-50 px-4 py-10 sm:py-16">
      <section className="mx-auto flex max-w-xl flex-col gap-5 rounded-2xl border border-stone-200 bg-white p-6 text-center shadow-sm sm:p-8">
        {confirm.isSuccess ? (
          <>
            <div
              className="mx-auto flex size-14 items-center justify-center rounded-full bg-emerald-100 text-2xl text-emerald-700"
              aria-hidden
            >
              ✓
            </div>
            <h1 className="text-2xl font-bold text-stone-900 sm:text-3xl">
              {t('confirmation.hold.confirmed', { id: confirm.data.orderId })}
            </h1>
            <p role="status" className="text-stone-700">
              {confirm.data.message}
            </p>
            <p className="rounded-xl bg-emerald-50 px-4 py-3 text-emerald-900">
              {richText(t, 'confirmation.hold.heldUntil', {
                time: <strong>{localDate(t, formatShopDateTime(confirm.data.heldUntil))}</strong>,
              })}
            </p>
            <div className="flex flex-col gap-2 sm:flex-row sm:justify-center">
              <Button asChild size="lg">
                <Link to={`/track-order?tracking_code=${encodeURIComponent(confirm.data.trackingCode)}`}>
                  {confirm.data.paymentMethod === 'pickup'
                    ? t('confirmation.hold.whereToCollect')
                    : t('confirmation.hold.howToPay')}
                </Link>
              </Button>
              <Button asChild size="lg" variant="outline">
                <Link to="/">{t('confirmation.continueShopping')}</Link>
              </Button>
            </div>
          </>
        ) : (
          <>
            <h1 className="text-2xl font-bold text-stone-900 sm:text-3xl">
              {id !== null ? t('confirmation.hold.titleNumbered', { id }) : t('confirmation.hold.title')}
            </h1>
            <p className="text-stone-700">{t('confirmation.hold.explain')}</p>
            {!usable || confirm.isError ? (
              <p role="alert" className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 font-medium text-red-800">
                {usable ? failure(confirm.error, t) : sharedText(t, checkoutMessages.holdConfirmLinkUsed)}
              </p>
            ) : null}
            {usable && !confirm.isError ? (
              <Button size="lg" className="w-full" onClick={() => confirm.mutate()} disabled={confirm.isPending}>
                {confirm.isPending ? t('confirmation.hold.confirming') : t('confirmation.hold.confirm')}
              </Button>
            ) : (
              <Button asChild size="lg" variant="outline">
                <Link to="/track-order">{t('confirmation.hold.trackAnOrder')}</Link>
              </Button>
            )}
          </>
        )}
      </section>
    </div>
  );
}
