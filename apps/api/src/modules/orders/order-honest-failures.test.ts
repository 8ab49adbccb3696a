import { checkoutMessages, type PlacedOrderResponse } from '@bilum/shared';
import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, paymentSettings } from '../../db/schema';
import { signedInShopper } from '../../test/accounts';
import {
  allPaymentMethods,
  card,
  type CheckoutTestContext,
  createCheckoutTestApp,
  orderBody,
  payOrder,
  postOrder,
} from '../../test/checkout';
import { createProduct, stockOf as stockOfProduct } from '../../test/factories';

/**
 * Issue 27, "honest failures": an order is either stored and the shopper told so, or not stored and told that.
 * The disk fills at two moments here, as PostgreSQL reports it (SQLSTATE 53100, "could not extend file ... No space
 * left on device"), raised by triggers: while the order's transaction writes its lines (nothing is stored), and
 * after its commit, while the card payment's intent is written (the order is stored; its payment is not open).
 * The whole burst on a real full disk is src/resilience/disk-full.resilience.ts.
 */
let ctx: CheckoutTestContext;

beforeAll(async () => {
  ctx = await createCheckoutTestApp();
  await ctx.db.update(paymentSettings).set(allPaymentMethods).where(eq(paymentSettings.id, 1));
  await ctx.db.execute(sql`create table test_full_disk (at_table text primary key)`);
  await ctx.db.execute(sql`
    create function test_full_disk() returns trigger language plpgsql as $$
    begin
      if exists (select 1 from test_full_disk where at_table = tg_table_name) then
        raise exception 'could not extend file "base/5/16700": No space left on device' using errcode = '53100';
      end if;
      return new;
    end $$`);
  for (const table of ['order_items', 'simulated_payment_intents']) {
    await ctx.db.execute(
      sql.raw(`create trigger test_full_disk before insert on ${table} for each row execute function test_full_disk()`),
    );
  }
});
afterAll(async () => {
  await ctx.close();
});

const diskFullAt = (table: 'order_items' | 'simulated_payment_intents') =>
  ctx.db.execute(sql`insert into test_full_disk values (${table})`);
const diskFreed = () => ctx.db.execute(sql`delete from test_full_disk`);

async function orderCount(): Promise<number> {
  const [row] = await ctx.db.select({ n: count() }).from(orders);
  return row?.n ?? 0;
}

const stockOf = (productId: number) => stockOfProduct(ctx.db, productId);

describe('a checkout on a full disk', () => {
  it('stores nothing when the order cannot be written, says so (503), and the same attempt places it later', async () => {
    const product = await createProduct(ctx.db, { priceToea: 12_000, stock: 5 });
    const shopper = await signedInShopper(ctx);
    const source = { type: 'items' as const, items: [{ productId: product.id, quantity: 2 }] };
    const attempts = [
      { body: orderBody(source), cookie: undefined },
      { body: orderBody(source, { paymentMethod: 'bank-transfer' }), cookie: undefined },
      { body: orderBody(source), cookie: shopper.cookie },
      { body: orderBody(source, { paymentMethod: 'bank-transfer' }), cookie: shopper.cookie },
    ];
    const before = await orderCount();
    await diskFullAt('order_items');
    for (const { body, cookie } of attempts) {
      const answer = await postOrder(ctx, body, cookie);
      expect(answer.statusCode, answer.body).toBe(503);
      expect(answer.json()).toEqual({ error: { code: 'UNAVAILABLE', message: checkoutMessages.orderNotSaved } });
      // The same attempt again while the disk is still full: still nothing, and told so again.
      expect((await postOrder(ctx, body, cookie)).statusCode).toBe(503);
    }
    expect(await orderCount()).toBe(before);
    expect(await stockOf(product.id)).toBe(5);

    await diskFreed();
    const placed: number[] = [];
    for (const { body, cookie } of attempts.slice(0, 2)) {
      const answer = await postOrder(ctx, body, cookie);
      expect(answer.statusCode, answer.body).toBe(201);
      placed.push((answer.json() as PlacedOrderResponse).order.id);
      // ...and once more: the order of this attempt, never a second one.
      const again = await postOrder(ctx, body, cookie);
      expect(again.statusCode).toBe(200);
      expect((again.json() as PlacedOrderResponse).order.id).toBe(placed.at(-1));
    }
    expect(await orderCount()).toBe(before + 2);
    expect(await stockOf(product.id)).toBe(1);
  });

  it('answers a card order stored before its payment could be opened as stored, and opens it on the same attempt', async () => {
    const product = await createProduct(ctx.db, { priceToea: 9_000, stock: 3 });
    const shopper = await signedInShopper(ctx);
    const source = { type: 'items' as const, items: [{ productId: product.id, quantity: 1 }] };
    for (const cookie of [undefined, shopper.cookie]) {
      const body = orderBody(source);
      const before = await orderCount();
      await diskFullAt('simulated_payment_intents');
      const stored = await postOrder(ctx, body, cookie);
      expect(stored.statusCode, stored.body).toBe(201);
      const answer = stored.json() as PlacedOrderResponse;
      expect(answer.payment).toBeNull();
      expect(answer.order).toMatchObject({ paymentMethod: 'card', paymentStatus: 'pending' });
      const [row] = await ctx.db.select().from(orders).where(eq(orders.id, answer.order.id));
      expect(row).toMatchObject({ paymentIntentId: null, stockState: 'held' });
      // Retried while the disk is still full: the same order, still without its payment.
      const retried = await postOrder(ctx, body, cookie);
      expect(retried.statusCode).toBe(200);
      expect(retried.json()).toMatchObject({ order: { id: answer.order.id }, payment: null });

      await diskFreed();
      const opened = await postOrder(ctx, body, cookie);
      expect(opened.statusCode).toBe(200);
      const ready = opened.json() as PlacedOrderResponse;
      expect(ready.order.id).toBe(answer.order.id);
      expect(ready.payment).toMatchObject({ amount: 9_000, currency: 'pgk' });
      expect(await orderCount()).toBe(before + 1);
      const paid = await payOrder(ctx, { ...ready, payment: ready.payment! }, { card: card() }, cookie);
      expect(paid.json()).toMatchObject({ status: 'succeeded' });
    }
  });
});
