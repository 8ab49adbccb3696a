import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AdminCategory } from '@bilum/shared';
import { afterAll, describe, expect, it } from 'vitest';
import { adminTestApp } from '../../test/accounts';
import { createProduct } from '../../test/factories';

// Issue 30, categories step 2 (decision 041): the storefront's category pages, their heads and the sitemap read
// the categories the owner manages; a renamed slug's old addresses answer 301; a hidden category has no page.

const webDist = mkdtempSync(path.join(os.tmpdir(), 'bilum-category-pages-'));
writeFileSync(
  path.join(webDist, 'index.html'),
  '<!doctype html><html lang="en-PG"><head><title>Bilum</title><meta name="description" content="The shop." /></head><body><div id="root"></div></body></html>',
);
const origin = 'https://shop.example.pg';
const shop = adminTestApp({ webDist, publicUrl: `${origin}/` });
afterAll(() => rmSync(webDist, { recursive: true, force: true }));

const browser = { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' };
const page = (url: string) => shop.ctx.app.inject({ method: 'GET', url, headers: browser });
const titleOf = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1];
const sitemapLocs = async () =>
  [...(await shop.ctx.app.inject({ url: '/sitemap.xml' })).body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);

async function add(name: string, slug: string): Promise<AdminCategory> {
  const response = await shop.asAdmin('POST', '/api/admin/categories', { name, slug });
  expect(response.statusCode, response.body).toBe(201);
  return (response.json() as { category: AdminCategory }).category;
}

describe('a category the owner adds', () => {
  it('has a page titled with its name, a product in it, a place in the sitemap and in the public list', async () => {
    await add('Solar', 'solar');
    const lamp = await createProduct(shop.ctx.db, { name: 'Solar lantern 12 LED', category: 'solar' });
    const answer = await page('/category/solar');
    expect(answer.statusCode).toBe(200);
    expect(titleOf(answer.body)).toBe('Solar - Bilum');
    expect(answer.body).toContain('<meta name="description" content="Shop solar in kina at Bilum');
    expect((await page('/category/all')).body).toContain('phones, computers, cameras, vehicles, accessories and solar');
    const list = await shop.ctx.app.inject({ url: '/api/products?category=solar' });
    expect((list.json() as { items: { id: number }[] }).items.map((item) => item.id)).toEqual([lamp.id]);
    expect(await sitemapLocs()).toContain(`${origin}/category/solar`);
    const categories = await shop.ctx.app.inject({ url: '/api/categories' });
    expect(categories.headers['cache-control'] ?? '').not.toContain('no-store');
    expect((categories.json() as { categories: { slug: string }[] }).categories.at(-1)).toMatchObject({
      slug: 'solar',
      name: 'Solar',
    });
  });

  it('is named on its products’ pages (JSON-LD category)', async () => {
    const kit = await createProduct(shop.ctx.db, { name: 'Solar home kit', category: 'solar' });
    const html = (await page(`/index-item/${kit.id}`)).body;
    expect(html).toContain('"category":"Solar"');
  });
});

describe('renaming a category’s slug', () => {
  it('sends its old addresses, in any letters and with their filters, to the new one with a 301', async () => {
    const generators = await add('Generators', 'generators');
    const genset = await createProduct(shop.ctx.db, { name: 'Honda EU22i generator', category: 'generators' });
    const renamed = await shop.asAdmin('PATCH', `/api/admin/categories/${generators.id}`, {
      name: 'Power generators',
      slug: 'power-generators',
    });
    expect(renamed.statusCode, renamed.body).toBe(200);

    for (const [from, to] of [
      ['/category/generators', '/category/power-generators'],
      [
        '/category/GENERATORS?sort=priceAsc&price=under-500',
        '/category/power-generators?sort=priceAsc&price=under-500',
      ],
      ['/dashboard-category/generators', '/dashboard-category/power-generators'],
    ] as const) {
      const answer = await page(from);
      expect(answer.statusCode, from).toBe(301);
      expect(answer.headers.location, from).toBe(to);
    }
    const now = await page('/category/power-generators');
    expect(now.statusCode).toBe(200);
    expect(titleOf(now.body)).toBe('Power generators - Bilum');
    // The product went with its category (ON UPDATE CASCADE), and the old slug lists nothing.
    expect((await shop.ctx.app.inject({ url: `/api/products/${genset.id}` })).json().product).toMatchObject({
      category: 'power-generators',
    });
    const locs = await sitemapLocs();
    expect(locs).toContain(`${origin}/category/power-generators`);
    expect(locs).not.toContain(`${origin}/category/generators`);
  });

  it('keeps the case redirect of the seeded categories and 404s a slug the shop never had', async () => {
    const upper = await page('/Category/PHONES');
    expect(upper.statusCode).toBe(301);
    expect(upper.headers.location).toBe('/category/phones');
    expect((await page('/category/toys')).statusCode).toBe(404);
    expect((await page('/category/Not a slug!')).statusCode).toBe(404);
  });
});

