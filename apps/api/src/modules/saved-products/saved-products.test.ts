import type { SavedProducts } from '@bilum/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeMember, type SignedIn, signedInShopper } from '../../test/accounts';
import { createProduct } from '../../test/factories';
import { createTestApp, type TestContext } from '../../test/test-app';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

function call(shopper: SignedIn | null, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) {
  return ctx.app.inject({
    method,
    url,
    headers: shopper ? { cookie: shopper.cookie } : {},
    ...(payload ? { payload } : {}),
  });
}

async function listOf(shopper: SignedIn): Promise<SavedProducts> {
  const response = await call(shopper, 'GET', '/api/saved-products');
  expect(response.statusCode).toBe(200);
  return response.json();
}

describe('saved list', () => {
  it('answers 401 without a session', async () => {
    expect((await call(null, 'GET', '/api/saved-products')).statusCode).toBe(401);
    expect((await call(null, 'POST', '/api/saved-products', { productId: 1 })).statusCode).toBe(401);
    expect((await call(null, 'DELETE', '/api/saved-products/1')).statusCode).toBe(401);
  });

  it('saves a product once, lists it with price and stock, and removes it', async () => {
    const shopper = await signedInShopper(ctx);
    const camera = await createProduct(ctx.db, { name: 'Saved camera', priceToea: 80_000, stock: 3 });
    const first = await call(shopper, 'POST', '/api/saved-products', { productId: camera.id });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({ alreadySaved: false, message: 'Saved to your list.' });
    const second = await call(shopper, 'POST', '/api/saved-products', { productId: camera.id });
    expect(second.statusCode).toBe(200);
    expect(second.json().alreadySaved).toBe(true);

    const { items } = await listOf(shopper);
    expect(items).toEqual([
      expect.objectContaining({
        productId: camera.id,
        name: 'Saved camera',
        price: 80_000,
        isMemberPrice: false,
        stock: 3,
        available: true,
      }),
    ]);

    const removed = await call(shopper, 'DELETE', `/api/saved-products/${camera.id}`);
    expect(removed.statusCode).toBe(200);
    expect(removed.json().items).toEqual([]);
  });

  it('shows a member their member price and a sold-out product as unavailable', async () => {
    const shopper = await signedInShopper(ctx);
    await makeMember(ctx.db, shopper.user.id);
    const laptop = await createProduct(ctx.db, { priceToea: 100_000 });
    const gone = await createProduct(ctx.db, { stock: 0 });
    await call(shopper, 'POST', '/api/saved-products', { productId: laptop.id });
    await call(shopper, 'POST', '/api/saved-products', { productId: gone.id });
    const { items } = await listOf(shopper);
    const byId = new Map(items.map((item) => [item.productId, item]));
    expect(byId.get(laptop.id)).toMatchObject({ price: 90_000, originalPrice: 100_000, isMemberPrice: true });
    expect(byId.get(gone.id)).toMatchObject({ stock: 0, available: false });
  });

  it('answers 404 for an unknown or inactive product', async () => {
    const shopper = await signedInShopper(ctx);
    const hidden = await createProduct(ctx.db, { status: 'inactive' });
    expect((await call(shopper, 'POST', '/api/saved-products', { productId: 999_999 })).statusCode).toBe(404);
    expect((await call(shopper, 'POST', '/api/saved-products', { productId: hidden.id })).statusCode).toBe(404);
  });

  it('keeps each shopper’s list to themselves', async () => {
    const owner = await signedInShopper(ctx);
    const other = await signedInShopper(ctx);
    const product = await createProduct(ctx.db);
    await call(owner, 'POST', '/api/saved-products', { productId: product.id });
    const peek = await ctx.app.inject({
      method: 'GET',
      url: `/api/saved-products?user_id=${owner.user.id}`,
      headers: { cookie: other.cookie },
    });
    expect(peek.json().items).toEqual([]);
    // Removing it from another account leaves the owner's list alone.
    await call(other, 'DELETE', `/api/saved-products/${product.id}`);
    expect((await listOf(owner)).items).toHaveLength(1);
  });
});
