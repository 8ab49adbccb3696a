import type { Cart, MergeCartResponse } from '@bilum/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeMember, type SignedIn, signedInShopper } from '../../test/accounts';
import { createProduct, setProductFigures } from '../../test/factories';
import { createTestApp, type TestContext } from '../../test/test-app';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const day = 24 * 60 * 60_000;

function call(shopper: SignedIn | null, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) {
  return ctx.app.inject({
    method,
    url,
    headers: shopper ? { cookie: shopper.cookie } : {},
    ...(payload ? { payload } : {}),
  });
}

async function cartOf(shopper: SignedIn): Promise<Cart> {
  const response = await call(shopper, 'GET', '/api/cart');
  expect(response.statusCode).toBe(200);
  return response.json();
}

async function add(shopper: SignedIn, productId: number, quantity?: number) {
  const response = await call(shopper, 'POST', '/api/cart/items', { productId, quantity });
  expect(response.statusCode).toBe(201);
  return response.json() as { cart: Cart };
}

describe('server cart', () => {
  it('answers 401 without a session on every route', async () => {
    const answers = await Promise.all([
      call(null, 'GET', '/api/cart'),
      call(null, 'POST', '/api/cart/items', { productId: 1 }),
      call(null, 'PATCH', '/api/cart/items/1', { quantity: 2 }),
      call(null, 'DELETE', '/api/cart/items/1'),
      call(null, 'DELETE', '/api/cart'),
      call(null, 'POST', '/api/cart/merge', { items: [] }),
    ]);
    for (const answer of answers) {
      expect(answer.statusCode).toBe(401);
      expect(answer.json().error.code).toBe('UNAUTHENTICATED');
    }
  });

  it('adds a product with server prices, and answers "already in cart" the second time', async () => {
    const shopper = await signedInShopper(ctx);
    const phone = await createProduct(ctx.db, {
      name: 'Cart phone',
      priceToea: 45_000,
      originalPriceToea: 50_000,
      stock: 3,
      condition: 'Used',
    });

    const first = await call(shopper, 'POST', '/api/cart/items', { productId: phone.id });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({ alreadyInCart: false, message: 'Item added to cart.' });

    const again = await call(shopper, 'POST', '/api/cart/items', { productId: phone.id, quantity: 2 });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ alreadyInCart: true, message: 'Item already in cart.' });

    const cart = await cartOf(shopper);
    expect(cart.items).toEqual([
      {
        cartItemId: expect.any(Number),
        productId: phone.id,
        // The product's one variant (issue 30): no options, no label.
        variantId: expect.any(Number),
        variantLabel: '',
        name: 'Cart phone',
        description: phone.description,
        image: phone.image,
        category: 'phones',
        condition: 'Used',
        isMembership: false,
        status: 'available',
        quantity: 1,
        maxQuantity: 3,
        unitPrice: 45_000,
        originalPrice: 50_000,
        isMemberPrice: false,
      },
    ]);
    expect(cart.isMember).toBe(false);
    expect(cart.summary).toEqual({
      itemCount: 1,
      subtotal: 50_000,
      savings: 5_000,
      shipping: 0,
      discount: 0,
      total: 45_000,
    });
  });

  it('ignores a price, discount or member flag sent by the browser', async () => {
    const shopper = await signedInShopper(ctx);
    const product = await createProduct(ctx.db, { priceToea: 80_000 });
    const response = await call(shopper, 'POST', '/api/cart/items', {
      productId: product.id,
      price: 1,
      final_price: 1,
      original_price: 2,
      unitPrice: 1,
      is_member_for_discount: 1,
      current_discount_rate: 0.99,
      discountRate: 0.99,
      isMember: true,
    });
    expect(response.statusCode).toBe(201);
    const line = response.json().cart.items[0];
    expect(line).toMatchObject({ unitPrice: 80_000, originalPrice: null, isMemberPrice: false });
    expect((await cartOf(shopper)).summary.total).toBe(80_000);
  });

  it('refuses an unknown product (404), a sold or inactive one (409) and too many units (400)', async () => {
    const shopper = await signedInShopper(ctx);
    const sold = await createProduct(ctx.db, { status: 'sold' });
    const empty = await createProduct(ctx.db, { stock: 0 });
    const inactive = await createProduct(ctx.db, { status: 'inactive' });
    const archived = await createProduct(ctx.db, { archivedAt: new Date() });
    const few = await createProduct(ctx.db, { stock: 2 });

    const unknown = await call(shopper, 'POST', '/api/cart/items', { productId: 999_999 });
    expect(unknown.statusCode).toBe(404);

    for (const product of [sold, empty]) {
      const answer = await call(shopper, 'POST', '/api/cart/items', { productId: product.id });
      expect(answer.statusCode).toBe(409);
      expect(answer.json().error).toMatchObject({ code: 'OUT_OF_STOCK', message: 'This item is sold out.' });
    }
    for (const product of [inactive, archived]) {
      expect((await call(shopper, 'POST', '/api/cart/items', { productId: product.id })).statusCode).toBe(404);
    }

    const tooMany = await call(shopper, 'POST', '/api/cart/items', { productId: few.id, quantity: 3 });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().error.message).toBe('Only 2 of this item are available.');
    expect((await call(shopper, 'POST', '/api/cart/items', { productId: few.id, quantity: 0 })).statusCode).toBe(400);
    expect((await cartOf(shopper)).items).toEqual([]);
  });

  it('refuses an invalid product whose price is not positive ("Cannot add to cart") and never counts it', async () => {
    const shopper = await signedInShopper(ctx);
    const free = await createProduct(ctx.db, { priceToea: 0 });
    const refused = await call(shopper, 'POST', '/api/cart/items', { productId: free.id, price: 100 });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toEqual({ code: 'CONFLICT', message: 'Cannot add to cart' });

    // A product whose price is set to zero after it was added is left out of the totals and cannot be stepped.
    const later = await createProduct(ctx.db, { priceToea: 5_000, stock: 3 });
    const { cart } = await add(shopper, later.id);
    await setProductFigures(ctx.db, later.id, { priceToea: 0 });
    const now = await cartOf(shopper);
    expect(now.items.map((l) => [l.productId, l.status])).toEqual([[later.id, 'sold']]);
    expect(now.summary).toMatchObject({ itemCount: 0, total: 0 });
    const stepper = await call(shopper, 'PATCH', `/api/cart/items/${cart.items[0]!.cartItemId}`, { quantity: 2 });
    expect(stepper.statusCode).toBe(409);
    expect(stepper.json().error.message).toBe('Cannot add to cart');
  });

  it('keeps the quantity between 1 and the stock', async () => {
    const shopper = await signedInShopper(ctx);
    const product = await createProduct(ctx.db, { stock: 4, priceToea: 1_000 });
    const { cart } = await add(shopper, product.id);
    const id = cart.items[0]!.cartItemId;

    const four = await call(shopper, 'PATCH', `/api/cart/items/${id}`, { quantity: 4 });
    expect(four.statusCode).toBe(200);
    expect(four.json().items[0].quantity).toBe(4);
    expect(four.json().summary).toMatchObject({ itemCount: 4, total: 4_000 });

    const five = await call(shopper, 'PATCH', `/api/cart/items/${id}`, { quantity: 5 });
    expect(five.statusCode).toBe(400);
    expect(five.json().error).toMatchObject({ code: 'VALIDATION', message: 'Only 4 of this item are available.' });

    const zero = await call(shopper, 'PATCH', `/api/cart/items/${id}`, { quantity: 0 });
    expect(zero.statusCode).toBe(400);
    expect(zero.json().error.issues).toEqual([{ path: 'quantity', message: 'Quantity must be at least 1.' }]);

    const fraction = await call(shopper, 'PATCH', `/api/cart/items/${id}`, { quantity: 1.5 });
    expect(fraction.statusCode).toBe(400);
    expect((await cartOf(shopper)).items[0]!.quantity).toBe(4);
  });

  it('removes a line and clears the cart', async () => {
    const shopper = await signedInShopper(ctx);
    const a = await createProduct(ctx.db);
    const b = await createProduct(ctx.db);
    const c = await createProduct(ctx.db);
    await add(shopper, a.id);
    await add(shopper, b.id);
    const { cart } = await add(shopper, c.id);

    const removed = await call(shopper, 'DELETE', `/api/cart/items/${cart.items[0]!.cartItemId}`);
    expect(removed.statusCode).toBe(200);
    expect((removed.json() as Cart).items.map((l) => l.productId)).toEqual([b.id, c.id]);
    expect((await call(shopper, 'DELETE', `/api/cart/items/${cart.items[0]!.cartItemId}`)).statusCode).toBe(404);

    const cleared = await call(shopper, 'DELETE', '/api/cart');
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json()).toMatchObject({ items: [], summary: { itemCount: 0, total: 0 } });
    expect((await cartOf(shopper)).items).toEqual([]);
  });

  it("answers 404 for another shopper's cart item and leaves it alone", async () => {
    const owner = await signedInShopper(ctx);
    const other = await signedInShopper(ctx);
    const product = await createProduct(ctx.db, { stock: 5 });
    const { cart } = await add(owner, product.id);
    const id = cart.items[0]!.cartItemId;

    const patch = await call(other, 'PATCH', `/api/cart/items/${id}`, { quantity: 2 });
    expect(patch.statusCode).toBe(404);
    expect(patch.json().error.code).toBe('NOT_FOUND');
    expect((await call(other, 'DELETE', `/api/cart/items/${id}`)).statusCode).toBe(404);
    expect((await call(other, 'DELETE', '/api/cart')).statusCode).toBe(200);
    expect((await cartOf(other)).items).toEqual([]);

    const mine = await cartOf(owner);
    expect(mine.items).toHaveLength(1);
    expect(mine.items[0]!.quantity).toBe(1);
  });

  it('shows a sold line as sold and leaves it out of the totals', async () => {
    const shopper = await signedInShopper(ctx);
    const keeps = await createProduct(ctx.db, { priceToea: 2_000 });
    const sells = await createProduct(ctx.db, { priceToea: 7_000, stock: 1 });
    await add(shopper, keeps.id);
    await add(shopper, sells.id);
    await setProductFigures(ctx.db, sells.id, { stock: 0 });

    const cart = await cartOf(shopper);
    expect(cart.items.map((l) => [l.productId, l.status])).toEqual([
      [keeps.id, 'available'],
      [sells.id, 'sold'],
    ]);
    expect(cart.summary).toEqual({ itemCount: 1, subtotal: 2_000, savings: 0, shipping: 0, discount: 0, total: 2_000 });

    const stepper = await call(shopper, 'PATCH', `/api/cart/items/${cart.items[1]!.cartItemId}`, { quantity: 1 });
    expect(stepper.statusCode).toBe(409);
  });

  describe('member prices', () => {
    it('applies 10% off rounded to the toea for an active member, not on the membership product', async () => {
      const shopper = await signedInShopper(ctx);
      // In the last 30 days, when a member may buy Premium again (a renewal).
      await makeMember(ctx.db, shopper.user.id, {
        startsAt: new Date(Date.now() - 350 * day),
        endsAt: new Date(Date.now() + 15 * day),
      });
      const phone = await createProduct(ctx.db, { priceToea: 10_005 });
      const listed = await createProduct(ctx.db, { priceToea: 9_000, originalPriceToea: 12_000 });
      const premium = await createProduct(ctx.db, { priceToea: 20_050, isMembership: true, stock: 0 });
      await add(shopper, phone.id);
      await add(shopper, listed.id);
      await add(shopper, premium.id);

      const cart = await cartOf(shopper);
      expect(cart).toMatchObject({ isMember: true, discountRate: 0.1 });
      expect(cart.items.map((l) => [l.unitPrice, l.originalPrice, l.isMemberPrice, l.status, l.maxQuantity])).toEqual([
        [9_005, 10_005, true, 'available', 5],
        [8_100, 12_000, true, 'available', 5],
        [20_050, null, false, 'available', 1],
      ]);
      expect(cart.summary).toEqual({
        itemCount: 3,
        subtotal: 10_005 + 12_000 + 20_050,
        savings: 1_000 + 3_900,
        shipping: 0,
        discount: 0,
        total: 9_005 + 8_100 + 20_050,
      });
    });

    it('charges the regular price to a shopper without a membership or with an expired one', async () => {
      const never = await signedInShopper(ctx);
      const expired = await signedInShopper(ctx);
      await makeMember(ctx.db, expired.user.id, {
        startsAt: new Date(Date.now() - 400 * day),
        endsAt: new Date(Date.now() - day),
      });
      const product = await createProduct(ctx.db, { priceToea: 10_000 });
      for (const shopper of [never, expired]) {
        await add(shopper, product.id);
        const cart = await cartOf(shopper);
        expect(cart.isMember).toBe(false);
        expect(cart.items[0]).toMatchObject({ unitPrice: 10_000, originalPrice: null, isMemberPrice: false });
        expect(cart.summary).toMatchObject({ subtotal: 10_000, savings: 0, total: 10_000 });
      }
    });
  });

  it('sells an Exclusive Member offer to members only', async () => {
    const shopper = await signedInShopper(ctx);
    const member = await signedInShopper(ctx);
    await makeMember(ctx.db, member.user.id);
    const exclusive = await createProduct(ctx.db, { isExclusive: true });

    const refused = await call(shopper, 'POST', '/api/cart/items', { productId: exclusive.id });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toEqual({
      code: 'FORBIDDEN',
      message: 'This offer is for Premium members. Join Premium to buy it.',
    });
    await add(member, exclusive.id);
  });

  it('sells the Premium membership one at a time', async () => {
    const shopper = await signedInShopper(ctx);
    const premium = await createProduct(ctx.db, { priceToea: 20_050, isMembership: true, stock: 10 });
    const two = await call(shopper, 'POST', '/api/cart/items', { productId: premium.id, quantity: 2 });
    expect(two.statusCode).toBe(400);
    const { cart } = await add(shopper, premium.id);
    expect(cart.items[0]).toMatchObject({ maxQuantity: 1, unitPrice: 20_050 });
    const patch = await call(shopper, 'PATCH', `/api/cart/items/${cart.items[0]!.cartItemId}`, { quantity: 2 });
    expect(patch.statusCode).toBe(400);
  });

  describe('merging the guest cart', () => {
    it('keeps each product once, caps at the stock, skips what cannot be bought, and never doubles', async () => {
      const shopper = await signedInShopper(ctx);
      const inServerCart = await createProduct(ctx.db, { name: 'Already here', stock: 5 });
      const scarce = await createProduct(ctx.db, { name: 'Scarce', stock: 2 });
      const premium = await createProduct(ctx.db, { name: 'Premium', isMembership: true, stock: 1 });
      const sold = await createProduct(ctx.db, { status: 'sold' });
      const exclusive = await createProduct(ctx.db, { isExclusive: true });
      const free = await createProduct(ctx.db, { priceToea: 0 });
      await add(shopper, inServerCart.id, 2);

      const guestCart = {
        items: [
          { productId: inServerCart.id, quantity: 1 },
          { productId: scarce.id, quantity: 9 },
          { productId: premium.id, quantity: 3 },
          { productId: sold.id, quantity: 1 },
          { productId: exclusive.id, quantity: 1 },
          { productId: free.id, quantity: 1 },
          { productId: 999_999, quantity: 1 },
        ],
      };
      const first = await call(shopper, 'POST', '/api/cart/merge', guestCart);
      expect(first.statusCode).toBe(200);
      const body = first.json() as MergeCartResponse;
      expect(body.merged).toEqual([
        { productId: inServerCart.id, name: 'Already here', quantity: 2 },
        { productId: scarce.id, name: 'Scarce', quantity: 2 },
        { productId: premium.id, name: 'Premium', quantity: 1 },
      ]);
      expect(body.skipped).toEqual([
        { productId: sold.id, reason: 'sold-out' },
        { productId: exclusive.id, reason: 'members-only' },
        { productId: free.id, reason: 'invalid' },
        { productId: 999_999, reason: 'not-found' },
      ]);
      const quantities = (cart: Cart) => cart.items.map((l) => [l.productId, l.quantity]);
      expect(quantities(body.cart)).toEqual([
        [inServerCart.id, 2],
        [scarce.id, 2],
        [premium.id, 1],
      ]);

      const again = await call(shopper, 'POST', '/api/cart/merge', guestCart);
      expect(again.statusCode).toBe(200);
      expect(quantities((again.json() as MergeCartResponse).cart)).toEqual(quantities(body.cart));
      expect(quantities(await cartOf(shopper))).toEqual(quantities(body.cart));
    });

    it('takes at most 100 items and ignores prices in them', async () => {
      const shopper = await signedInShopper(ctx);
      const product = await createProduct(ctx.db, { priceToea: 3_000 });
      const tooMany = Array.from({ length: 101 }, (_, i) => ({ productId: i + 1, quantity: 1 }));
      expect((await call(shopper, 'POST', '/api/cart/merge', { items: tooMany })).statusCode).toBe(400);

      const priced = await call(shopper, 'POST', '/api/cart/merge', {
        items: [{ productId: product.id, quantity: 1, price: 1, originalPrice: 1, isMemberPrice: true }],
      });
      expect(priced.statusCode).toBe(200);
      expect((priced.json() as MergeCartResponse).cart.summary.total).toBe(3_000);
    });
  });
});
