import { type AdminProduct, type StockMovement, stockMessages } from '@bilum/shared';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products, stockMovements } from '../../db/schema';
import { type SignedIn, signedInAdmin } from '../../test/accounts';
import {
  card,
  type CheckoutTestContext,
  createCheckoutTestApp,
  orderBody,
  payOrder,
  placeOrder,
  postOrder,
} from '../../test/checkout';
import { defaultVariant } from '../variants/variant-lookup';

let ctx: CheckoutTestContext;
let admin: SignedIn;
let otherAdmin: SignedIn;

beforeAll(async () => {
  ctx = await createCheckoutTestApp();
  admin = await signedInAdmin(ctx);
  otherAdmin = await signedInAdmin(ctx);
});
afterAll(() => ctx.close());

function asAdmin(method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, payload?: object, who = admin) {
  return ctx.app.inject({
    method,
    url,
    headers: { cookie: who.cookie },
    ...(payload === undefined ? {} : { payload }),
  });
}

let sequence = 0;
const newProduct = (extra: Record<string, unknown> = {}) => {
  sequence += 1;
  return {
    name: `Stock test lamp ${sequence}`,
    description: 'A lamp the stock tests add and sell.',
    price: 10_000,
    image: '/images/products/lamp.svg',
    category: 'accessories',
    stock: 5,
    ...extra,
  };
};

async function addProduct(extra: Record<string, unknown> = {}): Promise<AdminProduct> {
  const response = await asAdmin('POST', '/api/admin/products', newProduct(extra));
  expect(response.statusCode, response.body).toBe(201);
  return response.json().product;
}

/** The edit dialog's body for a product as loaded, with changes. */
function editBody(product: AdminProduct, change: Record<string, unknown> = {}) {
  return {
    name: product.name,
    category: product.category,
    description: product.description,
    price: product.price,
    originalPrice: product.originalPrice,
    discountPercentage: product.discountPercentage,
    image: product.image,
    condition: product.condition,
    status: product.status === 'inactive' ? 'inactive' : 'active',
    isHot: product.isHot,
    isAuction: product.isAuction,
    isTopPick: product.isTopPick,
    version: product.version,
    stockChange: 0,
    ...change,
  };
}

async function inventoryRow(id: number): Promise<AdminProduct> {
  const [named] = await ctx.db.select({ name: products.name }).from(products).where(eq(products.id, id));
  const query = new URLSearchParams({ pageSize: '100', q: named?.name ?? '' });
  const answer = (await asAdmin('GET', `/api/admin/products?${query}`)).json();
  const list = answer.items as AdminProduct[];
  const row = list.find((product) => product.id === id);
  if (!row) throw new Error(`product ${id} not in the inventory`);
  return row;
}

async function movementsOf(id: number): Promise<StockMovement[]> {
  const response = await asAdmin('GET', `/api/admin/products/${id}/stock-movements?limit=200`);
  expect(response.statusCode).toBe(200);
  return (response.json().movements as StockMovement[]).reverse();
}

async function stockOf(id: number): Promise<number> {
  const [row] = await ctx.db.select({ stock: products.stock }).from(products).where(eq(products.id, id));
  return row?.stock ?? Number.NaN;
}

/** Every logged change adds up to the stock now, and each row starts where the one before ended. */
async function expectLogMatchesStock(id: number) {
  const rows = await ctx.db
    .select()
    .from(stockMovements)
    .where(eq(stockMovements.productId, id))
    .orderBy(asc(stockMovements.id));
  let running = 0;
  for (const row of rows) {
    expect(row.stockBefore).toBe(running);
    expect(row.stockAfter).toBe(row.stockBefore + row.change);
    running = row.stockAfter;
  }
  expect(running).toBe(await stockOf(id));
  return rows;
}

const buy = (productId: number, quantity = 1) => orderBody({ type: 'items', items: [{ productId, quantity }] });

