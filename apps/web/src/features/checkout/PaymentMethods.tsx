import { formatKina } from '@bilum/shared/money';
import { type OrderForPayment, type PaymentMethod, paymentMethodsForOrder } from '@bilum/shared/payment-methods';
import type { PublicPaymentMethods } from '@bilum/shared/payment-methods.schema';
import { sharedText } from '../../components/payment/shared-texts';
import { Button } from '../../components/ui/button';
import type { MessageId } from '../../i18n/i18n';
import { useT } from '../../i18n/react';
import { useOnline } from '../../lib/use-online';
import { NeedsConnectionNotice, Panel } from './CheckoutParts';
import type { PaymentPhase } from './use-checkout-order';

const choiceLabels: Record<PaymentMethod, { label: MessageId; hint: MessageId }> = {
  card: { label: 'payment.method.card', hint: 'payment.choice.cardHint' },
  'bank-transfer': { label: 'payment.method.bankTransfer', hint: 'payment.choice.bankTransferHint' },
  pickup: { label: 'payment.method.pickup', hint: 'payment.choice.pickupHint' },
};

/**
 * The ways to pay this order may use (the shared rule `paymentMethodsForOrder`): those the shop has on; pay at
 * pickup only when items are collected. The card while the shop's settings load.
 */
export function availableMethods(methods: PublicPaymentMethods | undefined, order: OrderForPayment): PaymentMethod[] {
  if (!methods) return ['card'];
  return paymentMethodsForOrder(methods, order);
}

/** The payment step when no way to pay the shop has on fits the order: says so, with no button to pay. */
export function NoPaymentMethodPanel({ message }: { message: string }) {
  const t = useT();
  return (
    <Panel title={t('checkout.payment')}>
      <p role="status" className="rounded-lg border border-amber-300 bg-amber-50 px-3 py-3 text-sm text-stone-900">
        {sharedText(t, message)}
      </p>
    </Panel>
  );
}

/** "How would you like to pay?": one radio per way to pay, with what it means. */
export function PaymentMethodChoice({
  methods,
  value,
  onChange,
  disabled,
}: {
  methods: PaymentMethod[];
  value: PaymentMethod;
  onChange: (method: PaymentMethod) => void;
  disabled?: boolean;
}) {
  const t = useT();
  if (methods.length < 2) return null;
  return (
    <Panel title={t('payment.choice.title')}>
      <fieldset disabled={disabled}>
        <legend className="sr-only">{t('payment.choice.legend')}</legend>
        <div className="grid gap-2">
          {methods.map((method) => (
            <label
              key={method}
              className="flex min-h-11 cursor-pointer items-start gap-3 rounded-lg border border-control px-3 py-3 text-stone-800 has-checked:border-brand-600 has-checked:bg-brand-50 has-focus-visible:ring-2 has-focus-visible:ring-focus"
            >
              <input
                type="radio"
                name="payment-method"
                value={method}
                checked={method === value}
                onChange={() => onChange(method)}
                className="mt-1 size-4 accent-brand-600"
              />
              <span>
                <span className="block font-semibold">{t(choiceLabels[method].label)}</span>
                <span className="block text-sm text-muted">{t(choiceLabels[method].hint)}</span>
              </span>
            </label>
          ))}
        </div>
      </fieldset>
    </Panel>
  );
}

/** Bank transfer or pay at pickup: what happens next, and "Place order". */
export function PayLaterPanel({
  method,
  methods,
  total,
  phase,
  failure,
  onPlace,
  guest = false,
}: {
  /** Issue 28: a guest confirms the order from its e-mail within a few minutes; the full hold starts then. */
  guest?: boolean;
  method: Exclude<PaymentMethod, 'card'>;
  methods: PublicPaymentMethods | undefined;
  total: number | null;
  phase: PaymentPhase;
  failure: string | null;
  onPlace: () => void;
}) {
  const busy = phase !== 'idle';
  const online = useOnline();
  const t = useT();
  const holdHours = methods?.bankTransferHoldHours ?? 48;
  const pickupDays = methods?.pickupDeadlineDays ?? 3;
  const confirmMinutes = methods?.unconfirmedHoldMinutes ?? 15;
  return (
    <Panel title={t(method === 'pickup' ? 'payment.method.pickup' : 'payment.method.bankTransfer')}>
      {method === 'pickup' ? (
        <p className="text-sm text-stone-700">{t('payment.later.pickup', { days: pickupDays })}</p>
      ) : (
        <p className="text-sm text-stone-700">{t('payment.later.bankTransfer', { hours: holdHours })}</p>
      )}
      {guest && (
        <p className="mt-3 rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-950">
          {method === 'pickup'
            ? t('payment.later.guestConfirmPickup', { minutes: confirmMinutes, days: pickupDays })
            : t('payment.later.guestConfirmTransfer', { minutes: confirmMinutes, hours: holdHours })}
        </p>
      )}
      {failure && (
        <p role="alert" className="mt-4 rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
          {sharedText(t, failure)}
        </p>
      )}
      {!online && !busy && <NeedsConnectionNotice action="placing" />}
      <Button size="lg" className="mt-5 w-full" onClick={onPlace} disabled={busy || total === null || !online}>
        {busy
          ? t('payment.later.placing')
          : total === null
            ? t('checkout.phase.placing')
            : t(method === 'pickup' ? 'payment.later.placePickup' : 'payment.later.placeBankTransfer', {
                amount: formatKina(total),
              })}
      </Button>
    </Panel>
  );
}

export { BankTransferDetails } from '../../components/payment/BankTransferDetails';
