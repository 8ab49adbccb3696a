import Stripe from 'stripe';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Config } from '../../config';
import { orders } from '../../db/schema';
import { orderBody, placeOrder } from '../../test/checkout';
import { createProduct } from '../../test/factories';
import { createTestApp, type TestContext } from '../../test/test-app';
import { startStripeApiStub, stripeIntentObject } from '../payments/stripe-api-stub';

const webhookSecret = 'whsec_checkout_stripe_test';
const intentId = 'pi_checkout_order';

let stub: Awaited<ReturnType<typeof startStripeApiStub>>;
let stripeApp: TestContext;
let simulatorApp: TestContext;
/** The intent as the stub's Stripe created it (amount and metadata from the shop's request). */
let created: { amount: number; metadata: Record<string, string> } = { amount: 0, metadata: {} };

function metadataOf(form: Record<string, string>): Record<string, string> {
  const metadata: Record<string, string> = {};
  for (const [key, value] of Object.entries(form)) {
    const match = /^metadata\[(.+)\]$/.exec(key);
    if (match?.[1]) metadata[match[1]] = value;
  }
  return metadata;
}

beforeAll(async () => {
  stub = await startStripeApiStub({
    'POST /v1/payment_intents': ({ form }) => {
      created = { amount: Number(form.amount), metadata: metadataOf(form) };
      return {
        body: stripeIntentObject({
          id: intentId,
          client_secret: `${intentId}_secret_x`,
          currency: form.currency,
          ...created,
        }),
      };
    },
    [`GET /v1/payment_intents/${intentId}`]: () => ({
      body: stripeIntentObject({
        id: intentId,
        client_secret: `${intentId}_secret_x`,
        status: 'succeeded',
        payment_method: { id: 'pm_1', card: { last4: '4242' } },
        ...created,
      }),
    }),
  });
  const payments: Config['payments'] = {
    provider: 'stripe',
    secretKey: 'sk_test_checkout',
    publishableKey: 'pk_test_checkout',
    webhookSecret,
    api: stub.api,
  };
  stripeApp = await createTestApp({ payments });
  simulatorApp = await createTestApp();
});
afterAll(async () => {
  await stripeApp.close();
  await simulatorApp.close();
  await stub.close();
});

describe('checkout with PAYMENT_PROVIDER=stripe', () => {
  it('accepts a webhook signed with the SDK’s test-header helper and marks the order paid', async () => {
    const phone = await createProduct(stripeApp.db, { priceToea: 45_000, stock: 2 });
    const placed = await placeOrder(
      stripeApp,
      orderBody({ type: 'items', items: [{ productId: phone.id, quantity: 1 }] }),
    );
    expect(placed.payment).toMatchObject({ intentId, amount: 45_000, currency: 'pgk' });
    expect(created.metadata).toMatchObject({ kind: 'order', orderId: String(placed.order.id) });

    const payload = JSON.stringify({
      id: 'evt_stripe_checkout_1',
      object: 'event',
      type: 'payment_intent.succeeded',
      data: { object: stripeIntentObject({ id: intentId, status: 'succeeded', ...created }) },
    });
    const signature = new Stripe('sk_test_checkout').webhooks.generateTestHeaderString({
      payload,
      secret: webhookSecret,
    });
    const deliver = (header: string) =>
      stripeApp.app.inject({
        method: 'POST',
        url: '/api/payments/webhook',
        headers: { 'content-type': 'application/json', 'stripe-signature': header },
        payload,
      });

    const forged = await deliver(signature.replace(/v1=[0-9a-f]{4}/, 'v1=ffff'));
    expect(forged.statusCode).toBe(400);
    const [unpaid] = await stripeApp.db.select().from(orders).where(eq(orders.id, placed.order.id));
    expect(unpaid?.paymentStatus).toBe('pending');

    const accepted = await deliver(signature);
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json()).toEqual({ received: true, duplicate: false });
    const [paid] = await stripeApp.db.select().from(orders).where(eq(orders.id, placed.order.id));
    expect(paid).toMatchObject({ paymentStatus: 'paid', cardLast4: '4242', paymentIntentId: intentId });
  });

  it('gives the page Stripe’s publishable key and serves no simulator page', async () => {
    const config = await stripeApp.app.inject({ method: 'GET', url: '/api/payments/config' });
    const page = await stripeApp.app.inject({ method: 'GET', url: `/api/payments/simulator/authenticate/${intentId}` });

    expect(config.json()).toEqual({ provider: 'stripe', publishableKey: 'pk_test_checkout', testMode: true });
    expect(page.statusCode).toBe(404);
  });

  it('allows Stripe’s origins in the Content-Security-Policy with Stripe, and only then', async () => {
    const withStripe = await stripeApp.app.inject({ method: 'GET', url: '/api/payments/config' });
    const withSimulator = await simulatorApp.app.inject({ method: 'GET', url: '/api/payments/config' });

    const stripeCsp = String(withStripe.headers['content-security-policy']);
    expect(stripeCsp).toContain("script-src 'self' https://js.stripe.com;");
    expect(stripeCsp).toContain("frame-src 'self' https://js.stripe.com https://hooks.stripe.com;");
    expect(stripeCsp).toContain("connect-src 'self' https://api.stripe.com;");
    expect(String(withSimulator.headers['content-security-policy'])).not.toContain('stripe');
  });
});