describe('stock on hand in the admin', () => {
  it('sets the stock on create and on edit (relative to what is on hand), and logs both with the admin', async () => {
    const product = await addProduct({ stock: 5, lowStockThreshold: 2 });
    expect(product).toMatchObject({ stock: 5, lowStockThreshold: 2, version: 1, held: 0, sold: 0, stockLevel: 'in' });

    // A checkout takes 2 while the admin's dialog still shows 5; the admin types 9 (a change of +4).
    await placeOrder(ctx, buy(product.id, 2));
    const edited = await asAdmin('PUT', `/api/admin/products/${product.id}`, editBody(product, { stockChange: 4 }));
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().product).toMatchObject({ stock: 7, held: 2, version: 2 });

    const log = await movementsOf(product.id);
    expect(log.map((m) => [m.reason, m.change, m.stockBefore, m.stockAfter])).toEqual([
      ['created', 5, 0, 5],
      ['order-placed', -2, 5, 3],
      ['admin-edit', 4, 3, 7],
    ]);
    expect(log.filter((m) => m.reason !== 'order-placed').map((m) => m.actor)).toEqual([
      admin.user.fullName,
      admin.user.fullName,
    ]);
    expect(log[1]?.actor).toBe('Checkout');
  });

  it('refuses a stock change below 0, and writes nothing of that edit', async () => {
    const product = await addProduct({ stock: 3 });
    const response = await asAdmin(
      'PUT',
      `/api/admin/products/${product.id}`,
      editBody(product, { name: 'Renamed by the refused edit', stockChange: -4 }),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toBe(stockMessages.belowZero(3));
    expect(await inventoryRow(product.id)).toMatchObject({ name: product.name, stock: 3, version: 1 });
    expect(await movementsOf(product.id)).toHaveLength(1);
  });

  it('refuses an edit of a product another admin changed meanwhile with "changed by someone else", writing nothing', async () => {
    const product = await addProduct({ price: 20_000 });
    // Both admins opened the dialog on version 1.
    const first = await asAdmin(
      'PUT',
      `/api/admin/products/${product.id}`,
      editBody(product, { price: 25_000 }),
      otherAdmin,
    );
    expect(first.statusCode).toBe(200);
    const stale = await asAdmin(
      'PUT',
      `/api/admin/products/${product.id}`,
      editBody(product, { price: 18_000, stockChange: 2 }),
    );
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error).toMatchObject({
      code: 'CONFLICT',
      message: 'This product was changed by someone else; reload to see the change.',
    });
    expect(await inventoryRow(product.id)).toMatchObject({ price: 25_000, stock: 5, version: 2 });
    // Reloaded, the same edit goes through.
    const reloaded = await inventoryRow(product.id);
    const retried = await asAdmin('PUT', `/api/admin/products/${product.id}`, editBody(reloaded, { price: 18_000 }));
    expect(retried.json().product).toMatchObject({ price: 18_000, version: 3 });
  });

  it('restocks by a relative quantity, bounded, for admins only', async () => {
    const product = await addProduct({ stock: 1 });
    const restocked = await asAdmin('POST', `/api/admin/products/${product.id}/restock`, {
      quantity: 6,
      reason: 'supplier-delivery',
    });
    expect(restocked.statusCode).toBe(200);
    expect(restocked.json().product).toMatchObject({ stock: 7, version: 1 });
    expect(restocked.json().message).toBe(stockMessages.restocked(product.name, 7));
    for (const quantity of [0, -3, 1.5, 1_000_001, 'ten']) {
      const refused = await asAdmin('POST', `/api/admin/products/${product.id}/restock`, {
        quantity,
        reason: 'supplier-delivery',
      });
      expect(refused.statusCode, String(quantity)).toBe(400);
    }
    const tooMany = await asAdmin('POST', `/api/admin/products/${product.id}/restock`, {
      quantity: 999_999,
      reason: 'supplier-delivery',
    });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().error.message).toBe(stockMessages.tooMuch);
    const anonymous = await ctx.app.inject({
      method: 'POST',
      url: `/api/admin/products/${product.id}/restock`,
      payload: { quantity: 1, reason: 'supplier-delivery' },
    });
    expect(anonymous.statusCode).toBe(401);
    expect(
      (await asAdmin('POST', '/api/admin/products/999999/restock', { quantity: 1, reason: 'other' })).statusCode,
    ).toBe(404);
    expect(await stockOf(product.id)).toBe(7);
  });

  it('keeps why a restock was made and its note (trimmed) on the movement, and in the activity log (issue 30)', async () => {
    const product = await addProduct({ stock: 2 });
    const delivered = await asAdmin('POST', `/api/admin/products/${product.id}/restock`, {
      quantity: 10,
      reason: 'supplier-delivery',
      note: '  Digicel Wholesale, invoice INV-2231  ',
    });
    expect(delivered.statusCode, delivered.body).toBe(200);
    const returned = await asAdmin('POST', `/api/admin/products/${product.id}/restock`, {
      quantity: 1,
      reason: 'customer-return',
      note: '   ',
    });
    expect(returned.statusCode, returned.body).toBe(200);
    await asAdmin('POST', `/api/admin/products/${product.id}/restock`, { quantity: 3, reason: 'count-correction' });

    const log = await movementsOf(product.id);
    expect(log.map((m) => [m.reason, m.change, m.restockReason, m.note])).toEqual([
      ['created', 2, null, null],
      ['restock', 10, 'supplier-delivery', 'Digicel Wholesale, invoice INV-2231'],
      ['restock', 1, 'customer-return', null],
      ['restock', 3, 'count-correction', null],
    ]);
    const activity = await asAdmin('GET', `/api/admin/activity?q=${encodeURIComponent('INV-2231')}`);
    expect(activity.statusCode, activity.body).toBe(200);
    expect(JSON.stringify(activity.json())).toContain(
      `Restocked ${product.name}: +10 (2 → 12 on hand), delivery from supplier: Digicel Wholesale, invoice INV-2231`,
    );
  });

  it('refuses a restock without a known reason or with a note over 500 characters, with a clear message, changing nothing', async () => {
    const product = await addProduct({ stock: 4 });
    const url = `/api/admin/products/${product.id}/restock`;
    const cases: [object, string, string][] = [
      [{ quantity: 5 }, 'reason', stockMessages.restockReason],
      [{ quantity: 5, reason: 'found-it-in-the-van' }, 'reason', stockMessages.restockReason],
      [{ quantity: 5, reason: 'other', note: 'x'.repeat(501) }, 'note', stockMessages.restockNoteTooLong],
      [{ quantity: 5, reason: 'other', note: 42 }, 'note', stockMessages.restockNoteTooLong],
    ];
    for (const [body, field, message] of cases) {
      const refused = await asAdmin('POST', url, body);
      expect(refused.statusCode, JSON.stringify(body)).toBe(400);
      expect(refused.json().error.issues, JSON.stringify(body)).toEqual(
        expect.arrayContaining([expect.objectContaining({ path: field, message })]),
      );
    }
    expect(stockMessages.restockNoteTooLong).toMatch(/at most 500 characters/);
    // 500 characters after trimming is allowed.
    const longest = await asAdmin('POST', url, { quantity: 1, reason: 'other', note: ` ${'n'.repeat(500)} ` });
    expect(longest.statusCode, longest.body).toBe(200);
    expect(await stockOf(product.id)).toBe(5);
    expect((await movementsOf(product.id)).at(-1)?.note).toBe('n'.repeat(500));
  });

  it('keeps restock reasons on restocks only, in the database itself', async () => {
    const product = await addProduct({ stock: 1 });
    const row = {
      productId: product.id,
      variantId: (await defaultVariant(ctx.db, product.id)).id,
      change: 0,
      stockBefore: 1,
      stockAfter: 1,
      actorName: 'Test',
    };
    await expect(ctx.db.insert(stockMovements).values({ ...row, reason: 'restock' })).rejects.toThrow();
    await expect(
      ctx.db.insert(stockMovements).values({ ...row, reason: 'admin-edit', restockReason: 'other' }),
    ).rejects.toThrow();
    await expect(
      ctx.db
        .insert(stockMovements)
        .values({ ...row, reason: 'restock', restockReason: 'other', note: 'x'.repeat(501) }),
    ).rejects.toThrow();
  });

  it('shows low and out of stock by the product’s own threshold (default 3)', async () => {
    const plenty = await addProduct({ stock: 4 });
    const atDefault = await addProduct({ stock: 3 });
    const ownThreshold = await addProduct({ stock: 4, lowStockThreshold: 10 });
    const none = await addProduct({ stock: 0 });
    expect([plenty, atDefault, ownThreshold, none].map((p) => [p.stockLevel, p.status])).toEqual([
      ['in', 'active'],
      ['low', 'active'],
      ['low', 'active'],
      ['out', 'sold'],
    ]);
    const raised = await asAdmin('PUT', `/api/admin/products/${plenty.id}`, editBody(plenty, { lowStockThreshold: 4 }));
    expect(raised.json().product).toMatchObject({ lowStockThreshold: 4, stockLevel: 'low' });
  });
});

