import {
  addProductMessages,
  type AdminProductVariants,
  catalogAdminMessages,
  productMessages,
  type ProductVariantsInput,
  staffMessages,
  variantMessages,
} from '@bilum/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activityLog, orderItems, products, productVariants, stockMovements } from '../../db/schema';
import { type SignedIn, signedInAdmin, signedInShopper } from '../../test/accounts';
import { type CheckoutTestContext, createCheckoutTestApp, orderBody, placeOrder } from '../../test/checkout';
import { createProduct } from '../../test/factories';
import { signedInStaff } from '../../test/staff';

/**
 * Issue 30 step 4 (decision 042): the owner's options and variants of a product, through GET and PUT
 * /api/admin/products/{id}/variants, as the add and edit forms send them.
 */

let ctx: CheckoutTestContext;
let owner: SignedIn;
beforeAll(async () => {
  ctx = await createCheckoutTestApp();
  owner = await signedInAdmin(ctx);
});
afterAll(() => ctx.close());

let skuSequence = 0;
const sku = () => `ADM-${Date.now().toString(36).toUpperCase()}-${(skuSequence += 1)}`;

const url = (id: number) => `/api/admin/products/${id}/variants`;

function call(method: 'GET' | 'PUT', id: number, payload?: object, cookie: string | null = owner.cookie) {
  return ctx.app.inject({
    method,
    url: url(id),
    headers: cookie ? { cookie } : {},
    ...(payload === undefined ? {} : { payload }),
  });
}

/** The Galaxy of issue 30: 128 GB and 256 GB, each in Black and Blue. */
function galaxy(overrides: { stock?: number; skus?: boolean } = {}): ProductVariantsInput {
  const rows = [
    ['128 GB', 'Black', 120_000],
    ['128 GB', 'Blue', 125_000],
    ['256 GB', 'Black', 150_000],
    ['256 GB', 'Blue', 155_000],
  ] as const;
  return {
    options: [
      { name: 'Storage', values: ['128 GB', '256 GB'] },
      { name: 'Colour', values: ['Black', 'Blue'] },
    ],
    variants: rows.map(([storage, colour, price]) => ({
      values: [storage, colour],
      ...(overrides.skus === false ? {} : { sku: sku() }),
      price,
      originalPrice: price + 10_000,
      stock: overrides.stock ?? 2,
      lowStockThreshold: 1,
    })),
  };
}

async function productRow(id: number) {
  const [row] = await ctx.db.select().from(products).where(eq(products.id, id));
  return row!;
}

/** A product with the Galaxy's options, saved through the API; its answer. */
async function galaxyProduct(input: ProductVariantsInput = galaxy()) {
  const product = await createProduct(ctx.db, { name: `Galaxy A55 ${sku()}`, stock: 0 });
  const response = await call('PUT', product.id, input);
  expect(response.statusCode, response.body).toBe(200);
  return { product, answer: response.json() as AdminProductVariants };
}

/** The answer's variants as the next PUT sends them back (ids kept). */
const resend = (answer: AdminProductVariants) => ({
  options: answer.options,
  variants: answer.variants.map(({ id, values, sku, price, originalPrice, stock, lowStockThreshold, image }) => ({
    id,
    values,
    sku,
    price,
    originalPrice,
    stock,
    lowStockThreshold,
    image,
  })),
});

