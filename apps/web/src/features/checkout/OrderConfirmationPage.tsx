import { confirmationEmailMessages } from '@bilum/shared/checkout';
import { richText } from '../../components/payment/rich-text';
import { sharedText } from '../../components/payment/shared-texts';
import { useT } from '../../i18n/react';
import { HoldConfirmNotice } from './HoldConfirmNotice';
import { Link, useLocation } from 'react-router';
import { Button } from '../../components/ui/button';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useOrderConfirmation } from './checkout.api';
import { type ConfirmationHandoff, loadConfirmation } from './checkout-attempt';
import { CopyButton } from './CopyButton';
import { PickupDetails } from '../../components/payment/PickupDetails';
import { BankTransferDetails } from '../../components/payment/BankTransferDetails';

function isHandoff(value: unknown): value is ConfirmationHandoff {
  return typeof value === 'object' && value !== null && typeof (value as ConfirmationHandoff).orderId === 'number';
}

/** /order-confirmation: thanks, the order ID and tracking code to copy, and the confirmation e-mail's status. */
export default function OrderConfirmationPage() {
  const t = useT();
  useDocumentTitle(t('confirmation.title'));
  const location = useLocation();
  // Navigation state from checkout, or what checkout kept in session storage (a reload keeps the page).
  const handoff = isHandoff(location.state) ? location.state : loadConfirmation();
  const confirmation = useOrderConfirmation(handoff?.orderId ?? null, handoff?.checkoutToken ?? null);

  if (!handoff) {
    return (
      <section className="mx-auto flex max-w-md flex-col items-center gap-4 px-4 py-16 text-center">
        <h1 className="text-2xl font-bold text-stone-900">{t('confirmation.noRecent')}</h1>
        <p className="text-stone-600">{t('confirmation.noRecentHint')}</p>
        <div className="flex flex-wrap justify-center gap-2">
          <Button asChild>
            <Link to="/">{t('confirmation.continueShopping')}</Link>
          </Button>
          <Button asChild variant="outline">
            <Link to="/track-order">{t('confirmation.trackYourOrder')}</Link>
          </Button>
        </div>
      </section>
    );
  }

  const data = confirmation.data;
  const email = data?.email ?? handoff.email;
  // With no known e-mail the status is failed (spec); a failed status read is "failed" too.
  const emailStatus = !email ? 'failed' : confirmation.isError ? 'failed' : (data?.emailStatus ?? 'sending');
  const trackingCode = data?.trackingCode ?? handoff.trackingCode;
  // Issue 19: a bank transfer awaits its payment (the instructions below); pay at pickup pays at the counter.
  const payment = data?.payment;
  const awaitingTransfer = payment?.bankTransfer ?? null;
  // Issue 27: pay at pickup says how much, where and by when, first.
  const pickup = payment?.state === 'pay-at-pickup' ? payment.pickup : null;
  // Issue 28: a guest's bank-transfer or pickup order is held only briefly until confirmed from the e-mail.
  const confirmBy = payment?.confirmBy ?? null;
  const intro = confirmBy
    ? t('confirmation.intro.confirmFromEmail')
    : awaitingTransfer?.membership
      ? t('confirmation.intro.membershipTransfer')
      : awaitingTransfer
        ? t('confirmation.intro.awaitingTransfer')
        : payment?.state === 'pay-at-pickup'
          ? t('confirmation.intro.payAtPickup')
          : t('confirmation.intro.paid');

  return (
    <div className="bg-linear-to-b from-brand-50 to-stone-50 px-4 py-10 sm:py-16">
      <section className="mx-auto flex max-w-xl flex-col gap-6 rounded-2xl border border-stone-200 bg-white p-6 text-center shadow-sm sm:p-8">
        <div
          className="mx-auto flex size-14 items-center justify-center rounded-full bg-emerald-100 text-2xl text-emerald-700"
          aria-hidden
        >
          ✓
        </div>
        <div>
          <h1 className="text-2xl font-bold text-stone-900 sm:text-3xl">{t('confirmation.thanks')}</h1>
          <p className="mt-2 text-stone-600">
            {intro}
            {handoff.isGuest ? ` ${t('confirmation.keepOrderId')}` : ''}
          </p>
        </div>
        {confirmBy && <HoldConfirmNotice confirmBy={confirmBy} email={email} />}
        {/* Issue 27: what the shopper must act on comes first: the payment reference, or where and by when to collect. */}
        {awaitingTransfer && <BankTransferDetails instructions={awaitingTransfer} />}
        {pickup && <PickupDetails pickup={pickup} />}
        {/* A <dl> holds only dt/dd groups (a <div> each); the copy buttons go inside their dd. */}
        <dl className="flex flex-col gap-3 text-left">
          <div className="rounded-xl bg-stone-50 px-4 py-3">
            <dt className="text-xs font-medium text-muted uppercase">{t('confirmation.orderId')}</dt>
            <dd className="flex items-center justify-between gap-3">
              <span
                className={`min-w-0 font-mono font-bold text-stone-900 ${awaitingTransfer ? 'text-base' : 'text-lg'}`}
                data-testid="order-id"
              >
                {handoff.orderId}
              </span>
              <CopyButton value={String(handoff.orderId)} label={t('confirmation.orderId')} />
            </dd>
          </div>
          <div className="rounded-xl bg-stone-50 px-4 py-3">
            <dt className="text-xs font-medium text-muted uppercase">
              {awaitingTransfer ? t('confirmation.trackingCodeNotForPaying') : t('confirmation.trackingCode')}
            </dt>
            <dd className="flex items-center justify-between gap-3">
              <span
                className={`min-w-0 font-mono font-bold break-words text-stone-900 ${awaitingTransfer ? 'text-sm' : 'text-lg'}`}
                data-testid="tracking-code"
              >
                {trackingCode}
              </span>
              <CopyButton value={trackingCode} label={t('confirmation.trackingCode')} />
            </dd>
          </div>
        </dl>
        <EmailStatus status={emailStatus} email={email} />
        <div className="flex flex-col gap-2 sm:flex-row sm:justify-center">
          <Button asChild size="lg">
            <Link to="/">{t('confirmation.continueShopping')}</Link>
          </Button>
          <Button asChild size="lg" variant="outline">
            <Link to={`/track-order?tracking_code=${encodeURIComponent(trackingCode)}`}>
              {t('confirmation.trackYourOrder')}
            </Link>
          </Button>
        </div>
      </section>
    </div>
  );
}

function EmailStatus({ status, email }: { status: 'sending' | 'sent' | 'failed'; email: string }) {
  const t = useT();
  if (status === 'failed') {
    return (
      <p role="alert" className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
        {sharedText(t, confirmationEmailMessages.failed)}
      </p>
    );
  }
  return (
    <p role="status" className="rounded-lg bg-sky-50 px-3 py-2 text-sm text-sky-900">
      {richText(t, status === 'sent' ? 'confirmation.emailSent' : 'confirmation.emailSending', {
        email: <strong className="break-words">{email}</strong>,
      })}
    </p>
  );
}
