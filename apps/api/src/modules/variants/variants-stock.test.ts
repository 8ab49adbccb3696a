import {
  type AdminProduct,
  type AdminProductListResponse,
  catalogAdminMessages,
  type ImportPreview,
  type ProductVariants,
  stockMessages,
  type StockMovementsResponse,
} from '@bilum/shared';
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { and, asc, eq, isNull } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { products, productVariants, stockMovements } from '../../db/schema';
import { adminTestApp } from '../../test/accounts';
import { createProduct } from '../../test/factories';
import { setProductVariants } from './variants.service';

/**
 * Issue 30 step 4 (decision 042): the owner's stock work per variant. The inventory lists a product's variants with
 * their own figures and low-stock line, a restock adds units to one variant, the stock log names each movement's
 * variant, and the catalogue's CSV has one row per variant, matched by its SKU.
 */

const shop = adminTestApp();
const owner = { userId: null, name: 'Test owner' };
let sequence = 0;
const unique = () => `${Date.now().toString(36).toUpperCase()}${(sequence += 1)}`;

/** A Galaxy A55 in 128 GB and 256 GB, each in Black and Blue (low-stock line 1 each), under a name of its own. */
async function galaxy(stock: Record<string, number> = {}) {
  const tag = unique();
  const product = await createProduct(shop.ctx.db, { name: `Galaxy A55 ${tag}`, stock: 0 });
  const input: ProductVariants = {
    options: [
      { name: 'Storage', values: ['128 GB', '256 GB'] },
      { name: 'Colour', values: ['Black', 'Blue'] },
    ],
    variants: (
      [
        ['128 GB', 'Black', 120_000],
        ['128 GB', 'Blue', 120_000],
        ['256 GB', 'Black', 150_000],
        ['256 GB', 'Blue', 155_000],
      ] as const
    ).map(([storage, colour, price], index) => ({
      values: [storage, colour],
      sku: `GAL-${tag}-${index + 1}`,
      price,
      originalPrice: price === 155_000 ? 165_000 : null,
      stock: stock[`${storage} / ${colour}`] ?? 5,
      lowStockThreshold: 1,
      image: null,
    })),
  };
  const variants = await shop.ctx.db.transaction((tx) =>
    setProductVariants(tx, product.id, input, { reason: 'admin-edit', actor: owner, at: new Date() }),
  );
  const byLabel = (label: string) => variants.find((variant) => variant.values.join(' / ') === label)!;
  return { product, tag, variants, byLabel };
}

async function liveVariants(productId: number) {
  return shop.ctx.db
    .select()
    .from(productVariants)
    .where(and(eq(productVariants.productId, productId), isNull(productVariants.archivedAt)))
    .orderBy(asc(productVariants.position));
}

async function productRow(id: number) {
  const [row] = await shop.ctx.db.select().from(products).where(eq(products.id, id));
  return row!;
}

