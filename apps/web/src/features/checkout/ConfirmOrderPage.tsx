import { checkoutMessages } from '@bilum/shared/checkout';
import { useMutation } from '@tanstack/react-query';
import { Link, useLocation, useParams } from 'react-router';
import { Button } from '../../components/ui/button';
import { ApiError } from '../../lib/api-client';
import { formatShopDateTime } from '../../lib/dates';
import { useDocumentTitle } from '../../lib/use-document-title';
import { confirmHold } from './checkout.api';

function failure(error: unknown): string {
  if (error instanceof ApiError && error.isNetwork) return 'Could not reach the shop. Please try again.';
  if (error instanceof ApiError && error.code !== 'INTERNAL' && error.code !== 'HTTP') return error.message;
  return checkoutMessages.holdConfirmLinkUsed;
}

/**
 * /confirm-order/:orderId#token (issue 28, decision 029): the link in a guest's bank-transfer or pay-at-pickup
 * e-mail. The token rides in the fragment (never sent to a server by the browser); the order is confirmed only
 * when the button is pressed, so a mail scanner that opens links changes nothing. Then the page says what
 * happened and until when the items are held.
 */
export default function ConfirmOrderPage() {
  useDocumentTitle('Confirm your order');
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
            <h1 className="text-2xl font-bold text-stone-900 sm:text-3xl">Order #{confirm.data.orderId} confirmed</h1>
            <p role="status" className="text-stone-700">
              {confirm.data.message}
            </p>
            <p className="rounded-xl bg-emerald-50 px-4 py-3 text-emerald-900">
              Items held until <strong>{formatShopDateTime(confirm.data.heldUntil)}</strong>
            </p>
            <div className="flex flex-col gap-2 sm:flex-row sm:justify-center">
              <Button asChild size="lg">
                <Link to={`/track-order?tracking_code=${encodeURIComponent(confirm.data.trackingCode)}`}>
                  {confirm.data.paymentMethod === 'pickup' ? 'See where to collect it' : 'See how to pay'}
                </Link>
              </Button>
              <Button asChild size="lg" variant="outline">
                <Link to="/">Continue Shopping</Link>
              </Button>
            </div>
          </>
        ) : (
          <>
            <h1 className="text-2xl font-bold text-stone-900 sm:text-3xl">
              {id !== null ? `Confirm your order #${id}` : 'Confirm your order'}
            </h1>
            <p className="text-stone-700">
              Confirm that you placed this order. Until you do, its items are held for a few minutes only; once
              confirmed, we hold them while you pay by bank transfer or until you collect them.
            </p>
            {!usable || confirm.isError ? (
              <p role="alert" className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 font-medium text-red-800">
                {usable ? failure(confirm.error) : checkoutMessages.holdConfirmLinkUsed}
              </p>
            ) : null}
            {usable && !confirm.isError ? (
              <Button size="lg" className="w-full" onClick={() => confirm.mutate()} disabled={confirm.isPending}>
                {confirm.isPending ? 'Confirming…' : 'Confirm my order'}
              </Button>
            ) : (
              <Button asChild size="lg" variant="outline">
                <Link to="/track-order">Track an order</Link>
              </Button>
            )}
          </>
        )}
      </section>
    </div>
  );
}
