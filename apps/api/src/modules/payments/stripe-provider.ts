import Stripe from 'stripe';
import { AppError, notFound } from '../../errors';
import {
  type ConfirmIntentInput,
  type CreateIntentInput,
  createIntentInputSchema,
  type PaymentEvent,
  type PaymentIntent,
  type PaymentProvider,
  parsePaymentInput,
  type Refund,
  type RefundInput,
  refundInputSchema,
  webhookSignatureError,
} from './payment-provider';
import { assertTimestampWithinTolerance, signatureTimestamp, webhookToleranceSeconds } from './webhook-signature';

export interface StripeProviderOptions {
  secretKey: string;
  publishableKey: string;
  webhookSecret: string;
  /** Only for tests: a local stub of the Stripe API. */
  api?: { host?: string; port?: number; protocol?: 'http' | 'https' };
}

function cardLast4(paymentMethod: Stripe.PaymentIntent['payment_method']): string | null {
  return typeof paymentMethod === 'object' && paymentMethod?.card ? paymentMethod.card.last4 : null;
}

function toIntent(intent: Stripe.PaymentIntent): PaymentIntent {
  const error = intent.last_payment_error;
  return {
    id: intent.id,
    // The shop never asks for manual capture, so an authorised payment is as good as processing.
    status: intent.status === 'requires_capture' ? 'processing' : intent.status,
    amount: intent.amount,
    currency: intent.currency,
    clientSecret: intent.client_secret ?? '',
    metadata: intent.metadata,
    lastPaymentError: error
      ? {
          code: error.code ?? 'payment_failed',
          message: error.message ?? 'Your payment was not successful.',
          ...(error.decline_code ? { declineCode: error.decline_code } : {}),
        }
      : null,
    cardLast4: cardLast4(intent.payment_method),
    nextActionUrl: intent.next_action?.redirect_to_url?.url ?? null,
  };
}

const refundStatus: Record<string, Refund['status']> = {
  succeeded: 'succeeded',
  pending: 'pending',
  requires_action: 'pending',
  failed: 'failed',
  canceled: 'failed',
};

/** Stripe's errors that mean something to the shop become AppErrors; the rest stay masked 500s. */
function toAppError(error: unknown): unknown {
  if (!(error instanceof Stripe.errors.StripeError)) return error;
  if (error.type === 'StripeIdempotencyError') {
    return new AppError('CONFLICT', 'This idempotency key was already used with other parameters; use a new key.');
  }
  if (error.statusCode === 404) return notFound('No such payment.');
  if (error.code === 'payment_intent_unexpected_state') return new AppError('CONFLICT', error.message);
  return error;
}

async function callStripe<T>(request: () => Promise<T>): Promise<T> {
  try {
    return await request();
  } catch (error) {
    throw toAppError(error);
  }
}

/** Stripe behind the shop's payment interface. Card details never pass through the shop: Stripe Elements
 *  turns them into a payment method in the browser. */
export function createStripeProvider(options: StripeProviderOptions) {
  const api = Object.fromEntries(Object.entries(options.api ?? {}).filter(([, value]) => value !== undefined));
  const stripe = new Stripe(options.secretKey, { maxNetworkRetries: 2, telemetry: false, ...api });
  const withCard = { expand: ['payment_method'] };

  return {
    name: 'stripe' as const,

    async createIntent(raw: CreateIntentInput): Promise<PaymentIntent> {
      const input = parsePaymentInput(createIntentInputSchema, raw);
      const intent = await callStripe(() =>
        stripe.paymentIntents.create(
          {
            amount: input.amount,
            currency: input.currency,
            metadata: input.metadata,
            ...(input.description ? { description: input.description } : {}),
            // Naming the method turns Stripe's automatic payment methods off: cards only.
            payment_method_types: ['card'],
          },
          { idempotencyKey: input.idempotencyKey },
        ),
      );
      return toIntent(intent);
    },

    async confirmIntent(id: string, input: ConfirmIntentInput): Promise<PaymentIntent> {
      if (input.card) throw new AppError('VALIDATION', 'Card details go from the browser to Stripe, not to the shop.');
      if (!input.paymentMethodId) throw new AppError('VALIDATION', 'A payment method is required.');
      const params = { payment_method: input.paymentMethodId, return_url: input.returnUrl, ...withCard };
      try {
        return toIntent(await stripe.paymentIntents.confirm(id, params));
      } catch (error) {
        // A declined card is an outcome, not a failure: Stripe returns the intent with its last_payment_error.
        if (error instanceof Stripe.errors.StripeCardError && error.payment_intent) {
          return toIntent(error.payment_intent);
        }
        throw toAppError(error);
      }
    },

    retrieveIntent: async (id: string) =>
      toIntent(await callStripe(() => stripe.paymentIntents.retrieve(id, withCard))),

    async updateIntentAmount(id: string, raw: number): Promise<PaymentIntent> {
      const { amount } = parsePaymentInput(createIntentInputSchema.pick({ amount: true }), { amount: raw });
      return toIntent(await callStripe(() => stripe.paymentIntents.update(id, { amount, ...withCard })));
    },

    cancelIntent: async (id: string) => toIntent(await callStripe(() => stripe.paymentIntents.cancel(id))),

    async refund(raw: RefundInput): Promise<Refund> {
      const input = parsePaymentInput(refundInputSchema, raw);
      const refund = await callStripe(() =>
        stripe.refunds.create(
          { payment_intent: input.intentId, ...(input.amount ? { amount: input.amount } : {}) },
          { idempotencyKey: input.idempotencyKey },
        ),
      );
      return { id: refund.id, status: refundStatus[refund.status ?? ''] ?? 'pending', amount: refund.amount };
    },

    verifyWebhook(rawBody: Buffer | string, signatureHeader: string | undefined): PaymentEvent {
      if (!signatureHeader) throw webhookSignatureError('missing signature header');
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(
          rawBody,
          signatureHeader,
          options.webhookSecret,
          webhookToleranceSeconds,
        );
      } catch (error) {
        throw webhookSignatureError(error instanceof Error ? error.message : 'invalid signature');
      }
      // Stripe's library only refuses old timestamps; one from the future is refused too (webhook-signature.ts).
      assertTimestampWithinTolerance(signatureTimestamp(signatureHeader), Math.floor(Date.now() / 1000));
      const isIntentEvent = event.type.startsWith('payment_intent.');
      return {
        id: event.id,
        type: event.type,
        intent: isIntentEvent ? toIntent(event.data.object as Stripe.PaymentIntent) : null,
      };
    },

    publicConfig: () => ({
      provider: 'stripe' as const,
      publishableKey: options.publishableKey,
      testMode: options.publishableKey.startsWith('pk_test_'),
    }),
  } satisfies PaymentProvider;
}

export type StripePaymentProvider = ReturnType<typeof createStripeProvider>;
