import { formatKina, formatPhoneNumber } from '@bilum/shared';
import type { PaymentPublicConfigResponse } from '@bilum/shared/checkout.schema';
import type { ContactDetails, ContactDetailsInput } from '@bilum/shared/contact-details';
import { type ComponentProps, type ReactNode, useEffect, useState } from 'react';
import { CardEntry } from '../../components/payment/CardEntry';
import { richText } from '../../components/payment/rich-text';
import { sharedText } from '../../components/payment/shared-texts';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { Spinner } from '../../components/ui/states';
import type { MessageId } from '../../i18n/i18n';
import { useT } from '../../i18n/react';
import { useHydrated } from '../../lib/use-hydrated';
import { useOnline } from '../../lib/use-online';
import { applyContactIssues, ContactFields, toContactFormValues, useContactForm } from './ContactFields';
import { useDeliveryOptions } from './checkout.api';
import type { LineChange } from './checkout-quote';
import { OrderSummary } from './OrderSummary';
import type { CardCollector } from './use-card-collector';
import type { useCheckoutLines } from './use-checkout-lines';
import type { PaymentPhase, PriceChange } from './use-checkout-order';

type CheckoutLines = ReturnType<typeof useCheckoutLines>;

/** The frame of the checkout pages: title, step indicator, the main column and the summary beside it. */
export function CheckoutFrame({
  title,
  steps,
  main,
  aside,
}: {
  title: string;
  steps: ReactNode;
  main: ReactNode;
  aside?: ReactNode;
}) {
  return (
    <div className="bg-stone-50 px-4 py-6 sm:py-10">
      <div className="mx-auto flex max-w-6xl flex-col gap-6">
        <h1 className="text-center text-2xl font-bold text-stone-900 sm:text-3xl">{title}</h1>
        {steps}
        <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_380px]">
          <div className="flex min-w-0 flex-col gap-6">{main}</div>
          {aside && <aside className="lg:sticky lg:top-24">{aside}</aside>}
        </div>
      </div>
    </div>
  );
}

export function Panel({ title, action, children }: { title: string; action?: ReactNode; children: ReactNode }) {
  return (
    <section className="rounded-2xl border border-stone-200 bg-white p-5 shadow-xs sm:p-6">
      <div className="mb-4 flex items-center justify-between gap-3">
        <h2 className="text-lg font-bold text-stone-900">{title}</h2>
        {action}
      </div>
      {children}
    </section>
  );
}

/** The confirmed contact details, read-only. */
export function ContactSummary({ details }: { details: ContactDetailsInput }) {
  const phone = details.phone ? formatPhoneNumber(`${details.countryCode ?? '+675'}${details.phone}`) : '';
  const address = [details.address, details.city, details.state, details.postcode].filter(Boolean).join(', ');
  const options = useDeliveryOptions();
  const point = options.data?.pickupPoints.find((candidate) => candidate.id === details.pickupPointId);
  const t = useT();
  return (
    <dl className="grid gap-x-6 gap-y-3 text-sm sm:grid-cols-2">
      <div>
        <dt className="text-muted">{t('checkout.summary.name')}</dt>
        <dd className="font-medium text-stone-900">
          {details.firstName} {details.lastName}
        </dd>
      </div>
      <div className="min-w-0">
        <dt className="text-muted">{t('checkout.summary.email')}</dt>
        <dd className="font-medium break-words text-stone-900">{details.email}</dd>
      </div>
      <div>
        <dt className="text-muted">{t('checkout.summary.phone')}</dt>
        <dd className="font-medium text-stone-900">{phone}</dd>
      </div>
      <div>
        <dt className="text-muted">
          {details.pickup ? t('checkout.summary.pickupPoint') : t('checkout.summary.deliveryAddress')}
        </dt>
        <dd className="font-medium text-stone-900">
          {details.pickup
            ? point
              ? `${point.name}, ${point.address}`
              : details.pickupLocation || '—'
            : address || '—'}
        </dd>
      </div>
      {details.notes ? (
        <div className="sm:col-span-2">
          <dt className="text-muted">{t('checkout.summary.orderNotes')}</dt>
          <dd className="whitespace-pre-line text-stone-900">{details.notes}</dd>
        </div>
      ) : null}
    </dl>
  );
}

/** The confirmed contact details in their panel, with Edit (disabled while the order or payment is under way). */
export function ContactSummaryPanel({
  details,
  editDisabled,
  onEdit,
}: {
  details: ContactDetailsInput;
  editDisabled: boolean;
  onEdit: () => void;
}) {
  const t = useT();
  return (
    <Panel
      title={t('checkout.contactShipping')}
      action={
        <Button variant="outline" size="sm" onClick={onEdit} disabled={editDisabled}>
          {t('checkout.edit')}
        </Button>
      }
    >
      <ContactSummary details={details} />
    </Panel>
  );
}