describe('GET and PUT /api/admin/products/{id}/variants', () => {
  it('answers a product without options as its one variant, and saves options the storefront then offers', async () => {
    const product = await createProduct(ctx.db, { name: 'Galaxy A55', stock: 4, priceToea: 99_000, sku: sku() });
    const before = await call('GET', product.id);
    expect(before.statusCode).toBe(200);
    expect(before.json()).toEqual({
      options: [],
      variants: [
        {
          id: expect.any(Number),
          values: [],
          sku: product.sku,
          price: 99_000,
          originalPrice: null,
          stock: 4,
          lowStockThreshold: 3,
          image: '/images/products/test.svg',
        },
      ],
    });

    const input = galaxy({ stock: 3 });
    const saved = await call('PUT', product.id, input);
    expect(saved.statusCode, saved.body).toBe(200);
    const answer = saved.json() as AdminProductVariants;
    expect(answer.options).toEqual(input.options);
    expect(answer.variants.map((variant) => [variant.values.join(' / '), variant.price, variant.stock])).toEqual([
      ['128 GB / Black', 120_000, 3],
      ['128 GB / Blue', 125_000, 3],
      ['256 GB / Black', 150_000, 3],
      ['256 GB / Blue', 155_000, 3],
    ]);
    expect(answer.variants.map((variant) => variant.sku)).toEqual(input.variants.map((variant) => variant.sku));
    expect((await call('GET', product.id)).json()).toEqual(answer);

    // The product row: the cheapest variant's prices and the sum of the variants' stock (the implicit one's 4 left).
    expect(await productRow(product.id)).toMatchObject({ priceToea: 120_000, originalPriceToea: 130_000, stock: 12 });

    // The storefront's product page offers the options and the variants on sale.
    const page = await ctx.app.inject({ method: 'GET', url: `/api/products/${product.id}` });
    expect(page.statusCode).toBe(200);
    expect(page.json().product).toMatchObject({
      price: 120_000,
      stock: 12,
      options: input.options,
      variants: answer.variants.map((variant) => expect.objectContaining({ id: variant.id, values: variant.values })),
    });

    // The activity log says what changed.
    const [entry] = await ctx.db
      .select()
      .from(activityLog)
      .where(and(eq(activityLog.entityId, String(product.id)), eq(activityLog.action, 'product.variants-updated')));
    expect(entry?.summary).toBe('Saved the options of Galaxy A55 (Storage, Colour): 4 variant(s)');
  });

  it('gives a SKU from the shop’s sequence to a variant without one', async () => {
    const { answer } = await galaxyProduct(galaxy({ skus: false }));
    for (const variant of answer.variants) expect(variant.sku).toMatch(/^BLM-\d{6}$/);
    expect(new Set(answer.variants.map((variant) => variant.sku)).size).toBe(4);
  });

  it('keeps a variant’s id and log when saved again, and applies a stock typed as a change from the figure shown', async () => {
    const { product, answer } = await galaxyProduct();
    const [first] = answer.variants;
    // A unit sold elsewhere after the form opened (2 shown, 1 on hand now).
    await ctx.db.transaction(async (tx) => {
      const { changeStock, stockActors } = await import('../stock/stock.service');
      await changeStock(tx, {
        productId: product.id,
        variantId: first!.id,
        change: -1,
        reason: 'admin-edit',
        actor: stockActors.system,
        at: new Date(),
      });
    });
    const body = resend(answer);
    body.variants[0] = { ...body.variants[0]!, stock: 5, price: 110_000, stockShown: 2 } as never;
    const saved = await call('PUT', product.id, body);
    expect(saved.statusCode, saved.body).toBe(200);
    const [again] = (saved.json() as AdminProductVariants).variants;
    // 1 on hand + (5 − 2) typed: the unit sold meanwhile is not put back.
    expect(again).toMatchObject({ id: first!.id, stock: 4, price: 110_000 });
    expect(await productRow(product.id)).toMatchObject({ priceToea: 110_000, stock: 4 + 2 + 2 + 2 });

    // Taking more than is on hand now is refused on the row's stock.
    const tooFew = resend(saved.json());
    tooFew.variants[0] = { ...tooFew.variants[0]!, stock: 0, stockShown: 10 } as never;
    const refused = await call('PUT', product.id, tooFew);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.issues).toEqual([
      { path: 'variants.0.stock', message: 'Only 4 on hand: stock cannot go below 0.' },
    ]);
  });

  it('archives a combination left out: its units leave the shelf and its order lines keep their label', async () => {
    const { product, answer } = await galaxyProduct();
    const blue256 = answer.variants.find((variant) => variant.values.join(' / ') === '256 GB / Blue')!;
    const placed = await placeOrder(
      ctx,
      orderBody({ type: 'items', items: [{ productId: product.id, variantId: blue256.id, quantity: 1 }] }),
    );

    const body = resend(answer);
    body.variants = body.variants.filter((variant) => variant.id !== blue256.id);
    const saved = await call('PUT', product.id, body);
    expect(saved.statusCode, saved.body).toBe(200);
    expect((saved.json() as AdminProductVariants).variants.map((variant) => variant.values.join(' / '))).toEqual([
      '128 GB / Black',
      '128 GB / Blue',
      '256 GB / Black',
    ]);
    const [variant] = await ctx.db.select().from(productVariants).where(eq(productVariants.id, blue256.id));
    expect(variant?.archivedAt).not.toBeNull();
    expect(variant?.stock).toBe(0);
    const [line] = await ctx.db.select().from(orderItems).where(eq(orderItems.orderId, placed.order.id));
    expect(line).toMatchObject({ variantId: blue256.id, variantLabel: '256 GB / Blue', variantSku: blue256.sku });
    // The product's stock is the sum of the three left (2 each); the one left out logged its unit off the shelf.
    expect(await productRow(product.id)).toMatchObject({ stock: 6 });
    const moves = await ctx.db.select().from(stockMovements).where(eq(stockMovements.variantId, blue256.id));
    expect(moves.reduce((sum, move) => sum + move.change, 0)).toBe(0);

    // The page no longer offers it.
    const page = (await ctx.app.inject({ method: 'GET', url: `/api/products/${product.id}` })).json();
    expect(page.product.variants.map((each: { id: number }) => each.id)).not.toContain(blue256.id);
  });

  it('takes the options away again: one variant without values', async () => {
    const { product } = await galaxyProduct();
    const ownSku = sku();
    const saved = await call('PUT', product.id, {
      options: [],
      variants: [{ values: [], sku: ownSku, price: 90_000, originalPrice: null, stock: 7, lowStockThreshold: 2 }],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ options: [], variants: [{ values: [], sku: ownSku, stock: 7 }] });
    expect(await productRow(product.id)).toMatchObject({ sku: ownSku, priceToea: 90_000, stock: 7 });
  });
});

