import type { CheckoutQuote } from '@bilum/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeMember, signedInShopper } from '../../test/accounts';
import { type CheckoutTestContext, createCheckoutTestApp, orderBody, placeOrder } from '../../test/checkout';
import { createProduct } from '../../test/factories';

let ctx: CheckoutTestContext;

beforeAll(async () => {
  ctx = await createCheckoutTestApp();
});
afterAll(() => ctx.close());

function quote(payload: object, cookie?: string) {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/checkout/quote',
    headers: cookie ? { cookie } : {},
    payload,
  });
}

async function quoted(payload: object, cookie?: string): Promise<CheckoutQuote> {
  const response = await quote(payload, cookie);
  expect(response.statusCode).toBe(200);
  return response.json();
}

describe('the checkout quote (issue 17, defect 1)', () => {
  it('prices items at the shop’s current price, marks a sold-out one and leaves it out of the total', async () => {
    const phone = await createProduct(ctx.db, { priceToea: 17_900, stock: 3 });
    const camera = await createProduct(ctx.db, { category: 'cameras', priceToea: 69_900, stock: 0 });

    // The browser's copy of the cart says the camera is available at K100.00: neither counts.
    const answer = await quoted({
      source: {
        type: 'items',
        items: [
          { productId: phone.id, quantity: 1, price: 1 },
          { productId: camera.id, quantity: 1, price: 10_000 },
        ],
      },
    });

    expect(answer.lines.map((line) => [line.productId, line.status, line.unitPrice, line.lineTotal])).toEqual([
      [phone.id, 'available', 17_900, 17_900],
      [camera.id, 'sold', 69_900, 0],
    ]);
    expect(answer.summary).toMatchObject({ itemCount: 1, total: 17_900 });
  });

  it('answers exactly the total that the order then charges, at most the stock on hand', async () => {
    const bag = await createProduct(ctx.db, { priceToea: 12_345, originalPriceToea: 15_000, stock: 2 });
    const cable = await createProduct(ctx.db, { category: 'accessories', priceToea: 2_550, stock: 10 });
    const asked = [
      { productId: bag.id, quantity: 5 },
      { productId: cable.id, quantity: 2 },
    ];

    const answer = await quoted({ source: { type: 'items', items: asked } });
    expect(answer.lines.map((line) => line.quantity)).toEqual([2, 2]);

    const buy = answer.lines
      .filter((line) => line.status === 'available')
      .map(({ productId, quantity }) => ({ productId, quantity }));
    const placed = await placeOrder(ctx, orderBody({ type: 'items', items: buy }));
    expect(placed.order.summary).toEqual(answer.summary);
    expect(placed.payment.amount).toBe(answer.summary.total);
  });

  it('gives a signed-in member the member price from the session, never from the body', async () => {
    const lamp = await createProduct(ctx.db, { category: 'accessories', priceToea: 20_000, stock: 4 });
    const shopper = await signedInShopper(ctx);
    const items = [{ productId: lamp.id, quantity: 1 }];

    const before = await quoted({ source: { type: 'items', items }, isMember: true }, shopper.cookie);
    expect(before.lines[0]).toMatchObject({ unitPrice: 20_000, isMemberPrice: false });

    await makeMember(ctx.db, shopper.user.id);
    const after = await quoted({ source: { type: 'items', items } }, shopper.cookie);
    expect(after.lines[0]?.isMemberPrice).toBe(true);
    expect(after.lines[0]?.unitPrice).toBeLessThan(20_000);
    const placed = await placeOrder(ctx, orderBody({ type: 'items', items }), shopper.cookie);
    expect(placed.order.summary.total).toBe(after.summary.total);
  });

  it('quotes the selected lines of the shopper’s own cart only, and needs a session for them', async () => {
    const shopper = await signedInShopper(ctx);
    const other = await signedInShopper(ctx);
    const radio = await createProduct(ctx.db, { priceToea: 5_000, stock: 2 });
    const added = await ctx.app.inject({
      method: 'POST',
      url: '/api/cart/items',
      headers: { cookie: shopper.cookie },
      payload: { productId: radio.id },
    });
    const cartItemId: number = added.json().cart.items[0].cartItemId;

    const own = await quoted({ source: { type: 'cart', cartItemIds: [cartItemId] } }, shopper.cookie);
    expect(own.lines).toMatchObject([{ cartItemId, productId: radio.id, status: 'available', unitPrice: 5_000 }]);
    expect((await quote({ source: { type: 'cart', cartItemIds: [cartItemId] } }, other.cookie)).statusCode).toBe(404);
    expect((await quote({ source: { type: 'cart', cartItemIds: [cartItemId] } })).statusCode).toBe(401);
  });

  it('refuses a quote without items or with an unbounded quantity with a 400, and a product that is gone is sold out', async () => {
    expect((await quote({ source: { type: 'items', items: [] } })).statusCode).toBe(400);
    expect((await quote({ source: { type: 'items', items: [{ productId: 1, quantity: 1e9 }] } })).statusCode).toBe(400);
    const gone = await quoted({ source: { type: 'items', items: [{ productId: 2_000_000_000, quantity: 1 }] } });
    expect(gone.lines).toMatchObject([{ status: 'sold', lineTotal: 0 }]);
    expect(gone.summary.total).toBe(0);
  });
});
