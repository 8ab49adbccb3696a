import type { ProductListPage } from '@bilum/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { categories, categorySlugRedirects } from '../../db/schema';
import { seedDemoData } from '../../db/seed';
import { createProduct } from '../../test/factories';
import { allListed } from '../../test/list-pages';
import { createTestApp, type TestContext } from '../../test/test-app';

// Decision 043 (issue 31): a search forgives typos by trigram likeness, offers "Did you mean …?" when it finds
// nothing, and knows the Tok Pisin words for the categories. Runs on PGlite and on PostgreSQL (DATABASE_URL).

async function page(ctx: TestContext, query: string) {
  const response = await ctx.app.inject({ method: 'GET', url: `/api/products?${query}` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as ProductListPage;
}
const names = (items: readonly { name: string }[]) => items.map((item) => item.name);

describe('forgiving search on the demo catalogue', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
    await seedDemoData(ctx.db);
  });
  afterAll(() => ctx.close());

  const found = async (q: string) => (await allListed(ctx.app, `q=${encodeURIComponent(q)}`)).items;

  it.each([
    ['samsng', 'Samsung'],
    ['lenvo', 'Lenovo'],
    ['toyta', 'Toyota'],
    ['SAMSNG', 'Samsung'],
  ])('finds every %s product by its misspelled brand, and only those', async (q, brand) => {
    const byTypo = await found(q);
    const byBrand = await found(brand);
    expect(byTypo.length, q).toBeGreaterThan(2);
    expect(
      names(byTypo).every((name) => name.startsWith(brand)),
      names(byTypo).join(', '),
    ).toBe(true);
    expect(new Set(names(byTypo))).toEqual(new Set(names(byBrand).filter((name) => name.startsWith(brand))));
  });

  it('forgives a typo next to a word found as typed: "samsng tv" finds the Samsung TV', async () => {
    expect(names(await found('samsng tv'))).toEqual(['Samsung 55" Crystal UHD Smart TV']);
  });

  it('finds what was typed exactly as before: a search with enough matches is not widened', async () => {
    const samsung = await found('samsung');
    expect(samsung.length).toBeGreaterThanOrEqual(3);
    expect(samsung.every((item) => `${item.name} ${item.description}`.toLowerCase().includes('samsung'))).toBe(true);
  });

  it('offers the closest words of the products’ names when a search finds nothing', async () => {
    const nothing = await page(ctx, 'q=samsnug');
    expect(nothing).toMatchObject({ items: [], total: 0, didYouMean: 'samsung' });
    expect((await page(ctx, 'q=samsnug%20glaxy')).didYouMean).toBe('samsung galaxy');
    // The suggestion finds something in the same list.
    expect((await page(ctx, `q=${nothing.didYouMean}`)).total).toBeGreaterThan(0);
  });

  it('offers only what finds something with the same filters, and nothing when no name is like the search', async () => {
    const inVehicles = await page(ctx, 'q=samsnug&category=vehicles');
    expect(inVehicles.total).toBe(0);
    expect(inVehicles.didYouMean ?? null).toBeNull();
    const gibberish = await page(ctx, 'q=zzqxwv');
    expect(gibberish.total).toBe(0);
    expect(gibberish.didYouMean ?? null).toBeNull();
    // A search that finds something has no suggestion.
    expect((await page(ctx, 'q=samsung')).didYouMean ?? null).toBeNull();
  });

  it.each([
    ['fon', 'phones'],
    ['kar', 'vehicles'],
    ['kamera', 'cameras'],
    ['Fon', 'phones'],
  ])('leads the Tok Pisin word "%s" to the %s', async (q, category) => {
    const byWord = await found(q);
    const inCategory = (await allListed(ctx.app, `category=${category}`)).items;
    expect(inCategory.length).toBeGreaterThan(0);
    for (const item of inCategory) expect(names(byWord)).toContain(item.name);
  });

  it('narrows a category word with the other words: "samsung fon" is the Samsung phones', async () => {
    const samsungPhones = (await allListed(ctx.app, 'category=phones&q=samsung')).items;
    expect(samsungPhones.length).toBeGreaterThan(0);
    expect(names(await found('samsung fon'))).toEqual(names(samsungPhones));
  });

  it('never fails on the query language’s characters or on long words, forgiving or not', async () => {
    for (const q of ["samsng'", 'samsng\\', "'); drop table products; --", 'ß'.repeat(100), 'ŝámśñg', '%>> _%']) {
      const response = await ctx.app.inject({ method: 'GET', url: `/api/products?q=${encodeURIComponent(q)}` });
      expect(response.statusCode, q).toBe(200);
    }
    expect((await page(ctx, `q=${encodeURIComponent('ŝámśñg')}`)).total).toBeGreaterThan(0);
  });
});

describe('forgiving search order', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
    // The product found only by likeness comes first by id and by price.
    await createProduct(ctx.db, { name: 'Kundo Speaker', description: 'Loud', priceToea: 5_000 });
    await createProduct(ctx.db, { name: 'Kundu Drum', description: 'Carved', priceToea: 50_000 });
    for (const n of [1, 2, 3]) await createProduct(ctx.db, { name: `Bilum Bag ${n}`, description: 'Woven' });
    await createProduct(ctx.db, { name: 'Bilun Hat', description: 'Woven' });
  });
  afterAll(() => ctx.close());

  it.each(['default', 'priceAsc', 'nameAsc'])(
    'lists a product found by the start of a word before one found only by likeness (sort %s)',
    async (sort) => {
      const { items, total } = await page(ctx, `q=kundu&sort=${sort}`);
      expect(names(items)).toEqual(['Kundu Drum', 'Kundo Speaker']);
      expect(total).toBe(2);
    },
  );

  it('pages and counts a forgiving search the same way on every page', async () => {
    const first = await page(ctx, 'q=kundu&pageSize=1');
    const second = await page(ctx, 'q=kundu&pageSize=1&page=2');
    expect([first.total, second.total]).toEqual([2, 2]);
    expect(names([...first.items, ...second.items])).toEqual(['Kundu Drum', 'Kundo Speaker']);
    expect((await page(ctx, 'q=kundu&page=3&pageSize=1')).total).toBe(2);
  });

  it('does not widen a search that found enough by the start of words', async () => {
    expect(names((await page(ctx, 'q=bilum')).items)).toEqual(['Bilum Bag 1', 'Bilum Bag 2', 'Bilum Bag 3']);
  });
});

describe('category words after the owner renames a category', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
    await createProduct(ctx.db, { name: 'Tecno Spark', category: 'phones' });
    await createProduct(ctx.db, { name: 'Canon EOS', category: 'cameras' });
  });
  afterAll(() => ctx.close());

  it('still leads "fon" to the phones under their new address', async () => {
    const [phones] = await ctx.db
      .update(categories)
      .set({ slug: 'mobile-phones' })
      .where(eq(categories.slug, 'phones'))
      .returning();
    await ctx.db.insert(categorySlugRedirects).values({ slug: 'phones', categoryId: phones!.id });
    expect(names((await page(ctx, 'q=fon')).items)).toEqual(['Tecno Spark']);
  });
});
