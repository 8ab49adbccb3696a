import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStripeApiStub, stripeIntentObject } from './stripe-api-stub';
import { createStripeProvider } from './stripe-provider';

const webhookSecret = 'whsec_test_stub';
const cardError = {
  type: 'card_error',
  code: 'card_declined',
  decline_code: 'insufficient_funds',
  message: 'Your card has insufficient funds.',
};

let stub: Awaited<ReturnType<typeof startStripeApiStub>>;
let provider: ReturnType<typeof createStripeProvider>;

beforeAll(async () => {
  stub = await startStripeApiStub({
    'POST /v1/payment_intents': ({ form }) => ({
      body: stripeIntentObject({ amount: Number(form.amount), currency: form.currency, metadata: { orderId: 'o_1' } }),
    }),
    'GET /v1/payment_intents/pi_paid': () => ({
      body: stripeIntentObject({
        id: 'pi_paid',
        status: 'succeeded',
        payment_method: { id: 'pm_1', card: { last4: '4242' } },
      }),
    }),
    'POST /v1/payment_intents/pi_requoted': ({ form }) => ({
      body: stripeIntentObject({ id: 'pi_requoted', amount: Number(form.amount) }),
    }),
    'GET /v1/payment_intents/pi_authorised': () => ({
      body: stripeIntentObject({ id: 'pi_authorised', status: 'requires_capture' }),
    }),
    'POST /v1/payment_intents/pi_3ds/confirm': () => ({
      body: stripeIntentObject({
        id: 'pi_3ds',
        status: 'requires_action',
        next_action: { type: 'redirect_to_url', redirect_to_url: { url: 'https://hooks.stripe.com/3d_secure/abc' } },
      }),
    }),
    'POST /v1/payment_intents/pi_poor/confirm': () => ({
      status: 402,
      body: {
        error: {
          ...cardError,
          payment_intent: stripeIntentObject({ id: 'pi_poor', last_payment_error: cardError }),
        },
      },
    }),
    'POST /v1/payment_intents/pi_reused/confirm': () => ({
      status: 400,
      body: { error: { type: 'idempotency_error', message: 'Keys for idempotent requests can only be used once.' } },
    }),
    'POST /v1/refunds': ({ form }) => ({
      body: {
        id: 're_1',
        object: 'refund',
        amount: Number(form.amount),
        status: 'pending',
        payment_intent: form.payment_intent,
      },
    }),
  });
  provider = createStripeProvider({
    secretKey: 'sk_test_stub',
    publishableKey: 'pk_test_stub',
    webhookSecret,
    api: stub.api,
  });
});

afterAll(() => stub.close());

function lastRequest() {
  const request = stub.requests.at(-1);
  if (!request) throw new Error('the stub received no request');
  return request;
}

