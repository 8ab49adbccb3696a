import {
  type Dashboard,
  defaultInvoiceSettings,
  formatInvoiceNumber,
  formatKina,
  gstIncluded,
  type Invoice,
  portMoresbyDay,
  type StartMembershipPayment,
} from '@bilum/shared';
import { parse } from 'csv-parse/sync';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailOutbox, memberships, orderItems, orders } from '../../db/schema';
import { type SignedIn, signedInAdmin, signedInShopper } from '../../test/accounts';
import {
  allPaymentMethods,
  type CheckoutTestContext,
  createCheckoutTestApp,
  runDocumentJobs,
} from '../../test/checkout';
import { createProduct } from '../../test/factories';
import { pdfShownText } from '../../test/pdf-reading';

/**
 * Issue 27 (decision 024): Premium is a sale like any other. Bought by card on /membership-payment it is a paid
 * one-line order with exactly one invoice number, counted in the books (gross, GST), the dashboard and the CSVs,
 * with a tax invoice the buyer gets and can open; bought by bank transfer it is worded as a membership.
 */
let ctx: CheckoutTestContext;
let admin: SignedIn;
const price = 20_050;
const goodCard = { number: '4242 4242 4242 4242', expMonth: 12, expYear: 2040, cvc: '123' };
const longDay = new Intl.DateTimeFormat('en-PG', { dateStyle: 'long', timeZone: 'Pacific/Port_Moresby' });

beforeAll(async () => {
  ctx = await createCheckoutTestApp();
  // Noon in Port Moresby, so the sale's day is the dashboard's today.
  const local = new Date(ctx.clock.now().getTime() + 10 * 3_600_000);
  const noon = Date.UTC(local.getUTCFullYear(), local.getUTCMonth() + 1, 10, 2);
  ctx.clock.advance(noon - ctx.clock.now().getTime());
  admin = await signedInAdmin(ctx);
  const saved = await adminCall('PUT', '/api/admin/settings/payments', allPaymentMethods);
  expect(saved.statusCode, saved.body).toBe(200);
  await createProduct(ctx.db, {
    name: 'Premium Membership (1 year)',
    isMembership: true,
    priceToea: price,
    category: 'accessories',
    stock: 1_000_000,
  });
});
afterAll(() => ctx.close());

function adminCall(method: 'GET' | 'PUT' | 'POST' | 'PATCH', url: string, payload?: object) {
  return ctx.app.inject({ method, url, headers: { cookie: admin.cookie }, ...(payload ? { payload } : {}) });
}

function post(shopper: SignedIn, url: string, payload: object = {}) {
  return ctx.app.inject({ method: 'POST', url, headers: { cookie: shopper.cookie }, payload });
}

async function csv(kind: string, day: string) {
  const response = await adminCall('GET', `/api/admin/exports/${kind}?from=${day}&to=${day}`);
  expect(response.statusCode, response.body).toBe(200);
  return parse(response.body, { columns: true, bom: true }) as Record<string, string>[];
}

const ordersOf = (userId: number) => ctx.db.select().from(orders).where(eq(orders.userId, userId));
/** The end of the shopper's latest membership year (the shop's clock runs ahead: not the session's now). */
async function membershipEnd(userId: number): Promise<Date> {
  const [row] = await ctx.db
    .select({ endsAt: memberships.endsAt })
    .from(memberships)
    .where(eq(memberships.userId, userId))
    .orderBy(desc(memberships.endsAt))
    .limit(1);
  if (!row?.endsAt) throw new Error('no membership');
  return row.endsAt;
}
const mailTo = (email: string) => ctx.db.select().from(emailOutbox).where(eq(emailOutbox.to, email));

async function dashboardToday() {
  const response = await adminCall('GET', '/api/admin/dashboard');
  expect(response.statusCode, response.body).toBe(200);
  const figures = response.json() as Dashboard;
  return figures.daily.find((entry) => entry.day === portMoresbyDay(ctx.clock.now()));
}

