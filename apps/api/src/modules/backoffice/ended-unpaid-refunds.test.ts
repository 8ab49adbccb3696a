import {
  type AdminOrderPayment,
  type Dashboard,
  type OrderRefunds,
  type PlacedOrderResponse,
  portMoresbyDay,
  refundMessages,
} from '@bilum/shared';
import { parse } from 'csv-parse/sync';
import { and, eq, like } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { emailOutbox, orders } from '../../db/schema';
import { type SignedIn, signedInAdmin } from '../../test/accounts';
import {
  allPaymentMethods,
  type CheckoutTestContext,
  createCheckoutTestApp,
  deliveryContact,
  orderBody,
  postOrder,
} from '../../test/checkout';
import { createProduct } from '../../test/factories';
import { orderStateOf } from '../order-lifecycle/order-states';

/**
 * Issue 27 (found by the order model, order-model.test.ts): a part-paid bank transfer that ends unpaid (its hold
 * expires, or staff cancel it) kept the money received with no way to give it back. Staff now refund it as an
 * amount (`refund-part` from `ended-unpaid`); it reads "refund due" until then, and it was never a sale, so the
 * books do not count it nor its refund.
 */
let ctx: CheckoutTestContext;
let owner: SignedIn;
const HOUR = 3_600_000;

beforeEach(async () => {
  ctx = await createCheckoutTestApp();
  owner = await signedInAdmin(ctx);
  expect((await call('PUT', '/api/admin/settings/payments', allPaymentMethods)).statusCode).toBe(200);
});
afterEach(() => ctx.close());

function call(method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, payload?: object) {
  return ctx.app.inject({ method, url, headers: { cookie: owner.cookie }, ...(payload ? { payload } : {}) });
}

const today = () => portMoresbyDay(ctx.clock.now());

/** A K100.00 bank-transfer order (free delivery in NCD) with K40.00 of it received. */
async function partPaidOrder(email: string) {
  const product = await createProduct(ctx.db, { priceToea: 10_000, stock: 3 });
  const placed = await postOrder(
    ctx,
    orderBody(
      { type: 'items', items: [{ productId: product.id, quantity: 1 }] },
      { contact: { ...deliveryContact, email }, paymentMethod: 'bank-transfer' },
    ),
  );
  expect(placed.statusCode, placed.body).toBe(201);
  const id = (placed.json() as PlacedOrderResponse).order.id;
  const recorded = await call('POST', `/api/admin/orders/${id}/payments`, {
    amount: 4_000,
    bankReference: 'BSP 40',
    receivedOn: today(),
  });
  expect(recorded.statusCode, recorded.body).toBeLessThan(300);
  return { id, product };
}

const row = async (id: number) => (await ctx.db.select().from(orders).where(eq(orders.id, id)))[0]!;
const payment = async (id: number) =>
  (await call('GET', `/api/admin/orders/${id}/payments`)).json() as AdminOrderPayment;

async function ordersCsv(id: number) {
  const from = portMoresbyDay(new Date(ctx.clock.now().getTime() - 72 * HOUR));
  const response = await call('GET', `/api/admin/exports/orders?from=${from}&to=${today()}`);
  expect(response.statusCode, response.body).toBe(200);
  const rows = parse(response.body, { columns: true, bom: true }) as Record<string, string>[];
  return rows.find((record) => record.order === String(id));
}

