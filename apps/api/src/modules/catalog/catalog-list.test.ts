import {
  inPriceBand,
  memberPrice,
  PREMIUM_DISCOUNT_RATE,
  priceBands,
  seededCategorySlugs,
  productFeatures,
  type ProductListItem,
  type ProductListPage,
  queryProducts,
  sortOrders,
} from '@bilum/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoData } from '../../db/seed';
import { makeMember, signedInShopper } from '../../test/accounts';
import { createProduct } from '../../test/factories';
import { allListed } from '../../test/list-pages';
import { createTestApp, type TestContext } from '../../test/test-app';
import { searchQueryText } from './catalog.service';

// Decision 014: GET /api/products answers one page at a time; search, filters, sorts and counts run in SQL.

async function page(ctx: TestContext, query: string, cookie?: string) {
  const response = await ctx.app.inject({
    method: 'GET',
    url: `/api/products?${query}`,
    headers: cookie ? { cookie } : {},
  });
  expect(response.statusCode, response.body).toBe(200);
  return { body: response.json() as ProductListPage, headers: response.headers };
}
const ids = (items: readonly { id: number }[]) => items.map((item) => item.id);

describe('paging, on a catalogue with many equal prices', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
    // 40 products on 5 prices (ties everywhere), names with ties too, inserted out of price order.
    for (let i = 0; i < 40; i += 1) {
      await createProduct(ctx.db, {
        name: `Paged ${['Kundu', 'Bilum', 'Sago', 'Kina'][i % 4]}`,
        priceToea: [30_000, 10_000, 50_000, 20_000, 40_000][i % 5]!,
        category: seededCategorySlugs[i % seededCategorySlugs.length],
      });
    }
  });
  afterAll(() => ctx.close());

  it.each(sortOrders)('gives every product exactly once across pages sorted by %s, ties by id', async (sort) => {
    const everything = await allListed(ctx.app, `sort=${sort}`, undefined, 60);
    expect(everything.items).toHaveLength(40);
    const paged: ProductListItem[] = [];
    for (let number = 1; number <= 6; number += 1) {
      const { body } = await page(ctx, `sort=${sort}&page=${number}&pageSize=7`);
      expect(body).toMatchObject({ total: 40, page: number, pageSize: 7, pageCount: 6 });
      paged.push(...body.items);
    }
    expect(new Set(ids(paged)).size).toBe(40);
    expect(ids(paged)).toEqual(ids(everything.items));
    // The order is the shared rule's (a stable sort of the id order).
    expect(ids(paged)).toEqual(
      ids(
        queryProducts(
          [...paged].sort((a, b) => a.id - b.id),
          { sort },
        ),
      ),
    );
  });

  it('answers a page past the end with no items and the real total', async () => {
    const { body } = await page(ctx, 'page=9&pageSize=24');
    expect(body).toEqual({ items: [], total: 40, page: 9, pageSize: 24, pageCount: 2 });
  });

  it('counts a new search on its first page, and one first asked past its end on its own (issue 29)', async () => {
    // 10 of the 40 are Kundu; 2 of those are phones (i % 4 === 0 and i % 5 === 0: i = 0, 20).
    const first = await page(ctx, 'q=kundu&category=phones&pageSize=1');
    expect(first.body).toMatchObject({ total: 2, pageCount: 2 });
    expect(first.body.items).toHaveLength(1);
    const second = await page(ctx, 'q=kundu&category=phones&pageSize=1&page=2&sort=priceDesc');
    expect(second.body).toMatchObject({ total: 2, pageCount: 2 });
    const pastTheEnd = await page(ctx, 'q=kundu&page=5');
    expect(pastTheEnd.body).toEqual({ items: [], total: 10, page: 5, pageSize: 24, pageCount: 1 });
    expect((await page(ctx, 'q=kundu')).body.items).toHaveLength(10);
  });

  it('uses 24 a page by default', async () => {
    const { body } = await page(ctx, '');
    expect(body.items).toHaveLength(24);
    expect(body).toMatchObject({ page: 1, pageSize: 24, total: 40, pageCount: 2 });
  });

  it.each([
    ['pageSize=0', 'pageSize'],
    ['pageSize=61', 'pageSize'],
    ['pageSize=abc', 'pageSize'],
    ['pageSize=2.5', 'pageSize'],
    ['page=0', 'page'],
    ['page=-1', 'page'],
    ['page=10001', 'page'],
    ['page=x', 'page'],
    ['price=cheap', 'price'],
    ['category=not%20a%20slug!', 'category'],
  ])('refuses %s with a 400 naming the field', async (query, field) => {
    const response = await ctx.app.inject({ method: 'GET', url: `/api/products?${query}` });
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.error.code).toBe('VALIDATION');
    expect(body.error.issues.map((issue: { path: string }) => issue.path)).toContain(field);
  });

  it('lists nothing for a category slug the shop does not have (issue 30: the categories are the owner’s)', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/products?category=Boats' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ items: [], total: 0, pageCount: 0 });
  });

  it('takes the largest page size, 60', async () => {
    expect((await page(ctx, 'pageSize=60')).body.items).toHaveLength(40);
  });
});

