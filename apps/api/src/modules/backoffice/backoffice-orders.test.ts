import type { AdminOrder, AdminOrdersResponse, PlacedOrderResponse } from '@bilum/shared';
import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../../config';
import { activityLog, emailOutbox, orders, orderStatusHistory } from '../../db/schema';
import { type SignedIn, signedInAdmin, signedInShopper } from '../../test/accounts';
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
import { signedInStaff } from '../../test/staff';

/** Issue 21 item 1 (decision 018): order notes, the cancel reason, the list's filters and pages, the order e-mails. */
let ctx: CheckoutTestContext;
let owner: SignedIn;
let staff: SignedIn;
let sequence = 0;

beforeAll(async () => {
  const { checkoutLimits } = testConfig();
  ctx = await createCheckoutTestApp({
    config: {
      checkoutLimits: { ...checkoutLimits, ordersPerIp: 1_000, unpaidPerAddress: 1_000, unpaidPerAccount: 1_000 },
    },
  });
  owner = await signedInAdmin(ctx);
  staff = await signedInStaff(ctx, 'staff');
  const saved = await call('PUT', '/api/admin/settings/payments', allPaymentMethods);
  expect(saved.statusCode).toBe(200);
});
afterAll(() => ctx.close());

function call(method: 'GET' | 'PUT' | 'POST' | 'PATCH', url: string, payload?: object, cookie = owner.cookie) {
  return ctx.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });
}

async function order(options: { pay?: boolean; method?: 'card' | 'bank-transfer' } = {}) {
  sequence += 1;
  const email = `backoffice.${sequence}@example.pg`;
  const product = await createProduct(ctx.db, { priceToea: 10_000 + sequence, stock: 5 });
  const body = orderBody(
    { type: 'items', items: [{ productId: product.id, quantity: 1 }] },
    { contact: { ...deliveryContact, email }, ...(options.method ? { paymentMethod: options.method } : {}) },
  );
  if (options.method === 'bank-transfer') {
    const response = await postOrder(ctx, body);
    expect(response.statusCode).toBe(201);
    return { id: (response.json() as PlacedOrderResponse).order.id, email };
  }
  const placed = await placeOrder(ctx, body);
  if (options.pay !== false) {
    const paid = await payOrder(ctx, placed, { card: card(), returnUrl: '/guestcheckout' });
    expect(paid.json().status).toBe('succeeded');
    await ctx.simulator.whenEventsDelivered();
  }
  return { id: placed.order.id, email };
}

const entries = (orderId: number, action: string) =>
  ctx.db
    .select()
    .from(activityLog)
    .where(
      and(
        eq(activityLog.entityType, 'order'),
        eq(activityLog.entityId, String(orderId)),
        eq(activityLog.action, action),
      ),
    );