describe('money received for an order that ended unpaid (issue 27)', () => {
  it('a part-paid transfer whose hold expired owes its K40.00 back until staff refund it; the books never count it', async () => {
    const email = 'ended.expired@example.pg';
    const { id, product } = await partPaidOrder(email);
    ctx.clock.advance(48 * HOUR + 60_000);
    await ctx.checkoutJobs().releaseExpiredHolds();
    expect(orderStateOf(await row(id))).toBe('ended-unpaid');

    expect(await payment(id)).toMatchObject({
      state: 'not-completed-refund-due',
      stateLabel: 'Not completed (refund due)',
      amountReceived: 4_000,
      overpaid: 4_000,
    });
    const before = (await call('GET', `/api/admin/orders/${id}/refunds`)).json() as OrderRefunds;
    expect(before).toMatchObject({ paid: 4_000, refunded: 0, refundable: 4_000, lines: [] });

    // Its units went back when it ended: lines are refused, and so is more than was received.
    const lines = await call('POST', `/api/admin/orders/${id}/refunds`, {
      lines: [{ productId: product.id, quantity: 1 }],
      restock: true,
      reason: 'Ended',
    });
    expect(lines.statusCode).toBe(400);
    expect(lines.json().error.message).toBe(refundMessages.endedAmountOnly);
    const tooMuch = await call('POST', `/api/admin/orders/${id}/refunds`, { amount: 4_001, reason: 'Ended' });
    expect(tooMuch.statusCode).toBe(400);

    const first = await call('POST', `/api/admin/orders/${id}/refunds`, { amount: 1_500, reason: 'Ended unpaid' });
    expect(first.statusCode, first.body).toBe(201);
    expect(await payment(id)).toMatchObject({ state: 'not-completed-refund-due', overpaid: 2_500 });
    const rest = await call('POST', `/api/admin/orders/${id}/refunds`, { amount: 2_500, reason: 'Ended unpaid' });
    expect(rest.statusCode, rest.body).toBe(201);
    expect(await payment(id)).toMatchObject({ state: 'not-completed', overpaid: 0 });
    expect(orderStateOf(await row(id))).toBe('ended-unpaid');
    const nothing = await call('POST', `/api/admin/orders/${id}/refunds`, { amount: 1, reason: 'Again' });
    expect(nothing.statusCode).toBe(409);

    // Never a sale: no gross, no refund of sales; the CSV shows what went back and a net of 0.00.
    const figures = (await call('GET', '/api/admin/dashboard')).json() as Dashboard;
    expect(figures.month).toMatchObject({ gross: 0, refunds: 0, net: 0, orders: 0 });
    expect(await ordersCsv(id)).toMatchObject({ 'refunded (K)': '40.00', 'net sales (K)': '0.00' });

    const mails = await ctx.db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.to, email), like(emailOutbox.subject, 'Refund of %')))
      .orderBy(emailOutbox.id);
    expect(mails.map((mail) => mail.subject)).toEqual([
      `Refund of K15.00 for your Bilum order #${id}`,
      `Refund of K25.00 for your Bilum order #${id}`,
    ]);
    expect(mails[0]?.text).toContain('ended before it was paid in full, so we are returning the money you sent');
    expect(mails[0]?.text).toContain('Received for the order: K40.00');
    expect(mails[0]?.text).toContain('Still to return: K25.00');
    expect(mails[1]?.text).toContain('Everything you sent for this order has now been returned.');
  });

  it('a part-paid transfer staff cancelled is refundable the same way; an unpaid one with nothing received is not', async () => {
    const { id } = await partPaidOrder('ended.cancelled@example.pg');
    const cancelled = await call('PATCH', `/api/admin/orders/${id}`, { status: 'Cancelled', reason: 'No stock' });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(await payment(id)).toMatchObject({ state: 'not-completed-refund-due', overpaid: 4_000 });
    const refund = await call('POST', `/api/admin/orders/${id}/refunds`, { amount: 4_000, reason: 'Cancelled' });
    expect(refund.statusCode, refund.body).toBe(201);
    expect(await payment(id)).toMatchObject({ state: 'not-completed', overpaid: 0 });

    const product = await createProduct(ctx.db, { priceToea: 10_000, stock: 3 });
    const unpaid = await postOrder(
      ctx,
      orderBody({ type: 'items', items: [{ productId: product.id, quantity: 1 }] }, { paymentMethod: 'bank-transfer' }),
    );
    const unpaidId = (unpaid.json() as PlacedOrderResponse).order.id;
    expect(
      (await call('PATCH', `/api/admin/orders/${unpaidId}`, { status: 'Cancelled', reason: 'Gone' })).statusCode,
    ).toBe(200);
    const refused = await call('POST', `/api/admin/orders/${unpaidId}/refunds`, { amount: 100, reason: 'No' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe(refundMessages.notPaid);
  });
});
