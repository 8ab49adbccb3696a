import type { AdminProductListResponse, ImportPreview } from '@bilum/shared';
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { products, stockMovements } from '../../db/schema';
import { adminTestApp, signedInShopper } from '../../test/accounts';
import { createProduct } from '../../test/factories';

const shop = adminTestApp();

const page = async (query: string): Promise<AdminProductListResponse> => {
  const response = await shop.asAdmin('GET', `/api/admin/products?${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
};

const newProduct = (change: Record<string, unknown> = {}) => ({
  name: 'Canon EOS 250D',
  description: 'Entry-level DSLR with an 18-55 mm lens.',
  price: 249_900,
  image: '/images/products/canon.svg',
  category: 'cameras',
  stock: 4,
  ...change,
});

describe('GET /api/admin/products: the inventory paged, sorted and filtered by the server', () => {
  it('answers one page of the matching products, sorted, with the total and the stat cards of the whole catalogue', async () => {
    const marker = 'Pagedlamp';
    const made = [];
    for (const [index, price] of [500, 100, 400, 200, 300].entries()) {
      made.push(await createProduct(shop.ctx.db, { name: `${marker} ${'edcba'[index]}`, priceToea: price, stock: 10 }));
    }
    const byPrice = await page(`q=${marker}&sort=price&pageSize=2&page=2`);
    expect(byPrice.total).toBe(5);
    expect(byPrice.items.map((item) => item.price)).toEqual([300, 400]);
    expect(byPrice).toMatchObject({ page: 2, pageSize: 2 });
    const byName = await page(`q=${marker.toLowerCase()}&sort=-name&pageSize=10`);
    expect(byName.items.map((item) => item.name)).toEqual(
      made
        .map((row) => row.name)
        .sort()
        .reverse(),
    );
    // The row shape of the inventory: the product with its SKU and stock figures.
    expect(byName.items[0]).toMatchObject({ sku: expect.stringMatching(/^BLM-\d{6}$/), held: 0, sold: 0 });
    const last = await page(`q=${marker}&sort=price&pageSize=2&page=3`);
    expect(last.items.map((item) => item.price)).toEqual([500]);

    const all = await page('pageSize=1');
    const [counted] = await shop.ctx.db.select().from(products);
    expect(counted).toBeDefined();
    expect(all.stats.totalProducts).toBe(all.total);
  });

  it('filters by category, status, stock level, flags and the SKU, in the database', async () => {
    const marker = 'Filterkettle';
    const camera = await createProduct(shop.ctx.db, { name: `${marker} camera`, category: 'cameras', stock: 9 });
    const soldOut = await createProduct(shop.ctx.db, { name: `${marker} sold`, stock: 0 });
    const low = await createProduct(shop.ctx.db, { name: `${marker} low`, stock: 2, lowStockThreshold: 3 });
    const hidden = await createProduct(shop.ctx.db, { name: `${marker} hidden`, status: 'inactive', stock: 9 });
    const exclusive = await createProduct(shop.ctx.db, { name: `${marker} exclusive`, isExclusive: true, stock: 9 });
    const ids = async (query: string) => (await page(`q=${marker}&pageSize=50&${query}`)).items.map((p) => p.id);
    expect(await ids('category=cameras')).toEqual([camera.id]);
    expect(await ids('status=sold')).toEqual([soldOut.id]);
    expect(await ids('status=inactive')).toEqual([hidden.id]);
    expect(await ids('stock=low')).toEqual([low.id]);
    expect(await ids('stock=out')).toEqual([soldOut.id]);
    expect(await ids('flag=exclusive')).toEqual([exclusive.id]);
    expect((await page(`q=${exclusive.sku.toLowerCase()}`)).items.map((p) => p.id)).toEqual([exclusive.id]);
    // "%" typed in the search is a character, not a pattern.
    expect((await page('q=%25%25%25')).total).toBe(0);
  });

  it('refuses paging and sorting values it does not know with a 400, never a 500', async () => {
    for (const query of [
      'pageSize=1000',
      'page=0',
      'page=abc',
      'sort=price;drop',
      'status=gone',
      'flag=x',
      'stock=1',
    ]) {
      const response = await shop.asAdmin('GET', `/api/admin/products?${query}`);
      expect(response.statusCode, query).toBe(400);
    }
    const shopper = await signedInShopper(shop.ctx);
    const refused = await shop.ctx.app.inject({
      method: 'GET',
      url: '/api/admin/products',
      headers: { cookie: shopper.cookie },
    });
    expect(refused.statusCode).toBe(403);
  });
});

describe('Exclusive Member flag, SKU and the discount worked out from the prices', () => {
  it('saves the Exclusive Member flag and a SKU when adding and editing; a SKU another product has is refused', async () => {
    const added = await shop.asAdmin(
      'POST',
      '/api/admin/products',
      newProduct({ isExclusive: true, sku: ' cam-250d ' }),
    );
    expect(added.statusCode, added.body).toBe(201);
    const product = added.json().product;
    expect(product).toMatchObject({ isExclusive: true, sku: 'CAM-250D' });
    const [row] = await shop.ctx.db.select().from(products).where(eq(products.id, product.id));
    expect(row).toMatchObject({ isExclusive: true, sku: 'CAM-250D' });

    const twice = await shop.asAdmin('POST', '/api/admin/products', newProduct({ sku: 'cam-250D' }));
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error.issues).toEqual([
      { path: 'sku', message: 'This SKU is already used by another product.' },
    ]);
    const badSku = await shop.asAdmin('POST', '/api/admin/products', newProduct({ sku: 'no spaces!' }));
    expect(badSku.statusCode).toBe(400);

    const edited = await shop.asAdmin('PUT', `/api/admin/products/${product.id}`, {
      ...newProduct(),
      originalPrice: null,
      discountPercentage: null,
      condition: 'New',
      status: 'active',
      version: product.version,
      isExclusive: false,
      sku: 'CAM-250D-B',
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().product).toMatchObject({ isExclusive: false, sku: 'CAM-250D-B' });
  });

  it('gives every product added without a SKU one of its own', async () => {
    const first = (await shop.asAdmin('POST', '/api/admin/products', newProduct())).json().product;
    const second = (await shop.asAdmin('POST', '/api/admin/products', newProduct())).json().product;
    expect(first.sku).toMatch(/^BLM-\d{6}$/);
    expect(second.sku).toMatch(/^BLM-\d{6}$/);
    expect(second.sku).not.toBe(first.sku);
  });

  it('stores the discount worked out from the prices, and lets a typed discount set the price from the original', async () => {
    // A figure that disagrees with the prices is the admin's typed discount: it sets the price.
    const typed = await shop.asAdmin(
      'POST',
      '/api/admin/products',
      newProduct({ price: 249_900, originalPrice: 299_900, discountPercentage: 20 }),
    );
    expect(typed.json().product).toMatchObject({ price: 239_920, originalPrice: 299_900, discountPercentage: 20 });
    // Nothing typed: the figure follows the prices (16.67% rounds to 17).
    const worked = await shop.asAdmin('POST', '/api/admin/products', newProduct({ originalPrice: 299_900 }));
    expect(worked.json().product).toMatchObject({ price: 249_900, discountPercentage: 17 });
    const [row] = await shop.ctx.db.select().from(products).where(eq(products.id, worked.json().product.id));
    expect(row?.discountPercentage).toBe(17);
    // A discount with nothing to take it from is refused on its field.
    const orphan = await shop.asAdmin('POST', '/api/admin/products', newProduct({ discountPercentage: 10 }));
    expect(orphan.statusCode).toBe(400);
    expect(orphan.json().error.issues[0]).toEqual({
      path: 'discountPercentage',
      message: 'Enter the original price to apply a discount.',
    });
  });
});

/** The exported file as records keyed by column. */
async function exported(): Promise<Record<string, string>[]> {
  const response = await shop.asAdmin('GET', '/api/admin/products/export');
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toContain('text/csv');
  expect(response.headers['content-disposition']).toMatch(/^attachment; filename="bilum-catalogue-/);
  return parse(response.body, { columns: true, bom: true });
}

const csvOf = (records: Record<string, string>[]) => stringify(records, { header: true });

describe('CSV export and import', () => {
  it('exports every product with formula-like text defused, and the import reads it back unchanged', async () => {
    const formula = await createProduct(shop.ctx.db, { name: '=HYPERLINK("http://evil.example","Click")' });
    const plus = await createProduct(shop.ctx.db, { name: '+Plus', description: '@SUM(A1:A2) description' });
    const records = await exported();
    const row = records.find((record) => record.sku === formula.sku);
    expect(row?.name).toBe('\'=HYPERLINK("http://evil.example","Click")');
    expect(records.find((record) => record.sku === plus.sku)).toMatchObject({
      name: "'+Plus",
      description: "'@SUM(A1:A2) description",
    });

    const preview: ImportPreview = (
      await shop.asAdmin('POST', '/api/admin/products/import/preview', { csv: csvOf(records) })
    ).json();
    expect(preview.fileErrors).toEqual([]);
    expect(preview.rows.filter((entry) => entry.action !== 'unchanged')).toEqual([]);
  });

  it('round trip: export, edit two rows and add one; the preview lists exactly those changes and writes nothing, the commit writes exactly them', async () => {
    const lamp = await createProduct(shop.ctx.db, { name: 'Round trip lamp', priceToea: 10_000, stock: 5 });
    const radio = await createProduct(shop.ctx.db, { name: 'Round trip radio', priceToea: 20_000, stock: 5 });
    const records = await exported();
    const before = await shop.ctx.db.select().from(products);
    for (const record of records) {
      if (record.sku === lamp.sku) record.price = '125.50';
      if (record.sku === radio.sku) {
        record.stock = '12';
        record.is_exclusive = 'yes';
      }
    }
    records.push({
      ...Object.fromEntries(Object.keys(records[0] ?? {}).map((column) => [column, ''])),
      sku: 'new-kettle-1',
      name: 'Imported kettle',
      category: 'accessories',
      description: 'A kettle brought in by the CSV import.',
      price: '89.90',
      original_price: '99.90',
      stock: '7',
      image: '/images/products/kettle.svg',
    });
    const csv = csvOf(records);

    const previewed = await shop.asAdmin('POST', '/api/admin/products/import/preview', { csv });
    expect(previewed.statusCode, previewed.body).toBe(200);
    const preview: ImportPreview = previewed.json();
    expect(preview.rows.filter((row) => row.action === 'error')).toEqual([]);
    expect(preview.valid).toBe(true);
    const changed = preview.rows.filter((row) => row.action !== 'unchanged');
    expect(changed.map((row) => [row.sku, row.action])).toEqual([
      [lamp.sku, 'update'],
      [radio.sku, 'update'],
      ['NEW-KETTLE-1', 'create'],
    ]);
    expect(changed[0]?.changes).toEqual([{ field: 'price', from: '100.00', to: '125.50' }]);
    expect(changed[1]?.changes).toEqual([
      { field: 'stock', from: '5', to: '12' },
      { field: 'is_exclusive', from: 'no', to: 'yes' },
    ]);
    expect(preview.summary).toMatchObject({ create: 1, update: 2, errors: 0 });
    // The preview wrote nothing.
    expect(await shop.ctx.db.select().from(products)).toEqual(before);

    const committed = await shop.asAdmin('POST', '/api/admin/products/import', { csv });
    expect(committed.statusCode, committed.body).toBe(200);
    expect(committed.json()).toMatchObject({ created: 1, updated: 2 });

    const after = await shop.ctx.db.select().from(products);
    const untouched = (list: typeof before) =>
      list.filter((row) => row.id !== lamp.id && row.id !== radio.id).map((row) => ({ ...row }));
    expect(untouched(after).filter((row) => before.some((old) => old.id === row.id))).toEqual(untouched(before));
    const byId = new Map(after.map((row) => [row.id, row]));
    expect(byId.get(lamp.id)).toMatchObject({ priceToea: 12_550, stock: 5, version: lamp.version + 1 });
    expect(byId.get(radio.id)).toMatchObject({ priceToea: 20_000, stock: 12, isExclusive: true });
    const kettle = after.find((row) => row.sku === 'NEW-KETTLE-1');
    expect(kettle).toMatchObject({ name: 'Imported kettle', priceToea: 8_990, originalPriceToea: 9_990, stock: 7 });
    expect(kettle?.discountPercentage).toBe(10);
    // Stock changes go through the stock log.
    const moves = await shop.ctx.db
      .select()
      .from(stockMovements)
      .where(inArray(stockMovements.productId, [radio.id, kettle?.id ?? 0]));
    expect(moves.map((move) => [move.productId, move.reason, move.stockBefore, move.stockAfter])).toEqual(
      expect.arrayContaining([
        [radio.id, 'import', 5, 12],
        [kettle?.id, 'import', 0, 7],
      ]),
    );
  });

  it('writes nothing when any row is invalid, and lists each row’s errors', async () => {
    const lamp = await createProduct(shop.ctx.db, { name: 'Guarded lamp', priceToea: 10_000 });
    const csv = [
      'sku,name,price,stock,category,description,image',
      `${lamp.sku},Guarded lamp,150.00,5,phones,A product made by a test factory.,/images/products/test.svg`,
      'NEW-BAD-1,,abc,-2,boats,short,https://elsewhere.example/x.png',
      `${lamp.sku},Twice,1.00,1,phones,A product made by a test factory.,/images/products/test.svg`,
    ].join('\n');
    const preview: ImportPreview = (await shop.asAdmin('POST', '/api/admin/products/import/preview', { csv })).json();
    expect(preview.valid).toBe(false);
    expect(preview.rows.map((row) => [row.line, row.action])).toEqual([
      [2, 'update'],
      [3, 'error'],
      [4, 'error'],
    ]);
    const fields = preview.rows[1]?.errors.map((error) => error.field).sort();
    expect(fields).toEqual(['category', 'description', 'image', 'name', 'price', 'stock']);
    expect(preview.rows[2]?.errors).toEqual([{ field: 'sku', message: 'This SKU is also on line 2 of the file.' }]);

    const committed = await shop.asAdmin('POST', '/api/admin/products/import', { csv });
    expect(committed.statusCode).toBe(400);
    expect(committed.json().error.message).toBe('Nothing was imported: fix the rows with errors and try again.');
    const [row] = await shop.ctx.db.select().from(products).where(eq(products.id, lamp.id));
    expect(row?.priceToea).toBe(10_000);
    expect(await shop.ctx.db.select().from(products).where(eq(products.sku, 'NEW-BAD-1'))).toEqual([]);
  });

  it('adds a product whose row has no picture as hidden, saying so for that row in the preview and the import (issue 30)', async () => {
    const header = 'sku,name,category,description,price,stock,status,image';
    const csv = [
      header,
      'SOLAR-PIC-1,Solar lamp with picture,accessories,A solar lamp with its picture.,45.00,6,,/images/products/lamp.svg',
      'SOLAR-NOPIC-1,Solar lantern,accessories,A solar lantern without a picture yet.,55.00,4,,',
      'SOLAR-NOPIC-2,Solar torch,accessories,A solar torch the file asks to show.,25.00,9,active,',
    ].join('\n');
    const preview: ImportPreview = (await shop.asAdmin('POST', '/api/admin/products/import/preview', { csv })).json();
    expect(preview.valid).toBe(true);
    expect(preview.rows.map((row) => [row.line, row.action, row.notices])).toEqual([
      [2, 'create', []],
      [3, 'create', ['Row 3: no picture, so "Solar lantern" will be added hidden; add a picture to show it.']],
      [4, 'create', ['Row 4: no picture, so "Solar torch" will be added hidden; add a picture to show it.']],
    ]);
    expect(preview.rows[2]?.changes).toEqual(expect.arrayContaining([{ field: 'status', from: '', to: 'inactive' }]));

    const committed = await shop.asAdmin('POST', '/api/admin/products/import', { csv });
    expect(committed.statusCode, committed.body).toBe(200);
    expect(committed.json()).toEqual({
      message: 'Import complete: 3 product(s) added, 0 product(s) updated.',
      created: 3,
      updated: 0,
      notices: [
        'Row 3: no picture, so "Solar lantern" was added hidden; add a picture to show it.',
        'Row 4: no picture, so "Solar torch" was added hidden; add a picture to show it.',
      ],
    });
    const stored = await shop.ctx.db
      .select()
      .from(products)
      .where(inArray(products.sku, ['SOLAR-PIC-1', 'SOLAR-NOPIC-1', 'SOLAR-NOPIC-2']));
    const bySku = new Map(stored.map((row) => [row.sku, row]));
    expect(bySku.get('SOLAR-PIC-1')).toMatchObject({ status: 'active', image: '/images/products/lamp.svg' });
    expect(bySku.get('SOLAR-NOPIC-1')).toMatchObject({ status: 'inactive', image: null, stock: 4 });
    expect(bySku.get('SOLAR-NOPIC-2')).toMatchObject({ status: 'inactive', image: null, stock: 9 });
    // Not on the storefront: its page answers 404 and no list shows it.
    const lantern = bySku.get('SOLAR-NOPIC-1')!;
    expect((await shop.ctx.app.inject({ url: `/api/products/${lantern.id}` })).statusCode).toBe(404);
    const listed = (await shop.ctx.app.inject({ url: '/api/products?q=solar&pageSize=60' })).json();
    expect(listed.items.map((item: { name: string }) => item.name)).toEqual(['Solar lamp with picture']);

    // The shop's own export of it imports again unchanged (no picture is no error for a product that has none).
    const again: ImportPreview = (
      await shop.asAdmin('POST', '/api/admin/products/import/preview', { csv: csvOf(await exported()) })
    ).json();
    expect(again.valid).toBe(true);
    expect(again.rows.find((row) => row.sku === 'SOLAR-NOPIC-1')).toMatchObject({ action: 'unchanged', notices: [] });

    // Asked to show it without a picture, it stays hidden and the row says so; with a picture it is shown.
    const show = (image: string) =>
      [
        header,
        `SOLAR-NOPIC-1,Solar lantern,accessories,A solar lantern without a picture yet.,55.00,4,active,${image}`,
      ].join('\n');
    const stillHidden = await shop.asAdmin('POST', '/api/admin/products/import', { csv: show('') });
    expect(stillHidden.json().notices).toEqual([
      'Row 2: no picture, so "Solar lantern" stayed hidden; add a picture to show it.',
    ]);
    const [kept] = await shop.ctx.db.select().from(products).where(eq(products.id, lantern.id));
    expect(kept).toMatchObject({ status: 'inactive', image: null });
    const shown = await shop.asAdmin('POST', '/api/admin/products/import', {
      csv: show('/images/products/lantern.svg'),
    });
    expect(shown.json()).toMatchObject({ updated: 1, notices: [] });
    expect((await shop.ctx.app.inject({ url: `/api/products/${lantern.id}` })).statusCode).toBe(200);

    // A product that has a picture cannot lose it through an empty cell: that is still an error.
    const emptied: ImportPreview = (
      await shop.asAdmin('POST', '/api/admin/products/import/preview', { csv: show('') })
    ).json();
    expect(emptied.valid).toBe(false);
    expect(new Set(emptied.rows[0]?.errors.map((error) => error.field))).toEqual(new Set(['image']));
  });

  it('refuses a file without a sku column, with unknown columns, or that is not CSV, as a whole', async () => {
    const cases: [string, RegExp][] = [
      ['name,price\nLamp,1.00', /missing the column\(s\): sku/],
      ['sku,colour\nA-1,red', /column\(s\) the shop does not know: colour/],
      ['sku,name\n"A-1,Lamp', /could not be read as CSV/],
      ['sku,name\n', /no product rows/],
    ];
    for (const [csv, message] of cases) {
      const preview: ImportPreview = (await shop.asAdmin('POST', '/api/admin/products/import/preview', { csv })).json();
      expect(preview.valid, csv).toBe(false);
      expect(preview.fileErrors.join(' '), csv).toMatch(message);
      expect((await shop.asAdmin('POST', '/api/admin/products/import', { csv })).statusCode).toBe(400);
    }
  });
});