describe('internal order notes', () => {
  it('staff add notes with author and time, oldest first, each with one activity entry', async () => {
    const { id } = await order();
    const first = await call(
      'POST',
      `/api/admin/orders/${id}/notes`,
      { body: '  Called the customer  ' },
      staff.cookie,
    );
    expect(first.statusCode).toBe(201);
    expect(first.json().note).toMatchObject({ body: 'Called the customer', author: staff.user.fullName });
    expect(Date.parse(first.json().note.createdAt)).not.toBeNaN();
    await call('POST', `/api/admin/orders/${id}/notes`, { body: 'Parcel repacked' });

    const listed = await call('GET', `/api/admin/orders/${id}/notes`, undefined, staff.cookie);
    expect(listed.statusCode).toBe(200);
    expect(listed.json().notes.map((note: { body: string }) => note.body)).toEqual([
      'Called the customer',
      'Parcel repacked',
    ]);
    const logged = await entries(id, 'order.note-added');
    expect(logged).toHaveLength(2);
    expect(logged[0]?.actorName).toBe(staff.user.fullName);
  });

  it('refuses an empty note (400), an unknown order (404) and shoppers (403)', async () => {
    const { id } = await order();
    const empty = await call('POST', `/api/admin/orders/${id}/notes`, { body: '   ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.body).toContain('Please write the note.');
    expect((await call('POST', '/api/admin/orders/999999/notes', { body: 'x' })).statusCode).toBe(404);
    expect((await call('GET', '/api/admin/orders/999999/notes')).statusCode).toBe(404);
    const shopper = await signedInShopper(ctx);
    expect((await call('GET', `/api/admin/orders/${id}/notes`, undefined, shopper.cookie)).statusCode).toBe(403);
    // Notes are never part of what the shopper sees (tracking answer).
    await call('POST', `/api/admin/orders/${id}/notes`, { body: 'Secret staff remark' });
    const [row] = await ctx.db.select({ trackingCode: orders.trackingCode }).from(orders).where(eq(orders.id, id));
    const tracked = await ctx.app.inject({
      method: 'POST',
      url: '/api/orders/track',
      payload: { trackingCode: row?.trackingCode },
    });
    expect(tracked.statusCode).toBe(200);
    expect(tracked.body).not.toContain('Secret staff remark');
  });
});

describe('cancel reason', () => {
  it('a cancellation without a reason is refused with a clear 400; with one it is kept in the history and log', async () => {
    const { id } = await order();
    const without = await call('PATCH', `/api/admin/orders/${id}`, { status: 'Cancelled' });
    expect(without.statusCode).toBe(400);
    expect(without.body).toContain('Please give a reason for cancelling this order.');
    expect((await call('PATCH', `/api/admin/orders/${id}`, { status: 'Cancelled', reason: '  ' })).statusCode).toBe(
      400,
    );
    const [still] = await ctx.db.select().from(orders).where(eq(orders.id, id));
    expect(still?.shippingStatus).not.toBe('Cancelled');

    const cancelled = await call('PATCH', `/api/admin/orders/${id}`, {
      status: 'Cancelled',
      reason: 'Customer asked to cancel',
    });
    expect(cancelled.statusCode).toBe(200);
    const answer = cancelled.json().order as AdminOrder;
    expect(answer.history.at(-1)).toMatchObject({ toStatus: 'Cancelled', reason: 'Customer asked to cancel' });
    const [history] = await ctx.db.select().from(orderStatusHistory).where(eq(orderStatusHistory.orderId, id));
    expect(history?.reason).toBe('Customer asked to cancel');
    const [entry] = await entries(id, 'order.cancelled');
    expect(entry?.summary).toContain('Reason: Customer asked to cancel');
  });

  it('dispatching needs no reason', async () => {
    const { id } = await order();
    const dispatched = await call('PATCH', `/api/admin/orders/${id}`, { status: 'Dispatched' });
    expect(dispatched.statusCode).toBe(200);
    expect((dispatched.json().order as AdminOrder).history.at(-1)?.reason).toBeNull();
  });
});

describe('admin order list: filters and pages', () => {
  const list = async (query: Record<string, string>) => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: '/api/admin/orders',
      query,
      headers: { cookie: owner.cookie },
    });
    expect(response.statusCode).toBe(200);
    return response.json() as AdminOrdersResponse;
  };

  it('filters by status, payment method, zone and Port Moresby dates, and pages on the server', async () => {
    const a = await order();
    const b = await order();
    const c = await order();
    const bank = await order({ method: 'bank-transfer' });
    await call('PATCH', `/api/admin/orders/${b.id}`, { status: 'Dispatched' });
    // Placed at 23:30 on 1 March in Port Moresby (13:30 UTC), and at 00:30 on 2 March (14:30 UTC on 1 March).
    await ctx.db
      .update(orders)
      .set({ placedAt: new Date('2026-03-01T13:30:00Z') })
      .where(eq(orders.id, a.id));
    await ctx.db
      .update(orders)
      .set({ placedAt: new Date('2026-03-01T14:30:00Z') })
      .where(eq(orders.id, c.id));
    await ctx.db.update(orders).set({ deliveryZone: 'Highlands test zone' }).where(eq(orders.id, c.id));

    const dispatched = await list({ status: 'Dispatched', pageSize: '100' });
    expect(dispatched.orders.map((o) => o.id)).toContain(b.id);
    expect(dispatched.orders.every((o) => o.shippingStatus === 'Dispatched')).toBe(true);

    const banks = await list({ method: 'bank-transfer', payment: 'all', pageSize: '100' });
    expect(banks.orders.map((o) => o.id)).toContain(bank.id);
    expect(banks.orders.every((o) => o.paymentMethod === 'bank-transfer')).toBe(true);
    expect((await list({ method: 'card', payment: 'all', pageSize: '100' })).orders.map((o) => o.id)).not.toContain(
      bank.id,
    );

    const firstOfMarch = await list({ from: '2026-03-01', to: '2026-03-01' });
    expect(firstOfMarch.orders.map((o) => o.id)).toEqual([a.id]);
    const secondOfMarch = await list({ from: '2026-03-02', to: '2026-03-02' });
    expect(secondOfMarch.orders.map((o) => o.id)).toEqual([c.id]);

    const zoned = await list({ zone: 'Highlands test zone' });
    expect(zoned.orders.map((o) => o.id)).toEqual([c.id]);
    expect(zoned.zones).toContain('Highlands test zone');

    const all = await list({ payment: 'all', pageSize: '100' });
    const page1 = await list({ payment: 'all', pageSize: '2', page: '1' });
    const page2 = await list({ payment: 'all', pageSize: '2', page: '2' });
    expect(page1.total).toBe(all.total);
    expect(page1.orders).toHaveLength(2);
    expect(page2.page).toBe(2);
    expect([...page1.orders, ...page2.orders].map((o) => o.id)).toEqual(all.orders.slice(0, 4).map((o) => o.id));
  });

  it('bad filters are a clear 400', async () => {
    const queries: Record<string, string>[] = [
      { status: 'Lost' },
      { method: 'cheque' },
      { from: '2026-02-30' },
      { from: '2026-03-02', to: '2026-03-01' },
      { pageSize: '1000' },
      { page: '0' },
    ];
    for (const query of queries) {
      const response = await ctx.app.inject({
        method: 'GET',
        url: '/api/admin/orders',
        query,
        headers: { cookie: owner.cookie },
      });
      expect(response.statusCode, JSON.stringify(query)).toBe(400);
    }
  });
});

