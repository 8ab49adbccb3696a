import { type CreateOrderResponse, fairHoldDefaults, type Product, type ProductVariants } from '@bilum/shared';
import { and, eq, isNull, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderItems, products, productVariants, stockMovements } from '../../db/schema';
import { signedInAdmin, signedInShopper } from '../../test/accounts';
import {
  allPaymentMethods,
  card,
  type CheckoutTestContext,
  createCheckoutTestApp,
  deliveryContact,
  orderBody,
  payOrder,
  placeOrder,
  postOrder,
} from '../../test/checkout';
import { createProduct } from '../../test/factories';
import { changeStock, stockActors } from '../stock/stock.service';
import { setProductVariants, type WrittenVariant } from './variants.service';

/**
 * Issue 30 (decision 042): a product's variants each have their own price, SKU and stock; the product's row keeps
 * the sum of its live variants' stock and the cheapest one's price, and a checkout takes the chosen variant's units.
 */

let ctx: CheckoutTestContext;
beforeAll(async () => {
  ctx = await createCheckoutTestApp();
});
afterAll(() => ctx.close());

const owner = { userId: null, name: 'Test owner' };
let skuSequence = 0;
const sku = () => `VAR-${Date.now().toString(36).toUpperCase()}-${(skuSequence += 1)}`;

/** The Galaxy of issue 30: 128 GB and 256 GB, each in Black and Blue. */
function galaxyVariants(stock: { [label: string]: number } = {}): ProductVariants {
  const values = [
    ['128 GB', 'Black', 120_000],
    ['128 GB', 'Blue', 120_000],
    ['256 GB', 'Black', 150_000],
    ['256 GB', 'Blue', 155_000],
  ] as const;
  return {
    options: [
      { name: 'Storage', values: ['128 GB', '256 GB'] },
      { name: 'Colour', values: ['Black', 'Blue'] },
    ],
    variants: values.map(([storage, colour, price]) => ({
      values: [storage, colour],
      sku: sku(),
      price,
      originalPrice: null,
      stock: stock[`${storage} / ${colour}`] ?? 3,
      lowStockThreshold: 1,
      image: null,
    })),
  };
}

async function galaxy(stock?: { [label: string]: number }) {
  const product = await createProduct(ctx.db, { name: 'Galaxy A55', stock: 0 });
  const variants = await ctx.db.transaction((tx) =>
    setProductVariants(tx, product.id, galaxyVariants(stock), { reason: 'admin-edit', actor: owner, at: new Date() }),
  );
  const byLabel = (label: string) => variants.find((variant) => variant.values.join(' / ') === label)!;
  return { product, variants, byLabel };
}

async function productRow(id: number) {
  const [row] = await ctx.db.select().from(products).where(eq(products.id, id));
  return row!;
}

async function liveStockSum(productId: number): Promise<number> {
  const [row] = await ctx.db
    .select({ sum: sql<number>`coalesce(sum(${productVariants.stock}), 0)::int` })
    .from(productVariants)
    .where(and(eq(productVariants.productId, productId), isNull(productVariants.archivedAt)));
  return row!.sum;
}

async function variantStock(id: number): Promise<number> {
  const [row] = await ctx.db
    .select({ stock: productVariants.stock })
    .from(productVariants)
    .where(eq(productVariants.id, id));
  return row!.stock;
}

