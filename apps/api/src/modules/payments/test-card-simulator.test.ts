import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/client';
import { simulatedPaymentIntents } from '../../db/schema';
import { createTestDatabase } from '../../test/test-database';
import type { TestCardDetails } from './payment-provider';
import type { SignedEvent } from './simulator-events';
import { createTestCardSimulator, type TestCardSimulator } from './test-card-simulator';

const webhookSecret = 'whsec_sim_test';
const clock = { now: new Date('2031-06-15T10:00:00Z') };
const advance = (ms: number) => (clock.now = new Date(clock.now.getTime() + ms));

let database: DatabaseHandle;
let simulator: TestCardSimulator;
let delivered: SignedEvent[];

beforeAll(async () => {
  database = await createTestDatabase();
  simulator = createTestCardSimulator({ db: database.db, webhookSecret, now: () => clock.now });
  simulator.onEvent((event) => {
    delivered.push(event);
  });
});
afterAll(() => database.close());
beforeEach(async () => {
  // Events of the previous test are delivered first, so that each test sees only its own.
  await simulator.whenEventsDelivered();
  delivered = [];
});

const card = (number: string): TestCardDetails => ({ number, expMonth: 12, expYear: 2034, cvc: '123' });

function newIntent(amount = 25_050, idempotencyKey: string = randomUUID()) {
  return simulator.createIntent({ amount, currency: 'pgk', metadata: { orderId: 'o_1' }, idempotencyKey });
}

async function deliveredTypes() {
  await simulator.whenEventsDelivered();
  return delivered.map(({ event }) => event.type);
}

