import type {
  AdminOrderPayment,
  AdminOrderPaymentAnswer,
  Dashboard,
  OrderRefunds,
  PlacedOrderResponse,
  TrackedOrder,
} from '@bilum/shared';
import { portMoresbyDay, portMoresbyPeriodStarts } from '@bilum/shared';
import { parse } from 'csv-parse/sync';
import { and, eq, like } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { activityLog, emailOutbox, orders } from '../../db/schema';
import { type SignedIn, signedInAdmin } from '../../test/accounts';
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

/**
 * Issue 27, seam 5: the books net of refunds. Each test has a fresh shop whose clock stands at noon on the 10th of
 * next month (Port Moresby), so the days of a sale and its refunds are known and fall in one month.
 */
let ctx: CheckoutTestContext;
let owner: SignedIn;
let sequence = 0;
const DAY_MS = 86_400_000;

beforeEach(async () => {
  ctx = await createCheckoutTestApp();
  const local = new Date(ctx.clock.now().getTime() + 10 * 3_600_000);
  const noonOnThe10th = Date.UTC(local.getUTCFullYear(), local.getUTCMonth() + 1, 10, 2);
  ctx.clock.advance(noonOnThe10th - ctx.clock.now().getTime());
  // Signed in after the clock moved, so the session is fresh at the shop's time.
  owner = await signedInAdmin(ctx);
});
afterEach(() => ctx.close());

function call(method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, payload?: object) {
  return ctx.app.inject({ method, url, headers: { cookie: owner.cookie }, ...(payload ? { payload } : {}) });
}

const today = () => portMoresbyDay(ctx.clock.now());
const nextDay = () => ctx.clock.advance(DAY_MS);

/** A paid card order of 2 x K249.00 = K498.00 (delivered free in NCD). */
async function paidCardOrder() {
  sequence += 1;
  const email = `books.${sequence}@example.pg`;
  const bag = await createProduct(ctx.db, { name: 'Kōkō bilum', priceToea: 24_900, stock: 10 });
  const placed = await placeOrder(ctx, {
    ...orderBody({ type: 'items', items: [{ productId: bag.id, quantity: 2 }] }),
    contact: { ...deliveryContact, email },
  });
  const paid = await payOrder(ctx, placed, { card: card(), returnUrl: '/guestcheckout' });
  expect(paid.json().status).toBe('succeeded');
  await ctx.simulator.whenEventsDelivered();
  const [row] = await ctx.db.select().from(orders).where(eq(orders.id, placed.order.id));
  expect(row?.totalToea).toBe(49_800);
  return { id: placed.order.id, bag, email, day: today() };
}

const dashboard = async () => {
  const response = await call('GET', '/api/admin/dashboard');
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as Dashboard;
};
const dayOf = (figures: Dashboard, day: string) => figures.daily.find((entry) => entry.day === day);

async function csv(kind: string, from: string, to = from) {
  const response = await call('GET', `/api/admin/exports/${kind}?from=${from}&to=${to}`);
  expect(response.statusCode, response.body).toBe(200);
  expect(response.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
  return parse(response.body, { columns: true, bom: true }) as Record<string, string>[];
}

const refundEmails = (email: string) =>
  ctx.db
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.to, email), like(emailOutbox.subject, 'Refund of %')));

