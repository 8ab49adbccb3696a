import { randomBytes } from 'node:crypto';
import { shopReturnPath } from '@bilum/shared';
import { and, eq, inArray, lte, sum } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { type SimulatedPaymentIntentRow, simulatedPaymentIntents as intents, simulatedRefunds } from '../../db/schema';
import { AppError, notFound } from '../../errors';
import {
  type ConfirmIntentInput,
  type CreateIntentInput,
  createIntentInputSchema,
  type PaymentEvent,
  type PaymentIntent,
  type PaymentProvider,
  type PaymentStatus,
  parsePaymentInput,
  type Refund,
  type RefundInput,
  refundInputSchema,
} from './payment-provider';
import { randomId } from './random-id';
import { createSimulatorEvents, type PaymentEventListener, type SignedEvent } from './simulator-events';
import { evaluateTestCard, type TestCardOutcome } from './test-cards';

export interface TestCardSimulatorOptions {
  db: Database;
  /** Signs the simulator's webhook events (config `PAYMENT_WEBHOOK_SECRET`). */
  webhookSecret: string;
  /** The clock; tests pass one they can move. */
  now?: () => Date;
  /** How long an authenticated payment stays `processing` before it succeeds. */
  processingDelayMs?: number;
  /** Called when an event listener throws; the reconciliation catches what a lost event missed. */
  onDeliveryError?: (error: unknown, event: PaymentEvent) => void;
}

/** Where the shop's simulated 3-D Secure page lives; the checkout module serves it. */
export const simulatorAuthenticationPath = (intentId: string) =>
  `/api/payments/simulator/authenticate/${encodeURIComponent(intentId)}`;

const authenticationRefused = {
  code: 'payment_intent_authentication_failure',
  message: 'We are unable to authenticate your payment method. Please choose a different payment method and try again.',
};

const statusWords: Record<PaymentStatus, string> = {
  requires_payment_method: 'waiting for a card',
  requires_confirmation: 'waiting for confirmation',
  requires_action: 'waiting for authentication',
  processing: 'processing',
  succeeded: 'already paid',
  canceled: 'canceled',
};

/** The webhook event that a move into this state sends, as Stripe names them. */
function eventTypeFor(row: SimulatedPaymentIntentRow): string {
  if (row.status === 'requires_payment_method') return 'payment_intent.payment_failed';
  return `payment_intent.${row.status}`;
}

function toIntent(row: SimulatedPaymentIntentRow): PaymentIntent {
  return {
    id: row.id,
    status: row.status as PaymentStatus,
    amount: row.amount,
    currency: 'pgk',
    clientSecret: row.clientSecret,
    metadata: row.metadata,
    lastPaymentError: row.lastError ?? null,
    cardLast4: row.cardLast4,
    nextActionUrl: row.status === 'requires_action' ? simulatorAuthenticationPath(row.id) : null,
  };
}

function sameMetadata(a: Record<string, string>, b: Record<string, string>): boolean {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((key) => a[key] === b[key]);
}

const idempotencyConflict = () =>
  new AppError('CONFLICT', 'This idempotency key was already used with other parameters; use a new key.');

/** The state an intent moves to when a card is confirmed. */
function confirmationChanges(outcome: TestCardOutcome, returnUrl: string | undefined) {
  switch (outcome.kind) {
    case 'succeeded':
      return { status: 'succeeded', cardLast4: outcome.last4, lastError: null };
    case 'requires_action':
      return { status: 'requires_action', cardLast4: outcome.last4, lastError: null, returnUrl: returnUrl ?? null };
    case 'failed':
      return { status: 'requires_payment_method', cardLast4: outcome.last4, lastError: outcome.error };
  }
}

function isHttpUrl(value: string): boolean {
  try {
    return ['http:', 'https:'].includes(new URL(value).protocol);
  } catch {
    return false;
  }
}

/**
 * As Stripe's confirm: the return URL is an http(s) address, or here also a path of the shop (the one return-URL
 * helper). Where the shopper is sent in the end is the 3-D Secure page's decision (payments.routes.ts), by the
 * same helper against the shop's origin.
 */
function assertReturnUrl(returnUrl: string | undefined) {
  if (returnUrl === undefined || shopReturnPath(returnUrl) !== null || isHttpUrl(returnUrl)) return;
  throw new AppError('VALIDATION', 'The return URL must be a path on the shop or an http(s) address.');
}