describe('test-card simulator: confirming a card', () => {
  it('4242 4242 4242 4242 pays the intent, keeps the last four digits and sends payment_intent.succeeded', async () => {
    const intent = await newIntent();
    expect(intent).toMatchObject({ status: 'requires_payment_method', amount: 25_050, currency: 'pgk' });
    expect(intent.id).toMatch(/^pi_sim_[0-9a-f]{24}$/);

    const paid = await simulator.confirmIntent(intent.id, { card: card('4242 4242 4242 4242') });

    expect(paid).toMatchObject({ status: 'succeeded', cardLast4: '4242', lastPaymentError: null });
    expect(await simulator.retrieveIntent(intent.id)).toEqual(paid);
    expect(await deliveredTypes()).toEqual(['payment_intent.succeeded']);
  });

  it.each([
    ['4000 0000 0000 0002', 'Your card was declined.'],
    ['4000 0000 0000 9995', 'Your card has insufficient funds.'],
    ['5555 5555 5555 4444', 'Your card number is not a test card. Use 4242 4242 4242 4242.'],
  ])('%s leaves the intent unpaid with "%s" and sends payment_intent.payment_failed', async (number, message) => {
    const intent = await newIntent();

    const failed = await simulator.confirmIntent(intent.id, { card: card(number) });

    expect(failed.status).toBe('requires_payment_method');
    expect(failed.lastPaymentError).toMatchObject({ code: 'card_declined', message });
    expect(await deliveredTypes()).toEqual(['payment_intent.payment_failed']);
  });

  it('a declined intent can be paid with another card afterwards', async () => {
    const intent = await newIntent();
    await simulator.confirmIntent(intent.id, { card: card('4000000000000002') });

    const paid = await simulator.confirmIntent(intent.id, { card: card('4242424242424242') });

    expect(paid).toMatchObject({ status: 'succeeded', lastPaymentError: null, cardLast4: '4242' });
  });

  it('explains a wrong number, a past expiry date and a short security code', async () => {
    const intent = await newIntent();
    const attempt = async (details: TestCardDetails) =>
      (await simulator.confirmIntent(intent.id, { card: details })).lastPaymentError?.message;

    expect(await attempt(card('4242 4242 4242 4241'))).toBe('Your card number is incorrect.');
    expect(await attempt({ ...card('4242424242424242'), expYear: 2031, expMonth: 5 })).toBe(
      "Your card's expiration date is in the past.",
    );
    expect(await attempt({ ...card('4242424242424242'), cvc: '7' })).toBe("Your card's security code is incomplete.");
    expect((await simulator.retrieveIntent(intent.id)).status).toBe('requires_payment_method');
  });

  it('a paid intent cannot be confirmed again, so it is never charged twice', async () => {
    const intent = await newIntent();
    const confirmations = await Promise.allSettled(
      Array.from({ length: 5 }, () => simulator.confirmIntent(intent.id, { card: card('4242424242424242') })),
    );

    expect(confirmations.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
    expect(confirmations.filter((result) => result.status === 'rejected')[0]).toMatchObject({
      reason: { code: 'CONFLICT', message: 'This payment cannot be paid: it is already paid.' },
    });
    expect(await deliveredTypes()).toEqual(['payment_intent.succeeded']);
  });

  it('an open intent takes the order’s new quote as its amount, silently; a paid one cannot change (decision 022)', async () => {
    const intent = await newIntent(18_900);
    const updated = await simulator.updateIntentAmount(intent.id, 13_410);
    expect(updated).toMatchObject({ id: intent.id, status: 'requires_payment_method', amount: 13_410 });
    expect(await deliveredTypes()).toEqual([]);
    await simulator.confirmIntent(intent.id, { card: card('4242424242424242') });
    expect((await simulator.retrieveIntent(intent.id)).amount).toBe(13_410);
    await expect(simulator.updateIntentAmount(intent.id, 100)).rejects.toMatchObject({
      code: 'CONFLICT',
      message: 'This payment cannot be changed: it is already paid.',
    });
    await expect(simulator.updateIntentAmount(intent.id, -1)).rejects.toMatchObject({ code: 'VALIDATION' });
  });

  it('an unknown intent is not found', async () => {
    await expect(simulator.retrieveIntent('pi_sim_unknown')).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });
});

describe('test-card simulator: the card that needs authentication', () => {
  it('4000 0025 0000 3155 goes requires_action, then processing after approval, then succeeded a second later', async () => {
    const intent = await newIntent();

    const pending = await simulator.confirmIntent(intent.id, {
      card: card('4000 0025 0000 3155'),
      returnUrl: '/checkout/return',
    });
    expect(pending).toMatchObject({ status: 'requires_action', cardLast4: '3155' });
    expect(pending.nextActionUrl).toBe(`/api/payments/simulator/authenticate/${intent.id}`);

    const { intent: processing, returnUrl } = await simulator.completeAuthentication(intent.id, true);
    expect(processing).toMatchObject({ status: 'processing', nextActionUrl: null });
    expect(returnUrl).toBe('/checkout/return');

    advance(999);
    expect((await simulator.retrieveIntent(intent.id)).status).toBe('processing');
    advance(1);
    expect((await simulator.retrieveIntent(intent.id)).status).toBe('succeeded');
    expect((await simulator.retrieveIntent(intent.id)).status).toBe('succeeded');
    expect(await deliveredTypes()).toEqual([
      'payment_intent.requires_action',
      'payment_intent.processing',
      'payment_intent.succeeded',
    ]);
  });

  it('a refused authentication leaves the intent unpaid with the reason', async () => {
    const intent = await newIntent();
    await simulator.confirmIntent(intent.id, { card: card('4000002500003155') });

    const { intent: refused } = await simulator.completeAuthentication(intent.id, false);

    expect(refused.status).toBe('requires_payment_method');
    expect(refused.lastPaymentError?.code).toBe('payment_intent_authentication_failure');
    await expect(simulator.completeAuthentication(intent.id, true)).rejects.toMatchObject({ code: 'CONFLICT' });
    expect((await deliveredTypes()).at(-1)).toBe('payment_intent.payment_failed');
  });

  it('a periodic settle succeeds due processing intents without anyone reading them', async () => {
    const intent = await newIntent();
    await simulator.confirmIntent(intent.id, { card: card('4000002500003155') });
    await simulator.completeAuthentication(intent.id, true);

    expect(await simulator.settleProcessingIntents()).toEqual([]);
    advance(1000);
    const settled = await simulator.settleProcessingIntents();

    expect(settled.map((each) => each.id)).toEqual([intent.id]);
    expect(await simulator.settleProcessingIntents()).toEqual([]);
  });

  it('refuses a return URL that leaves the shop for another scheme', async () => {
    const intent = await newIntent();
    const confirm = (returnUrl: string) =>
      simulator.confirmIntent(intent.id, { card: card('4000002500003155'), returnUrl });

    await expect(confirm('javascript:alert(1)')).rejects.toMatchObject({ code: 'VALIDATION' });
    await expect(confirm('//evil.example/')).rejects.toMatchObject({ code: 'VALIDATION' });
  });
});

describe('test-card simulator: creating intents', () => {
  it('the same idempotency key sent 20 times at once makes one intent', async () => {
    const key = randomUUID();

    const intents = await Promise.all(Array.from({ length: 20 }, () => newIntent(9_900, key)));

    expect(new Set(intents.map((intent) => intent.id)).size).toBe(1);
    const rows = await database.db
      .select()
      .from(simulatedPaymentIntents)
      .where(eq(simulatedPaymentIntents.idempotencyKey, key));
    expect(rows).toHaveLength(1);
  });

  it('the same idempotency key with other parameters is a conflict', async () => {
    const key = randomUUID();
    await newIntent(9_900, key);

    await expect(newIntent(9_901, key)).rejects.toMatchObject({ code: 'CONFLICT' });
    await expect(
      simulator.createIntent({ amount: 9_900, currency: 'pgk', metadata: { orderId: 'o_2' }, idempotencyKey: key }),
    ).rejects.toMatchObject({ code: 'CONFLICT' });
  });

  it('amounts must be positive whole numbers of toea, and keys at most 255 characters', async () => {
    for (const amount of [0, -100, 10.5, Number.NaN]) {
      await expect(newIntent(amount)).rejects.toMatchObject({ code: 'VALIDATION', issues: [{ path: 'amount' }] });
    }
    await expect(newIntent(100, 'k'.repeat(256))).rejects.toMatchObject({ code: 'VALIDATION' });
    await expect(newIntent(100, 'k'.repeat(255))).resolves.toMatchObject({ amount: 100 });
  });
});

describe('test-card simulator: refunds and cancelling', () => {
  async function paidIntent(amount = 10_000) {
    const intent = await newIntent(amount);
    return simulator.confirmIntent(intent.id, { card: card('4242424242424242') });
  }

  it('refunds a succeeded payment in parts up to what was paid', async () => {
    const intent = await paidIntent(10_000);

    const first = await simulator.refund({ intentId: intent.id, amount: 3_000, idempotencyKey: randomUUID() });
    const rest = await simulator.refund({ intentId: intent.id, idempotencyKey: randomUUID() });

    expect(first).toMatchObject({ status: 'succeeded', amount: 3_000 });
    expect(first.id).toMatch(/^re_sim_/);
    expect(rest).toMatchObject({ status: 'succeeded', amount: 7_000 });
    await expect(
      simulator.refund({ intentId: intent.id, amount: 1, idempotencyKey: randomUUID() }),
    ).rejects.toMatchObject({ code: 'VALIDATION', details: { refundable: 0 } });
  });

  it('a refund retried with the same key is made once', async () => {
    const intent = await paidIntent(10_000);
    const key = randomUUID();

    const refunds = await Promise.all(
      Array.from({ length: 5 }, () => simulator.refund({ intentId: intent.id, amount: 6_000, idempotencyKey: key })),
    );

    expect(new Set(refunds.map((refund) => refund.id)).size).toBe(1);
    await expect(simulator.refund({ intentId: intent.id, amount: 4_000, idempotencyKey: key })).rejects.toMatchObject({
      code: 'CONFLICT',
    });
    expect(await simulator.refund({ intentId: intent.id, idempotencyKey: randomUUID() })).toMatchObject({
      amount: 4_000,
    });
  });

  it('an unpaid intent cannot be refunded', async () => {
    const intent = await newIntent();
    await expect(simulator.refund({ intentId: intent.id, idempotencyKey: randomUUID() })).rejects.toMatchObject({
      code: 'CONFLICT',
    });
  });

  it('cancels an unpaid intent, which can then no longer be paid', async () => {
    const intent = await newIntent();

    expect((await simulator.cancelIntent(intent.id)).status).toBe('canceled');
    await expect(simulator.confirmIntent(intent.id, { card: card('4242424242424242') })).rejects.toMatchObject({
      code: 'CONFLICT',
    });
    expect(await deliveredTypes()).toEqual(['payment_intent.canceled']);
  });

  it('a paid intent cannot be cancelled', async () => {
    const intent = await paidIntent();
    await expect(simulator.cancelIntent(intent.id)).rejects.toMatchObject({ code: 'CONFLICT' });
  });
});

describe('test-card simulator: webhooks', () => {
  it('delivers events signed so that the shop verifies them like any webhook', async () => {
    const intent = await newIntent();
    await simulator.confirmIntent(intent.id, { card: card('4242424242424242') });
    await simulator.whenEventsDelivered();
    const [delivery] = delivered;
    if (!delivery) throw new Error('no event was delivered');

    const event = simulator.verifyWebhook(Buffer.from(delivery.payload), delivery.signatureHeader);

    expect(event.id).toMatch(/^evt_sim_/);
    expect(event).toMatchObject({ type: 'payment_intent.succeeded', intent: { id: intent.id, status: 'succeeded' } });
  });

  it('refuses a forged signature, a stale timestamp and a missing header', async () => {
    const intent = await newIntent();
    const event = {
      id: 'evt_sim_forged',
      type: 'payment_intent.succeeded',
      intent: { ...intent, status: 'succeeded' as const },
    };
    const genuine = simulator.signEvent(event);
    const forger = createTestCardSimulator({ db: database.db, webhookSecret: 'whsec_guess', now: () => clock.now });
    const forged = forger.signEvent(event);
    const stale = simulator.signEvent(event, Math.floor(clock.now.getTime() / 1000) - 301);
    const reason = (payload: string, header: string | undefined) => {
      try {
        simulator.verifyWebhook(payload, header);
        return 'accepted';
      } catch (error) {
        return (error as { details: { reason: string } }).details.reason;
      }
    };

    expect(reason(genuine.payload, genuine.signatureHeader)).toBe('accepted');
    expect(reason(forged.payload, forged.signatureHeader)).toBe('no signature matches the payload');
    expect(reason(stale.payload, stale.signatureHeader)).toBe('timestamp outside the tolerance');
    expect(reason(genuine.payload, undefined)).toBe('missing signature header');
  });

  it('a listener that throws does not fail the payment, and the error is reported', async () => {
    const errors: unknown[] = [];
    const noisy = createTestCardSimulator({
      db: database.db,
      webhookSecret,
      now: () => clock.now,
      onDeliveryError: (error) => errors.push(error),
    });
    noisy.onEvent(() => {
      throw new Error('handler down');
    });
    const intent = await noisy.createIntent({
      amount: 100,
      currency: 'pgk',
      metadata: {},
      idempotencyKey: randomUUID(),
    });

    const paid = await noisy.confirmIntent(intent.id, { card: card('4242424242424242') });
    await noisy.whenEventsDelivered();

    expect(paid.status).toBe('succeeded');
    expect(errors).toEqual([new Error('handler down')]);
  });

  it('says to the browser that it is in test mode', () => {
    expect(simulator.publicConfig()).toEqual({ provider: 'simulator', testMode: true });
  });
});
