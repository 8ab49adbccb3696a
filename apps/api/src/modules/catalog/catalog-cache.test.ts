import { productListQuerySchema } from '@bilum/shared';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { testConfig } from '../../config';
import type { DatabaseHandle } from '../../db/client';
import { products, shopSettings } from '../../db/schema';
import { createProduct } from '../../test/factories';
import { createTestDatabase } from '../../test/test-database';
import { createCatalogService } from './catalog.service';

let database: DatabaseHandle;
const apps: FastifyInstance[] = [];
// The first database of the run migrates the template (slow on a busy machine): in a hook, not in a test's time.
beforeAll(async () => {
  await (await createTestDatabase()).close();
});
afterEach(async () => {
  await Promise.all(apps.splice(0).map((app) => app.close()));
  await database.close();
});

/** `count` instances of the shop on one database (as behind a load balancer, without LISTEN: PGlite or tests). */
async function instances(count: number) {
  database = await createTestDatabase();
  for (let i = 0; i < count; i += 1) {
    const app = await buildApp({ db: database.db, config: testConfig() });
    await app.ready();
    apps.push(app);
  }
  return apps;
}

async function priceOn(app: FastifyInstance, id: number) {
  const response = await app.inject({ method: 'GET', url: '/api/products' });
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { items: { id: number; price: number }[] }).items.find((p) => p.id === id)?.price;
}

async function untilChanged<T>(read: () => Promise<T>, expected: T) {
  const started = Date.now();
  let seen = await read();
  while (seen !== expected && Date.now() - started < 1000) {
    await new Promise((resolve) => setTimeout(resolve, 20));
    seen = await read();
  }
  return { seen, afterMs: Date.now() - started };
}

describe('the cached product list', () => {
  it('answers with an ETag, and 304 Not Modified to a browser that has this version', async () => {
    const [app] = await instances(1);
    await createProduct(database.db, { name: 'Tagged phone', priceToea: 10_000 });
    const first = await app!.inject({ method: 'GET', url: '/api/products?category=all' });
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toMatch(/^application\/json/);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^".+"$/);
    expect(first.json()).toMatchObject({ total: 1, items: [{ name: 'Tagged phone', price: 10_000 }] });

    const again = await app!.inject({
      method: 'GET',
      url: '/api/products?category=all',
      headers: { 'if-none-match': etag },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');

    // A different query is a different answer with its own tag.
    const other = await app!.inject({ method: 'GET', url: '/api/products?category=cameras' });
    expect(other.headers.etag).not.toBe(etag);
    expect(other.json()).toEqual({ items: [], total: 0, page: 1, pageSize: 24, pageCount: 0 });
  });

  it('shows a price changed through another instance within a second', async () => {
    const [first, second] = await instances(2);
    const product = await createProduct(database.db, { priceToea: 20_000 });
    expect(await priceOn(first!, product.id)).toBe(20_000);
    expect(await priceOn(second!, product.id)).toBe(20_000);

    // What an admin write on a third instance does to the table (the trigger bumps the catalogue's version).
    await database.db.update(products).set({ priceToea: 25_000 }).where(eq(products.id, product.id));
    for (const app of [first!, second!]) {
      const { seen, afterMs } = await untilChanged(() => priceOn(app, product.id), 25_000);
      expect(seen).toBe(25_000);
      expect(afterMs).toBeLessThan(1000);
    }
  });

  it('keeps serving the list from memory until the catalogue changes, and invalidate() shows a change at once', async () => {
    database = await createTestDatabase();
    const catalog = createCatalogService(database.db);
    const everything = productListQuerySchema.parse({});
    const product = await createProduct(database.db, { priceToea: 30_000 });
    const before = await catalog.listProductsAnswer(everything);
    // A write that nobody reported yet is not seen: the answer comes from memory.
    await database.db.update(products).set({ priceToea: 31_000 }).where(eq(products.id, product.id));
    expect(await catalog.listProductsAnswer(everything)).toBe(before);

    await catalog.invalidate();
    const after = await catalog.listProductsAnswer(everything);
    expect(after.etag).not.toBe(before.etag);
    expect(JSON.parse(after.body.toString())).toMatchObject({ items: [{ price: 31_000 }] });
  });

  it('shows changed shop settings on every instance within a second', async () => {
    const [first, second] = await instances(2);
    const read = async (app: FastifyInstance) =>
      ((await app.inject({ method: 'GET', url: '/api/settings' })).json() as { deliveryDays: number }).deliveryDays;
    const before = await read(second!);
    await database.db
      .update(shopSettings)
      .set({ deliveryDays: before + 4 })
      .where(eq(shopSettings.id, 1));
    for (const app of [first!, second!]) {
      const { seen } = await untilChanged(() => read(app), before + 4);
      expect(seen).toBe(before + 4);
    }
  });
});
