import type { PaymentPublicConfigResponse } from '@bilum/shared/checkout.schema';
import type { Stripe, StripeCardElement } from '@stripe/stripe-js';
import { type RefObject, useEffect, useId, useImperativeHandle, useRef, useState } from 'react';
import type { MessageId } from '../../i18n/i18n';
import { useT } from '../../i18n/react';
import { FieldFrame, inputClass } from '../ui/form-field';
import {
  type BillingDetails,
  type CardPaymentInput,
  formatCardNumber,
  formatCvc,
  formatExpiry,
  isCardComplete,
  type TypedCard,
  toCardPaymentInput,
} from './card-details';

export type { CardPaymentInput } from './card-details';

/** Ready: the card entry can take a card; complete: what was typed looks like a whole card. */
export interface CardEntryState {
  ready: boolean;
  complete: boolean;
  error: string | null;
}

export interface CardEntryHandle {
  /** The card for the shop's payment call; throws an Error whose message can be shown as it is. */
  collect(billing: BillingDetails): Promise<CardPaymentInput>;
}

interface CardEntryProps {
  config: PaymentPublicConfigResponse;
  handleRef: RefObject<CardEntryHandle | null>;
  onStateChange?: (state: CardEntryState) => void;
  disabled?: boolean;
}

/**
 * The card entry of the active payment provider, shared by checkout and the membership page: the test-card
 * simulator's own fields (number, MM/YY, CVC), or Stripe Elements, whose card never touches the shop.
 */
export function CardEntry({ config, ...props }: CardEntryProps) {
  return config.provider === 'stripe' ? (
    <StripeCardEntry publishableKey={config.publishableKey} {...props} />
  ) : (
    <SimulatorCardEntry {...props} />
  );
}

type EntryProps = Omit<CardEntryProps, 'config'>;

/** The simulator's test cards (Stripe's well-known numbers), listed on the page in test mode. */
const simulatorTestCards: readonly { number: string; outcome: MessageId }[] = [
  { number: '4242 4242 4242 4242', outcome: 'payment.card.test.succeeds' },
  { number: '4000 0000 0000 0002', outcome: 'payment.card.test.declined' },
  { number: '4000 0000 0000 9995', outcome: 'payment.card.test.insufficientFunds' },
  { number: '4000 0025 0000 3155', outcome: 'payment.card.test.authentication' },
];

function SimulatorCardEntry({ handleRef, onStateChange, disabled }: EntryProps) {
  const t = useT();
  const id = useId();
  const [card, setCard] = useState<TypedCard>({ number: '', expiry: '', cvc: '' });
  const complete = isCardComplete(card);
  const reported = useRef(onStateChange);
  reported.current = onStateChange;

  useEffect(() => {
    reported.current?.({ ready: true, complete, error: null });
  }, [complete]);

  useImperativeHandle(handleRef, () => ({
    collect: async ({ name }) => toCardPaymentInput(card, name),
  }));

  const field = (name: keyof TypedCard, format: (value: string) => string) => ({
    value: card[name],
    disabled,
    onChange: (event: React.ChangeEvent<HTMLInputElement>) => {
      // Read now: the updater may run later, when React has put the field back to the state's value.
      const typed = format(event.target.value);
      setCard((current) => ({ ...current, [name]: typed }));
    },
  });

  return (
    <fieldset className="flex flex-col gap-3">
      <legend className="sr-only">{t('payment.card.details')}</legend>
      <FieldFrame id={`${id}-number`} label={t('payment.card.number')}>
        <input
          id={`${id}-number`}
          {...field('number', formatCardNumber)}
          inputMode="numeric"
          autoComplete="cc-number"
          placeholder="4242 4242 4242 4242"
          className={inputClass}
        />
      </FieldFrame>
      <div className="grid grid-cols-2 gap-3">
        <FieldFrame id={`${id}-expiry`} label={t('payment.card.expiry')}>
          <input
            id={`${id}-expiry`}
            {...field('expiry', formatExpiry)}
            inputMode="numeric"
            autoComplete="cc-exp"
            placeholder={t('payment.card.expiryPlaceholder')}
            className={inputClass}
          />
        </FieldFrame>
        <FieldFrame id={`${id}-cvc`} label={t('payment.card.cvc')}>
          <input
            id={`${id}-cvc`}
            {...field('cvc', formatCvc)}
            inputMode="numeric"
            autoComplete="cc-csc"
            placeholder="123"
            className={inputClass}
          />
        </FieldFrame>
      </div>
      <div className="rounded-lg bg-amber-50 px-3 py-2 text-xs text-amber-900 ring-1 ring-amber-200">
        <p className="font-bold tracking-wide">{t('payment.card.testMode')}</p>
        <p className="mt-1">{t('payment.card.testHint')}</p>
        <ul className="mt-1 space-y-0.5">
          {simulatorTestCards.map(({ number, outcome }) => (
            <li key={number}>
              <span className="font-mono font-semibold">{number}</span> {t(outcome)}
            </li>
          ))}
        </ul>
      </div>
    </fieldset>
  );
}

function StripeCardEntry({ publishableKey, handleRef, onStateChange }: EntryProps & { publishableKey: string }) {
  const mountRef = useRef<HTMLDivElement>(null);
  const stripeRef = useRef<{ stripe: Stripe; card: StripeCardElement } | null>(null);
  const t = useT();
  const [error, setError] = useState<string | null>(null);
  const reported = useRef(onStateChange);
  reported.current = onStateChange;

  useEffect(() => {
    let cancelled = false;
    let card: StripeCardElement | null = null;
    // Loaded only here, so a shop on the simulator never fetches Stripe's script.
    void import('@stripe/stripe-js')
      .then(({ loadStripe }) => loadStripe(publishableKey))
      .then((stripe) => {
        if (cancelled || !stripe || !mountRef.current) {
          if (!stripe) reported.current?.({ ready: false, complete: false, error: 'Payment System Error' });
          return;
        }
        card = stripe.elements().create('card', { hidePostalCode: true });
        card.mount(mountRef.current);
        card.on('ready', () => reported.current?.({ ready: true, complete: false, error: null }));
        card.on('change', (event) => {
          const message = event.error?.message ?? null;
          setError(message);
          reported.current?.({ ready: true, complete: event.complete, error: message });
        });
        stripeRef.current = { stripe, card };
      })
      .catch(() => reported.current?.({ ready: false, complete: false, error: 'Payment System Error' }));
    return () => {
      cancelled = true;
      card?.destroy();
      stripeRef.current = null;
    };
  }, [publishableKey]);

  useImperativeHandle(handleRef, () => ({
    async collect(billing) {
      const entry = stripeRef.current;
      if (!entry) throw new Error(t('payment.card.inputNotFound'));
      const result = await entry.stripe.createPaymentMethod({
        type: 'card',
        card: entry.card,
        // Billing country PG (checkout-and-admin.md 7 and 9).
        billing_details: { ...billing, address: { ...billing.address, country: 'PG' } },
      });
      if (result.error) throw new Error(result.error.message ?? t('payment.card.confirmationFailed'));
      return { paymentMethodId: result.paymentMethod.id };
    },
  }));

  return (
    <div className="flex flex-col gap-1.5">
      <span className="text-sm font-medium text-stone-800">{t('payment.card.details')}</span>
      <div ref={mountRef} className="rounded-lg border border-control bg-white px-3 py-3.5 shadow-xs" />
      {error && (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}
