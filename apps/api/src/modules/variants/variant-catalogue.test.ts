import {
  memberPrice,
  PREMIUM_DISCOUNT_RATE,
  type ProductListItem,
  type ProductListPage,
  type ProductVariants,
} from '@bilum/shared';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrationsFolder } from '../../db/client';
import { products } from '../../db/schema';
import { makeMember, signedInShopper } from '../../test/accounts';
import { createProduct } from '../../test/factories';
import { allListed } from '../../test/list-pages';
import { createTestApp, type TestContext } from '../../test/test-app';
import { setProductVariants, type WrittenVariant } from './variants.service';

/**
 * Issue 30 (decision 042), the storefront's lists: a card says "from K…" when the variants on sale cost different
 * amounts, the price sort and bands go by that "from" price (the cheapest live variant's, kept on the product row),
 * and the search finds a product by its SKU, its variants' SKUs and their option values.
 */

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const owner = { userId: null, name: 'Test owner' };
let skuSequence = 0;
const sku = () => `CAT-${Date.now().toString(36).toUpperCase()}-${(skuSequence += 1)}`;

type Row = { values: string[]; price: number; id?: number };

/** Options and variants as the admin's form sends them; each variant with 2 units and a SKU of its own. */
function variantsOf(options: ProductVariants['options'], rows: Row[]): ProductVariants {
  return {
    options,
    variants: rows.map(({ values, price, id }) => ({
      ...(id === undefined ? {} : { id }),
      values,
      sku: sku(),
      price,
      originalPrice: null,
      stock: 2,
      lowStockThreshold: 1,
      image: null,
    })),
  };
}

function write(productId: number, input: ProductVariants): Promise<WrittenVariant[]> {
  return ctx.db.transaction((tx) =>
    setProductVariants(tx, productId, input, { reason: 'admin-edit', actor: owner, at: new Date() }),
  );
}

const storage = (...values: string[]) => ({ name: 'Storage', values });

/** A product with one option and a variant of each value at the price given. */
async function withVariants(name: string, prices: Record<string, number>) {
  const product = await createProduct(ctx.db, { name, stock: 0 });
  const written = await write(
    product.id,
    variantsOf(
      [storage(...Object.keys(prices))],
      Object.entries(prices).map(([value, price]) => ({ values: [value], price })),
    ),
  );
  return { product, written };
}

async function listed(query: string, cookie?: string): Promise<ProductListItem[]> {
  return (await allListed(ctx.app, query, cookie)).items;
}

/** The product as the list shows it now (a change reaches the cached list within the change feed's check). */
async function itemOf(id: number, word: string, cookie?: string): Promise<ProductListItem | undefined> {
  return (await listed(`q=${encodeURIComponent(word)}`, cookie)).find((item) => item.id === id);
}

describe('"from" on the cards', () => {
  it('gives the cheapest price as priceFrom when the variants’ prices differ', async () => {
    const { product } = await withVariants('Fromcard Galaxy', { '128 GB': 129_900, '256 GB': 149_900 });
    expect(await itemOf(product.id, 'fromcard')).toMatchObject({ price: 129_900, priceFrom: 129_900 });
  });

  it('gives no priceFrom when every variant costs the same, nor for a product without options', async () => {
    const { product } = await withVariants('Samecard Galaxy', { '128 GB': 99_900, '256 GB': 99_900 });
    const plain = await createProduct(ctx.db, { name: 'Samecard Kettle', priceToea: 4_500 });
    const items = await listed('q=samecard');
    expect(items.find((item) => item.id === product.id)).toMatchObject({ price: 99_900, priceFrom: null });
    expect(items.find((item) => item.id === plain.id)).toMatchObject({ price: 4_500, priceFrom: null });
  });

  it('drops "from" when the owner makes the prices equal, and says it again when they differ', async () => {
    const { product, written } = await withVariants('Evencard Galaxy', { '128 GB': 120_000, '256 GB': 150_000 });
    expect(await itemOf(product.id, 'evencard')).toMatchObject({ priceFrom: 120_000 });

    const same = variantsOf(
      [storage('128 GB', '256 GB')],
      written.map((variant) => ({ id: variant.id, values: variant.values, price: 135_000 })),
    );
    await write(product.id, same);
    await expect
      .poll(() => itemOf(product.id, 'evencard'), { timeout: 5_000 })
      .toMatchObject({
        price: 135_000,
        priceFrom: null,
      });

    const apart = variantsOf(
      [storage('128 GB', '256 GB')],
      written.map((variant, index) => ({ id: variant.id, values: variant.values, price: 135_000 + index * 100 })),
    );
    await write(product.id, apart);
    await expect
      .poll(() => itemOf(product.id, 'evencard'), { timeout: 5_000 })
      .toMatchObject({
        price: 135_000,
        priceFrom: 135_000,
      });
  });

  it('counts only the variants on sale: one the owner left out no longer makes a "from"', async () => {
    const { product, written } = await withVariants('Leftcard Galaxy', {
      '64 GB': 80_000,
      '128 GB': 80_000,
      '512 GB': 200_000,
    });
    expect(await itemOf(product.id, 'leftcard')).toMatchObject({ price: 80_000, priceFrom: 80_000 });
    // 512 GB is left out (archived, its price kept on its row for its orders): the two left cost the same.
    const kept = written.filter((variant) => variant.values[0] !== '512 GB');
    await write(
      product.id,
      variantsOf(
        [storage('64 GB', '128 GB')],
        kept.map((variant) => ({ id: variant.id, values: variant.values, price: 80_000 })),
      ),
    );
    await expect
      .poll(() => itemOf(product.id, 'leftcard'), { timeout: 5_000 })
      .toMatchObject({
        price: 80_000,
        priceFrom: null,
      });
  });

  it('gives a member the member price of the "from" price, with priceFrom the regular one', async () => {
    const { product } = await withVariants('Membercard Galaxy', { '128 GB': 129_900, '256 GB': 149_900 });
    const shopper = await signedInShopper(ctx);
    await makeMember(ctx.db, shopper.user.id);
    expect(await itemOf(product.id, 'membercard', shopper.cookie)).toMatchObject({
      price: 129_900,
      priceFrom: 129_900,
      memberPrice: memberPrice(129_900, PREMIUM_DISCOUNT_RATE, false),
    });
  });
});

