import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, products, stockMovements } from '../../db/schema';
import { AppError } from '../../errors';
import {
  card,
  type CheckoutTestContext,
  createCheckoutTestApp,
  orderBody,
  payOrder,
  placeOrder,
} from '../../test/checkout';
import { createProduct } from '../../test/factories';
import { stockActors } from '../stock/stock.service';
import { StockGoneError, transition } from './order-lifecycle';
import { orderStateOf } from './order-states';

/** The one writer (issue 27, decision 023) on a real database: it refuses what the table does not allow. */
let ctx: CheckoutTestContext;
beforeAll(async () => {
  ctx = await createCheckoutTestApp();
});
afterAll(async () => {
  await ctx.close();
});

async function heldOrder(stock = 3, quantity = 1) {
  const product = await createProduct(ctx.db, { priceToea: 10_000, stock });
  const placed = await placeOrder(ctx, orderBody({ type: 'items', items: [{ productId: product.id, quantity }] }));
  return { product, placed, id: placed.order.id };
}

const row = async (id: number) => (await ctx.db.select().from(orders).where(eq(orders.id, id)))[0]!;
const onHand = async (id: number) => (await ctx.db.select().from(products).where(eq(products.id, id)))[0]!.stock;

describe('order lifecycle: transition', () => {
  it('refuses an event the state does not allow with a 409 that names the state, and changes nothing', async () => {
    const { id } = await heldOrder();
    const before = await row(id);
    const refusal = ctx.db.transaction((tx) =>
      transition(tx, id, {
        event: 'dispatch',
        actor: 'staff',
        at: ctx.clock.now(),
        set: { shippingStatus: 'Dispatched' },
      }),
    );
    await expect(refusal).rejects.toThrow(AppError);
    await expect(refusal).rejects.toMatchObject({
      code: 'CONFLICT',
      message: `Order #${id} is awaiting card payment: it cannot be dispatched.`,
    });
    expect(await row(id)).toEqual(before);
  });

  it('refuses an actor the event does not allow, and a stock effect the event does not have', async () => {
    const { id } = await heldOrder();
    await expect(
      ctx.db.transaction((tx) =>
        transition(tx, id, { event: 'receive-part', actor: 'shopper', at: ctx.clock.now(), set: {} }),
      ),
    ).rejects.toMatchObject({ code: 'CONFLICT' });
    await expect(
      ctx.db.transaction((tx) =>
        transition(tx, id, {
          event: 'decline-card',
          actor: 'provider',
          at: ctx.clock.now(),
          set: { paymentStatus: 'failed' },
          stock: { kind: 'release', reason: 'order-released', actor: stockActors.payment },
        }),
      ),
    ).rejects.toThrow(/cannot have the stock effect release/);
    expect(orderStateOf(await row(id))).toBe('awaiting-card');
  });

  it('rolls back a change that leads where the table does not go', async () => {
    const { id, product } = await heldOrder(3, 2);
    const stock = await onHand(product.id);
    // A release that would leave the order paid is a bug, not a release.
    await expect(
      ctx.db.transaction((tx) =>
        transition(tx, id, {
          event: 'release',
          actor: 'system',
          at: ctx.clock.now(),
          set: { paymentStatus: 'paid' },
          stock: { kind: 'release', reason: 'hold-expired', actor: stockActors.holdExpiry },
        }),
      ),
    ).rejects.toThrow(/took order \d+ from awaiting-card to/);
    expect(orderStateOf(await row(id))).toBe('awaiting-card');
    expect(await onHand(product.id)).toBe(stock);
  });

  it('a release puts the units back through the log; paying the ended order takes them again, or refuses when they are gone', async () => {
    const { id, product } = await heldOrder(2, 2);
    expect(await onHand(product.id)).toBe(0);
    const released = await ctx.db.transaction((tx) =>
      transition(tx, id, {
        event: 'release',
        actor: 'system',
        at: ctx.clock.now(),
        set: { paymentStatus: 'cancelled', shippingStatus: 'Cancelled', cancelReason: 'hold-expired' },
        stock: { kind: 'release', reason: 'hold-expired', actor: stockActors.holdExpiry },
      }),
    );
    expect(orderStateOf(released)).toBe('ended-unpaid');
    expect(released.stockState).toBe('released');
    expect(await onHand(product.id)).toBe(2);

    // Someone else buys one unit: the ended order's two can no longer be taken, all or none.
    const other = await placeOrder(ctx, orderBody({ type: 'items', items: [{ productId: product.id, quantity: 1 }] }));
    expect((await payOrder(ctx, other, { card: card() })).json().status).toBe('succeeded');
    await expect(
      ctx.db.transaction((tx) =>
        transition(tx, id, {
          event: 'pay',
          actor: 'provider',
          at: ctx.clock.now(),
          set: { paymentStatus: 'paid' },
          stock: { kind: 'sell' },
        }),
      ),
    ).rejects.toThrow(StockGoneError);
    expect(await onHand(product.id)).toBe(1);
    expect(orderStateOf(await row(id))).toBe('ended-unpaid');
    const moves = await ctx.db.select().from(stockMovements).where(eq(stockMovements.orderId, id));
    expect(moves.map((move) => [move.reason, move.change])).toEqual([
      ['order-placed', -2],
      ['hold-expired', 2],
    ]);
  });
});