describe('Stripe adapter', () => {
  it('creates an intent in toea and PGK, cards only, with the idempotency key as a header', async () => {
    const intent = await provider.createIntent({
      amount: 12_345,
      currency: 'pgk',
      metadata: { orderId: 'o_1' },
      idempotencyKey: 'order-o_1-attempt-1',
    });

    const request = lastRequest();
    expect(request.form).toMatchObject({ amount: '12345', currency: 'pgk', 'metadata[orderId]': 'o_1' });
    expect(request.form['payment_method_types[0]']).toBe('card');
    expect(request.headers['idempotency-key']).toBe('order-o_1-attempt-1');
    expect(request.headers.authorization).toBe('Bearer sk_test_stub');
    expect(intent).toMatchObject({
      id: 'pi_stub_1',
      amount: 12_345,
      currency: 'pgk',
      status: 'requires_payment_method',
    });
  });

  it('refuses an amount that is not a positive whole number of toea before calling Stripe', async () => {
    const before = stub.requests.length;
    await expect(
      provider.createIntent({ amount: 100.5, currency: 'pgk', metadata: {}, idempotencyKey: 'k-fraction' }),
    ).rejects.toMatchObject({ code: 'VALIDATION' });
    expect(stub.requests.length).toBe(before);
  });

  it('retrieves an intent with its card and maps the status', async () => {
    const paid = await provider.retrieveIntent('pi_paid');

    expect(lastRequest().query.get('expand[0]')).toBe('payment_method');
    expect(paid).toMatchObject({ status: 'succeeded', cardLast4: '4242', lastPaymentError: null });
    expect((await provider.retrieveIntent('pi_authorised')).status).toBe('processing');
  });

  it('sets an open intent’s amount to the order’s new quote (decision 022), and refuses a bad amount first', async () => {
    const updated = await provider.updateIntentAmount('pi_requoted', 13_410);
    expect(lastRequest()).toMatchObject({ method: 'POST', path: '/v1/payment_intents/pi_requoted' });
    expect(lastRequest().form.amount).toBe('13410');
    expect(updated).toMatchObject({ id: 'pi_requoted', amount: 13_410 });
    const before = stub.requests.length;
    await expect(provider.updateIntentAmount('pi_requoted', 0)).rejects.toMatchObject({ code: 'VALIDATION' });
    expect(stub.requests.length).toBe(before);
  });

  it('reports an unknown intent as not found', async () => {
    await expect(provider.retrieveIntent('pi_missing')).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('confirms with the payment method and return URL and passes on where to authenticate', async () => {
    const intent = await provider.confirmIntent('pi_3ds', {
      paymentMethodId: 'pm_card',
      returnUrl: 'https://shop.pg/back',
    });

    expect(lastRequest().form).toMatchObject({ payment_method: 'pm_card', return_url: 'https://shop.pg/back' });
    expect(intent).toMatchObject({
      status: 'requires_action',
      nextActionUrl: 'https://hooks.stripe.com/3d_secure/abc',
    });
  });

  it('returns a declined confirmation as the intent with its payment error', async () => {
    const intent = await provider.confirmIntent('pi_poor', { paymentMethodId: 'pm_card' });

    expect(intent.status).toBe('requires_payment_method');
    expect(intent.lastPaymentError).toEqual({
      code: 'card_declined',
      declineCode: 'insufficient_funds',
      message: 'Your card has insufficient funds.',
    });
  });

  it('turns a reused idempotency key into a conflict', async () => {
    await expect(provider.confirmIntent('pi_reused', { paymentMethodId: 'pm_card' })).rejects.toMatchObject({
      code: 'CONFLICT',
    });
  });

  it('never takes card details: they go from the browser to Stripe', async () => {
    const card = { number: '4242424242424242', expMonth: 12, expYear: 2034, cvc: '123' };
    await expect(provider.confirmIntent('pi_3ds', { card })).rejects.toMatchObject({ code: 'VALIDATION' });
  });

  it('refunds part of a payment with an idempotency key and maps the refund status', async () => {
    const refund = await provider.refund({ intentId: 'pi_paid', amount: 500, idempotencyKey: 'refund-o_1' });

    expect(lastRequest().form).toMatchObject({ payment_intent: 'pi_paid', amount: '500' });
    expect(lastRequest().headers['idempotency-key']).toBe('refund-o_1');
    expect(refund).toEqual({ id: 're_1', status: 'pending', amount: 500 });
  });

  it('tells the browser its publishable key and whether it is a test key', () => {
    expect(provider.publicConfig()).toEqual({ provider: 'stripe', publishableKey: 'pk_test_stub', testMode: true });
  });
});

describe('Stripe webhooks', () => {
  const payload = JSON.stringify({
    id: 'evt_1',
    object: 'event',
    type: 'payment_intent.succeeded',
    data: { object: stripeIntentObject({ id: 'pi_paid', status: 'succeeded' }) },
  });
  const signed = (secret: string, timestamp?: number) =>
    Stripe.webhooks.generateTestHeaderString({ payload, secret, timestamp });

  it('accepts an event signed with the webhook secret and returns its intent', () => {
    const event = provider.verifyWebhook(Buffer.from(payload), signed(webhookSecret));

    expect(event).toMatchObject({ id: 'evt_1', type: 'payment_intent.succeeded' });
    expect(event.intent).toMatchObject({ id: 'pi_paid', status: 'succeeded', amount: 12_345, currency: 'pgk' });
  });

  it('refuses an event signed with another secret', () => {
    expect(() => provider.verifyWebhook(payload, signed('whsec_forged'))).toThrow(
      expect.objectContaining({ code: 'VALIDATION' }),
    );
  });

  it('refuses a body changed after signing', () => {
    const tampered = payload.replace('12345', '1');
    expect(() => provider.verifyWebhook(tampered, signed(webhookSecret))).toThrow(/signature/);
  });

  it('refuses a signature older than five minutes and a missing header', () => {
    const stale = signed(webhookSecret, Math.floor(Date.now() / 1000) - 301);
    expect(() => provider.verifyWebhook(payload, stale)).toThrow(expect.objectContaining({ code: 'VALIDATION' }));
    expect(() => provider.verifyWebhook(payload, undefined)).toThrow(
      expect.objectContaining({ details: { reason: 'missing signature header' } }),
    );
  });

  it('refuses a signature dated more than five minutes ahead, which Stripe’s library alone accepts', () => {
    const ahead = signed(webhookSecret, Math.floor(Date.now() / 1000) + 3600);
    expect(() => Stripe.webhooks.constructEvent(payload, ahead, webhookSecret, 300)).not.toThrow();
    expect(() => provider.verifyWebhook(payload, ahead)).toThrow(
      expect.objectContaining({ details: { reason: 'timestamp outside the tolerance' } }),
    );
    expect(provider.verifyWebhook(payload, signed(webhookSecret, Math.floor(Date.now() / 1000) + 60)).id).toBe('evt_1');
  });

  it('returns no intent for events about other objects', () => {
    const refundPayload = JSON.stringify({
      id: 'evt_2',
      object: 'event',
      type: 'charge.refunded',
      data: { object: {} },
    });
    const header = Stripe.webhooks.generateTestHeaderString({ payload: refundPayload, secret: webhookSecret });
    expect(provider.verifyWebhook(refundPayload, header)).toEqual({
      id: 'evt_2',
      type: 'charge.refunded',
      intent: null,
    });
  });
});
