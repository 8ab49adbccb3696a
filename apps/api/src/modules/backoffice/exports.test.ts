import { parse } from 'csv-parse/sync';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../../config';
import { type SignedIn, signedInAdmin, signedInShopper } from '../../test/accounts';
import {
  card,
  type CheckoutTestContext,
  createCheckoutTestApp,
  deliveryContact,
  orderBody,
  payOrder,
  placeOrder,
} from '../../test/checkout';
import { createProduct } from '../../test/factories';
import { signedInStaff } from '../../test/staff';
import { createExportsService, exportKinds, portMoresbyTime } from './exports.service';

/** Issue 21 item 5 (decision 018): CSV exports, streamed with a cursor. */
let ctx: CheckoutTestContext;
let owner: SignedIn;

beforeAll(async () => {
  const { checkoutLimits } = testConfig();
  ctx = await createCheckoutTestApp({
    config: { checkoutLimits: { ...checkoutLimits, ordersPerIp: 1_000, unpaidPerAddress: 1_000 } },
  });
  owner = await signedInAdmin(ctx);
});
afterAll(() => ctx.close());

const today = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Pacific/Port_Moresby' }).format(new Date());
const get = (url: string, cookie = owner.cookie) => ctx.app.inject({ method: 'GET', url, headers: { cookie } });