describe('a hidden category', () => {
  it('has no page (404) and no place in the sitemap or the public list, while its products stay on sale', async () => {
    const kites = await add('Kites', 'kites');
    const kite = await createProduct(shop.ctx.db, { name: 'Box kite', category: 'kites' });
    expect((await page('/category/kites')).statusCode).toBe(200);
    const hide = await shop.asAdmin('PUT', `/api/admin/categories/${kites.id}/visibility`, { hidden: true });
    expect(hide.statusCode, hide.body).toBe(200);

    const answer = await page('/category/kites');
    expect(answer.statusCode).toBe(404);
    expect(answer.body).toContain('<meta name="robots" content="noindex" />');
    expect(await sitemapLocs()).not.toContain(`${origin}/category/kites`);
    const categories = (await shop.ctx.app.inject({ url: '/api/categories' })).json() as {
      categories: { slug: string }[];
    };
    expect(categories.categories.map((category) => category.slug)).not.toContain('kites');
    expect((await shop.ctx.app.inject({ url: `/api/products/${kite.id}` })).statusCode).toBe(200);

    await shop.asAdmin('PUT', `/api/admin/categories/${kites.id}/visibility`, { hidden: false });
    expect((await page('/category/kites')).statusCode).toBe(200);
    expect(await sitemapLocs()).toContain(`${origin}/category/kites`);
  });
});

describe('a product saved into a category', () => {
  const product = {
    name: 'Solar panel 100 W',
    description: 'A 100 W panel for a home system.',
    price: 45_000,
    image: '/images/products/phone.svg',
    stock: 3,
  };

  it('goes into a category the owner added, and is refused with a clear message for one the shop does not have', async () => {
    await add('Panels', 'panels');
    const made = await shop.asAdmin('POST', '/api/admin/products', { ...product, category: 'panels' });
    expect(made.statusCode, made.body).toBe(201);
    const refused = await shop.asAdmin('POST', '/api/admin/products', { ...product, category: 'boats' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.message).toBe('The shop has no category "boats": choose one of its categories.');
    expect(refused.json().error.issues).toEqual([
      { path: 'category', message: 'The shop has no category "boats": choose one of its categories.' },
    ]);
  });

  it('by the CSV import, is refused row by row for an unknown category', async () => {
    const csv =
      'sku,name,description,category,price,stock,image\n' +
      'SOL-1,Solar torch,A torch that charges in the sun.,panels,25.00,4,/images/products/phone.svg\n' +
      'BOAT-1,Dinghy,A small boat for the harbour.,boats,900.00,1,/images/products/phone.svg\n';
    const preview = await shop.asAdmin('POST', '/api/admin/products/import/preview', { csv });
    expect(preview.statusCode, preview.body).toBe(200);
    const rows = (
      preview.json() as { rows: { line: number; action: string; errors: { field: string; message: string }[] }[] }
    ).rows;
    expect(rows[0]).toMatchObject({ line: 2, action: 'create', errors: [] });
    expect(rows[1]).toMatchObject({
      line: 3,
      action: 'error',
      errors: [{ field: 'category', message: 'The shop has no category "boats": choose one of its categories.' }],
    });
  });
});
