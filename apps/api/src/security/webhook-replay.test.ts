import type { CreateOrderResponse } from '@bilum/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '../db/schema';
import { webhookToleranceSeconds } from '../modules/payments/webhook-signature';
import { card, type CheckoutTestContext, createCheckoutTestApp, orderBody, placeOrder } from '../test/checkout';
import { createProduct } from '../test/factories';

/**
 * Issue 16: a webhook signed with a timestamp in the future was accepted, so a captured event stayed replayable
 * until that time. Both directions are now refused beyond Stripe's 300 s (payments/webhook-signature.ts).
 */
let ctx: CheckoutTestContext;

beforeAll(async () => {
  // The simulator's own deliveries never arrive: only the webhook route can mark the order paid.
  ctx = await createCheckoutTestApp({ lostWebhooks: true });
});
afterAll(() => ctx.close());

async function succeededEvent(timestamp: number) {
  const product = await createProduct(ctx.db, { priceToea: 5_000, stock: 5 });
  const placed: CreateOrderResponse = await placeOrder(
    ctx,
    orderBody({ type: 'items', items: [{ productId: product.id, quantity: 1 }] }),
  );
  await ctx.simulator.confirmIntent(placed.payment.intentId, { card: card() });
  const intent = await ctx.simulator.retrieveIntent(placed.payment.intentId);
  const signed = ctx.simulator.signEvent(
    { id: `evt_replay_${placed.order.id}`, type: 'payment_intent.succeeded', intent },
    timestamp,
  );
  return { placed, signed };
}

const deliver = (payload: string, signature: string) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/payments/webhook',
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    payload,
  });

async function paymentStatus(orderId: number) {
  const [row] = await ctx.db.select({ status: orders.paymentStatus }).from(orders).where(eq(orders.id, orderId));
  return row?.status;
}

const nowSeconds = () => Math.floor(ctx.clock.now().getTime() / 1000);

describe('webhook timestamps', () => {
  it.each([webhookToleranceSeconds + 1, 3600, 86_400 * 365 * 10])(
    'refuses a correctly signed event dated %i seconds ahead, and the order stays unpaid',
    async (ahead) => {
      const { placed, signed } = await succeededEvent(nowSeconds() + ahead);

      const answer = await deliver(signed.payload, signed.signatureHeader);

      expect(answer.statusCode).toBe(400);
      expect(answer.json().error).toMatchObject({
        code: 'VALIDATION',
        message: 'Webhook signature verification failed.',
        details: { reason: 'timestamp outside the tolerance' },
      });
      expect(await paymentStatus(placed.order.id)).toBe('pending');
    },
  );

  it('refuses one dated more than 300 seconds back, as before', async () => {
    const { placed, signed } = await succeededEvent(nowSeconds() - webhookToleranceSeconds - 1);
    expect((await deliver(signed.payload, signed.signatureHeader)).statusCode).toBe(400);
    expect(await paymentStatus(placed.order.id)).toBe('pending');
  });

  it('takes an event within the tolerance either way (clocks a little apart)', async () => {
    for (const offset of [-(webhookToleranceSeconds - 5), webhookToleranceSeconds - 5]) {
      const { placed, signed } = await succeededEvent(nowSeconds() + offset);
      const answer = await deliver(signed.payload, signed.signatureHeader);
      expect(answer.statusCode, answer.body).toBe(200);
      expect(await paymentStatus(placed.order.id)).toBe('paid');
    }
  });
});
