import type { MyOrders } from '@bilum/shared';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { type NewOrderRow, orderItems, orders } from '../../db/schema';
import { type SignedIn, signedInShopper } from '../../test/accounts';
import { createProduct } from '../../test/factories';
import { createTestApp, type TestContext } from '../../test/test-app';
import { defaultVariant } from '../variants/variant-lookup';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

/** An order as checkout leaves it, with one line per product given. */
async function placeOrder(
  db: Database,
  order: Partial<NewOrderRow>,
  lines: { productId: number; quantity: number; unitPrice: number; image?: string | null }[],
) {
  const total = lines.reduce((sum, line) => sum + line.unitPrice * line.quantity, 0);
  const [row] = await db
    .insert(orders)
    .values({
      orderType: 'registered',
      source: 'items',
      firstName: 'Kila',
      lastName: 'Rahu',
      email: 'kila@example.pg',
      phone: '+67571234567',
      subtotalToea: total,
      savingsToea: 0,
      totalToea: total,
      trackingCode: `BLM-${randomUUID().slice(0, 8)}`,
      idempotencyKeyHash: randomUUID(),
      requestHash: randomUUID(),
      checkoutTokenHash: randomUUID(),
      ...order,
    })
    .returning();
  if (!row) throw new Error('insert returned nothing');
  for (const line of lines) {
    const variant = await defaultVariant(db, line.productId);
    await db.insert(orderItems).values({
      orderId: row.id,
      productId: line.productId,
      variantId: variant.id,
      variantSku: variant.sku,
      productName: `Product ${line.productId}`,
      productImage: line.image === undefined ? '/images/products/test.svg' : line.image,
      quantity: line.quantity,
      unitPriceToea: line.unitPrice,
    });
  }
  return row;
}

async function historyOf(shopper: SignedIn): Promise<MyOrders> {
  const response = await ctx.app.inject({
    method: 'GET',
    url: '/api/orders/mine',
    headers: { cookie: shopper.cookie },
  });
  expect(response.statusCode).toBe(200);
  return response.json();
}

describe('order history', () => {
  it('answers 401 without a session', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/orders/mine' });
    expect(response.statusCode).toBe(401);
  });

  it('lists the shopper’s paid orders newest first, with items, line totals, statuses and the card’s last four', async () => {
    const shopper = await signedInShopper(ctx);
    const phone = await createProduct(ctx.db);
    const cable = await createProduct(ctx.db);
    const older = await placeOrder(
      ctx.db,
      {
        userId: shopper.user.id,
        paymentStatus: 'paid',
        paidAt: new Date('2025-03-01T02:00:00Z'),
        placedAt: new Date('2025-03-01T01:59:00Z'),
        cardLast4: '4242',
        shippingStatus: 'Dispatched',
      },
      [
        { productId: phone.id, quantity: 1, unitPrice: 90_000 },
        { productId: cable.id, quantity: 3, unitPrice: 1_550, image: null },
      ],
    );
    const newer = await placeOrder(
      ctx.db,
      { userId: shopper.user.id, paymentStatus: 'paid', paidAt: new Date(), placedAt: new Date() },
      [{ productId: cable.id, quantity: 1, unitPrice: 1_550 }],
    );
    // Never paid: not an order the shopper placed.
    await placeOrder(ctx.db, { userId: shopper.user.id, paymentStatus: 'failed' }, [
      { productId: phone.id, quantity: 1, unitPrice: 90_000 },
    ]);

    const { orders: list } = await historyOf(shopper);
    expect(list.map((order) => order.id)).toEqual([newer.id, older.id]);
    expect(list[1]).toMatchObject({
      trackingCode: older.trackingCode,
      placedAt: '2025-03-01T01:59:00.000Z',
      total: 94_650,
      paymentStatus: 'paid',
      shippingStatus: 'Dispatched',
      cardLast4: '4242',
      items: [
        { productId: phone.id, quantity: 1, unitPrice: 90_000, lineTotal: 90_000 },
        { productId: cable.id, quantity: 3, unitPrice: 1_550, lineTotal: 4_650, image: null },
      ],
    });
    expect(list[0]?.cardLast4).toBe('N/A');
  });

  it('never shows another shopper’s orders, nor guest orders with the same e-mail', async () => {
    const owner = await signedInShopper(ctx);
    const other = await signedInShopper(ctx);
    const product = await createProduct(ctx.db);
    await placeOrder(ctx.db, { userId: owner.user.id, paymentStatus: 'paid', paidAt: new Date() }, [
      { productId: product.id, quantity: 1, unitPrice: 10_000 },
    ]);
    await placeOrder(
      ctx.db,
      { orderType: 'guest', email: other.user.email, paymentStatus: 'paid', paidAt: new Date() },
      [{ productId: product.id, quantity: 1, unitPrice: 10_000 }],
    );
    const peek = await ctx.app.inject({
      method: 'GET',
      url: `/api/orders/mine?user_id=${owner.user.id}`,
      headers: { cookie: other.cookie },
    });
    expect(peek.json().orders).toEqual([]);
    expect((await historyOf(owner)).orders).toHaveLength(1);
  });
});