describe("e-mails to the shop's order address", () => {
  const alerts = (subject: string) => ctx.db.select().from(emailOutbox).where(like(emailOutbox.subject, subject));

  it('goes to the contact e-mail by default when an order is paid, and to the order address once set', async () => {
    const settings = await call('GET', '/api/admin/settings/orders');
    expect(settings.statusCode).toBe(200);
    expect(settings.json()).toMatchObject({ orderEmail: null, effectiveEmail: expect.stringContaining('@') });
    const contact = settings.json().effectiveEmail as string;

    const paid = await order();
    const [alert, ...more] = await alerts(`Order #${paid.id} paid%`);
    expect(more).toHaveLength(0);
    expect(alert?.to).toBe(contact);

    const saved = await call('PUT', '/api/admin/settings/orders', { orderEmail: 'orders@bilum.example.pg' });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({
      orderEmail: 'orders@bilum.example.pg',
      effectiveEmail: 'orders@bilum.example.pg',
    });
    expect(
      await ctx.db.select().from(activityLog).where(eq(activityLog.action, 'settings.order-email-updated')),
    ).toHaveLength(1);
    const next = await order();
    expect((await alerts(`Order #${next.id} paid%`))[0]?.to).toBe('orders@bilum.example.pg');

    // Staff without the settings permission cannot change it; a bad address is a 400.
    expect((await call('PUT', '/api/admin/settings/orders', { orderEmail: 'x@y.pg' }, staff.cookie)).statusCode).toBe(
      403,
    );
    expect((await call('PUT', '/api/admin/settings/orders', { orderEmail: 'not an address' })).statusCode).toBe(400);
  });

  it('a bank-transfer order placed sends one alert; an unpaid card checkout sends none', async () => {
    const bank = await order({ method: 'bank-transfer' });
    const placed = await alerts(`New bank-transfer order #${bank.id} %`);
    expect(placed).toHaveLength(1);
    expect(placed[0]?.text).toContain('Record the payment');
    const unpaid = await order({ pay: false });
    expect(await alerts(`%#${unpaid.id} %`)).toHaveLength(0);
  });
});
