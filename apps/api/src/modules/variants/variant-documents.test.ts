import type {
  AdminOrder,
  CreateOrderResponse,
  Dashboard,
  MyOrders,
  PackingSlip,
  PaymentResult,
  ProductVariants,
  TrackedOrder,
} from '@bilum/shared';
import { parse } from 'csv-parse/sync';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailOutbox, outboxJobs, webhookEndpoints } from '../../db/schema';
import { type SignedIn, signedInAdmin, signedInShopper } from '../../test/accounts';
import {
  card,
  type CheckoutTestContext,
  createCheckoutTestApp,
  deliveryContact,
  orderBody,
  payOrder,
  placeOrder,
  runDocumentJobs,
} from '../../test/checkout';
import { createProduct } from '../../test/factories';
import { pdfShownText } from '../../test/pdf-reading';
import { setProductVariants } from './variants.service';

/**
 * Issue 30 (decision 042): every place that shows an order line to the shopper or to staff names the variant
 * bought, "Galaxy A55 – 256 GB / Black", and a product without options keeps its bare name everywhere.
 */

let ctx: CheckoutTestContext;
let admin: SignedIn;
let shopper: SignedIn;
let placed: CreateOrderResponse;
let paidAnswer: PaymentResult;
let variant: { id: number; sku: string };
let plain: { id: number; name: string; sku: string };
let galaxyId: number;

const email = 'variant.documents@example.pg';
const galaxyName = 'Galaxy A55 (documents)';
const named = `${galaxyName} – 256 GB / Black`;
const owner = { userId: null, name: 'Test owner' };
const portMoresbyDay = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Pacific/Port_Moresby' }).format(new Date());

/** Storage [128 GB, 256 GB] × Colour [Black, Blue]; 256 GB Black has one unit left, at its own price. */
function galaxyVariants(): ProductVariants {
  const stamp = Date.now().toString(36).toUpperCase();
  const rows = [
    ['128 GB', 'Black', 120_000, 3],
    ['128 GB', 'Blue', 120_000, 3],
    ['256 GB', 'Black', 150_000, 1],
    ['256 GB', 'Blue', 155_000, 3],
  ] as const;
  return {
    options: [
      { name: 'Storage', values: ['128 GB', '256 GB'] },
      { name: 'Colour', values: ['Black', 'Blue'] },
    ],
    variants: rows.map(([storage, colour, price, stock], index) => ({
      values: [storage, colour],
      sku: `DOC-${stamp}-${index + 1}`,
      price,
      originalPrice: null,
      stock,
      lowStockThreshold: 1,
      image: null,
    })),
  };
}

const asAdmin = (url: string) => ctx.app.inject({ method: 'GET', url, headers: { cookie: admin.cookie } });

beforeAll(async () => {
  ctx = await createCheckoutTestApp();
  admin = await signedInAdmin(ctx);
  shopper = await signedInShopper(ctx);
  // A receiver of `order.paid` (the payload is read from the outbox: nothing is sent in this test).
  await ctx.db
    .insert(webhookEndpoints)
    .values({ url: 'https://hooks.example.com/bilum', events: ['order.paid'], secretSalt: 'documents-test' });

  const galaxy = await createProduct(ctx.db, { name: galaxyName, stock: 0 });
  galaxyId = galaxy.id;
  const written = await ctx.db.transaction((tx) =>
    setProductVariants(tx, galaxy.id, galaxyVariants(), { reason: 'admin-edit', actor: owner, at: new Date() }),
  );
  const black256 = written.find((each) => each.values.join(' / ') === '256 GB / Black')!;
  variant = { id: black256.id, sku: black256.sku };
  const bag = await createProduct(ctx.db, { name: 'Plain bilum (documents)', priceToea: 4_500, stock: 10 });
  plain = { id: bag.id, name: bag.name, sku: bag.sku };

  placed = await placeOrder(
    ctx,
    {
      ...orderBody({
        type: 'items',
        items: [
          { productId: galaxy.id, variantId: variant.id, quantity: 1 },
          { productId: plain.id, quantity: 2 },
        ],
      }),
      contact: { ...deliveryContact, email },
    },
    shopper.cookie,
  );
  const paid = await payOrder(ctx, placed, { card: card() }, shopper.cookie);
  expect(paid.statusCode, paid.body).toBe(200);
  paidAnswer = paid.json();
  await ctx.simulator.whenEventsDelivered();
  // The invoice PDF and the confirmation e-mail carrying it (issue 27: an outbox job after the payment).
  await runDocumentJobs(ctx);
});
afterAll(() => ctx.close());

