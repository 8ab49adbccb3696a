import { z } from 'zod';
import { AppError } from '../../errors';

/**
 * The shop's own payment interface, modelled on Stripe's documented PaymentIntent behaviour so that a
 * provider is a thin adapter (decision 004). Amounts are integer toea; the only currency is PGK.
 */

export type PaymentStatus =
  'requires_payment_method' | 'requires_confirmation' | 'requires_action' | 'processing' | 'succeeded' | 'canceled';

export interface PaymentError {
  /** Stripe's error code, e.g. `card_declined`, `incorrect_number`. */
  code: string;
  /** A sentence the shopper can read. */
  message: string;
  /** Stripe's decline code when the bank declined, e.g. `insufficient_funds`. */
  declineCode?: string;
}

export interface PaymentIntent {
  id: string;
  status: PaymentStatus;
  /** Integer toea. */
  amount: number;
  /** `pgk` for every intent the shop creates; compare it with the order's before trusting a payment. */
  currency: string;
  /** Lets the browser finish the payment (Stripe.js); never stored with an order. */
  clientSecret: string;
  metadata: Record<string, string>;
  /** Why the last confirmation failed; the intent is back in `requires_payment_method`. */
  lastPaymentError: PaymentError | null;
  cardLast4: string | null;
  /** Where the shopper must go to authenticate when the status is `requires_action`. */
  nextActionUrl: string | null;
}

/** Card details, only ever sent to the simulator; with Stripe the card goes from the browser to Stripe. */
export interface TestCardDetails {
  /** Spaces and dashes are allowed. */
  number: string;
  expMonth: number;
  /** Four digits, or two (20xx). */
  expYear: number;
  cvc: string;
  name?: string;
}

export interface ConfirmIntentInput {
  /** Simulator only. */
  card?: TestCardDetails;
  /** Stripe only: the PaymentMethod that Stripe Elements created in the browser. */
  paymentMethodId?: string;
  /** Where the shopper comes back to after authenticating (3-D Secure). */
  returnUrl?: string;
}

export interface Refund {
  id: string;
  status: 'succeeded' | 'pending' | 'failed';
  amount: number;
}

/** A verified webhook event. `intent` is null for events that are not about a payment intent. */
export interface PaymentEvent {
  id: string;
  type: string;
  intent: PaymentIntent | null;
}

/** What the browser needs to render the card entry. */
export type PaymentPublicConfig =
  { provider: 'simulator'; testMode: true } | { provider: 'stripe'; publishableKey: string; testMode: boolean };

export interface PaymentProvider {
  readonly name: 'simulator' | 'stripe';
  /** The same idempotency key returns the first intent; the same key with other parameters is a CONFLICT. */
  createIntent(input: CreateIntentInput): Promise<PaymentIntent>;
  /** Confirms with card details (simulator) or a payment method id (Stripe); a declined card is not an error:
   *  the intent comes back in `requires_payment_method` with `lastPaymentError`. */
  confirmIntent(id: string, input: ConfirmIntentInput): Promise<PaymentIntent>;
  retrieveIntent(id: string): Promise<PaymentIntent>;
  /**
   * Changes the amount of an intent not yet confirmed (requires_payment_method or requires_confirmation), as
   * Stripe's update: the order was priced again (decision 022). Any other state is a CONFLICT.
   */
  updateIntentAmount(id: string, amount: number): Promise<PaymentIntent>;
  /** Refunds a succeeded intent, all of what is left when `amount` is omitted. */
  refund(input: RefundInput): Promise<Refund>;
  cancelIntent(id: string): Promise<PaymentIntent>;
  /** Verifies a webhook on the raw request body; throws AppError VALIDATION on a bad or missing signature. */
  verifyWebhook(rawBody: Buffer | string, signatureHeader: string | undefined): PaymentEvent;
  publicConfig(): PaymentPublicConfig;
}

/** Stripe's limits: amounts up to 8 digits, idempotency keys up to 255 characters, 50 metadata keys. */
const idempotencyKeySchema = z
  .string()
  .min(1, 'An idempotency key is required.')
  .max(255, 'An idempotency key has at most 255 characters.');

const amountSchema = z
  .number()
  .int('The amount must be a whole number of toea.')
  .positive('The amount must be above zero.')
  .max(99_999_999, 'The amount is larger than a card payment allows.');

export const createIntentInputSchema = z.object({
  amount: amountSchema,
  currency: z.literal('pgk'),
  metadata: z
    .record(z.string().min(1).max(40), z.string().max(500))
    .refine((metadata) => Object.keys(metadata).length <= 50, 'At most 50 metadata keys.')
    .default({}),
  description: z.string().max(1000).optional(),
  idempotencyKey: idempotencyKeySchema,
});
export type CreateIntentInput = z.input<typeof createIntentInputSchema>;

export const refundInputSchema = z.object({
  intentId: z.string().min(1),
  amount: amountSchema.optional(),
  idempotencyKey: idempotencyKeySchema,
});
export type RefundInput = z.input<typeof refundInputSchema>;

/** Parses a provider call's input; a bad value is a VALIDATION error with field issues. */
export function parsePaymentInput<T extends z.ZodType>(schema: T, input: unknown): z.output<T> {
  const parsed = schema.safeParse(input);
  if (parsed.success) return parsed.data;
  const issues = parsed.error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message }));
  throw new AppError('VALIDATION', issues[0]?.message ?? 'Invalid payment request.', undefined, issues);
}

export function webhookSignatureError(reason: string): AppError {
  return new AppError('VALIDATION', 'Webhook signature verification failed.', { reason });
}