describe('a product with options', () => {
  it('keeps the sum of its variants’ stock and the cheapest one’s price on the product, and logs each variant', async () => {
    const { product, variants } = await galaxy({ '256 GB / Black': 2 });
    const row = await productRow(product.id);
    expect(row).toMatchObject({ stock: 11, priceToea: 120_000 });
    expect(await liveStockSum(product.id)).toBe(11);
    const logged = await ctx.db
      .select({ variantId: stockMovements.variantId, change: stockMovements.change })
      .from(stockMovements)
      .where(and(eq(stockMovements.productId, product.id), eq(stockMovements.reason, 'admin-edit')));
    expect(logged.map((move) => move.variantId).sort()).toEqual(variants.map((variant) => variant.id).sort());
    expect(logged.reduce((sum, move) => sum + move.change, 0)).toBe(11);
  });

  it('sells the chosen variant at its price and takes its units only; the line names the variant and its SKU', async () => {
    const { product, byLabel } = await galaxy();
    const black256 = byLabel('256 GB / Black');
    const placed = await placeOrder(
      ctx,
      orderBody({ type: 'items', items: [{ productId: product.id, variantId: black256.id, quantity: 1 }] }),
    );
    expect(placed.order.summary).toMatchObject({ subtotal: 150_000 });
    const [line] = await ctx.db.select().from(orderItems).where(eq(orderItems.orderId, placed.order.id));
    expect(line).toMatchObject({
      variantId: black256.id,
      variantLabel: '256 GB / Black',
      variantSku: black256.sku,
      unitPriceToea: 150_000,
    });
    expect(await variantStock(black256.id)).toBe(2);
    expect(await variantStock(byLabel('256 GB / Blue').id)).toBe(3);
    expect((await productRow(product.id)).stock).toBe(11);
  });

  it('answers 404 for a variant of another product or one the owner left out, and never sells it', async () => {
    const { product, byLabel } = await galaxy();
    const other = await galaxy();
    const foreign = await postOrder(
      ctx,
      orderBody({
        type: 'items',
        items: [{ productId: product.id, variantId: other.byLabel('128 GB / Black').id, quantity: 1 }],
      }),
    );
    expect(foreign.statusCode).toBe(404);

    // The owner leaves 128 GB Blue out: its units leave the shelf (logged) and it is no longer sold.
    const input = galaxyVariants();
    const kept = input.variants
      .map((variant, index) => ({
        ...variant,
        id: [byLabel('128 GB / Black'), byLabel('128 GB / Blue'), byLabel('256 GB / Black'), byLabel('256 GB / Blue')][
          index
        ]!.id,
      }))
      .filter((variant) => variant.values.join(' / ') !== '128 GB / Blue');
    await ctx.db.transaction((tx) =>
      setProductVariants(
        tx,
        product.id,
        { ...input, variants: kept },
        { reason: 'admin-edit', actor: owner, at: new Date() },
      ),
    );
    const gone = await postOrder(
      ctx,
      orderBody({
        type: 'items',
        items: [{ productId: product.id, variantId: byLabel('128 GB / Blue').id, quantity: 1 }],
      }),
    );
    expect(gone.statusCode).toBe(404);
    expect(await variantStock(byLabel('128 GB / Blue').id)).toBe(0);
    expect((await productRow(product.id)).stock).toBe(9);
    expect(await liveStockSum(product.id)).toBe(9);
  });

  it('keeps one cart line per variant, priced at that variant’s price', async () => {
    const { product, byLabel } = await galaxy();
    const shopper = await signedInShopper(ctx);
    for (const label of ['128 GB / Black', '256 GB / Blue']) {
      const added = await ctx.app.inject({
        method: 'POST',
        url: '/api/cart/items',
        headers: { cookie: shopper.cookie },
        payload: { productId: product.id, variantId: byLabel(label).id, quantity: 1 },
      });
      expect(added.statusCode, added.body).toBe(201);
    }
    const cart = await ctx.app.inject({ url: '/api/cart', headers: { cookie: shopper.cookie } });
    const lines = (cart.json() as { items: { variantLabel: string; unitPrice: number }[] }).items;
    expect(lines.map((line) => [line.variantLabel, line.unitPrice])).toEqual([
      ['128 GB / Black', 120_000],
      ['256 GB / Blue', 155_000],
    ]);
  });
});