describe('Premium bought by card on the membership page is a sale (decision 024)', () => {
  it('has exactly one invoice number, counts in the books, the dashboard and the CSVs, and its invoice renders', async () => {
    const before = await dashboardToday();
    const shopper = await signedInShopper(ctx, { fullName: 'Kila Rahu', phone: '+67571234567' });
    const start = await post(shopper, '/api/membership/payment');
    expect(start.statusCode, start.body).toBe(201);
    const { membershipId, payment } = start.json() as StartMembershipPayment;
    // Paid, then completed by the confirm call, the webhook, a refresh and the reconciliation: still one sale.
    const confirmed = await post(shopper, `/api/membership/payment/${membershipId}/confirm`, {
      cardholderName: 'Kila Rahu',
      termsAccepted: true,
      card: goodCard,
    });
    expect(confirmed.json().status).toBe('succeeded');
    await ctx.simulator.whenEventsDelivered();
    await post(shopper, `/api/membership/payment/${membershipId}/refresh`);
    await ctx.app.checkout.jobs.runOnce();
    await runDocumentJobs(ctx);

    const bought = await ordersOf(shopper.user.id);
    expect(bought).toHaveLength(1);
    const [order] = bought;
    if (!order) throw new Error('no order');
    expect(order).toMatchObject({
      paymentStatus: 'paid',
      paymentMethod: 'card',
      stockState: 'sold',
      totalToea: price,
      shippingToea: 0,
      paymentIntentId: payment.intentId,
      cardLast4: '4242',
    });
    expect(order.invoiceNumber).toEqual(expect.any(Number));
    const items = await ctx.db.select().from(orderItems).where(eq(orderItems.orderId, order.id));
    expect(items).toEqual([expect.objectContaining({ isMembership: true, quantity: 1, unitPriceToea: price })]);

    // The books: gross and GST of the day grow by the membership's price, one more order.
    const after = await dashboardToday();
    expect((after?.gross ?? 0) - (before?.gross ?? 0)).toBe(price);
    expect((after?.orders ?? 0) - (before?.orders ?? 0)).toBe(1);
    expect(after?.gst).toBe(gstIncluded(after?.net ?? 0));
    const day = portMoresbyDay(ctx.clock.now());
    const [row] = (await csv('orders', day)).filter((record) => record.order === String(order.id));
    expect(row).toMatchObject({
      'total (K)': '200.50',
      'refunded (K)': '0.00',
      'net sales (K)': '200.50',
      'GST on net sales (K)': '18.23',
    });
    const [sales] = await csv('sales', day);
    expect(sales?.['gross sales (K)']).toBe(((after?.gross ?? 0) / 100).toFixed(2));

    // The invoice: the buyer opens it from the account, GST-inclusive, the shop's TIN, no delivery charged.
    const response = await ctx.app.inject({
      method: 'GET',
      url: `/api/orders/${order.id}/invoice`,
      headers: { cookie: shopper.cookie },
    });
    expect(response.statusCode, response.body).toBe(200);
    const invoice = response.json() as Invoice;
    expect(invoice).toMatchObject({
      invoiceNumber: formatInvoiceNumber(order.invoiceNumber ?? 0),
      total: price,
      shipping: 0,
      gstIncluded: gstIncluded(price),
      seller: defaultInvoiceSettings,
    });
    const history = await ctx.app.inject({
      method: 'GET',
      url: '/api/orders/mine',
      headers: { cookie: shopper.cookie },
    });
    expect(history.body).toContain(order.trackingCode);

    // One e-mail: the receipt with the tax invoice PDF and the membership's real end date.
    const mails = await mailTo(shopper.user.email);
    expect(mails.map((mail) => mail.subject)).toEqual(['Your Bilum Premium receipt']);
    const [mail] = mails;
    const endsAt = await membershipEnd(shopper.user.id);
    expect(mail?.text).toContain(`Your Premium membership is active until ${longDay.format(endsAt)}.`);
    expect(mail?.text).toContain('ending 4242');
    expect(mail?.text).not.toContain('Shipping');
    expect(mail?.text).toContain(`Your tax invoice ${formatInvoiceNumber(order.invoiceNumber ?? 0)} is attached`);
    const pdf = Buffer.from(mail?.attachments?.[0]?.contentBase64 ?? '', 'base64');
    const text = await pdfShownText(pdf);
    expect(text).toContain('Tax invoice');
    expect(text).toContain(`TIN ${defaultInvoiceSettings.tin}`);
    expect(text).toContain(formatKina(gstIncluded(price)));
    expect(text).not.toContain('Delivery');
  });

  it('gives each card purchase its own number from the one sequence, next to the goods orders', async () => {
    const numbers: number[] = [];
    for (const name of ['Mary Kila', 'John Rahu']) {
      const shopper = await signedInShopper(ctx, { fullName: name });
      const { membershipId } = (await post(shopper, '/api/membership/payment')).json() as StartMembershipPayment;
      await post(shopper, `/api/membership/payment/${membershipId}/confirm`, {
        cardholderName: name,
        termsAccepted: true,
        card: goodCard,
      });
      const [order] = await ordersOf(shopper.user.id);
      numbers.push(order?.invoiceNumber ?? 0);
    }
    expect(numbers[1]).toBe((numbers[0] ?? 0) + 1);
    await ctx.simulator.whenEventsDelivered();
  });
});