/** The order summary beside the checkout steps, or a spinner while the server prices the lines. */
export function PricedOrderSummary({
  priced,
  membership,
  waiting = false,
}: {
  priced: Pick<CheckoutLines, 'pricing' | 'summary' | 'preview' | 'unavailable' | 'removeUnavailable'>;
  membership?: ComponentProps<typeof OrderSummary>['membership'];
  /** Something else the summary waits for besides the prices. */
  waiting?: boolean;
}) {
  const t = useT();
  return waiting || priced.pricing ? (
    <Spinner label={t('checkout.checkingPrices')} />
  ) : (
    <OrderSummary
      lines={priced.summary.lines}
      totals={priced.summary.totals}
      preview={priced.preview}
      membership={membership}
      unavailable={priced.unavailable}
      onRemoveUnavailable={priced.removeUnavailable}
    />
  );
}

interface EditContactDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  details: ContactDetailsInput;
  hasPhysicalItems: boolean;
  emailReadOnly?: boolean;
  showNotes?: boolean;
  /** Resolves when saved; a rejected save keeps the dialog open. */
  onSave: (details: ContactDetails) => Promise<boolean>;
}

/** The edit modal of both checkouts, on the one contact form: Cancel, and "Save Details" ("Saving..." while busy). */
export function EditContactDialog({
  open,
  onOpenChange,
  details,
  hasPhysicalItems,
  emailReadOnly = false,
  showNotes = true,
  onSave,
}: EditContactDialogProps) {
  const t = useT();
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={t('checkout.editContactDetails')} className="max-w-2xl">
      {open && (
        <EditContactForm
          details={details}
          hasPhysicalItems={hasPhysicalItems}
          emailReadOnly={emailReadOnly}
          showNotes={showNotes}
          onSave={onSave}
          onCancel={() => onOpenChange(false)}
        />
      )}
    </Dialog>
  );
}

function EditContactForm({
  details,
  hasPhysicalItems,
  emailReadOnly,
  showNotes,
  onSave,
  onCancel,
}: Omit<EditContactDialogProps, 'open' | 'onOpenChange'> & { onCancel: () => void }) {
  const t = useT();
  const form = useContactForm(hasPhysicalItems, toContactFormValues(details));
  const [saving, setSaving] = useState(false);
  const submit = form.handleSubmit(async (values) => {
    setSaving(true);
    try {
      if (await onSave(values)) onCancel();
    } finally {
      setSaving(false);
    }
  });
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-5">
      <ContactFields
        form={form}
        hasPhysicalItems={hasPhysicalItems}
        emailReadOnly={emailReadOnly}
        showNotes={showNotes}
      />
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={onCancel} disabled={saving}>
          {t('checkout.cancel')}
        </Button>
        <Button type="submit" disabled={saving}>
          {saving ? t('checkout.saving') : t('checkout.saveDetails')}
        </Button>
      </div>
    </form>
  );
}

/**
 * Step 1 of the signed-in checkout when the saved details are not enough for this order (a delivery without an
 * address, ...): the form opens with what is missing marked, and saving goes on to payment (issue 17, defect 4).
 */
export function ContactStepForm({
  details,
  hasPhysicalItems,
  serverError,
  onSave,
}: {
  details: ContactDetailsInput;
  hasPhysicalItems: boolean;
  /** The order's refusal with field issues (`contact.*`), put on the fields. */
  serverError: unknown;
  onSave: (details: ContactDetails) => Promise<unknown>;
}) {
  const t = useT();
  const form = useContactForm(hasPhysicalItems, toContactFormValues(details), 'onChange');
  const [saving, setSaving] = useState(false);
  // Mark every field this order still needs at once, and take the shopper to the first.
  useEffect(() => {
    void form.trigger(undefined, { shouldFocus: true }).then(() => {
      if (serverError) applyContactIssues(serverError, form);
    });
  }, [form, serverError]);
  const submit = form.handleSubmit(async (values) => {
    setSaving(true);
    try {
      await onSave(values);
    } finally {
      setSaving(false);
    }
  });
  return (
    <Panel title={t('checkout.contactShippingDetails')}>
      <form onSubmit={submit} noValidate className="flex flex-col gap-5">
        <p role="alert" className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
          {t('checkout.savedDetailsMissing')}
        </p>
        <ContactFields form={form} hasPhysicalItems={hasPhysicalItems} emailReadOnly showNotes={false} />
        <Button type="submit" size="lg" disabled={saving} className="w-full sm:w-auto sm:self-end">
          {saving ? t('checkout.saving') : t('checkout.saveAndContinueToPayment')}
        </Button>
      </form>
    </Panel>
  );
}

/**
 * Prices the server changed since the cart, shown above Pay so that nothing is charged silently. Judged against
 * what the browser kept of the cart (its prices, the member's own), which the server does not have: shown once
 * the app has the page, never in the server's rendering (it compared the catalogue's guest price with a member's).
 */