describe('the product page’s answer', () => {
  it('offers the options and the variants on sale with their own price, stock and "Reserved"', async () => {
    const { product, byLabel } = await galaxy({ '256 GB / Black': 1, '128 GB / Blue': 0 });
    const black = byLabel('256 GB / Black');
    await placeOrder(
      ctx,
      orderBody({ type: 'items', items: [{ productId: product.id, variantId: black.id, quantity: 1 }] }),
    );
    const answer = await ctx.app.inject({ url: `/api/products/${product.id}` });
    expect(answer.statusCode, answer.body).toBe(200);
    const shown = (answer.json() as { product: Product }).product;
    expect(shown.options).toEqual([
      { name: 'Storage', values: ['128 GB', '256 GB'] },
      { name: 'Colour', values: ['Black', 'Blue'] },
    ]);
    expect(shown.variants?.map((v) => [v.values.join(' / '), v.price, v.stock, v.reserved])).toEqual([
      ['128 GB / Black', 120_000, 3, false],
      ['128 GB / Blue', 120_000, 0, false],
      ['256 GB / Black', 150_000, 0, true],
      ['256 GB / Blue', 155_000, 3, false],
    ]);
    expect(shown).toMatchObject({ price: 120_000, stock: 6 });
    // A product without options: no options, its one variant with no values.
    const plain = await createProduct(ctx.db, { stock: 2 });
    const one = (await ctx.app.inject({ url: `/api/products/${plain.id}` })).json() as { product: Product };
    expect(one.product.options).toEqual([]);
    expect(one.product.variants).toMatchObject([{ values: [], sku: plain.sku, stock: 2, price: plain.priceToea }]);
  });
});

