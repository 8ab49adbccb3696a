import { formatKina, formatPhoneNumber } from '@bilum/shared';
import type { PaymentPublicConfigResponse } from '@bilum/shared/checkout.schema';
import type { ContactDetails, ContactDetailsInput } from '@bilum/shared/contact-details';
import { type ComponentProps, type ReactNode, useEffect, useState } from 'react';
import { CardEntry } from '../../components/payment/CardEntry';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { Spinner } from '../../components/ui/states';
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
  return (
    <dl className="grid gap-x-6 gap-y-3 text-sm sm:grid-cols-2">
      <div>
        <dt className="text-muted">Name</dt>
        <dd className="font-medium text-stone-900">
          {details.firstName} {details.lastName}
        </dd>
      </div>
      <div className="min-w-0">
        <dt className="text-muted">Email</dt>
        <dd className="font-medium break-words text-stone-900">{details.email}</dd>
      </div>
      <div>
        <dt className="text-muted">Phone</dt>
        <dd className="font-medium text-stone-900">{phone}</dd>
      </div>
      <div>
        <dt className="text-muted">{details.pickup ? 'Pickup point' : 'Delivery address'}</dt>
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
          <dt className="text-muted">Order notes</dt>
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
  return (
    <Panel
      title="Contact & Shipping"
      action={
        <Button variant="outline" size="sm" onClick={onEdit} disabled={editDisabled}>
          Edit
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
  return waiting || priced.pricing ? (
    <Spinner label="Checking prices…" />
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
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title="Edit contact details" className="max-w-2xl">
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
          Cancel
        </Button>
        <Button type="submit" disabled={saving}>
          {saving ? 'Saving...' : 'Save Details'}
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
    <Panel title="Contact & Shipping Details">
      <form onSubmit={submit} noValidate className="flex flex-col gap-5">
        <p role="alert" className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
          Your saved details are missing something this order needs. Please complete the marked fields.
        </p>
        <ContactFields form={form} hasPhysicalItems={hasPhysicalItems} emailReadOnly showNotes={false} />
        <Button type="submit" size="lg" disabled={saving} className="w-full sm:w-auto sm:self-end">
          {saving ? 'Saving...' : 'Save and Continue to Payment'}
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
  if (!inBrowser || changes.length === 0) return null;
  return (
    <div role="status" className="rounded-xl border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950">
      <p className="font-semibold">Your order has changed since you added it to your cart:</p>
      <ul className="mt-2 list-disc space-y-1 pl-5">
        {changes.map((change) => (
          <li key={`${change.productId}:${change.variantId ?? ''}`}>
            {change.name}:{' '}
            {change.was !== change.now && (
              <>
                {change.memberPrice ? 'your member price' : 'price'} now {formatKina(change.now)} (was{' '}
                {formatKina(change.was)}){change.quantity ? '; ' : ''}
              </>
            )}
            {change.quantity && `only ${change.quantity.now} left (you had ${change.quantity.was})`}
          </li>
        ))}
      </ul>
      <p className="mt-2">The order summary shows the new total; that is what you pay.</p>
    </div>
  );
}

/**
 * A payment attempt refused because the order's price changed since the page showed it (decision 022): nothing
 * was charged, and the message gives the new amount and why ("… now K134.10 (was K189.00) because …. Pay K134.10.").
 */
export function PriceChangedNotice({ change }: { change: PriceChange | null }) {
  if (!change) return null;
  return (
    <div
      role="alert"
      data-testid="price-changed"
      className="rounded-xl border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950"
    >
      <p className="font-semibold">Nothing was charged</p>
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

const phaseLabels: Partial<Record<PaymentPhase, string>> = {
  placing: 'Preparing your order…',
  paying: 'Processing payment…',
  processing: 'Processing…',
  redirecting: 'Opening card authentication…',
  done: 'Paid. Opening your confirmation…',
};

/**
 * Said above Pay (or Place order) while the browser is offline, whose button is then disabled (decision 045): an
 * order and a payment need the shop's server, and nothing is sent until the connection is back.
 */
export function NeedsConnectionNotice({ action }: { action: string }) {
  return (
    <p role="alert" className="mt-4 rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-950">
      <strong className="font-semibold">You are offline.</strong> {action} needs an internet connection. Your cart and
      details are kept: connect again and the button comes back.
    </p>
  );
}

/** The card entry, the provider's or the shop's message, and "Pay K{total}". */
export function PaymentPanel({ config, card, phase, total, failure, onPay }: PaymentPanelProps) {
  const busy = phase !== 'idle';
  const online = useOnline();
  return (
    <Panel title="Payment">
      {config ? (
        <CardEntry config={config} handleRef={card.ref} onStateChange={card.onStateChange} disabled={busy} />
      ) : (
        <p className="text-sm text-stone-600">Loading the payment system…</p>
      )}
      <p className="mt-3 text-xs text-muted">Billing country: Papua New Guinea (PG). Prices in kina (PGK).</p>
      {phase === 'processing' && (
        <p role="status" className="mt-4 rounded-lg bg-sky-50 px-3 py-2 text-sm text-sky-900">
          Your payment is being processed. This page updates when it completes.
        </p>
      )}
      {failure && (
        <p role="alert" className="mt-4 rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
          {failure}
        </p>
      )}
      {!online && !busy && <NeedsConnectionNotice action="Paying" />}
      <Button size="lg" className="mt-5 w-full" onClick={onPay} disabled={busy || total === null || !config || !online}>
        {busy
          ? (phaseLabels[phase] ?? 'Processing…')
          : total === null
            ? 'Preparing your order…'
            : `Pay ${formatKina(total)}`}
      </Button>
    </Panel>
  );
}

/** "Payment System Error" with Refresh Page, when the payment configuration or script cannot be loaded. */
export function PaymentSystemError() {
  return (
    <section className="mx-auto flex max-w-md flex-col items-center gap-4 px-4 py-16 text-center">
      <div role="alert">
        <h1 className="text-2xl font-bold text-stone-900">Payment System Error</h1>
        <p className="mt-2 text-stone-600">
          The payment system could not be loaded. Please check your connection and refresh the page.
        </p>
      </div>
      <Button size="lg" onClick={() => window.location.reload()}>
        Refresh Page
      </Button>
    </section>
  );
}
