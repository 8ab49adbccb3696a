import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProduct } from '../../test/factories';
import { createTestApp, type TestContext } from '../../test/test-app';

let ctx: TestContext;

async function list(query = '') {
  const response = await ctx.app.inject({ method: 'GET', url: `/api/products${query}` });
  expect(response.statusCode).toBe(200);
  return response.json() as { items: { id: number; name: string; price: number }[]; total: number };
}
const names = (body: { items: { name: string }[] }) => body.items.map((p) => p.name);

beforeAll(async () => {
  ctx = await createTestApp();
  const db = ctx.db;
  await createProduct(db, { name: 'Samsung Galaxy A15', description: 'Phone', category: 'phones', priceToea: 49_999 });
  await createProduct(db, {
    name: 'Band edge low',
    description: 'Exactly K500',
    category: 'phones',
    priceToea: 50_000,
    isHot: true,
  });
  await createProduct(db, {
    name: 'Band edge high',
    description: 'Exactly K1,000',
    category: 'computers',
    priceToea: 100_000,
    isTopPick: true,
  });
  await createProduct(db, {
    name: 'Just over',
    description: 'A SAMSUNG monitor',
    category: 'computers',
    priceToea: 100_001,
    isAuction: true,
  });
  await createProduct(db, { name: 'Hidden draft', description: 'inactive', status: 'inactive', priceToea: 1000 });
  await createProduct(db, { name: 'Archived', description: 'gone', archivedAt: new Date(), priceToea: 1000 });
  premiumId = (
    await createProduct(db, {
      name: 'Premium Membership (1 year)',
      description: 'One year of Bilum Premium',
      category: 'accessories',
      priceToea: 20_050,
      isMembership: true,
    })
  ).id;
});
let premiumId: number;
afterAll(() => ctx.close());

describe('GET /api/products', () => {
  it('lists visible products and leaves out inactive and archived ones', async () => {
    expect(names(await list())).toEqual(['Samsung Galaxy A15', 'Band edge low', 'Band edge high', 'Just over']);
  });

  it('matches search text case-insensitively in name or description', async () => {
    expect(names(await list('?q=samsung'))).toEqual(['Samsung Galaxy A15', 'Just over']);
  });

  it('filters by category, with "all" meaning everything', async () => {
    expect(names(await list('?category=computers'))).toEqual(['Band edge high', 'Just over']);
    expect((await list('?category=all')).total).toBe(4);
  });

  it('puts K500 and K1,000 in the middle price band', async () => {
    expect(names(await list('?price=under-500'))).toEqual(['Samsung Galaxy A15']);
    expect(names(await list('?price=500-1000'))).toEqual(['Band edge low', 'Band edge high']);
    expect(names(await list('?price=over-1000'))).toEqual(['Just over']);
  });

  it('filters by the hot, auction and top-pick chips', async () => {
    expect(names(await list('?feature=hot-deals'))).toEqual(['Band edge low']);
    expect(names(await list('?feature=auctions'))).toEqual(['Just over']);
    expect(names(await list('?feature=top-picks'))).toEqual(['Band edge high']);
  });

  it('sorts by price and by name both ways', async () => {
    expect(names(await list('?sort=priceDesc'))[0]).toBe('Just over');
    expect(names(await list('?sort=priceAsc'))[0]).toBe('Samsung Galaxy A15');
    expect(names(await list('?sort=nameAsc'))).toEqual([
      'Band edge high',
      'Band edge low',
      'Just over',
      'Samsung Galaxy A15',
    ]);
    expect(names(await list('?sort=nameDesc'))[0]).toBe('Samsung Galaxy A15');
  });

  it('refuses an unknown sort with a 400 that names the field', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/products?sort=cheapest' });
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.error.code).toBe('VALIDATION');
    expect(body.error.issues.map((issue: { path: string }) => issue.path)).toContain('sort');
  });
});

describe('issue 17: the Premium membership is not a product of the grids', () => {
  it('keeps the membership out of the list, its category, search and the feature chips', async () => {
    for (const query of ['', '?category=accessories', '?q=premium', '?q=membership', '?category=all&sort=priceAsc']) {
      expect((await list(query)).items.map((product) => product.id)).not.toContain(premiumId);
    }
    expect((await list('?category=all')).total).toBe(4);
  });

  it('still answers the membership by its id, so the cart and the membership pages can sell it', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: `/api/products/${premiumId}` });
    expect(response.statusCode).toBe(200);
    expect(response.json().product).toMatchObject({ id: premiumId, isMembership: true, price: 20_050 });
  });
});

describe('GET /api/products/:id', () => {
  it('returns one product with its price in toea', async () => {
    const { items: products } = await list('?q=Band edge low');
    const response = await ctx.app.inject({ method: 'GET', url: `/api/products/${products[0]!.id}` });
    expect(response.statusCode).toBe(200);
    expect(response.json().product).toMatchObject({ name: 'Band edge low', price: 50_000, isHot: true });
  });

  it('answers 404 with a clear message for an unknown id', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/products/999999' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({
      error: { code: 'NOT_FOUND', message: 'Product not found or an error occurred' },
    });
  });

  it('answers 400 for an id that is not a number', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/products/abc' });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.issues[0].path).toBe('id');
  });
});

describe('the API as a whole', () => {
  it('answers an unknown endpoint with the same JSON error shape', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/nothing-here' });
    expect(response.statusCode).toBe(404);
    expect(response.json().error.code).toBe('NOT_FOUND');
  });

  it('sends security headers, CSP included, on answers and errors', async () => {
    for (const url of ['/api/products', '/api/nothing-here']) {
      const response = await ctx.app.inject({ method: 'GET', url });
      expect(response.headers['content-security-policy']).toContain("frame-ancestors 'none'");
      expect(response.headers['content-security-policy']).toContain("script-src 'self'");
      expect(response.headers['x-content-type-options']).toBe('nosniff');
    }
  });

  it('serves an OpenAPI document that lists the catalogue routes', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const paths = Object.keys(response.json().paths);
    expect(paths).toEqual(expect.arrayContaining(['/api/products', '/api/products/{id}']));
  });
});