describe('what PUT /api/admin/products/{id}/variants refuses', () => {
  it.each([
    [
      'four options',
      (input: ProductVariantsInput) => {
        input.options = [...input.options!, { name: 'Size', values: ['S'] }, { name: 'Grade', values: ['A'] }];
      },
      'options',
      variantMessages.tooManyOptions,
    ],
    [
      'a value given twice',
      (input: ProductVariantsInput) => {
        input.options![1]!.values = ['Black', 'Blue', 'black'];
      },
      'options.1.values.2',
      variantMessages.valueTwice('Colour', 'black'),
    ],
    [
      'a combination given twice',
      (input: ProductVariantsInput) => {
        input.variants[1]!.values = ['128 GB', 'Black'];
      },
      'variants.1.values',
      variantMessages.combinationTwice('128 GB / Black'),
    ],
    [
      'a variant with a value its option does not have',
      (input: ProductVariantsInput) => {
        input.variants[2]!.values = ['512 GB', 'Black'];
      },
      'variants.2.values.0',
      variantMessages.unknownValue('Storage', '512 GB'),
    ],
    [
      'a variant without a value of each option',
      (input: ProductVariantsInput) => {
        input.variants[3]!.values = ['256 GB'];
      },
      'variants.3.values',
      variantMessages.valuesOfOptions,
    ],
    [
      'a price of 0',
      (input: ProductVariantsInput) => {
        input.variants[2]!.price = 0;
      },
      'variants.2.price',
      addProductMessages.price,
    ],
  ])('refuses %s with 400 on the field', async (_name, change, path, message) => {
    const product = await createProduct(ctx.db);
    const input = galaxy();
    change(input);
    const response = await call('PUT', product.id, input);
    expect(response.statusCode).toBe(400);
    expect(response.json().error.issues).toContainEqual({ path, message });
    // Nothing written: the product keeps its one variant.
    expect((await call('GET', product.id)).json().options).toEqual([]);
  });

  it('refuses a SKU another product has, or another product’s variant, with 409 on the variant’s SKU', async () => {
    const other = await createProduct(ctx.db, { sku: sku() });
    const { answer: otherGalaxy } = await galaxyProduct();
    const product = await createProduct(ctx.db);

    const takenByProduct = galaxy();
    takenByProduct.variants[1]!.sku = other.sku;
    const first = await call('PUT', product.id, takenByProduct);
    expect(first.statusCode).toBe(409);
    expect(first.json().error).toMatchObject({
      code: 'CONFLICT',
      message: variantMessages.skuTaken(other.sku),
      issues: [{ path: 'variants.1.sku', message: variantMessages.skuTaken(other.sku) }],
    });

    const takenByVariant = galaxy();
    const theirs = otherGalaxy.variants[2]!.sku;
    takenByVariant.variants[3]!.sku = theirs;
    const second = await call('PUT', product.id, takenByVariant);
    expect(second.statusCode).toBe(409);
    expect(second.json().error.issues).toEqual([{ path: 'variants.3.sku', message: variantMessages.skuTaken(theirs) }]);
  });

  it('lets a variant take its own product’s SKU', async () => {
    const product = await createProduct(ctx.db, { sku: sku() });
    const input = galaxy();
    input.variants[0]!.sku = product.sku;
    const response = await call('PUT', product.id, input);
    expect(response.statusCode, response.body).toBe(200);
  });

  it('answers 404 for a product that does not exist or was deleted', async () => {
    expect((await call('GET', 999_999)).statusCode).toBe(404);
    const missing = await call('PUT', 999_999, galaxy());
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.message).toBe(productMessages.notFound);

    const product = await createProduct(ctx.db);
    const deleted = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/admin/products/${product.id}`,
      headers: { cookie: owner.cookie },
    });
    expect(deleted.statusCode).toBe(200);
    expect((await call('GET', product.id)).statusCode).toBe(404);
    expect((await call('PUT', product.id, galaxy())).statusCode).toBe(404);
  });

  it('gives the membership product no options (400), though its one variant can be saved', async () => {
    const premium = await createProduct(ctx.db, { isMembership: true, priceToea: 20_050, category: 'accessories' });
    const refused = await call('PUT', premium.id, galaxy());
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toMatchObject({
      message: variantMessages.membershipNoOptions,
      issues: [{ path: 'options', message: variantMessages.membershipNoOptions }],
    });
    const current = (await call('GET', premium.id)).json() as AdminProductVariants;
    const saved = await call('PUT', premium.id, resend(current));
    expect(saved.statusCode, saved.body).toBe(200);
  });

  it('refuses callers without the catalogue permission: 401 signed out, 403 for a shopper and for staff', async () => {
    const product = await createProduct(ctx.db);
    const shopper = await signedInShopper(ctx);
    const staff = await signedInStaff(ctx, 'staff');
    const manager = await signedInStaff(ctx, 'manager');
    for (const method of ['GET', 'PUT'] as const) {
      const body = method === 'PUT' ? galaxy() : undefined;
      expect((await call(method, product.id, body, null)).statusCode).toBe(401);
      expect((await call(method, product.id, body, shopper.cookie)).statusCode).toBe(403);
      const refused = await call(method, product.id, body, staff.cookie);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().error.message).toBe(staffMessages.notAllowed);
    }
    // A manager has the catalogue permission.
    expect((await call('PUT', product.id, galaxy(), manager.cookie)).statusCode).toBe(200);
  });

  it('refuses a write from another site (403), as every admin write', async () => {
    const product = await createProduct(ctx.db);
    const response = await ctx.app.inject({
      method: 'PUT',
      url: url(product.id),
      headers: { cookie: owner.cookie, origin: 'https://evil.example' },
      payload: galaxy(),
    });
    expect(response.statusCode).toBe(403);
  });
});

describe('the product’s own edit once it has options', () => {
  const edit = (id: number, body: object) =>
    ctx.app.inject({
      method: 'PUT',
      url: `/api/admin/products/${id}`,
      headers: { cookie: owner.cookie },
      payload: body,
    });

  it('keeps the variants’ price and SKU, and refuses a stock change for the product as a whole', async () => {
    const { product } = await galaxyProduct();
    const row = await productRow(product.id);
    const base = {
      name: 'Galaxy A55 5G',
      category: row.category,
      description: row.description,
      price: 1,
      originalPrice: null,
      discountPercentage: null,
      image: row.image,
      condition: row.condition,
      status: 'active',
      sku: sku(),
      version: row.version,
    };
    const refused = await edit(product.id, { ...base, stockChange: 2 });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.issues).toEqual([{ path: 'stock', message: variantMessages.stockPerVariant }]);

    const saved = await edit(product.id, base);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().product).toMatchObject({ name: 'Galaxy A55 5G', price: 120_000, sku: row.sku, stock: 8 });
  });

  it('maps a product SKU another product’s variant has to the 409 of the SKU field', async () => {
    const { answer } = await galaxyProduct();
    const product = await createProduct(ctx.db);
    const row = await productRow(product.id);
    const response = await edit(product.id, {
      name: row.name,
      category: row.category,
      description: row.description,
      price: row.priceToea,
      originalPrice: null,
      discountPercentage: null,
      image: row.image,
      condition: row.condition,
      status: 'active',
      sku: answer.variants[0]!.sku,
      version: row.version,
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().error.issues).toEqual([{ path: 'sku', message: catalogAdminMessages.skuTaken }]);
  });
});
