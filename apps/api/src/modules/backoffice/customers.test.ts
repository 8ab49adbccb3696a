import type { Customer, CustomersPage } from '@bilum/shared';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../../config';
import { activityLog, emailOutbox, memberships, orders } from '../../db/schema';
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

/** Issue 21 item 3 (decision 018): the customer list and staff membership changes. */
let ctx: CheckoutTestContext;
let owner: SignedIn;

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

function call(method: 'GET' | 'POST', url: string, payload?: object, cookie = owner.cookie) {
  return ctx.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });
}

async function guestOrder(email: string, priceToea: number, pay = true) {
  const product = await createProduct(ctx.db, { priceToea, stock: 5 });
  const placed = await placeOrder(ctx, {
    ...orderBody({ type: 'items', items: [{ productId: product.id, quantity: 1 }] }),
    contact: { ...deliveryContact, email },
  });
  if (pay) {
    await payOrder(ctx, placed, { card: card(), returnUrl: '/guestcheckout' });
    await ctx.simulator.whenEventsDelivered();
  }
  return placed.order;
}

async function find(q: string): Promise<Customer[]> {
  const response = await call('GET', `/api/admin/customers?q=${encodeURIComponent(q)}&pageSize=100`);
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as CustomersPage).items;
}

describe('customers', () => {
  it('lists guests by e-mail (any case) with orders and what they spent, and registered shoppers', async () => {
    const first = await guestOrder('Guest.Customer@example.pg', 10_000);
    const second = await guestOrder('guest.customer@example.pg', 5_000);
    await guestOrder('guest.customer@example.pg', 7_000, false); // unpaid: counted as an order, not as spent
    const [guest, ...others] = await find('guest.customer@');
    expect(others).toHaveLength(0);
    expect(guest).toMatchObject({ kind: 'guest', userId: null, orders: 3, memberUntil: null });
    const paid = await ctx.db
      .select({ total: orders.totalToea })
      .from(orders)
      .where(and(inArray(orders.id, [first.id, second.id]), eq(orders.paymentStatus, 'paid')));
    expect(paid).toHaveLength(2);
    expect(guest?.totalSpent).toBe(paid.reduce((sum, row) => sum + row.total, 0));

    const shopper = await signedInShopper(ctx, { fullName: 'Registered Customer Kapi' });
    const [registered] = await find('customer kapi');
    expect(registered).toMatchObject({ kind: 'registered', userId: shopper.user.id, orders: 0, totalSpent: 0 });

    const listed = await call(
      'GET',
      `/api/admin/customers/orders?email=${encodeURIComponent('GUEST.customer@example.pg')}`,
    );
    expect(listed.json().orders.map((order: { id: number }) => order.id)).toContain(first.id);
    expect((await call('GET', '/api/admin/customers/orders')).statusCode).toBe(400);
  });

  it('pages on the server and refuses roles without members', async () => {
    await signedInShopper(ctx);
    await signedInShopper(ctx);
    const page1 = (await call('GET', '/api/admin/customers?pageSize=1&page=1')).json() as CustomersPage;
    const page2 = (await call('GET', '/api/admin/customers?pageSize=1&page=2')).json() as CustomersPage;
    expect(page1.total).toBeGreaterThanOrEqual(2);
    expect(page1.items[0]?.email).not.toBe(page2.items[0]?.email);
    const staff = await signedInStaff(ctx, 'staff');
    expect((await call('GET', '/api/admin/customers', undefined, staff.cookie)).statusCode).toBe(403);
    expect((await call('GET', '/api/admin/customers?pageSize=500')).statusCode).toBe(400);
  });

  it('staff grant, extend and end a membership with a reason: audited and e-mailed', async () => {
    const shopper = await signedInShopper(ctx);
    const url = `/api/admin/customers/${shopper.user.id}/membership`;
    expect((await call('POST', url, { action: 'grant', months: 12 })).statusCode).toBe(400); // no reason
    expect((await call('POST', url, { action: 'extend', months: 1, reason: 'x' })).statusCode).toBe(409); // none yet

    const granted = await call('POST', url, { action: 'grant', months: 12, reason: 'Competition prize' });
    expect(granted.statusCode, granted.body).toBe(200);
    const until = Date.parse(granted.json().customer.memberUntil);
    expect(until - Date.now()).toBeGreaterThan(360 * 24 * 3600_000);
    expect((await call('POST', url, { action: 'grant', months: 1, reason: 'Again' })).statusCode).toBe(409);

    const extended = await call('POST', url, { action: 'extend', months: 2, reason: 'Late delivery' });
    expect(Date.parse(extended.json().customer.memberUntil) - until).toBeGreaterThan(55 * 24 * 3600_000);

    const ended = await call('POST', url, { action: 'end', reason: 'Asked to close' });
    expect(ended.statusCode).toBe(200);
    expect(ended.json().customer.memberUntil).toBeNull();
    const still = await ctx.db.select().from(memberships).where(eq(memberships.userId, shopper.user.id));
    expect(still.every((row) => (row.endsAt?.getTime() ?? 0) <= Date.now())).toBe(true);

    const entries = await ctx.db
      .select()
      .from(activityLog)
      .where(and(eq(activityLog.entityType, 'membership'), eq(activityLog.entityId, String(shopper.user.id))));
    expect(entries.map((entry) => entry.action)).toEqual([
      'membership.granted',
      'membership.extended',
      'membership.ended',
    ]);
    expect(entries[0]?.summary).toContain('Competition prize');
    const mails = await ctx.db.select().from(emailOutbox).where(eq(emailOutbox.to, shopper.user.email));
    expect(mails.filter((mail) => mail.subject.includes('Premium'))).toHaveLength(3);

    const admin = await call('POST', `/api/admin/customers/${owner.user.id}/membership`, {
      action: 'grant',
      months: 1,
      reason: 'Not a shopper',
    });
    expect(admin.statusCode).toBe(404);
  });

  it('tells a shopper who orders in Tok Pisin about the membership in Tok Pisin (issue 31)', async () => {
    const shopper = await signedInShopper(ctx);
    const product = await createProduct(ctx.db, { priceToea: 5_000, stock: 5 });
    await placeOrder(
      ctx,
      orderBody({ type: 'items', items: [{ productId: product.id, quantity: 1 }] }),
      `${shopper.cookie}; lang=tpi`,
    );
    const url = `/api/admin/customers/${shopper.user.id}/membership`;
    expect((await call('POST', url, { action: 'grant', months: 12, reason: 'Competition prize' })).statusCode).toBe(
      200,
    );
    expect((await call('POST', url, { action: 'end', reason: 'Asked to close' })).statusCode).toBe(200);
    const mails = await ctx.db.select().from(emailOutbox).where(eq(emailOutbox.to, shopper.user.email));
    const premium = mails.filter((mail) => mail.subject.includes('Premium'));
    expect(premium.map((mail) => mail.subject)).toEqual([
      'Bilum Premium Memba bilong yu',
      'Bilum Premium Memba bilong yu i pinis',
    ]);
    expect(premium[0]?.text).toMatch(/Premium Memba bilong yu i stap nau inap long \d{1,2} \w+ \d{4}\./);
    expect(premium[0]?.text).toContain('Risen: Competition prize');
    expect(premium[1]?.text).toContain('Stua i pinisim Premium Memba bilong yu.');
  });
});