describe('an order of a product with options names the variant', () => {
  it('on the order confirmation and the tracking answer', async () => {
    expect(placed.order.lines.map((line) => line.name)).toEqual([named, plain.name]);
    expect(placed.order.lines[0]).toMatchObject({ unitPrice: 150_000, quantity: 1 });
    expect(paidAnswer.order?.lines.map((line) => line.name)).toEqual([named, plain.name]);

    const tracked = await ctx.app.inject({
      method: 'POST',
      url: '/api/orders/track',
      payload: { trackingCode: placed.order.trackingCode },
    });
    expect(tracked.statusCode, tracked.body).toBe(200);
    expect((tracked.json() as { order: TrackedOrder }).order.items.map((item) => item.name)).toEqual([
      named,
      plain.name,
    ]);
  });

  it('is paid at the variant’s own price: the quote before payment does not fall to the cheapest variant’s', async () => {
    // 256 GB Black is K1,500; the product row's price is its cheapest variant's, K1,200 (decision 042).
    expect(placed.order.summary.total).toBe(150_000 + 2 * 4_500);
    expect(paidAnswer.order?.summary.total).toBe(placed.order.summary.total);
    expect(paidAnswer.order?.lines[0]).toMatchObject({ name: named, unitPrice: 150_000 });
  });

  it('in the shopper’s order history', async () => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: '/api/orders/mine',
      headers: { cookie: shopper.cookie },
    });
    expect(response.statusCode, response.body).toBe(200);
    const order = (response.json() as MyOrders).orders.find((each) => each.id === placed.order.id);
    expect(order?.items.map((item) => item.name)).toEqual([named, plain.name]);
  });

  it('in the confirmation e-mail and its tax invoice PDF, with the variant’s SKU', async () => {
    const [confirmation] = await ctx.db
      .select()
      .from(emailOutbox)
      .where(
        and(eq(emailOutbox.to, email), eq(emailOutbox.subject, `Your Bilum order #${placed.order.id} is confirmed`)),
      );
    expect(confirmation?.text).toContain(`1 x ${named}: K1,500.00`);
    expect(confirmation?.text).toContain(`2 x ${plain.name}: K90.00`);
    expect(confirmation?.text).not.toContain(`${plain.name} –`);

    const attachment = confirmation?.attachments?.[0];
    expect(attachment?.contentType).toBe('application/pdf');
    const text = await pdfShownText(Buffer.from(attachment?.contentBase64 ?? '', 'base64'));
    // A line per item: the name (its SKU may wrap to the next line), the quantity, the unit price and the amount.
    expect(text).toContain(`${named}1K1,500.00K1,500.00`);
    expect(text).toContain(`(${variant.sku})`);
    expect(text).toContain(`${plain.name} (${plain.sku})2K45.00K90.00`);
  });

  it('on the packing slip and the staff’s order detail', async () => {
    const slip = await asAdmin(`/api/admin/orders/${placed.order.id}/packing-slip`);
    expect(slip.statusCode, slip.body).toBe(200);
    expect((slip.json() as PackingSlip).lines).toEqual([
      { name: named, sku: variant.sku, quantity: 1 },
      { name: plain.name, sku: plain.sku, quantity: 2 },
    ]);

    const list = await asAdmin(`/api/admin/orders?q=${placed.order.id}`);
    expect(list.statusCode, list.body).toBe(200);
    const order = (list.json().orders as AdminOrder[]).find((each) => each.id === placed.order.id);
    expect(order?.items.map((item) => item.productName)).toEqual([named, plain.name]);
  });

  it('in the order-lines export’s product cell', async () => {
    const day = portMoresbyDay();
    const response = await asAdmin(`/api/admin/exports/order-lines?from=${day}&to=${day}`);
    expect(response.statusCode, response.body).toBe(200);
    const rows = parse(response.rawPayload, { columns: true, bom: true }) as Record<string, string>[];
    const ours = rows.filter((row) => row.order === String(placed.order.id));
    expect(ours.map((row) => [row.product, row.quantity, row['unit price (K)']])).toEqual([
      [named, '1', '1500.00'],
      [plain.name, '2', '45.00'],
    ]);
  });

  it('in the order.paid webhook, with the variant’s id, label and SKU beside the name', async () => {
    const jobs = await ctx.db.select().from(outboxJobs).where(eq(outboxJobs.eventType, 'order.paid'));
    const event = jobs
      .map((job) => job.payload as { data: { orderId: number; items: Record<string, unknown>[] } })
      .find((payload) => payload.data.orderId === placed.order.id);
    expect(event?.data.items).toEqual([
      {
        productId: galaxyId,
        variantId: variant.id,
        name: named,
        variantLabel: '256 GB / Black',
        sku: variant.sku,
        quantity: 1,
        unitPriceToea: 150_000,
      },
      expect.objectContaining({ productId: plain.id, name: plain.name, variantLabel: '', sku: plain.sku }),
    ]);
  });

  it('in the low-stock report, per variant', async () => {
    const response = await asAdmin('/api/admin/dashboard');
    expect(response.statusCode, response.body).toBe(200);
    const low = (response.json() as Dashboard).lowStock.filter((entry) => entry.productId === galaxyId);
    // 256 GB Black sold its last unit; the other three have 3 each, above their line of 1.
    expect(low).toEqual([{ productId: galaxyId, variantId: variant.id, name: named, stock: 0, threshold: 1 }]);
  });

  it('in the refund e-mail of a refunded line', async () => {
    const refund = await ctx.app.inject({
      method: 'POST',
      url: `/api/admin/orders/${placed.order.id}/refunds`,
      headers: { cookie: admin.cookie },
      payload: {
        lines: [{ productId: galaxyId, variantId: variant.id, quantity: 1 }],
        reason: 'Screen scratched',
      },
    });
    expect(refund.statusCode, refund.body).toBe(201);
    const [message] = await ctx.db
      .select()
      .from(emailOutbox)
      .where(
        and(
          eq(emailOutbox.to, email),
          eq(emailOutbox.subject, `Refund of K1,500.00 for your Bilum order #${placed.order.id}`),
        ),
      );
    expect(message?.text).toContain(`Refunded items:\n1 x ${named}`);
  });
});