describe('the books net of refunds', () => {
  it('a K498.00 order with a K249.00 refund the next day: gross on the sale day, the refund on its own day', async () => {
    const { id, bag, email, day: saleDay } = await paidCardOrder();
    nextDay();
    const refundDay = today();
    const refund = await call('POST', `/api/admin/orders/${id}/refunds`, {
      lines: [{ productId: bag.id, quantity: 1 }],
      restock: true,
      reason: 'One came back',
    });
    expect(refund.statusCode, refund.body).toBe(201);

    const figures = await dashboard();
    expect(dayOf(figures, saleDay)).toEqual({
      day: saleDay,
      gross: 49_800,
      refunds: 0,
      net: 49_800,
      gst: 4_527, // 498 / 11 = 45.27…
      orders: 1,
    });
    // The refund day: no sales, K249.00 refunded, the GST in it given back.
    expect(dayOf(figures, refundDay)).toEqual({
      day: refundDay,
      gross: 0,
      refunds: 24_900,
      net: -24_900,
      gst: -2_264,
      orders: 0,
    });
    expect(figures.today).toMatchObject({ gross: 0, refunds: 24_900, net: -24_900 });
    // The month holds both: K498.00 - K249.00 = K249.00, GST on net 249 / 11 = 22.636… = K22.64.
    expect(figures.month).toEqual({
      gross: 49_800,
      refunds: 24_900,
      net: 24_900,
      gst: 2_264,
      orders: 1,
      average: 49_800,
    });
    const weekStart = portMoresbyPeriodStarts(ctx.clock.now()).week;
    expect(figures.week.refunds).toBe(24_900);
    expect(figures.week.gross).toBe(weekStart <= new Date(`${saleDay}T00:00:00+10:00`) ? 49_800 : 0);
    // Units sold less units refunded.
    expect(figures.topProducts).toEqual([{ productId: bag.id, name: 'Kōkō bilum', units: 1, total: 24_900 }]);

    // The orders CSV: refunded and net with real figures; the daily sales CSV: each on its day.
    const [row] = (await csv('orders', saleDay)).filter((record) => record.order === String(id));
    expect(row).toMatchObject({
      'total (K)': '498.00',
      'refunded (K)': '249.00',
      'net sales (K)': '249.00',
      'GST on net sales (K)': '22.64',
    });
    expect(await csv('sales', saleDay, refundDay)).toEqual([
      {
        day: saleDay,
        orders: '1',
        'gross sales (K)': '498.00',
        'refunds (K)': '0.00',
        'net sales (K)': '498.00',
        'GST on net sales (K)': '45.27',
      },
      {
        day: refundDay,
        orders: '0',
        'gross sales (K)': '0.00',
        'refunds (K)': '249.00',
        'net sales (K)': '-249.00',
        'GST on net sales (K)': '-22.64',
      },
    ]);

    // The shopper's e-mail: amount, way and what happens next, in the outbox.
    const [mail] = await refundEmails(email);
    expect(mail?.subject).toBe(`Refund of K249.00 for your Bilum order #${id}`);
    expect(mail?.text).toContain('We have refunded K249.00 to the card you paid with (ending 4242).');
    expect(mail?.text).toContain('5 to 10 working days');
    expect(mail?.text).toContain('1 x Kōkō bilum');
    expect(mail?.text).toContain('Refunded in all: K249.00');
    expect(mail?.text).toContain('The rest of your order is not affected.');
  });

  it('a partial refund, then a cancellation: the order stays a sale; the refunds count on their days; two e-mails', async () => {
    const { id, email, day: saleDay } = await paidCardOrder();
    nextDay();
    const firstDay = today();
    expect(
      (await call('POST', `/api/admin/orders/${id}/refunds`, { amount: 10_000, reason: 'Goodwill' })).statusCode,
    ).toBe(201);
    nextDay();
    const cancelDay = today();
    const cancelled = await call('PATCH', `/api/admin/orders/${id}`, { status: 'Cancelled', reason: 'Not wanted' });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json().order.paymentStatus).toBe('refunded');

    const figures = await dashboard();
    expect(dayOf(figures, saleDay)).toMatchObject({ gross: 49_800, refunds: 0, orders: 1 });
    expect(dayOf(figures, firstDay)).toMatchObject({ gross: 0, refunds: 10_000 });
    expect(dayOf(figures, cancelDay)).toMatchObject({ gross: 0, refunds: 39_800 });
    expect(figures.month).toMatchObject({ gross: 49_800, refunds: 49_800, net: 0, gst: 0, orders: 1 });
    // Every unit went back with the money.
    expect(figures.topProducts).toEqual([]);

    // The cancellation's refund is a refund like the others (on its day, by the one who cancelled).
    const refunds = (await call('GET', `/api/admin/orders/${id}/refunds`)).json() as OrderRefunds;
    expect(refunds).toMatchObject({ paid: 49_800, refunded: 49_800, refundable: 0 });
    expect(refunds.refunds.at(-1)).toMatchObject({
      amount: 39_800,
      kind: 'card',
      status: 'succeeded',
      reason: 'Order cancelled: Not wanted',
    });

    const [row] = (await csv('orders', saleDay)).filter((record) => record.order === String(id));
    expect(row).toMatchObject({ 'payment status': 'refunded', 'refunded (K)': '498.00', 'net sales (K)': '0.00' });

    const mails = await refundEmails(email);
    expect(mails.map((mail) => mail.subject)).toEqual([
      `Refund of K100.00 for your Bilum order #${id}`,
      `Refund of K398.00 for your Bilum order #${id}`,
    ]);
    expect(mails[1]?.text).toContain(`Your order #${id} has been cancelled and your payment refunded.`);
    expect(mails[1]?.text).toContain('Your order is now refunded in full.');
  });

  it('a cancelled order refunded in full without partial refunds: refunded (K) is its total, net 0.00', async () => {
    const { id, email, day } = await paidCardOrder();
    expect(
      (await call('PATCH', `/api/admin/orders/${id}`, { status: 'Cancelled', reason: 'Out of stock' })).statusCode,
    ).toBe(200);
    const figures = await dashboard();
    expect(dayOf(figures, day)).toMatchObject({ gross: 49_800, refunds: 49_800, net: 0, gst: 0, orders: 1 });
    const [row] = (await csv('orders', day)).filter((record) => record.order === String(id));
    expect(row).toMatchObject({ 'refunded (K)': '498.00', 'net sales (K)': '0.00', 'GST on net sales (K)': '0.00' });
    expect(await refundEmails(email)).toHaveLength(1);
  });

  it('a bank transfer over-paid, then the excess refunded: no longer refund due, sales untouched, shopper e-mailed', async () => {
    const saved = await call('PUT', '/api/admin/settings/payments', allPaymentMethods);
    expect(saved.statusCode, saved.body).toBe(200);
    const product = await createProduct(ctx.db, { priceToea: 10_000, stock: 5 });
    const email = 'books.bank@example.pg';
    const placedResponse = await postOrder(
      ctx,
      orderBody(
        { type: 'items', items: [{ productId: product.id, quantity: 1 }] },
        { contact: { ...deliveryContact, email }, paymentMethod: 'bank-transfer' },
      ),
    );
    expect(placedResponse.statusCode, placedResponse.body).toBe(201);
    const placed = placedResponse.json() as PlacedOrderResponse;
    const id = placed.order.id;
    const recorded = await call('POST', `/api/admin/orders/${id}/payments`, {
      amount: 11_000,
      bankReference: 'BSP 7',
      receivedOn: today(),
    });
    expect(recorded.statusCode, recorded.body).toBeLessThan(300);
    expect((recorded.json() as AdminOrderPaymentAnswer).payment).toMatchObject({ state: 'over-paid', overpaid: 1_000 });

    const refund = await call('POST', `/api/admin/orders/${id}/refunds`, { amount: 1_000, reason: 'Over-payment' });
    expect(refund.statusCode, refund.body).toBe(201);
    expect(refund.json().refund).toMatchObject({ kind: 'recorded', status: 'succeeded' });

    const payment = (await call('GET', `/api/admin/orders/${id}/payments`)).json() as AdminOrderPayment;
    expect(payment).toMatchObject({ state: 'paid', stateLabel: 'Paid', overpaid: 0 });
    const tracked = (
      await ctx.app.inject({
        method: 'POST',
        url: '/api/orders/track',
        payload: { trackingCode: placed.order.trackingCode },
      })
    ).json().order as TrackedOrder;
    expect(tracked.payment.state).toBe('paid');

    // The excess was never a sale: the books keep the K100.00 sale whole; the CSV shows the K10.00 given back.
    const figures = await dashboard();
    expect(dayOf(figures, today())).toMatchObject({ gross: 10_000, refunds: 0, net: 10_000, gst: 909 });
    const [row] = (await csv('orders', today())).filter((record) => record.order === String(id));
    expect(row).toMatchObject({ 'refunded (K)': '10.00', 'net sales (K)': '100.00' });

    const [mail] = await refundEmails(email);
    expect(mail?.subject).toBe(`Refund of K10.00 for your Bilum order #${id}`);
    expect(mail?.text).toContain('You paid by bank transfer, so we return the money by bank transfer');
    expect(mail?.text).toContain('allow up to 3 working days');

    // Cancelled the next day: the rest (K100.00) is returned by hand, recorded as a refund, on that day, e-mailed.
    nextDay();
    const cancelled = await call('PATCH', `/api/admin/orders/${id}`, { status: 'Cancelled', reason: 'Changed mind' });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const state = (await call('GET', `/api/admin/orders/${id}/refunds`)).json() as OrderRefunds;
    expect(state).toMatchObject({ paid: 11_000, refunded: 11_000, refundable: 0 });
    expect(state.refunds.at(-1)).toMatchObject({ amount: 10_000, kind: 'recorded', status: 'succeeded' });
    expect(dayOf(await dashboard(), today())).toMatchObject({ gross: 0, refunds: 10_000, net: -10_000 });
    const mails = await refundEmails(email);
    expect(mails.map((each) => each.subject)).toEqual([
      `Refund of K10.00 for your Bilum order #${id}`,
      `Refund of K100.00 for your Bilum order #${id}`,
    ]);
    expect(mails[1]?.text).toContain('Refunded in all: K110.00');
  });

  it('a card refund the provider refuses is failed: it counts nowhere, e-mails nobody and shows to staff', async () => {
    const { id, email, day } = await paidCardOrder();
    const refund = vi.spyOn(ctx.simulator, 'refund').mockRejectedValueOnce(new Error('card network down'));
    const failed = await call('POST', `/api/admin/orders/${id}/refunds`, { amount: 5_000, reason: 'Scuffed' });
    expect(failed.statusCode).toBe(402);
    refund.mockRestore();

    const state = (await call('GET', `/api/admin/orders/${id}/refunds`)).json() as OrderRefunds;
    expect(state).toMatchObject({ refunded: 0, refundable: 49_800 });
    expect(state.refunds).toEqual([expect.objectContaining({ amount: 5_000, kind: 'card', status: 'failed' })]);
    const [entry] = await ctx.db
      .select()
      .from(activityLog)
      .where(and(eq(activityLog.entityId, String(id)), eq(activityLog.action, 'order.refund-failed')));
    expect(entry?.summary).toContain('K50.00 did not go through');

    const figures = await dashboard();
    expect(dayOf(figures, day)).toMatchObject({ gross: 49_800, refunds: 0 });
    expect(figures.refundProblems).toEqual([
      expect.objectContaining({ orderId: id, amount: 5_000, problem: 'card-refund-failed' }),
    ]);
    expect(await refundEmails(email)).toHaveLength(0);

    // Refunded since: no longer a problem.
    expect(
      (await call('POST', `/api/admin/orders/${id}/refunds`, { amount: 5_000, reason: 'Scuffed' })).statusCode,
    ).toBe(201);
    expect((await dashboard()).refundProblems).toEqual([]);

    // A cancellation whose refund fails is listed until its refund goes through.
    const other = await paidCardOrder();
    const refusing = vi.spyOn(ctx.simulator, 'refund').mockRejectedValueOnce(new Error('card network down'));
    expect(
      (await call('PATCH', `/api/admin/orders/${other.id}`, { status: 'Cancelled', reason: 'Lost' })).statusCode,
    ).toBe(402);
    refusing.mockRestore();
    expect((await dashboard()).refundProblems).toEqual([
      expect.objectContaining({ orderId: other.id, amount: 49_800, problem: 'cancelled-not-refunded' }),
    ]);
    expect(await refundEmails(other.email)).toHaveLength(0);
  });
});