describe('CSV exports', () => {
  it('orders, lines, customers and members in kina with two decimals and Port Moresby times', async () => {
    const product = await createProduct(ctx.db, { name: '=Bilum "big"', priceToea: 12_345, stock: 5 });
    const placed = await placeOrder(ctx, {
      ...orderBody({ type: 'items', items: [{ productId: product.id, quantity: 2 }] }),
      contact: { ...deliveryContact, email: 'export.guest@example.pg' },
    });
    await payOrder(ctx, placed, { card: card(), returnUrl: '/guestcheckout' });
    await ctx.simulator.whenEventsDelivered();
    const member = await signedInShopper(ctx);
    await ctx.app.inject({
      method: 'POST',
      url: `/api/admin/customers/${member.user.id}/membership`,
      headers: { cookie: owner.cookie },
      payload: { action: 'grant', months: 12, reason: 'Export test' },
    });

    const day = today();
    const orders = await get(`/api/admin/exports/orders?from=${day}&to=${day}`);
    expect(orders.statusCode, orders.body).toBe(200);
    expect(orders.headers['content-type']).toContain('text/csv');
    expect(orders.headers['content-disposition']).toContain(`bilum-orders-${day}-to-${day}.csv`);
    const [header, ...rows] = orders.body.trim().split('\r\n');
    expect(header).toContain('total (K)');
    const row = rows.find((line) => line.startsWith(`${placed.order.id},`));
    expect(row).toContain('export.guest@example.pg');
    expect(row).toContain(',card,paid,');
    // discount (none), total, GST, refunded (none), net sales (the total), GST on net sales (issue 27).
    expect(row).toMatch(/,\d+\.\d{2},(\d+\.\d{2}),\d+\.\d{2},0\.00,\1,\d+\.\d{2}$/);
    expect(row).toContain(day);

    const lines = await get(`/api/admin/exports/order-lines?from=${day}&to=${day}`);
    const line = lines.body.split('\r\n').find((text) => text.startsWith(`${placed.order.id},`));
    // The formula-looking name is defused, quotes doubled; 2 x K123.45.
    expect(line).toContain(`"'=Bilum ""big""",2,123.45,246.90,0.00,paid`);

    const customers = await get(`/api/admin/exports/customers?from=${day}&to=${day}`);
    expect(customers.body).toContain('guest,guest,export.guest@example.pg');
    const members = await get(`/api/admin/exports/members?from=${day}&to=${day}`);
    expect(members.body).toContain(member.user.email);

    // A day before any order: the header only.
    const empty = await get('/api/admin/exports/orders?from=2001-01-01&to=2001-01-02');
    expect(empty.body.trim().split('\r\n')).toHaveLength(1);
  });

  it('every CSV export starts with a UTF-8 byte-order mark, and Kōkō reads back as written', async () => {
    const product = await createProduct(ctx.db, { name: 'Kōkō bilum, Wāhgi', priceToea: 4_500, stock: 5 });
    const placed = await placeOrder(ctx, {
      ...orderBody({ type: 'items', items: [{ productId: product.id, quantity: 1 }] }),
      contact: { ...deliveryContact, firstName: 'Kōkō', email: 'export.koko@example.pg' },
    });
    await payOrder(ctx, placed, { card: card(), returnUrl: '/guestcheckout' });
    await ctx.simulator.whenEventsDelivered();
    const day = today();
    const bom = Buffer.from([0xef, 0xbb, 0xbf]);
    const files: Record<string, Record<string, string>[]> = {};
    for (const url of [
      ...exportKinds.map((kind) => `/api/admin/exports/${kind}?from=${day}&to=${day}`),
      '/api/admin/products/export',
    ]) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(200);
      // The bytes Excel looks for, once, before the first header.
      expect(response.rawPayload.subarray(0, 3), url).toEqual(bom);
      expect(response.rawPayload.subarray(3, 6).equals(bom), url).toBe(false);
      files[url] = parse(response.rawPayload, { columns: true, bom: true });
    }
    const lines = files[`/api/admin/exports/order-lines?from=${day}&to=${day}`] ?? [];
    expect(Object.keys(lines[0] ?? {})[0]).toBe('order');
    expect(lines.find((line) => line.order === String(placed.order.id))?.product).toBe('Kōkō bilum, Wāhgi');
    const orders = files[`/api/admin/exports/orders?from=${day}&to=${day}`] ?? [];
    expect(orders.find((order) => order.order === String(placed.order.id))?.customer).toBe('Kōkō Amini');
    const catalogue = files['/api/admin/products/export'] ?? [];
    expect(catalogue.some((row) => Object.values(row).includes('Kōkō bilum, Wāhgi'))).toBe(true);
  });

  it('refuses bad ranges and kinds (400) and roles without reports (403)', async () => {
    for (const url of [
      '/api/admin/exports/orders?from=2026-03-02&to=2026-03-01',
      '/api/admin/exports/orders?from=2026-02-30&to=2026-03-01',
      '/api/admin/exports/orders',
      '/api/admin/exports/invoices?from=2026-03-01&to=2026-03-01',
    ]) {
      expect((await get(url)).statusCode, url).toBe(400);
    }
    const staff = await signedInStaff(ctx, 'staff');
    expect((await get('/api/admin/exports/orders?from=2026-03-01&to=2026-03-01', staff.cookie)).statusCode).toBe(403);
  });

  it('streams 50,000 orders in bounded memory', { timeout: 300_000 }, async () => {
    const count = 50_000;
    await ctx.db.execute(sql`
      insert into orders (order_type, source, first_name, last_name, email, phone, subtotal_toea, savings_toea,
                          shipping_toea, total_toea, tracking_code, idempotency_key_hash, request_hash,
                          checkout_token_hash, placed_at, paid_at, payment_status, shipping_status, stock_state)
      select 'guest', 'items', 'Bulk', 'Buyer ' || n, 'bulk' || n || '@example.pg', '+67570000000', 10000 + n, 0,
             0, 10000 + n, 'BULK-' || n, 'bulk-idem-' || n, 'bulk-req', 'bulk-token',
             timestamptz '2020-01-15 02:00:00+00' + n * interval '1 millisecond',
             timestamptz '2020-01-15 02:00:00+00' + n * interval '1 millisecond', 'paid', 'Delivered', 'sold'
        from generate_series(1, ${count}) as n`);
    expect(global.gc, 'vitest.config.ts gives the api tests --expose-gc').toBeTypeOf('function');
    global.gc?.();
    const before = process.memoryUsage().heapUsed;
    let peak = before;
    let lines = 0;
    let last = '';
    const stream = createExportsService({ db: ctx.db }).stream('orders', '2020-01-15', '2020-01-15');
    for await (const chunk of stream) {
      const text = last + String(chunk);
      const parts = text.split('\r\n');
      last = parts.pop() ?? '';
      const before5000 = Math.floor(lines / 5000);
      lines += parts.length;
      // Every 5,000 rows: what the export keeps alive (after a collection), not the garbage it leaves behind.
      if (Math.floor(lines / 5000) !== before5000) {
        global.gc?.();
        peak = Math.max(peak, process.memoryUsage().heapUsed);
      }
    }
    if (last) lines += 1;
    expect(lines).toBe(count + 1); // the header and every order
    // All 50,000 rows held at once would take far more than this (the CSV alone is ~7 MB, the row objects
    // several times that); a page of 1,000 rows at a time stays well under it.
    expect(peak - before).toBeLessThan(24 * 1024 * 1024);
    expect(portMoresbyTime(new Date('2020-01-15T02:00:00Z'))).toBe('2020-01-15 12:00');
  });
});