async function inventory(query: string): Promise<AdminProductListResponse> {
  const response = await shop.asAdmin('GET', `/api/admin/products?${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

const restock = (productId: number, body: object) =>
  shop.asAdmin('POST', `/api/admin/products/${productId}/restock`, {
    quantity: 4,
    reason: 'supplier-delivery',
    ...body,
  });

describe('restock and the inventory per variant', () => {
  it('restocks one variant: only its units and the product’s total move, and the movement names it', async () => {
    const { product, byLabel } = await galaxy();
    const black256 = byLabel('256 GB / Black');
    const answer = await restock(product.id, { variantId: black256.id, note: ' Digicel Wholesale ' });
    expect(answer.statusCode, answer.body).toBe(200);
    const body: { product: AdminProduct; message: string } = answer.json();
    expect(body.message).toBe(stockMessages.restocked(`${product.name} – 256 GB / Black`, 9));
    expect(body.product.stock).toBe(24);
    expect(body.product.variantStock.map((variant) => [variant.label, variant.stock])).toEqual([
      ['128 GB / Black', 5],
      ['128 GB / Blue', 5],
      ['256 GB / Black', 9],
      ['256 GB / Blue', 5],
    ]);
    expect((await liveVariants(product.id)).map((variant) => variant.stock)).toEqual([5, 5, 9, 5]);
    expect((await productRow(product.id)).stock).toBe(24);
    const [moved] = await shop.ctx.db
      .select()
      .from(stockMovements)
      .where(and(eq(stockMovements.productId, product.id), eq(stockMovements.reason, 'restock')));
    expect(moved).toMatchObject({
      variantId: black256.id,
      change: 4,
      stockBefore: 5,
      stockAfter: 9,
      restockReason: 'supplier-delivery',
      note: 'Digicel Wholesale',
    });
  });

  it('refuses a restock of a product with options without a variant, or with another product’s, with 400 on variantId', async () => {
    const { product } = await galaxy();
    const other = await galaxy();
    const plain = await createProduct(shop.ctx.db, { stock: 2 });
    const missing = await restock(product.id, {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error).toMatchObject({
      message: stockMessages.variantRequired,
      issues: [{ path: 'variantId', message: stockMessages.variantRequired }],
    });
    for (const variantId of [other.variants[0]!.id, 2_000_000_000]) {
      const foreign = await restock(product.id, { variantId });
      expect(foreign.statusCode).toBe(400);
      expect(foreign.json().error.issues).toEqual([{ path: 'variantId', message: stockMessages.variantNotOfProduct }]);
    }
    // A product with options can't be restocked through a plain product's variant either.
    const [plainVariant] = await liveVariants(plain.id);
    expect((await restock(product.id, { variantId: plainVariant!.id })).statusCode).toBe(400);
    expect((await productRow(product.id)).stock).toBe(20);
    expect((await liveVariants(product.id)).map((variant) => variant.stock)).toEqual([5, 5, 5, 5]);

    // A product without options: its one variant, named or not.
    expect((await restock(plain.id, {})).json().product).toMatchObject({ stock: 6, variantStock: [] });
    expect((await restock(plain.id, { variantId: plainVariant!.id })).json().product).toMatchObject({ stock: 10 });
  });

  it('lists a product as low when one variant is at or under its own threshold, counting it once in Low Stock', async () => {
    const { product, tag, byLabel } = await galaxy({ '256 GB / Black': 1 });
    const healthy = await galaxy();
    const before = await inventory('pageSize=1');
    const lowList = await inventory(`q=${tag}&stock=low`);
    expect(lowList.items.map((item) => item.id)).toEqual([product.id]);
    const [item] = lowList.items;
    expect(item).toMatchObject({ stock: 16, stockLevel: 'low' });
    expect(item!.variantStock.map((variant) => [variant.label, variant.sku, variant.stockLevel])).toEqual([
      ['128 GB / Black', `GAL-${tag}-1`, 'in'],
      ['128 GB / Blue', `GAL-${tag}-2`, 'in'],
      ['256 GB / Black', `GAL-${tag}-3`, 'low'],
      ['256 GB / Blue', `GAL-${tag}-4`, 'in'],
    ]);
    expect(item!.variantStock[2]).toMatchObject({ stock: 1, lowStockThreshold: 1, held: 0, sold: 0 });
    expect((await inventory(`q=${tag}&stock=in`)).items).toEqual([]);
    expect((await inventory(`q=${healthy.tag}&stock=in`)).items.map((each) => each.id)).toEqual([healthy.product.id]);

    // Restocked, the variant is above its line: the product is in stock and Low Stock counts one fewer.
    await restock(product.id, { variantId: byLabel('256 GB / Black').id });
    expect((await inventory(`q=${tag}&stock=low`)).items).toEqual([]);
    expect((await inventory('pageSize=1')).stats.lowStock).toBe(before.stats.lowStock - 1);
    // A variant sold out while the others have units is low too; the product is out only with none on hand.
    await shop.ctx.db.transaction(async (tx) => {
      const { changeStock } = await import('../stock/stock.service');
      await changeStock(tx, {
        productId: healthy.product.id,
        variantId: healthy.byLabel('128 GB / Blue').id,
        change: -5,
        reason: 'admin-edit',
        actor: owner,
        at: new Date(),
      });
    });
    expect((await inventory(`q=${healthy.tag}&stock=low`)).items.map((each) => each.id)).toEqual([healthy.product.id]);
    expect((await inventory(`q=${healthy.tag}&stock=out`)).items).toEqual([]);
  });

  it('names the variant of each movement in the stock log, and reads one variant’s log alone', async () => {
    const { product, byLabel } = await galaxy();
    const black256 = byLabel('256 GB / Black');
    await restock(product.id, { variantId: black256.id });
    await restock(product.id, { variantId: byLabel('128 GB / Blue').id });
    const all = await shop.asAdmin('GET', `/api/admin/products/${product.id}/stock-movements`);
    expect(all.statusCode, all.body).toBe(200);
    const log: StockMovementsResponse = all.json();
    expect(log.movements.slice(0, 2).map((move) => [move.reason, move.variantLabel, move.change])).toEqual([
      ['restock', '128 GB / Blue', 4],
      ['restock', '256 GB / Black', 4],
    ]);
    expect(new Set(log.movements.map((move) => move.variantLabel))).toEqual(
      new Set(['128 GB / Black', '128 GB / Blue', '256 GB / Black', '256 GB / Blue']),
    );
    const one: StockMovementsResponse = (
      await shop.asAdmin('GET', `/api/admin/products/${product.id}/stock-movements?variantId=${black256.id}`)
    ).json();
    expect(one.movements.map((move) => [move.reason, move.stockBefore, move.stockAfter])).toEqual([
      ['restock', 5, 9],
      ['admin-edit', 0, 5],
    ]);
    expect(one.movements.every((move) => move.variantId === black256.id && move.variantSku === black256.sku)).toBe(
      true,
    );
    const other = await galaxy();
    const foreign = await shop.asAdmin(
      'GET',
      `/api/admin/products/${product.id}/stock-movements?variantId=${other.variants[0]!.id}`,
    );
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().error.message).toBe(stockMessages.variantNotOfProduct);
  });
});

/** The exported file: its text and its records keyed by column. */
async function exported(): Promise<{ text: string; records: Record<string, string>[] }> {
  const response = await shop.asAdmin('GET', '/api/admin/products/export');
  expect(response.statusCode).toBe(200);
  return { text: response.body, records: parse(response.body, { columns: true, bom: true }) };
}

const csvOf = (records: Record<string, string>[]) => stringify(records, { header: true });
const preview = async (csv: string): Promise<ImportPreview> => {
  const response = await shop.asAdmin('POST', '/api/admin/products/import/preview', { csv });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
};
const commit = (csv: string) => shop.asAdmin('POST', '/api/admin/products/import', { csv });

describe('the catalogue CSV, one row per variant', () => {
  it('exports a row per live variant with its product’s SKU and options, a product without options as before, with a BOM', async () => {
    const { product, tag } = await galaxy({ '256 GB / Blue': 2 });
    const plain = await createProduct(shop.ctx.db, { name: `Plain lamp ${tag}`, stock: 3 });
    const { text, records } = await exported();
    expect(text.startsWith('\uFEFFsku,name,')).toBe(true);
    expect(text.split('\r\n')[0]).toMatch(
      /,gallery_images,product_sku,option1_name,option1_value,option2_name,option2_value,option3_name,option3_value$/,
    );
    const rows = records.filter((record) => record.product_sku === product.sku);
    expect(
      rows.map((row) => [
        row.sku,
        row.name,
        row.price,
        row.stock,
        row.low_stock_threshold,
        row.option1_value,
        row.option2_value,
      ]),
    ).toEqual([
      [`GAL-${tag}-1`, product.name, '1200.00', '5', '1', '128 GB', 'Black'],
      [`GAL-${tag}-2`, product.name, '1200.00', '5', '1', '128 GB', 'Blue'],
      [`GAL-${tag}-3`, product.name, '1500.00', '5', '1', '256 GB', 'Black'],
      [`GAL-${tag}-4`, product.name, '1550.00', '2', '1', '256 GB', 'Blue'],
    ]);
    expect(rows[0]).toMatchObject({ option1_name: 'Storage', option2_name: 'Colour', option3_name: '' });
    // The variant without a picture of its own shows the product's.
    expect(rows[0]?.image).toBe(product.image);
    expect(records.some((record) => record.sku === product.sku)).toBe(false);
    expect(records.find((record) => record.sku === plain.sku)).toMatchObject({
      name: plain.name,
      stock: '3',
      product_sku: '',
      option1_name: '',
      option1_value: '',
    });
  });

  it('imports the exported file back without changing anything', async () => {
    await galaxy();
    const { text } = await exported();
    const movementsBefore = await shop.ctx.db.select().from(stockMovements);
    const variantsBefore = await shop.ctx.db.select().from(productVariants);
    const checked = await preview(text);
    expect(checked.fileErrors).toEqual([]);
    expect(checked.rows.filter((row) => row.action !== 'unchanged')).toEqual([]);
    const committed = await commit(text);
    expect(committed.statusCode, committed.body).toBe(200);
    expect(committed.json()).toMatchObject({ created: 0, updated: 0 });
    expect(await shop.ctx.db.select().from(stockMovements)).toHaveLength(movementsBefore.length);
    expect(await shop.ctx.db.select().from(productVariants)).toEqual(variantsBefore);
  });

  it('updates one variant’s stock and price by its SKU, and nothing else', async () => {
    const { product, tag, byLabel } = await galaxy();
    const { records } = await exported();
    const black256 = byLabel('256 GB / Black');
    const row = records.find((record) => record.sku === black256.sku)!;
    row.stock = '12';
    row.price = '1450.00';
    const csv = csvOf(records);
    const checked = await preview(csv);
    expect(checked.valid).toBe(true);
    const changed = checked.rows.filter((entry) => entry.action !== 'unchanged');
    expect(changed).toEqual([
      expect.objectContaining({
        sku: black256.sku,
        name: `${product.name} – 256 GB / Black`,
        action: 'update',
        changes: [
          { field: 'price', from: '1500.00', to: '1450.00' },
          { field: 'stock', from: '5', to: '12' },
        ],
      }),
    ]);
    const committed = await commit(csv);
    expect(committed.statusCode, committed.body).toBe(200);
    expect(committed.json()).toMatchObject({ created: 0, updated: 1 });
    const variants = await liveVariants(product.id);
    expect(variants.map((variant) => [variant.sku, variant.priceToea, variant.stock])).toEqual([
      [`GAL-${tag}-1`, 120_000, 5],
      [`GAL-${tag}-2`, 120_000, 5],
      [`GAL-${tag}-3`, 145_000, 12],
      [`GAL-${tag}-4`, 155_000, 5],
    ]);
    expect(variants.map((variant) => variant.id)).toEqual(
      ['128 GB / Black', '128 GB / Blue', '256 GB / Black', '256 GB / Blue'].map((label) => byLabel(label).id),
    );
    expect(await productRow(product.id)).toMatchObject({ stock: 27, priceToea: 120_000 });
    const moves = await shop.ctx.db
      .select()
      .from(stockMovements)
      .where(and(eq(stockMovements.productId, product.id), eq(stockMovements.reason, 'import')));
    expect(moves.map((move) => [move.variantId, move.stockBefore, move.stockAfter])).toEqual([[black256.id, 5, 12]]);
  });

  it('adds a product with options from its rows, and a new combination to a product that has options', async () => {
    const tag = unique();
    const header =
      'sku,name,category,description,price,stock,image,product_sku,option1_name,option1_value,option2_name,option2_value';
    const lantern = (sku: string, size: string, colour: string, price: string, stock: string, name = '') =>
      `${sku},${name},${name ? 'accessories' : ''},${name ? 'A solar lantern in three sizes.' : ''},${price},${stock},${
        name ? '/images/products/lantern.svg' : ''
      },LAN-${tag},Size,${size},Colour,${colour}`;
    const csv = [
      header,
      lantern(`LAN-${tag}-S`, 'Small', 'Green', '45.00', '4', `Solar lantern ${tag}`),
      lantern(`LAN-${tag}-M`, 'Medium', 'Green', '55.00', '0'),
      lantern(`LAN-${tag}-L`, 'Large', 'Green', '65.00', '2'),
    ].join('\n');
    const checked = await preview(csv);
    expect(checked.rows.map((row) => [row.action, row.errors])).toEqual([
      ['create', []],
      ['create', []],
      ['create', []],
    ]);
    const committed = await commit(csv);
    expect(committed.statusCode, committed.body).toBe(200);
    expect(committed.json()).toMatchObject({ created: 1, updated: 0 });
    const [added] = await shop.ctx.db
      .select()
      .from(products)
      .where(eq(products.sku, `LAN-${tag}`));
    expect(added).toMatchObject({ name: `Solar lantern ${tag}`, stock: 6, priceToea: 4_500, status: 'active' });
    const page = await shop.ctx.app.inject({ url: `/api/products/${added!.id}` });
    expect(page.json().product.options).toEqual([
      { name: 'Size', values: ['Small', 'Medium', 'Large'] },
      { name: 'Colour', values: ['Green'] },
    ]);
    const variants = await liveVariants(added!.id);
    expect(variants.map((variant) => [variant.sku, variant.priceToea, variant.stock, variant.image])).toEqual([
      [`LAN-${tag}-S`, 4_500, 4, null],
      [`LAN-${tag}-M`, 5_500, 0, null],
      [`LAN-${tag}-L`, 6_500, 2, null],
    ]);

    // The same product in orange, Small only: a new value and a new variant; the others stay as they are.
    const more = [header, lantern(`LAN-${tag}-SO`, 'Small', 'Orange', '47.00', '3')].join('\n');
    const added2 = await preview(more);
    expect(added2.rows.map((row) => [row.action, row.name, row.errors])).toEqual([
      ['create', `Solar lantern ${tag} – Small / Orange`, []],
    ]);
    expect((await commit(more)).json()).toMatchObject({ created: 0, updated: 1 });
    expect((await liveVariants(added!.id)).map((variant) => variant.sku)).toEqual([
      `LAN-${tag}-S`,
      `LAN-${tag}-M`,
      `LAN-${tag}-L`,
      `LAN-${tag}-SO`,
    ]);
    expect((await productRow(added!.id)).stock).toBe(9);
  });

  it('says on each row what is wrong: a combination twice, a SKU of another product, options not the product’s, a row without its product', async () => {
    const { product, tag, byLabel } = await galaxy();
    const other = await galaxy();
    const header = 'sku,price,stock,product_sku,option1_name,option1_value,option2_name,option2_value';
    const csv = [
      header,
      `${byLabel('128 GB / Black').sku},1200.00,5,${product.sku},Storage,128 GB,Colour,Black`,
      `NEW-${tag}-1,1300.00,1,${product.sku},Storage,128 GB,Colour,Black`,
      `NEW-${tag}-2,1300.00,1,${product.sku},Storage,256 GB,Colour,Blue`,
      `${other.variants[0]!.sku},1300.00,1,${product.sku},Storage,512 GB,Colour,Black`,
      `NEW-${tag}-3,1300.00,1,${product.sku},Size,Large,Colour,Black`,
      `NEW-${tag}-4,1300.00,1,,Storage,512 GB,Colour,Red`,
      `NEW-${tag}-5,1300.00,1,${product.sku},Storage,,Colour,Red`,
      `${byLabel('256 GB / Blue').sku},1300.00,1,,,,,`,
    ].join('\n');
    const checked = await preview(csv);
    expect(checked.valid).toBe(false);
    expect(checked.rows.map((row) => [row.line, row.action, row.errors])).toEqual([
      [2, 'unchanged', []],
      [3, 'error', [{ field: 'option1_value', message: catalogAdminMessages.combinationTwice('128 GB / Black', 2) }]],
      [
        4,
        'error',
        [
          {
            field: 'option1_value',
            message: catalogAdminMessages.combinationTaken('256 GB / Blue', byLabel('256 GB / Blue').sku),
          },
        ],
      ],
      [5, 'error', [{ field: 'sku', message: catalogAdminMessages.variantOfAnotherProduct(other.product.name) }]],
      [6, 'error', [{ field: 'option1_name', message: catalogAdminMessages.optionNamesOfProduct('Storage, Colour') }]],
      [7, 'error', [{ field: 'product_sku', message: catalogAdminMessages.variantNeedsProductSku }]],
      [8, 'error', [{ field: 'option1_value', message: catalogAdminMessages.optionWithoutValue('option1_value') }]],
      [9, 'error', [{ field: 'sku', message: catalogAdminMessages.productHasOptions }]],
    ]);
    // A new product's rows share its columns: a name that differs from its first row's is refused on that row.
    const twoNames = [
      'sku,name,category,description,price,stock,image,product_sku,option1_name,option1_value',
      `MUG-${tag}-S,Mug ${tag},accessories,A clay mug.,20.00,3,/images/products/mug.svg,MUG-${tag},Size,Small`,
      `MUG-${tag}-L,Cup ${tag},,,25.00,3,,MUG-${tag},Size,Large`,
    ].join('\n');
    expect((await preview(twoNames)).rows.map((row) => row.errors)).toEqual([
      [],
      [{ field: 'name', message: catalogAdminMessages.productRowsDiffer(2) }],
    ]);
    const refused = await commit(csv);
    expect(refused.statusCode).toBe(400);
    expect((await liveVariants(product.id)).map((variant) => variant.sku)).toEqual(
      ['128 GB / Black', '128 GB / Blue', '256 GB / Black', '256 GB / Blue'].map((label) => byLabel(label).sku),
    );
  });

  it('still imports a file of the columns before variants, one row a product', async () => {
    const lamp = await createProduct(shop.ctx.db, { name: `Old file lamp ${unique()}`, priceToea: 10_000, stock: 5 });
    const csv = [
      'sku,name,category,description,price,original_price,discount_percentage,condition,status,stock,low_stock_threshold,is_hot,is_auction,is_top_pick,is_exclusive,image,gallery_images',
      `${lamp.sku},${lamp.name},phones,A product made by a test factory.,120.00,,0,New,active,8,3,no,no,no,no,/images/products/test.svg,`,
    ].join('\n');
    const checked = await preview(csv);
    expect(checked.rows.map((row) => [row.action, row.changes])).toEqual([
      [
        'update',
        [
          { field: 'price', from: '100.00', to: '120.00' },
          { field: 'stock', from: '5', to: '8' },
        ],
      ],
    ]);
    expect((await commit(csv)).json()).toMatchObject({ updated: 1 });
    expect(await productRow(lamp.id)).toMatchObject({ priceToea: 12_000, stock: 8 });
    expect((await liveVariants(lamp.id)).map((variant) => [variant.priceToea, variant.stock])).toEqual([[12_000, 8]]);
  });
});