describe('the demo catalogue: SQL filters and sorts agree with the shared rule', () => {
  let ctx: TestContext;
  let all: ProductListItem[];
  beforeAll(async () => {
    ctx = await createTestApp();
    await seedDemoData(ctx.db);
    all = (await allListed(ctx.app)).items;
  });
  afterAll(() => ctx.close());

  it('lists the whole demo catalogue over its pages', () => {
    expect(all.length).toBeGreaterThanOrEqual(60);
    expect(ids(all)).toEqual([...ids(all)].sort((a, b) => a - b));
  });

  const queries: Record<string, string>[] = [];
  for (const sort of sortOrders) {
    queries.push({ sort });
    for (const category of seededCategorySlugs) queries.push({ category, sort });
    for (const price of priceBands) queries.push({ price, sort });
    for (const feature of productFeatures) queries.push({ feature, sort });
  }
  queries.push({ category: 'phones', price: 'under-500', feature: 'hot-deals', sort: 'priceDesc' });
  queries.push({ category: 'computers', price: 'over-1000', sort: 'nameDesc' });

  it(`gives the same products in the same order for ${queries.length} queries`, async () => {
    for (const query of queries) {
      const search = new URLSearchParams(query).toString();
      const listed = await allListed(ctx.app, search);
      const expected = queryProducts(all, query);
      expect(ids(listed.items), search).toEqual(ids(expected));
      expect(listed.total, search).toBe(expected.length);
    }
  });
});

describe('search on the demo catalogue', () => {
  let ctx: TestContext;
  let all: ProductListItem[];
  beforeAll(async () => {
    ctx = await createTestApp();
    await seedDemoData(ctx.db);
    all = (await allListed(ctx.app)).items;
  });
  afterAll(() => ctx.close());

  it('finds only what the shared rule finds, and every product with the word at the start of a word', async () => {
    for (const q of ['samsung', 'laptop', 'camera', 'battery', 'solar', 'highlands', 'hp', 'gal', '4g']) {
      const found = ids((await allListed(ctx.app, `q=${q}`)).items);
      const shared = queryProducts(all, { q });
      // A word's start is a substring: nothing found that the shared substring rule would not find.
      expect(
        found.every((id) => ids(shared).includes(id)),
        q,
      ).toBe(true);
      const wordStart = new RegExp(`(^|[^\\p{L}\\p{N}])${q}`, 'iu');
      const expected = shared.filter((product) => wordStart.test(`${product.name} ${product.description}`));
      expect(found, q).toEqual(ids(expected));
      expect(found.length, q).toBeGreaterThan(0);
    }
  });
});

describe('search in PostgreSQL', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
    await createProduct(ctx.db, { name: 'Samsung Galaxy A15 5G', description: 'Dual SIM phone with a big battery' });
    await createProduct(ctx.db, { name: 'HP Pavilion 15 Laptop', description: 'Core i5, Wi-Fi 6 and a 512GB SSD' });
    await createProduct(ctx.db, { name: 'Canon EOS R50', description: "A traveller's camera, 1.5x crop" });
    await createProduct(ctx.db, { name: 'Toyota Hilux', description: 'Diesel ute for Highlands roads' });
    await createProduct(ctx.db, { name: 'Hidden Samsung', description: 'inactive', status: 'inactive' });
  });
  afterAll(() => ctx.close());
  const found = async (q: string) =>
    (await page(ctx, `q=${encodeURIComponent(q)}`)).body.items.map((item) => item.name);

  it('finds by a word of the name, case-insensitively', async () => {
    expect(await found('samsung')).toEqual(['Samsung Galaxy A15 5G']);
    expect(await found('HILUX')).toEqual(['Toyota Hilux']);
  });

  it('finds by a word of the description', async () => {
    expect(await found('battery')).toEqual(['Samsung Galaxy A15 5G']);
    expect(await found('highlands')).toEqual(['Toyota Hilux']);
  });

  it('matches the start of words: "sam" finds Samsung, "lap" finds Laptop', async () => {
    expect(await found('sam')).toEqual(['Samsung Galaxy A15 5G']);
    expect(await found('lap')).toEqual(['HP Pavilion 15 Laptop']);
    expect(await found('a1')).toEqual(['Samsung Galaxy A15 5G']);
  });

  it('needs every word, in any order, in name or description', async () => {
    expect(await found('galaxy battery')).toEqual(['Samsung Galaxy A15 5G']);
    expect(await found('battery samsung')).toEqual(['Samsung Galaxy A15 5G']);
    expect(await found('samsung diesel')).toEqual([]);
  });

  it('reads hyphens, dots and apostrophes as the document does', async () => {
    expect(await found('wi-fi')).toEqual(['HP Pavilion 15 Laptop']);
    expect(await found('1.5x')).toEqual(['Canon EOS R50']);
    expect(await found("traveller's")).toEqual(['Canon EOS R50']);
  });

  it('is not confused by the query language’s own characters', async () => {
    for (const q of ['sam & !(gal', "'", 'a:*|b', '\\', '<->', '***']) {
      const response = await ctx.app.inject({ method: 'GET', url: `/api/products?q=${encodeURIComponent(q)}` });
      expect(response.statusCode, q).toBe(200);
    }
    expect(searchQueryText('***')).toBeNull();
    expect(searchQueryText("Sam's  A15")).toBe("'sam':* & 's':* & 'a15':*");
  });

  it('counts what it found, combined with the filters', async () => {
    const { body } = await page(ctx, 'q=a&category=phones');
    expect(body.total).toBe(body.items.length);
  });
});