/**
 * The default payment provider: Stripe's well-known test cards with no account and no network (see
 * test-cards.ts). Intents live in the database, so they survive restarts and every instance sees them.
 * Payment steps must not run inside a database transaction: a provider call is not part of one.
 */
export function createTestCardSimulator(options: TestCardSimulatorOptions) {
  const { db } = options;
  const now = options.now ?? (() => new Date());
  const processingDelayMs = options.processingDelayMs ?? 1000;
  const events = createSimulatorEvents({
    secret: options.webhookSecret,
    nowSeconds: () => Math.floor(now().getTime() / 1000),
    onDeliveryError: options.onDeliveryError ?? ((error) => console.error('payment event listener failed', error)),
  });

  async function findRow(id: string): Promise<SimulatedPaymentIntentRow> {
    const [row] = await db.select().from(intents).where(eq(intents.id, id));
    if (!row) throw notFound('No such payment.');
    return row;
  }

  /**
   * Moves an intent that is in one of the `from` states, in one conditional update so that two concurrent
   * calls cannot both make the move, and publishes the event the new state sends.
   */
  async function transition(
    id: string,
    from: PaymentStatus[],
    action: string,
    changes: Partial<SimulatedPaymentIntentRow>,
  ): Promise<SimulatedPaymentIntentRow> {
    const [row] = await db
      .update(intents)
      .set({ ...changes, updatedAt: now() })
      .where(and(eq(intents.id, id), inArray(intents.status, from)))
      .returning();
    if (!row) {
      const current = await findRow(id);
      const status = current.status as PaymentStatus;
      throw new AppError('CONFLICT', `This payment cannot be ${action}: it is ${statusWords[status]}.`, { status });
    }
    events.publish(eventTypeFor(row), toIntent(row));
    return row;
  }

  /** Succeeds the processing intents whose delay has passed (all of them, or just `id`). */
  async function settleDue(id?: string): Promise<PaymentIntent[]> {
    const rows = await db
      .update(intents)
      .set({ status: 'succeeded', settlesAt: null, updatedAt: now() })
      .where(and(eq(intents.status, 'processing'), lte(intents.settlesAt, now()), id ? eq(intents.id, id) : undefined))
      .returning();
    const settled = rows.map(toIntent);
    for (const intent of settled) events.publish('payment_intent.succeeded', intent);
    return settled;
  }

  async function createRefund(input: ReturnType<typeof refundInputSchema.parse>): Promise<Refund> {
    return db.transaction(async (tx) => {
      // The row lock makes concurrent refunds of one intent take turns, so they never exceed the amount paid.
      const [intent] = await tx.select().from(intents).where(eq(intents.id, input.intentId)).for('update');
      if (!intent) throw notFound('No such payment.');
      const [earlier] = await tx
        .select()
        .from(simulatedRefunds)
        .where(eq(simulatedRefunds.idempotencyKey, input.idempotencyKey));
      if (earlier) {
        const same = earlier.intentId === intent.id && (input.amount === undefined || input.amount === earlier.amount);
        if (!same) throw idempotencyConflict();
        return { id: earlier.id, status: 'succeeded', amount: earlier.amount };
      }
      if (intent.status !== 'succeeded') {
        throw new AppError('CONFLICT', 'Only a succeeded payment can be refunded.', { status: intent.status });
      }
      const [refunded] = await tx
        .select({ total: sum(simulatedRefunds.amount).mapWith(Number) })
        .from(simulatedRefunds)
        .where(eq(simulatedRefunds.intentId, intent.id));
      const refundable = intent.amount - (refunded?.total ?? 0);
      const amount = input.amount ?? refundable;
      if (amount <= 0 || amount > refundable) {
        throw new AppError('VALIDATION', 'The refund is larger than what is left of the payment.', { refundable });
      }
      const [refund] = await tx
        .insert(simulatedRefunds)
        .values({
          id: randomId('re_sim'),
          intentId: intent.id,
          amount,
          status: 'succeeded',
          idempotencyKey: input.idempotencyKey,
        })
        .onConflictDoNothing({ target: simulatedRefunds.idempotencyKey })
        .returning();
      if (!refund) throw idempotencyConflict();
      return { id: refund.id, status: 'succeeded', amount: refund.amount };
    });
  }

  return {
    name: 'simulator' as const,

    async createIntent(raw: CreateIntentInput): Promise<PaymentIntent> {
      const input = parsePaymentInput(createIntentInputSchema, raw);
      const id = randomId('pi_sim');
      const [created] = await db
        .insert(intents)
        .values({
          id,
          clientSecret: `${id}_secret_${randomBytes(16).toString('hex')}`,
          amount: input.amount,
          currency: input.currency,
          status: 'requires_payment_method',
          description: input.description ?? null,
          metadata: input.metadata,
          idempotencyKey: input.idempotencyKey,
          createdAt: now(),
          updatedAt: now(),
        })
        .onConflictDoNothing({ target: intents.idempotencyKey })
        .returning();
      if (created) return toIntent(created);
      // A retry: the first request with this key wins, as long as it asked for the same thing.
      const [first] = await db.select().from(intents).where(eq(intents.idempotencyKey, input.idempotencyKey));
      const same =
        first &&
        first.amount === input.amount &&
        first.currency === input.currency &&
        first.description === (input.description ?? null) &&
        sameMetadata(first.metadata, input.metadata);
      if (!same) throw idempotencyConflict();
      return toIntent(first);
    },

    async confirmIntent(id: string, input: ConfirmIntentInput): Promise<PaymentIntent> {
      if (!input.card) throw new AppError('VALIDATION', 'The test-card simulator needs the card details.');
      assertReturnUrl(input.returnUrl);
      const outcome = evaluateTestCard(input.card, now());
      const changes = confirmationChanges(outcome, input.returnUrl);
      return toIntent(await transition(id, ['requires_payment_method', 'requires_confirmation'], 'paid', changes));
    },

    /** Reads an intent; a processing intent whose delay has passed succeeds on this read. */
    async retrieveIntent(id: string): Promise<PaymentIntent> {
      const row = await findRow(id);
      if (row.status === 'processing') {
        const [settled] = await settleDue(id);
        if (settled) return settled;
      }
      return toIntent(row);
    },

    async updateIntentAmount(id: string, raw: number): Promise<PaymentIntent> {
      const { amount } = parsePaymentInput(createIntentInputSchema.pick({ amount: true }), { amount: raw });
      const open: PaymentStatus[] = ['requires_payment_method', 'requires_confirmation'];
      // No event: Stripe sends none a shop listens to for an amount change.
      const [row] = await db
        .update(intents)
        .set({ amount, updatedAt: now() })
        .where(and(eq(intents.id, id), inArray(intents.status, open)))
        .returning();
      if (row) return toIntent(row);
      const current = await findRow(id);
      const status = current.status as PaymentStatus;
      throw new AppError('CONFLICT', `This payment cannot be changed: it is ${statusWords[status]}.`, { status });
    },

    async cancelIntent(id: string): Promise<PaymentIntent> {
      const cancelable: PaymentStatus[] = ['requires_payment_method', 'requires_confirmation', 'requires_action'];
      return toIntent(await transition(id, cancelable, 'canceled', { status: 'canceled' }));
    },

    refund: (raw: RefundInput) => createRefund(parsePaymentInput(refundInputSchema, raw)),

    verifyWebhook: events.verify,

    publicConfig: () => ({ provider: 'simulator', testMode: true }) as const,

    /**
     * The shopper's answer on the simulated 3-D Secure page: approval moves the intent to `processing` (it
     * succeeds `processingDelayMs` later), refusal back to `requires_payment_method`. Returns the address the
     * intent was confirmed with, so the page sends the shopper back there and never to a URL from the query.
     */
    async completeAuthentication(id: string, approve: boolean) {
      const changes = approve
        ? { status: 'processing', settlesAt: new Date(now().getTime() + processingDelayMs) }
        : { status: 'requires_payment_method', lastError: authenticationRefused };
      const row = await transition(id, ['requires_action'], 'authenticated', changes);
      return { intent: toIntent(row), returnUrl: row.returnUrl };
    },

    /** Succeeds every processing intent whose delay has passed; for a periodic job. */
    settleProcessingIntents: () => settleDue(),

    /** Listens to the simulator's webhook events (signed, as they would arrive over HTTP). */
    onEvent: (listener: PaymentEventListener) => events.onEvent(listener),

    /** Signs an event like the simulator's webhooks; `timestamp` (unix seconds) lets tests sign stale ones. */
    signEvent: (event: PaymentEvent, timestamp?: number): SignedEvent => events.sign(event, timestamp),

    whenEventsDelivered: events.whenDelivered,
  } satisfies PaymentProvider & Record<string, unknown>;
}

export type TestCardSimulator = ReturnType<typeof createTestCardSimulator>;
