import {
  dammValid,
  type OrderConfirmation,
  type PlacedOrderResponse,
  type TrackedOrder,
  paymentReferencePattern,
} from '@bilum/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailOutbox, orders, pickupPoints } from '../../db/schema';
import { signedInAdmin, type SignedIn } from '../../test/accounts';
import {
  allPaymentMethods,
  type CheckoutTestContext,
  confirmFromEmail,
  createCheckoutTestApp,
  deliveryContact,
  orderBody,
  postOrder,
} from '../../test/checkout';
import { createProduct } from '../../test/factories';

/*
 * Issue 27, shopper-facing clarity: each seam the issue found, as the test that would have caught it.
 */

let ctx: CheckoutTestContext;
let admin: SignedIn;

beforeAll(async () => {
  ctx = await createCheckoutTestApp();
  admin = await signedInAdmin(ctx);
  expect((await adminCall('PUT', '/api/admin/settings/payments', allPaymentMethods)).statusCode).toBe(200);
});
afterAll(async () => ctx.close());

function adminCall(method: 'GET' | 'PUT' | 'POST', url: string, payload?: object) {
  return ctx.app.inject({ method, url, headers: { cookie: admin.cookie }, ...(payload ? { payload } : {}) });
}

async function pickupPoint() {
  const options = (await ctx.app.inject({ method: 'GET', url: '/api/delivery/options' })).json();
  const [point] = await ctx.db.select().from(pickupPoints).where(eq(pickupPoints.id, options.pickupPoints[0].id));
  if (!point) throw new Error('no pickup point');
  return point;
}

async function place(paymentMethod: 'bank-transfer' | 'pickup', email: string, price = 12_000) {
  const product = await createProduct(ctx.db, { priceToea: price, stock: 5 });
  const contact =
    paymentMethod === 'pickup'
      ? { ...deliveryContact, email, pickup: true, pickupPointId: (await pickupPoint()).id }
      : { ...deliveryContact, email };
  const response = await postOrder(
    ctx,
    orderBody({ type: 'items', items: [{ productId: product.id, quantity: 2 }] }, { contact, paymentMethod }),
  );
  expect(response.statusCode).toBe(201);
  const placed = response.json() as PlacedOrderResponse;
  // Issue 28: the guest confirms the order from its e-mail; the long hold starts then (the clock has not moved).
  expect((await confirmFromEmail(ctx, placed.order.id)).statusCode).toBe(200);
  return placed;
}

async function track(trackingCode: string): Promise<TrackedOrder> {
  return (await ctx.app.inject({ method: 'POST', url: '/api/orders/track', payload: { trackingCode } })).json().order;
}

async function confirmation(placed: PlacedOrderResponse): Promise<OrderConfirmation> {
  const response = await ctx.app.inject({
    method: 'GET',
    url: `/api/orders/${placed.order.id}/confirmation`,
    headers: { 'x-checkout-token': placed.checkoutToken },
  });
  return response.json();
}

const emailTo = async (to: string) => (await ctx.db.select().from(emailOutbox).where(eq(emailOutbox.to, to)))[0];

async function searchIds(q: string): Promise<number[]> {
  const response = await adminCall('GET', `/api/admin/orders?view=all&q=${encodeURIComponent(q)}`);
  expect(response.statusCode).toBe(200);
  return response.json().orders.map((order: { id: number }) => order.id);
}