describe('"Sold" follows the stock', () => {
  it('a product whose last units are sold reads Sold in the admin and SOLD OUT on the storefront; a restock puts it back on sale', async () => {
    const product = await addProduct({ stock: 2 });
    const placed = await placeOrder(ctx, buy(product.id, 2));
    // Held by an unpaid checkout: not on sale, "Reserved" on the storefront.
    expect(await inventoryRow(product.id)).toMatchObject({ stock: 0, held: 2, sold: 0, status: 'sold' });
    expect((await ctx.app.inject({ method: 'GET', url: `/api/products/${product.id}` })).json().product).toMatchObject({
      status: 'sold',
      reserved: true,
    });
    expect((await payOrder(ctx, placed, { card: card(), returnUrl: '/guestcheckout' })).json().status).toBe(
      'succeeded',
    );
    expect(await inventoryRow(product.id)).toMatchObject({
      stock: 0,
      held: 0,
      sold: 2,
      status: 'sold',
      stockLevel: 'out',
    });
    const storefront = await ctx.app.inject({ method: 'GET', url: `/api/products/${product.id}` });
    expect(storefront.json().product).toMatchObject({ status: 'sold', reserved: false });
    expect((await postOrder(ctx, buy(product.id))).statusCode).toBe(409);

    await asAdmin('POST', `/api/admin/products/${product.id}/restock`, { quantity: 3, reason: 'supplier-delivery' });
    expect(await inventoryRow(product.id)).toMatchObject({ stock: 3, sold: 2, status: 'active' });
    const again = await ctx.app.inject({ method: 'GET', url: `/api/products/${product.id}` });
    expect(again.json().product.status).toBe('active');
    expect((await postOrder(ctx, buy(product.id))).statusCode).toBe(201);
  });

  it('a hidden product stays hidden whatever its stock', async () => {
    const product = await addProduct({ stock: 0, status: 'inactive' });
    expect(product.status).toBe('inactive');
    await asAdmin('POST', `/api/admin/products/${product.id}/restock`, { quantity: 2, reason: 'supplier-delivery' });
    expect((await inventoryRow(product.id)).status).toBe('inactive');
    expect((await ctx.app.inject({ method: 'GET', url: `/api/products/${product.id}` })).statusCode).toBe(404);
  });
});

