import { formatKina } from '@bilum/shared/money';
import { type OrderForPayment, type PaymentMethod, paymentMethodsForOrder } from '@bilum/shared/payment-methods';
import type { PublicPaymentMethods } from '@bilum/shared/payment-methods.schema';
import { Button } from '../../components/ui/button';
import { useOnline } from '../../lib/use-online';
import { NeedsConnectionNotice, Panel } from './CheckoutParts';
import type { PaymentPhase } from './use-checkout-order';

const choiceLabels: Record<PaymentMethod, { label: string; hint: string }> = {
  card: { label: 'Card', hint: 'Visa or Mastercard, paid now.' },
  'bank-transfer': {
    label: 'Bank transfer / mobile banking',
    hint: 'BSP *131#, Kina Bank *525#, MiBank and other wallets, internet banking or a branch.',
  },
  pickup: { label: 'Pay at pickup', hint: 'Cash or EFTPOS at the counter when you collect.' },
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
  return (
    <Panel title="Payment">
      <p role="status" className="rounded-lg border border-amber-300 bg-amber-50 px-3 py-3 text-sm text-stone-900">
        {message}
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
  if (methods.length < 2) return null;
  return (
    <Panel title="How would you like to pay?">
      <fieldset disabled={disabled}>
        <legend className="sr-only">Payment method</legend>
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
                <span className="block font-semibold">{choiceLabels[method].label}</span>
                <span className="block text-sm text-muted">{choiceLabels[method].hint}</span>
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
  const holdHours = methods?.bankTransferHoldHours ?? 48;
  const pickupDays = methods?.pickupDeadlineDays ?? 3;
  const confirmMinutes = methods?.unconfirmedHoldMinutes ?? 15;
  return (
    <Panel title={method === 'pickup' ? 'Pay at pickup' : 'Bank transfer / mobile banking'}>
      {method === 'pickup' ? (
        <p className="text-sm text-stone-700">
          Your order is confirmed straight away. Pay in cash or by EFTPOS at the counter when you collect it. We keep it
          for you for {pickupDays} {pickupDays === 1 ? 'day' : 'days'}.
        </p>
      ) : (
        <p className="text-sm text-stone-700">
          After you place the order you get our bank details and a short payment reference, on the next page and by
          e-mail. We hold your items for {holdHours} hours while you pay; the order is confirmed when the money arrives.
        </p>
      )}
      {guest && (
        <p className="mt-3 rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-950">
          We e-mail you a link to confirm the order: press it within {confirmMinutes} minutes, or the items go back on
          sale. The {method === 'pickup' ? `${pickupDays}-day` : `${holdHours}-hour`} hold starts when you confirm.
        </p>
      )}
      {failure && (
        <p role="alert" className="mt-4 rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
          {failure}
        </p>
      )}
      {!online && !busy && <NeedsConnectionNotice action="Placing an order" />}
      <Button size="lg" className="mt-5 w-full" onClick={onPlace} disabled={busy || total === null || !online}>
        {busy
          ? 'Placing your order…'
          : total === null
            ? 'Preparing your order…'
            : method === 'pickup'
              ? `Place order, pay ${formatKina(total)} at pickup`
              : `Place order, pay ${formatKina(total)} by bank transfer`}
      </Button>
    </Panel>
  );
}

export { BankTransferDetails } from '../../components/payment/BankTransferDetails';