describe('a payment reference that cannot be taken for the tracking code', () => {
  it('is "PAY dddd dd" with a check digit, first and largest in the e-mail and in its subject', async () => {
    const placed = await place('bank-transfer', 'clarity.reference@example.pg');
    const reference = placed.order.paymentReference ?? '';
    expect(reference).toMatch(paymentReferencePattern);
    expect(dammValid(reference.replace(/\D/g, ''))).toBe(true);
    expect(reference).not.toContain('BLM');

    const mail = await emailTo('clarity.reference@example.pg');
    expect(mail?.subject).toContain(reference);
    // Issue 28: a guest's e-mail first asks to confirm the order within 15 minutes, then says what to pay.
    expect(mail?.subject).toMatch(/^Confirm your Bilum order #\d+ within 15 minutes, then pay K\d/);
    expect(mail?.text.startsWith('Confirm your order within 15 minutes, or the items go back on sale:\n')).toBe(true);
    // First after that, before anything else; the tracking code comes after it and says it is not for paying.
    expect(mail?.text.split('\n\n')[1]?.startsWith(`Payment reference: ${reference}\n`)).toBe(true);
    const text = mail?.text ?? '';
    expect(text.indexOf(placed.order.trackingCode)).toBeGreaterThan(text.indexOf(reference));
    expect(text).toContain(
      `Tracking code (only for tracking your order, not for paying): ${placed.order.trackingCode}`,
    );
    // Largest in the HTML: its first paragraph, in large type, with the confirmation under it.
    expect(mail?.html).toMatch(/^<p style="font-size:24px[^"]*">Confirm your order within 15 minutes/);
    expect(mail?.html).toContain(`Payment reference: ${reference}<br>`);
  });

  it('is found by staff typed with or without its spaces, a mistyped one finds nothing, "#n" stays the order', async () => {
    const placed = await place('bank-transfer', 'clarity.search@example.pg');
    const reference = placed.order.paymentReference ?? '';
    const digits = reference.replace(/\D/g, '');
    for (const typed of [
      reference,
      `PAY${digits}`,
      reference.toLowerCase(),
      `pay ${digits}`,
      digits,
      `PAY-${digits}`,
    ]) {
      expect(await searchIds(typed), typed).toEqual([placed.order.id]);
    }
    // One wrong digit: the check digit no longer fits, and no order is found by it.
    const wrong = `${digits.slice(0, 5)}${(Number(digits[5]) + 1) % 10}`;
    expect(dammValid(wrong)).toBe(false);
    expect(await searchIds(`PAY ${wrong}`)).not.toContain(placed.order.id);
    // The short-number rule holds: "#n" and a bare number of up to three digits are the order's number.
    expect(await searchIds(`#${placed.order.id}`)).toEqual([placed.order.id]);
  });

  it('still finds an order of an earlier release by its "BLM-nnnnnn" reference, however it is typed', async () => {
    const placed = await place('bank-transfer', 'clarity.legacy@example.pg');
    await ctx.db.update(orders).set({ paymentReference: 'BLM-904417' }).where(eq(orders.id, placed.order.id));
    for (const typed of ['BLM-904417', 'blm 904 417', 'blm904417']) {
      expect(await searchIds(typed), typed).toEqual([placed.order.id]);
    }
    expect((await track(placed.order.trackingCode)).payment.reference).toBe('BLM-904417');
  });
});

describe('every "please pay" message itemises goods, delivery and total', () => {
  it('the reminder before the hold ends too, with the reference first and in its subject', async () => {
    const email = 'clarity.reminder@example.pg';
    const placed = await place('bank-transfer', email);
    const reference = placed.order.paymentReference ?? '';
    ctx.clock.advance(37 * 60 * 60_000);
    await ctx.checkoutJobs().runOnce();
    await ctx.checkoutJobs().runOnce();
    const reminders = (await ctx.db.select().from(emailOutbox).where(eq(emailOutbox.to, email))).filter((mail) =>
      mail.subject.startsWith('Reminder'),
    );
    expect(reminders).toHaveLength(1);
    const [reminder] = reminders;
    expect(reminder?.subject).toContain(reference);
    expect(reminder?.text.startsWith(`Payment reference: ${reference}\n`)).toBe(true);
    expect(reminder?.text).toMatch(/2 x .+: K240\.00/);
    expect(reminder?.text).toMatch(/Shipping \(.+\): K\d+\.\d\d/);
    expect(reminder?.text).toMatch(/Order total: K\d+\.\d\d/);
  });
});

describe('states that read naturally', () => {
  it('a part-paid order says what was received of what, on tracking and the confirmation', async () => {
    const placed = await place('bank-transfer', 'clarity.part@example.pg', 8_950);
    expect((await track(placed.order.trackingCode)).status).toBe('Awaiting payment');
    const part = await adminCall('POST', `/api/admin/orders/${placed.order.id}/payments`, {
      amount: 10_000,
      bankReference: 'BSP 1',
      receivedOn: new Date().toISOString().slice(0, 10),
    });
    expect(part.statusCode).toBe(200);
    const tracked = await track(placed.order.trackingCode);
    const total = tracked.total;
    expect(total).toBe(17_900 + tracked.shipping);
    const label = `Part-paid: K100.00 of K${(total / 100).toFixed(2)} received`;
    expect(tracked.status).toBe(label);
    expect(tracked.payment.status).toEqual({ kind: 'part-paid', label, tone: 'orange' });
    expect((await confirmation(placed)).payment.status.label).toBe(label);
  });
});

describe('pickup confirmations and tracking give the amount, the place and the collect-by time', () => {
  it('says how much to pay, where (address and opening hours) and by when, then "Collected", never an estimate', async () => {
    const point = await pickupPoint();
    const placed = await place('pickup', 'clarity.pickup@example.pg');
    const [row] = await ctx.db.select().from(orders).where(eq(orders.id, placed.order.id));
    const collectBy = row?.holdExpiresAt?.toISOString();
    const expected = {
      name: point.name,
      address: point.address,
      openingHours: point.openingHours,
      collectBy,
      amountToPay: 24_000,
    };
    expect((await confirmation(placed)).payment.pickup).toEqual(expected);
    const waiting = await track(placed.order.trackingCode);
    expect(waiting.payment.pickup).toEqual(expected);
    expect(waiting.status).toBe('Pay at pickup');

    const mail = await emailTo('clarity.pickup@example.pg');
    // Issue 28: after the request to confirm the order from this e-mail.
    const lead = (mail?.text ?? '').split('\n\n')[1];
    expect(lead).toContain('To pay at pickup: K240.00');
    expect(lead).toContain(`Pickup at: ${point.name}, ${point.address}`);
    expect(lead).toContain(`Opening hours: ${point.openingHours}`);
    expect(lead).toContain('Collect within 3 days of confirming');

    expect(
      (await adminCall('POST', `/api/admin/orders/${placed.order.id}/collected`, { method: 'cash' })).statusCode,
    ).toBe(200);
    const collected = await track(placed.order.trackingCode);
    expect(collected.status).toBe('Collected');
    expect(collected.payment.status).toMatchObject({ kind: 'collected', tone: 'green' });
    expect(collected.estimatedDelivery).toBeNull();
    expect(collected.payment.pickup).toMatchObject({ name: point.name, collectBy: null, amountToPay: 0 });
  });
});