describe('member prices per session', () => {
  let ctx: TestContext;
  const prices = [10_005, 55_555, 55_556, 49_999, 54_444, 111_111, 111_112, 100_005, 1, 5, 15, 25, 74_900];
  beforeAll(async () => {
    ctx = await createTestApp();
    for (const [index, priceToea] of prices.entries()) {
      await createProduct(ctx.db, { name: `Priced ${index}`, priceToea });
    }
    // A few hundred more prices, to compare the database's rounding with the shared rule's.
    for (let i = 0; i < 200; i += 1) {
      await createProduct(ctx.db, { name: `Rounding ${i}`, priceToea: 1 + ((i * 7919) % 250_000) });
    }
  });
  afterAll(() => ctx.close());

  async function member() {
    const shopper = await signedInShopper(ctx);
    await makeMember(ctx.db, shopper.user.id);
    return shopper.cookie;
  }

  it('gives an active member the member price of the shared rule on every item, computed by the database', async () => {
    const cookie = await member();
    const { items } = await allListed(ctx.app, '', cookie);
    expect(items.length).toBe(prices.length + 200);
    for (const item of items) {
      const pays = memberPrice(item.price, PREMIUM_DISCOUNT_RATE, item.isMembership);
      expect(item.memberPrice, item.name).toBe(pays < item.price ? pays : null);
    }
    expect(items.find((item) => item.price === 74_900)?.memberPrice).toBe(67_410);
  });

  it('gives guests and signed-in non-members the normal price only', async () => {
    const shopper = await signedInShopper(ctx);
    for (const cookie of [undefined, shopper.cookie]) {
      const { items } = await allListed(ctx.app, '', cookie);
      expect(items.every((item) => item.memberPrice === null)).toBe(true);
    }
  });

  it('sorts and bands a member’s list by the price the member pays', async () => {
    const cookie = await member();
    const pays = (item: ProductListItem) => item.memberPrice ?? item.price;
    for (const sort of ['priceAsc', 'priceDesc'] as const) {
      const { items } = await allListed(ctx.app, `sort=${sort}`, cookie);
      const expected = [...items].sort((a, b) =>
        sort === 'priceAsc' ? pays(a) - pays(b) || a.id - b.id : pays(b) - pays(a) || a.id - b.id,
      );
      expect(ids(items)).toEqual(ids(expected));
    }
    for (const band of priceBands) {
      const member = await allListed(ctx.app, `price=${band}`, cookie);
      const guest = await allListed(ctx.app, `price=${band}`);
      expect(member.items.every((item) => inPriceBand(pays(item), band))).toBe(true);
      expect(guest.items.every((item) => inPriceBand(item.price, band))).toBe(true);
      // The counts too (kept per search and filters, and per audience when a band is set).
      expect(member.total).toBe(member.items.length);
      expect(guest.total).toBe(guest.items.length);
    }
    // K555.55 is K500.00 for a member (in the middle band), K1,111.11 is K1,000.00 (not over K1,000).
    const names = (await allListed(ctx.app, 'price=500-1000', cookie)).items.map((item) => item.name);
    expect(names).toEqual(expect.arrayContaining(['Priced 1', 'Priced 5']));
    const guestOver = (await allListed(ctx.app, 'price=over-1000')).items.map((item) => item.name);
    const memberOver = (await allListed(ctx.app, 'price=over-1000', cookie)).items.map((item) => item.name);
    expect(guestOver).toContain('Priced 5');
    expect(memberOver).not.toContain('Priced 5');
  });

  it('keeps the member’s answer private and never gives it to a guest asking the same address', async () => {
    const cookie = await member();
    const url = '/api/products?sort=priceDesc&pageSize=5';
    const memberAnswer = await ctx.app.inject({ method: 'GET', url, headers: { cookie } });
    expect(memberAnswer.headers['cache-control']).toBe('private, no-cache');
    expect(memberAnswer.headers.vary).toMatch(/cookie/i);
    expect((memberAnswer.json() as ProductListPage).items.every((item) => item.memberPrice !== null)).toBe(true);

    const guestAnswer = await ctx.app.inject({ method: 'GET', url });
    expect(guestAnswer.headers['cache-control']).toBe('no-cache');
    expect(guestAnswer.headers.etag).not.toBe(memberAnswer.headers.etag);
    expect((guestAnswer.json() as ProductListPage).items.every((item) => item.memberPrice === null)).toBe(true);
    // A guest's browser holding the member's ETag gets the guest answer, not a 304.
    const revalidated = await ctx.app.inject({
      method: 'GET',
      url,
      headers: { 'if-none-match': memberAnswer.headers.etag as string },
    });
    expect(revalidated.statusCode).toBe(200);
  });
});