describe('the price sort and bands go by the "from" price', () => {
  let spread: number;
  let cheaper: number;
  let dearer: number;
  beforeAll(async () => {
    // K450.00 to K600.00: "from K450.00", so under K500 and not in K500–K1,000, and between K440 and K460.
    spread = (await withVariants('Bandsort Radio', { Small: 45_000, Large: 60_000 })).product.id;
    cheaper = (await createProduct(ctx.db, { name: 'Bandsort Torch', priceToea: 44_000 })).id;
    dearer = (await createProduct(ctx.db, { name: 'Bandsort Lamp', priceToea: 46_000 })).id;
  });
  const ids = (items: ProductListItem[]) => items.map((item) => item.id);

  it('sorts a product with variants by its cheapest variant’s price, both ways', async () => {
    expect(ids(await listed('q=bandsort&sort=priceAsc'))).toEqual([cheaper, spread, dearer]);
    expect(ids(await listed('q=bandsort&sort=priceDesc'))).toEqual([dearer, spread, cheaper]);
  });

  it('puts it in the band of its "from" price only', async () => {
    expect(ids(await listed('q=bandsort&price=under-500'))).toContain(spread);
    expect(ids(await listed('q=bandsort&price=500-1000'))).not.toContain(spread);
  });

  it('sorts and bands a member’s list by the member price of the "from" price', async () => {
    const shopper = await signedInShopper(ctx);
    await makeMember(ctx.db, shopper.user.id);
    const items = await listed('q=bandsort&sort=priceAsc', shopper.cookie);
    expect(ids(items)).toEqual([cheaper, spread, dearer]);
    expect(items.find((item) => item.id === spread)).toMatchObject({
      priceFrom: 45_000,
      memberPrice: memberPrice(45_000, PREMIUM_DISCOUNT_RATE, false),
    });
  });
});