describe('refunds and cancellations of a product’s two variants on one order', () => {
  it('refund and return each variant’s own units, and a cancellation afterwards does not return them twice', async () => {
    const { product, byLabel } = await galaxy();
    const [black, blue] = [byLabel('256 GB / Black'), byLabel('256 GB / Blue')];
    const placed = await placeOrder(
      ctx,
      orderBody({
        type: 'items',
        items: [
          { productId: product.id, variantId: black.id, quantity: 2 },
          { productId: product.id, variantId: blue.id, quantity: 1 },
        ],
      }),
    );
    expect((await payOrder(ctx, placed, { card: card() })).statusCode).toBe(200);
    expect([await variantStock(black.id), await variantStock(blue.id)]).toEqual([1, 2]);
    const admin = await signedInAdmin(ctx);
    const call = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
      ctx.app.inject({ method, url, headers: { cookie: admin.cookie }, payload });

    const state = await call('GET', `/api/admin/orders/${placed.order.id}/refunds`);
    expect(state.statusCode, state.body).toBe(200);
    expect(
      (state.json() as { lines: { variantId: number; variantLabel: string; refundable: number }[] }).lines.map(
        (line) => [line.variantLabel, line.refundable],
      ),
    ).toEqual([
      ['256 GB / Black', 2],
      ['256 GB / Blue', 1],
    ]);
    const refund = await call('POST', `/api/admin/orders/${placed.order.id}/refunds`, {
      lines: [{ productId: product.id, variantId: blue.id, quantity: 1 }],
      restock: true,
      reason: 'Wrong colour',
    });
    expect(refund.statusCode, refund.body).toBe(201);
    expect([await variantStock(black.id), await variantStock(blue.id)]).toEqual([1, 3]);
    const again = await call('POST', `/api/admin/orders/${placed.order.id}/refunds`, {
      lines: [{ productId: product.id, variantId: blue.id, quantity: 1 }],
      reason: 'Twice',
    });
    expect(again.statusCode).toBe(400);

    const cancelled = await call('PATCH', `/api/admin/orders/${placed.order.id}`, {
      status: 'Cancelled',
      reason: 'Shopper changed their mind',
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    // Black's two units come back; Blue's one came back with its refund already.
    expect([await variantStock(black.id), await variantStock(blue.id)]).toEqual([3, 3]);
    expect((await productRow(product.id)).stock).toBe(await liveStockSum(product.id));
  });
});

describe('fair holds of a variant (decision 029 per variant)', () => {
  it('let an unpaid bank-transfer order hold only the share of the chosen variant’s units, named in the refusal', async () => {
    const owner = await signedInAdmin(ctx);
    const methods = await ctx.app.inject({
      method: 'PUT',
      url: '/api/admin/settings/payments',
      headers: { cookie: owner.cookie },
      payload: { ...allPaymentMethods, ...fairHoldDefaults },
    });
    expect(methods.statusCode, methods.body).toBe(200);
    const { product, byLabel } = await galaxy({ '256 GB / Black': 4 });
    const black = byLabel('256 GB / Black');
    const place = (quantity: number, email: string) =>
      postOrder(
        ctx,
        orderBody(
          { type: 'items', items: [{ productId: product.id, variantId: black.id, quantity }] },
          { paymentMethod: 'bank-transfer', contact: { ...deliveryContact, email } },
        ),
      );
    // Half of its four units at most, whatever the product's eleven in all.
    const refused = await place(3, 'first.holder@example.pg');
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json().error).toMatchObject({
      details: { cap: 'stock-share', variantId: black.id, quantityAvailable: 2 },
    });
    expect(refused.json().error.message).toContain('Galaxy A55 – 256 GB / Black');
    expect((await place(2, 'first.holder@example.pg')).statusCode).toBe(201);
    expect(await variantStock(black.id)).toBe(2);
  });
});

describe('the last unit of one variant', () => {
  it('is sold once among 30 concurrent checkouts; the other variants keep their units', async () => {
    const { product, byLabel } = await galaxy({ '256 GB / Black': 1 });
    const last = byLabel('256 GB / Black');
    const body = () =>
      orderBody({ type: 'items', items: [{ productId: product.id, variantId: last.id, quantity: 1 }] });
    const answers = await Promise.all(Array.from({ length: 30 }, () => postOrder(ctx, body())));
    const won = answers.filter((answer) => answer.statusCode === 201);
    expect(won).toHaveLength(1);
    for (const answer of answers.filter((each) => each.statusCode !== 201)) {
      expect(answer.statusCode).toBe(409);
      expect(answer.json().error).toMatchObject({ code: 'OUT_OF_STOCK' });
    }
    expect(await variantStock(last.id)).toBe(0);
    expect((await productRow(product.id)).stock).toBe(9);
    const [line] = await ctx.db
      .select({ variantId: orderItems.variantId })
      .from(orderItems)
      .where(eq(orderItems.orderId, (won[0]!.json() as CreateOrderResponse).order.id));
    expect(line).toEqual({ variantId: last.id });
  });
});

describe('the product’s stock', () => {
  it('is the sum of its live variants’ stock after any sequence of changes, refusals and variants left out', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.oneof(
            fc.record({
              kind: fc.constant('move' as const),
              variant: fc.nat(3),
              change: fc.integer({ min: -4, max: 4 }),
            }),
            fc.record({ kind: fc.constant('drop' as const), variant: fc.nat(3) }),
          ),
          { maxLength: 12 },
        ),
        async (steps) => {
          const { product, variants } = await galaxy();
          let live: WrittenVariant[] = [...variants];
          for (const step of steps) {
            const variant = live[step.variant % live.length]!;
            if (step.kind === 'move') {
              const before = await variantStock(variant.id);
              const moved = await ctx.db.transaction((tx) =>
                changeStock(tx, {
                  productId: product.id,
                  variantId: variant.id,
                  change: step.change,
                  reason: 'admin-edit',
                  actor: stockActors.system,
                  at: new Date(),
                }),
              );
              // Refused only when it would take the variant below 0, and then nothing moved.
              expect(moved.ok).toBe(before + step.change >= 0);
              expect(await variantStock(variant.id)).toBe(moved.ok ? before + step.change : before);
            } else if (live.length > 1) {
              live = live.filter((each) => each.id !== variant.id);
              const input = galaxyVariants();
              const keep = await Promise.all(
                live.map(async (each) => ({
                  ...input.variants.find((one) => one.values.join() === each.values.join())!,
                  id: each.id,
                  sku: each.sku,
                  stock: await variantStock(each.id),
                })),
              );
              await ctx.db.transaction((tx) =>
                setProductVariants(
                  tx,
                  product.id,
                  { options: input.options, variants: keep },
                  {
                    reason: 'admin-edit',
                    actor: owner,
                    at: new Date(),
                  },
                ),
              );
            }
            expect((await productRow(product.id)).stock).toBe(await liveStockSum(product.id));
          }
        },
      ),
      { numRuns: 15 },
    );
  });
});