describe('the stock movement log', () => {
  it('records every change with who or what and the figure before and after: held, paid, expired hold, cancel, restock, edit', async () => {
    const product = await addProduct({ stock: 5 });
    const paid = await placeOrder(ctx, buy(product.id, 2));
    expect((await payOrder(ctx, paid, { card: card(), returnUrl: '/guestcheckout' })).json().status).toBe('succeeded');
    await ctx.simulator.whenEventsDelivered();
    const abandoned = await placeOrder(ctx, buy(product.id, 1));
    ctx.clock.advance(16 * 60_000);
    await ctx.checkoutJobs().releaseExpiredHolds();
    const cancel = await asAdmin('PATCH', `/api/admin/orders/${paid.order.id}`, {
      status: 'Cancelled',
      reason: 'Out of stock at the supplier',
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    await asAdmin('POST', `/api/admin/products/${product.id}/restock`, { quantity: 4, reason: 'supplier-delivery' });
    const loaded = await inventoryRow(product.id);
    await asAdmin('PUT', `/api/admin/products/${product.id}`, editBody(loaded, { stockChange: -1 }));

    const log = await movementsOf(product.id);
    expect(log.map((m) => [m.reason, m.change, m.stockBefore, m.stockAfter, m.orderId, m.actor])).toEqual([
      ['created', 5, 0, 5, null, admin.user.fullName],
      ['order-placed', -2, 5, 3, paid.order.id, 'Checkout'],
      ['order-paid', 0, 3, 3, paid.order.id, 'Payment'],
      ['order-placed', -1, 3, 2, abandoned.order.id, 'Checkout'],
      ['hold-expired', 1, 2, 3, abandoned.order.id, 'Hold expiry'],
      ['order-cancelled', 2, 3, 5, paid.order.id, admin.user.fullName],
      ['restock', 4, 5, 9, null, admin.user.fullName],
      ['admin-edit', -1, 9, 8, null, admin.user.fullName],
    ]);
    await expectLogMatchesStock(product.id);
    expect(await inventoryRow(product.id)).toMatchObject({ stock: 8, held: 0, sold: 0 });
  });

  it('pages the log newest first and answers 404 for an unknown product', async () => {
    const product = await addProduct({ stock: 1 });
    for (let i = 0; i < 3; i += 1)
      await asAdmin('POST', `/api/admin/products/${product.id}/restock`, { quantity: 1, reason: 'supplier-delivery' });
    const first = (await asAdmin('GET', `/api/admin/products/${product.id}/stock-movements?limit=2`)).json();
    expect(first.movements.map((m: StockMovement) => m.stockAfter)).toEqual([4, 3]);
    const next = (
      await asAdmin('GET', `/api/admin/products/${product.id}/stock-movements?limit=2&before=${first.nextBefore}`)
    ).json();
    expect(next.movements.map((m: StockMovement) => m.stockAfter)).toEqual([2, 1]);
    expect(next.nextBefore).toBeNull();
    expect((await asAdmin('GET', '/api/admin/products/999999/stock-movements')).statusCode).toBe(404);
    expect((await asAdmin('GET', `/api/admin/products/${product.id}/stock-movements?limit=500`)).statusCode).toBe(400);
  });
});

describe('restocking during checkouts', () => {
  it('loses no unit: 50 concurrent checkouts of one product while an admin restocks end with start + restocked - paid', async () => {
    const start = 20;
    const product = await addProduct({ stock: start });
    const restocks = [5, 5, 5];
    const answers = await Promise.all([
      ...Array.from({ length: 50 }, () => postOrder(ctx, buy(product.id))),
      ...restocks.map((quantity) =>
        asAdmin(
          'POST',
          `/api/admin/products/${product.id}/restock`,
          { quantity, reason: 'supplier-delivery' },
          otherAdmin,
        ),
      ),
    ]);
    const checkouts = answers.slice(0, 50);
    expect(answers.slice(50).map((answer) => answer.statusCode)).toEqual([200, 200, 200]);
    const placed = checkouts.filter((answer) => answer.statusCode === 201);
    for (const refused of checkouts.filter((answer) => answer.statusCode !== 201)) {
      expect(refused.statusCode).toBe(409);
      expect(refused.json().error.code).toBe('OUT_OF_STOCK');
    }
    // At least the units on hand at the start were sold; at most all of them and the restocks.
    expect(placed.length).toBeGreaterThanOrEqual(start);
    expect(placed.length).toBeLessThanOrEqual(start + 15);

    const results = await Promise.all(
      placed.map((answer) => payOrder(ctx, answer.json(), { card: card(), returnUrl: '/guestcheckout' })),
    );
    const paidUnits = results.filter((result) => result.json().status === 'succeeded').length;
    expect(paidUnits).toBe(placed.length);

    const restocked = restocks.reduce((sum, quantity) => sum + quantity, 0);
    expect(await stockOf(product.id)).toBe(start + restocked - paidUnits);
    expect(await inventoryRow(product.id)).toMatchObject({ held: 0, sold: paidUnits });
    const rows = await expectLogMatchesStock(product.id);
    expect(rows.filter((row) => row.reason === 'restock').map((row) => row.change)).toEqual(restocks);
    expect(rows.filter((row) => row.reason === 'order-placed')).toHaveLength(paidUnits);
    expect(rows.filter((row) => row.reason === 'order-paid')).toHaveLength(paidUnits);
  });
});

describe('one way to change the stock', () => {
  it('no module but stock.service.ts writes products.stock (so no change escapes the log)', () => {
    const src = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
    const files = readdirSync(src, { recursive: true, encoding: 'utf8' }).filter(
      (file) => file.endsWith('.ts') && !file.endsWith('.test.ts') && !file.endsWith('.resilience.ts'),
    );
    const writers = files.filter((file) => {
      if (file.endsWith(path.join('modules', 'stock', 'stock.service.ts'))) return false;
      const text = readFileSync(path.join(src, file), 'utf8');
      return /\$\{products\.stock\}\s*[-+]/.test(text) || /\.set\(\{[^}]*\bstock\s*:/.test(text);
    });
    expect(writers).toEqual([]);
  });
});