describe('search finds a product by its variants', () => {
  let galaxy: number;
  let plain: { id: number; sku: string };
  let written: WrittenVariant[];
  beforeAll(async () => {
    const product = await createProduct(ctx.db, { name: 'Galaxy Searchphone', stock: 0 });
    galaxy = product.id;
    // Sepik Green is a value of the option that no variant is sold in.
    written = await write(
      galaxy,
      variantsOf(
        [storage('128 GB', '256 GB'), { name: 'Colour', values: ['Kundu Red', 'Ocean Blue', 'Sepik Green'] }],
        [
          { values: ['128 GB', 'Kundu Red'], price: 120_000 },
          { values: ['256 GB', 'Ocean Blue'], price: 150_000 },
        ],
      ),
    );
    plain = await createProduct(ctx.db, { name: 'Plain Searchkettle', sku: 'KETTLE-42' });
  });
  const found = async (q: string) =>
    ids((await listed(`q=${encodeURIComponent(q)}`)).filter((item) => [galaxy, plain.id].includes(item.id)));
  const ids = (items: ProductListItem[]) => items.map((item) => item.id);

  it('by an option value: "256", "256 GB", a colour', async () => {
    expect(await found('256')).toEqual([galaxy]);
    expect(await found('256 GB')).toEqual([galaxy]);
    expect(await found('ocean')).toEqual([galaxy]);
    expect(await found('kundu red')).toEqual([galaxy]);
    expect(await found('searchphone 128')).toEqual([galaxy]);
  });

  it('by a variant’s SKU, whole or its start', async () => {
    const variantSku = written[1]!.sku;
    expect(await found(variantSku)).toEqual([galaxy]);
    expect(await found(variantSku.toLowerCase())).toEqual([galaxy]);
  });

  it('by the SKU of a product without options', async () => {
    expect(await found('KETTLE-42')).toEqual([plain.id]);
    expect(await found('kettle')).toEqual([plain.id]);
  });

  it('not by a word no variant has: a value none is sold in, another product’s colour', async () => {
    expect(await found('sepik')).toEqual([]);
    expect(await found('purple')).toEqual([]);
    expect(await found('512 GB')).toEqual([]);
  });

  it('forgets a variant the owner left out, and learns a new one', async () => {
    const [red, blue] = written;
    const next = variantsOf(
      [storage('128 GB', '512 GB'), { name: 'Colour', values: ['Kundu Red', 'Ocean Blue'] }],
      [
        { id: red!.id, values: ['128 GB', 'Kundu Red'], price: 120_000 },
        { values: ['512 GB', 'Ocean Blue'], price: 180_000 },
      ],
    );
    const now = await write(galaxy, next);
    // Searches asked before the change are answered again once the change feed has dropped the cached pages.
    await expect.poll(() => found(blue!.sku), { timeout: 5_000 }).toEqual([]);
    expect(await found('256')).toEqual([]);
    expect(await found('512')).toEqual([galaxy]);
    expect(await found(now[1]!.sku)).toEqual([galaxy]);
    const [row] = await ctx.db
      .select({ words: products.variantWords, differ: products.variantPricesDiffer })
      .from(products)
      .where(eq(products.id, galaxy));
    expect(row).toEqual({ words: `${now[0]!.sku} ${now[1]!.sku} 128 GB 512 GB Kundu Red Ocean Blue`, differ: true });
  });

  it('answers the page with the product’s own search words left out of the list answer', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/products?q=searchphone' });
    const item = (response.json() as ProductListPage).items[0]!;
    expect(item).not.toHaveProperty('variantWords');
    expect(item).not.toHaveProperty('searchDocument');
  });
});

describe('migration 0037 on a shop that already has variants', () => {
  it('fills the "from" flag and the search words as setProductVariants writes them', async () => {
    const product = await createProduct(ctx.db, { name: 'Backfill Galaxy', stock: 0 });
    await write(
      product.id,
      variantsOf(
        [storage('128 GB', '256 GB', '1 TB'), { name: 'Colour', values: ['Black', 'Blue'] }],
        [
          { values: ['256 GB', 'Blue'], price: 150_000 },
          { values: ['128 GB', 'Black'], price: 120_000 },
          { values: ['128 GB', 'Blue'], price: 120_000 },
        ],
      ),
    );
    const same = await createProduct(ctx.db, { name: 'Backfill Radio', stock: 0 });
    await write(same.id, variantsOf([storage('Small', 'Large')], [{ values: ['Large'], price: 9_000 }]));
    const plain = await createProduct(ctx.db, { name: 'Backfill Kettle' });
    const ids = [product.id, same.id, plain.id];
    const these = inArray(products.id, ids);
    const read = () =>
      ctx.db
        .select({ id: products.id, words: products.variantWords, differ: products.variantPricesDiffer })
        .from(products)
        .where(these)
        .orderBy(products.id);
    const written = await read();
    expect(written.map((row) => row.differ)).toEqual([true, false, false]);

    // The migration's backfill, on the columns as a release before 0037 leaves them.
    const backfill = readFileSync(path.join(migrationsFolder, '0037_variant_search.sql'), 'utf8')
      .split('--> statement-breakpoint')
      .map((statement) => statement.replace(/^\s*(--.*\n)*/, '').trim())
      .find((statement) => statement.startsWith('UPDATE "products"'));
    expect(backfill).toBeDefined();
    await ctx.db.update(products).set({ variantWords: '', variantPricesDiffer: false }).where(these);
    await ctx.db.execute(sql.raw(backfill!));
    expect(await read()).toEqual(written);
  });
});