export function LineChangesNotice({ changes }: { changes: readonly LineChange[] }) {
  const inBrowser = useHydrated();
  const t = useT();
  if (!inBrowser || changes.length === 0) return null;
  return (
    <div role="status" className="rounded-xl border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950">
      <p className="font-semibold">{t('checkout.changes.title')}</p>
      <ul className="mt-2 list-disc space-y-1 pl-5">
        {changes.map((change) => (
          <li key={`${change.productId}:${change.variantId ?? ''}`}>
            {change.name}:{' '}
            {change.was !== change.now && (
              <>
                {t(change.memberPrice ? 'checkout.changes.memberPriceNow' : 'checkout.changes.priceNow', {
                  now: formatKina(change.now),
                  was: formatKina(change.was),
                })}
                {change.quantity ? '; ' : ''}
              </>
            )}
            {change.quantity && t('checkout.changes.onlyLeft', { now: change.quantity.now, was: change.quantity.was })}
          </li>
        ))}
      </ul>
      <p className="mt-2">{t('checkout.changes.newTotal')}</p>
    </div>
  );
}

/**
 * A payment attempt refused because the order's price changed since the page showed it (decision 022): nothing
 * was charged, and the message gives the new amount and why ("… now K134.10 (was K189.00) because …. Pay K134.10.").
 */
export function PriceChangedNotice({ change }: { change: PriceChange | null }) {
  const t = useT();
  if (!change) return null;
  return (
    <div
      role="alert"
      data-testid="price-changed"
      className="rounded-xl border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950"
    >
      <p className="font-semibold">{t('checkout.nothingCharged')}</p>
      <p className="mt-1">{change.message}</p>
    </div>
  );
}

interface PaymentPanelProps {
  config: PaymentPublicConfigResponse | undefined;
  card: CardCollector;
  phase: PaymentPhase;
  /** toea: the amount of the order's payment (exactly what is charged); null while the order is being made. */
  total: number | null;
  failure: string | null;
  onPay: () => void;
}

const phaseLabels: Partial<Record<PaymentPhase, MessageId>> = {
  placing: 'checkout.phase.placing',
  paying: 'checkout.phase.paying',
  processing: 'checkout.phase.processing',
  redirecting: 'checkout.phase.redirecting',
  done: 'checkout.phase.done',
};

/**
 * Said above Pay (or Place order) while the browser is offline, whose button is then disabled (decision 045): an
 * order and a payment need the shop's server, and nothing is sent until the connection is back.
 */
export function NeedsConnectionNotice({ action }: { action: 'paying' | 'placing' }) {
  const t = useT();
  return (
    <p role="alert" className="mt-4 rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-950">
      {richText(t, action === 'paying' ? 'checkout.offline.paying' : 'checkout.offline.placing', {
        offline: <strong className="font-semibold">{t('checkout.offline.youAreOffline')}</strong>,
      })}
    </p>
  );
}

/** The card entry, the provider's or the shop's message, and "Pay K{total}". */
export function PaymentPanel({ config, card, phase, total, failure, onPay }: PaymentPanelProps) {
  const busy = phase !== 'idle';
  const online = useOnline();
  const t = useT();
  const phaseLabel = phaseLabels[phase];
  return (
    <Panel title={t('checkout.payment')}>
      {config ? (
        <CardEntry config={config} handleRef={card.ref} onStateChange={card.onStateChange} disabled={busy} />
      ) : (
        <p className="text-sm text-stone-600">{t('checkout.loadingPaymentSystem')}</p>
      )}
      <p className="mt-3 text-xs text-muted">{t('checkout.billingCountry')}</p>
      {phase === 'processing' && (
        <p role="status" className="mt-4 rounded-lg bg-sky-50 px-3 py-2 text-sm text-sky-900">
          {t('checkout.msg.processing')}
        </p>
      )}
      {failure && (
        <p role="alert" className="mt-4 rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
          {sharedText(t, failure)}
        </p>
      )}
      {!online && !busy && <NeedsConnectionNotice action="paying" />}
      <Button size="lg" className="mt-5 w-full" onClick={onPay} disabled={busy || total === null || !config || !online}>
        {busy
          ? t(phaseLabel ?? 'checkout.phase.processing')
          : total === null
            ? t('checkout.phase.placing')
            : t('checkout.payAmount', { amount: formatKina(total) })}
      </Button>
    </Panel>
  );
}

/** "Payment System Error" with Refresh Page, when the payment configuration or script cannot be loaded. */
export function PaymentSystemError() {
  const t = useT();
  return (
    <section className="mx-auto flex max-w-md flex-col items-center gap-4 px-4 py-16 text-center">
      <div role="alert">
        <h1 className="text-2xl font-bold text-stone-900">{t('checkout.paymentSystemError')}</h1>
        <p className="mt-2 text-stone-600">{t('checkout.paymentSystemErrorHint')}</p>
      </div>
      <Button size="lg" onClick={() => window.location.reload()}>
        {t('checkout.refreshPage')}
      </Button>
    </section>
  );
}
