import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SignedIn, signedInAdmin, signedInShopper } from '../test/accounts';
import { createTestApp, type TestContext } from '../test/test-app';

/** Markup and SQL as an attacker (or a careless paste) would put them into a product. */
export const hostileDescription =
  `<script>alert('xss')</script><img src=x onerror="alert(1)"> Robert'); DROP TABLE products; -- ` +
  `" OR "1"="1 \u00a0K1,000 & <b>bold</b>`;
const hostileName = `<svg onload=alert(1)> Kettle'; DELETE FROM users; --`;

let ctx: TestContext;
let webDist: string;
let admin: SignedIn;
let shopper: SignedIn;
let productId: number;

beforeAll(async () => {
  webDist = mkdtempSync(path.join(os.tmpdir(), 'bilum-stored-'));
  writeFileSync(
    path.join(webDist, 'index.html'),
    '<!doctype html><html><head><title>Bilum</title><meta name="description" content="Shop" /></head><body><div id="root"></div></body></html>',
  );
  ctx = await createTestApp({ webDist });
  [admin, shopper] = await Promise.all([signedInAdmin(ctx), signedInShopper(ctx)]);
  const created = await ctx.app.inject({
    method: 'POST',
    url: '/api/admin/products',
    headers: { cookie: admin.cookie },
    payload: {
      name: hostileName,
      description: hostileDescription,
      price: 12_345,
      stock: 5,
      image: '/images/products/kettle.svg',
      category: 'accessories',
    },
  });
  expect(created.statusCode, created.body).toBe(201);
  productId = created.json().product.id;
});
afterAll(async () => {
  await ctx.close();
  rmSync(webDist, { recursive: true, force: true });
});

describe('SQL and HTML stored by the admin', () => {
  it('come back byte for byte as JSON data, in the product, the list, a search and the shopper’s cart', async () => {
    const one = await ctx.app.inject({ method: 'GET', url: `/api/products/${productId}` });
    expect(one.headers['content-type']).toMatch(/^application\/json/);
    expect(one.json().product).toMatchObject({ name: hostileName, description: hostileDescription });

    // The newest product is on the list's last page (the default order is by id).
    const { pageCount } = (await ctx.app.inject({ method: 'GET', url: '/api/products' })).json();
    const list = await ctx.app.inject({ method: 'GET', url: '/api/products', query: { page: String(pageCount) } });
    expect(list.json().items).toEqual(
      expect.arrayContaining([expect.objectContaining({ name: hostileName, description: hostileDescription })]),
    );
    const search = await ctx.app.inject({ method: 'GET', url: '/api/products', query: { q: "Kettle'; DELETE" } });
    expect(search.json().items.map((product: { id: number }) => product.id)).toEqual([productId]);

    const added = await ctx.app.inject({
      method: 'POST',
      url: '/api/cart/items',
      headers: { cookie: shopper.cookie },
      payload: { productId },
    });
    expect(added.statusCode).toBe(201);
    const cart = await ctx.app.inject({ method: 'GET', url: '/api/cart', headers: { cookie: shopper.cookie } });
    expect(cart.json().items[0]).toMatchObject({ name: hostileName, description: hostileDescription });
  });

  it('run no SQL: the tables are all there and a search for SQL finds nothing extra', async () => {
    const injected = await ctx.app.inject({ method: 'GET', url: '/api/products', query: { q: "' OR '1'='1" } });
    expect(injected.statusCode).toBe(200);
    // The quotes are only punctuation to the search: it finds what the words "OR 1 1" find (as prefixes), no more.
    const words = await ctx.app.inject({ method: 'GET', url: '/api/products', query: { q: 'OR 1 1' } });
    expect(injected.json().total).toBe(words.json().total);
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/api/session', headers: { cookie: shopper.cookie } })).json(),
    ).toMatchObject({ user: { id: shopper.user.id } });
  });

  it('are escaped in the product page the server sends (its title and preview tags)', async () => {
    const page = await ctx.app.inject({ method: 'GET', url: `/item/${productId}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('&lt;svg onload=alert(1)&gt; Kettle&#39;; DELETE FROM users; --');
    expect(page.body).not.toContain('<svg onload');
    expect(page.body).not.toContain('<script>alert');
    expect(page.body).not.toContain('<img src=x');
  });
});
