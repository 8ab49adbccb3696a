import { type Dashboard, gstIncluded, portMoresbyDay, portMoresbyPeriodStarts } from '@bilum/shared';
import { and, eq, gte, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../../config';
import { orders } from '../../db/schema';
import { type SignedIn, signedInAdmin } from '../../test/accounts';
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

/** Issue 21 item 4 (decision 018): the day's numbers equal the sums of the paid orders. */
let ctx: CheckoutTestContext;
let owner: SignedIn;
let sequence = 0;

beforeAll(async () => {
  const { checkoutLimits } = testConfig();
  ctx = await createCheckoutTestApp({
    config: {
      checkoutLimits: { ...checkoutLimits, ordersPerIp: 1_000, unpaidPerAddress: 1_000, unpaidPerAccount: 1_000 },
    },
  });
  owner = await signedInAdmin(ctx);
});
afterAll(() => ctx.close());

async function paidOrder(priceToea: number, stock = 10, quantity = 1) {
  sequence += 1;
  const product = await createProduct(ctx.db, { priceToea, stock });
  const placed = await placeOrder(ctx, {
    ...orderBody({ type: 'items', items: [{ productId: product.id, quantity }] }),
    contact: { ...deliveryContact, email: `dashboard.${sequence}@example.pg` },
  });
  await payOrder(ctx, placed, { card: card(), returnUrl: '/guestcheckout' });
  await ctx.simulator.whenEventsDelivered();
  return { id: placed.order.id, product };
}

const dashboard = async (cookie = owner.cookie) => {
  const response = await ctx.app.inject({ method: 'GET', url: '/api/admin/dashboard', headers: { cookie } });
  return response;
};

describe('Port Moresby periods', () => {
  it('today, Monday and the 1st start at Port Moresby midnight (UTC+10)', () => {
    // 23:30 on Sunday 1 March 2026 in Port Moresby = 13:30 UTC.
    const starts = portMoresbyPeriodStarts(new Date('2026-03-01T13:30:00Z'));
    expect(starts.today.toISOString()).toBe('2026-02-28T14:00:00.000Z');
    expect(starts.week.toISOString()).toBe('2026-02-22T14:00:00.000Z');
    expect(starts.month.toISOString()).toBe('2026-02-28T14:00:00.000Z');
    // 00:30 on Monday 2 March in Port Moresby = 14:30 UTC on 1 March.
    const monday = portMoresbyPeriodStarts(new Date('2026-03-01T14:30:00Z'));
    expect(monday.week.toISOString()).toBe('2026-03-01T14:00:00.000Z');
    expect(portMoresbyDay(new Date('2026-03-01T14:30:00Z'))).toBe('2026-03-02');
  });
});

describe('GET /api/admin/dashboard', () => {
  it("today's figures equal the sums of today's paid orders; yesterday's order is in the chart only", async () => {
    const a = await paidOrder(12_345, 10, 2);
    await paidOrder(9_999);
    const moved = await paidOrder(5_000);
    const starts = portMoresbyPeriodStarts(new Date());
    const yesterday = new Date(starts.today.getTime() - 60_000);
    await ctx.db.update(orders).set({ paidAt: yesterday }).where(eq(orders.id, moved.id));

    const response = await dashboard();
    expect(response.statusCode, response.body).toBe(200);
    const figures = response.json() as Dashboard;
    // Nothing was refunded in this file: gross = net, and the GST is the GST included in the net (issue 27).
    const todays = await ctx.db
      .select({ total: orders.totalToea })
      .from(orders)
      .where(and(inArray(orders.paymentStatus, ['paid', 'refunded']), gte(orders.paidAt, starts.today)));
    const sum = todays.reduce((total, row) => total + row.total, 0);
    expect(figures.today).toEqual({
      gross: sum,
      refunds: 0,
      net: sum,
      gst: gstIncluded(sum),
      orders: todays.length,
      average: Math.round(sum / todays.length),
    });
    expect(figures.month.gross).toBeGreaterThanOrEqual(sum);
    expect(figures.daily).toHaveLength(30);
    expect(figures.daily.at(-1)).toMatchObject({ day: portMoresbyDay(new Date()), gross: sum, net: sum });
    const day = figures.daily.find((entry) => entry.day === portMoresbyDay(yesterday));
    const [movedRow] = await ctx.db.select({ total: orders.totalToea }).from(orders).where(eq(orders.id, moved.id));
    expect(day?.gross).toBeGreaterThanOrEqual(movedRow?.total ?? Number.NaN);
    expect(figures.topProducts[0]).toMatchObject({ productId: a.product.id, units: 2 });
  });

  it('lists low-stock products and the orders awaiting payment or dispatch; reports permission only', async () => {
    const low = await createProduct(ctx.db, { name: 'Nearly gone bilum', stock: 1 });
    const figures = (await dashboard()).json() as Dashboard;
    expect(figures.lowStock.map((product) => product.productId)).toContain(low.id);
    expect(figures.awaitingDispatch).toBeGreaterThanOrEqual(3);
    const staff = await signedInStaff(ctx, 'staff');
    expect((await dashboard(staff.cookie)).statusCode).toBe(403);
    const manager = await signedInStaff(ctx, 'manager');
    expect((await dashboard(manager.cookie)).statusCode).toBe(200);
  });
});