describe('a membership-page purchase refunded by staff', () => {
  it('is cancelled and refunded like any order: the year is withdrawn and the books net it to zero', async () => {
    const shopper = await signedInShopper(ctx, { fullName: 'Ruth Mek' });
    const { membershipId } = (await post(shopper, '/api/membership/payment')).json() as StartMembershipPayment;
    await post(shopper, `/api/membership/payment/${membershipId}/confirm`, {
      cardholderName: 'Ruth Mek',
      termsAccepted: true,
      card: goodCard,
    });
    await ctx.simulator.whenEventsDelivered();
    const [order] = await ordersOf(shopper.user.id);
    if (!order) throw new Error('no order');
    const cancelled = await adminCall('PATCH', `/api/admin/orders/${order.id}`, {
      status: 'Cancelled',
      reason: 'Changed mind',
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const [row] = await ordersOf(shopper.user.id);
    expect(row?.paymentStatus).toBe('refunded');
    expect(row?.invoiceNumber).toBe(order.invoiceNumber);
    // The year it bought is taken back: no longer a member at the shop's time.
    expect((await membershipEnd(shopper.user.id)).getTime()).toBeLessThanOrEqual(ctx.clock.now().getTime());
    const [line] = (await csv('orders', portMoresbyDay(ctx.clock.now()))).filter(
      (record) => record.order === String(order.id),
    );
    expect(line).toMatchObject({ 'total (K)': '200.50', 'refunded (K)': '200.50', 'net sales (K)': '0.00' });
  });
});

describe('Premium by bank transfer is worded as a membership (decision 024)', () => {
  it('asks for the payment without holding items or shipping, and its paid e-mail says until when it is active', async () => {
    const shopper = await signedInShopper(ctx, { phone: '+67571234567' });
    const start = await post(shopper, '/api/membership/payment/bank-transfer');
    expect(start.statusCode, start.body).toBe(201);
    const { orderId, trackingCode } = start.json() as { orderId: number; trackingCode: string };
    const track = async () =>
      (await ctx.app.inject({ method: 'POST', url: '/api/orders/track', payload: { trackingCode } })).json().order;
    // The pages (confirmation, tracking, history) word it as a membership from the same instructions.
    expect((await track()).payment.bankTransfer).toMatchObject({ membership: true, amountDue: price });

    const [pleasePay] = await mailTo(shopper.user.email);
    expect(pleasePay?.subject).toContain('Bilum Premium membership');
    expect(pleasePay?.subject).toMatch(/^Pay K\d+\.\d\d with reference PAY \d{4} \d{2}: /);
    expect(pleasePay?.text).toContain('Your Premium membership starts as soon as your payment arrives');
    expect(pleasePay?.text).not.toContain('hold your items');
    expect(pleasePay?.text).not.toContain('Shipping');
    expect(pleasePay?.text).toContain(`Total to pay: ${formatKina(price)}`);

    const recorded = await adminCall('POST', `/api/admin/orders/${orderId}/payments`, {
      amount: price,
      bankReference: 'BSP 88123',
      receivedOn: portMoresbyDay(ctx.clock.now()),
    });
    expect(recorded.statusCode, recorded.body).toBe(200);
    await runDocumentJobs(ctx);
    const endsAt = await membershipEnd(shopper.user.id);
    const paidMail = (await mailTo(shopper.user.email)).find((mail) => mail.subject === 'Your Bilum Premium receipt');
    expect(paidMail?.text).toContain(`Your Premium membership is active until ${longDay.format(endsAt)}.`);
    expect(paidMail?.text).not.toContain('Shipping');
    // The tracking page says the same: active until the real end date.
    const tracked = await track();
    expect(tracked.premiumActiveUntil).toBe(endsAt.toISOString());
    expect(tracked.items).toEqual([expect.objectContaining({ isMembership: true })]);
    const [order] = await ordersOf(shopper.user.id);
    expect(paidMail?.text).toContain(formatInvoiceNumber(order?.invoiceNumber ?? 0));
  });
});
