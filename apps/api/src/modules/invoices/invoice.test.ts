import {
  type CreateOrderResponse,
  defaultInvoiceSettings,
  formatInvoiceNumber,
  formatKina,
  gstIncluded,
  type Invoice,
  invoiceMessages,
  type PackingSlip,
} from '@bilum/shared';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activityLog, emailOutbox, orders, simulatedPaymentIntents } from '../../db/schema';
import { signedInAdmin, signedInShopper } from '../../test/accounts';
import {
  card,
  type CheckoutTestContext,
  createCheckoutTestApp,
  deliveryContact,
  orderBody,
  ownership,
  payOrder,
  placeOrder,
  runDocumentJobs,
} from '../../test/checkout';
import { createProduct } from '../../test/factories';
import { pdfShownText } from '../../test/pdf-reading';
import { createMailer } from '../mail/mail.service';
import type { OutgoingEmail } from '../mail/mail.transport';

let ctx: CheckoutTestContext;

beforeAll(async () => {
  ctx = await createCheckoutTestApp();
});
afterAll(() => ctx.close());

async function orderRow(id: number) {
  const [row] = await ctx.db.select().from(orders).where(eq(orders.id, id));
  if (!row) throw new Error(`no order ${id}`);
  return row;
}

/** A guest order of `quantity` units at `priceToea`, placed (not paid). */
async function guestOrder(email: string, priceToea = 15_005, quantity = 2, cookie?: string) {
  const product = await createProduct(ctx.db, { priceToea, stock: 50 });
  const placed = await placeOrder(
    ctx,
    {
      ...orderBody({ type: 'items', items: [{ productId: product.id, quantity }] }),
      contact: { ...deliveryContact, email },
    },
    cookie,
  );
  return { product, placed };
}

async function paid(placed: CreateOrderResponse, cookie?: string) {
  const response = await payOrder(ctx, placed, { card: card() }, cookie);
  expect(response.statusCode).toBe(200);
  await ctx.simulator.whenEventsDelivered();
  // The invoice PDF and the confirmation e-mail are an outbox job after the payment (issue 27).
  await runDocumentJobs(ctx);
  return orderRow(placed.order.id);
}

const byTrackingCode = (trackingCode: string) =>
  ctx.app.inject({ method: 'POST', url: '/api/orders/invoice', payload: { trackingCode } });

describe('tax invoices', () => {
  it('gives a paid order an invoice whose total is the order’s total and the amount charged, GST = total / 11', async () => {
    const { placed } = await guestOrder('invoice.guest@example.pg', 15_005, 2);
    const order = await paid(placed);

    const response = await byTrackingCode(placed.order.trackingCode);
    expect(response.statusCode).toBe(200);
    const invoice = response.json() as Invoice;
    const [intent] = await ctx.db
      .select()
      .from(simulatedPaymentIntents)
      .where(eq(simulatedPaymentIntents.id, order.paymentIntentId ?? ''));

    expect(order.invoiceNumber).toEqual(expect.any(Number));
    expect(invoice.invoiceNumber).toBe(formatInvoiceNumber(order.invoiceNumber ?? 0));
    expect(invoice.invoiceNumber).toMatch(/^INV-\d{6,}$/);
    expect(invoice.total).toBe(order.totalToea);
    expect(invoice.total).toBe(intent?.amount);
    expect(invoice.lines.reduce((sum, line) => sum + line.lineTotal, 0) + invoice.shipping).toBe(invoice.total);
    expect(invoice.lines[0]).toMatchObject({ quantity: 2, unitPrice: 15_005, lineTotal: 30_010 });
    expect(invoice.gstIncluded).toBe(gstIncluded(order.totalToea));
    expect(invoice.seller).toEqual(defaultInvoiceSettings);
    expect(invoice.customer).toMatchObject({ name: 'Kila Amini', email: 'invoice.guest@example.pg' });
    expect(invoice.delivery.kind).toBe('delivery');
    expect(invoice.issuedAt).toBe(order.paidAt?.toISOString());
    expect(invoice.paymentStatus).toBe('paid');
  });

  it('refuses an unpaid order’s invoice with a clear 409, by tracking code and to its owner', async () => {
    const { placed } = await guestOrder('unpaid.invoice@example.pg');

    const tracked = await byTrackingCode(placed.order.trackingCode);
    const owned = await ctx.app.inject({
      method: 'GET',
      url: `/api/orders/${placed.order.id}/invoice`,
      headers: ownership(placed),
    });

    expect(tracked.statusCode).toBe(409);
    expect(tracked.json().error.message).toBe(invoiceMessages.notPaid);
    expect(owned.statusCode).toBe(409);
    expect((await orderRow(placed.order.id)).invoiceNumber).toBeNull();
  });

  it('shows the invoice to the signed-in shopper who owns the order, and 404 to another shopper or nobody', async () => {
    const owner = await signedInShopper(ctx);
    const other = await signedInShopper(ctx);
    const { placed } = await guestOrder('owner.invoice@example.pg', 5_000, 1, owner.cookie);
    await paid(placed, owner.cookie);
    const get = (headers: Record<string, string>) =>
      ctx.app.inject({ method: 'GET', url: `/api/orders/${placed.order.id}/invoice`, headers });

    const mine = await get({ cookie: owner.cookie });
    const theirs = await get({ cookie: other.cookie });
    const nobody = await get({});
    const unknown = await ctx.app.inject({
      method: 'GET',
      url: '/api/orders/99999999/invoice',
      headers: { cookie: owner.cookie },
    });

    expect(mine.statusCode).toBe(200);
    expect((mine.json() as Invoice).orderId).toBe(placed.order.id);
    expect(theirs.statusCode).toBe(404);
    expect(nobody.statusCode).toBe(404);
    expect(unknown.statusCode).toBe(404);
    expect(theirs.body).not.toContain('INV-');
  });

  it('lets a guest open the invoice with the tracking code or e-mail and order number, and nobody with a wrong code', async () => {
    const { placed } = await guestOrder('guest.track.invoice@example.pg');
    await paid(placed);

    const byCode = await byTrackingCode(placed.order.trackingCode.toLowerCase());
    const byEmail = await ctx.app.inject({
      method: 'POST',
      url: '/api/orders/invoice',
      payload: { email: 'GUEST.track.invoice@example.pg', orderId: placed.order.id },
    });
    const wrong = await byTrackingCode('BLM-NOT-A-CODE');
    const bad = await ctx.app.inject({ method: 'POST', url: '/api/orders/invoice', payload: { orderId: 'x' } });

    expect(byCode.statusCode).toBe(200);
    expect(byEmail.statusCode).toBe(200);
    expect(byEmail.json().invoiceNumber).toBe(byCode.json().invoiceNumber);
    expect(wrong.statusCode).toBe(404);
    expect(bad.statusCode).toBe(400);
  });

  it('gives each order one number, once, unique and sequential, however many payments race', async () => {
    const placedOrders = await Promise.all(
      Array.from({ length: 6 }, (_, index) => guestOrder(`race${index}.invoice@example.pg`, 1_000 + index, 1)),
    );
    // Each order paid twice at once (the page's confirm and a retry), all orders at the same time.
    await Promise.all(
      placedOrders.flatMap(({ placed }) => [
        payOrder(ctx, placed, { card: card() }),
        ctx.app.inject({
          method: 'POST',
          url: `/api/orders/${placed.order.id}/payment/refresh`,
          headers: ownership(placed),
          payload: {},
        }),
      ]),
    );
    await ctx.simulator.whenEventsDelivered();
    await ctx.app.checkout.jobs.reconcilePayments();
    const ids = placedOrders.map(({ placed }) => placed.order.id);
    const rows = await ctx.db.select().from(orders).where(inArray(orders.id, ids));
    const numbers = rows.map((row) => row.invoiceNumber);

    expect(rows.every((row) => row.paymentStatus === 'paid')).toBe(true);
    expect(numbers.every((number) => typeof number === 'number')).toBe(true);
    expect(new Set(numbers).size).toBe(ids.length);
    const sorted = (numbers as number[]).toSorted((a, b) => a - b);
    expect((sorted.at(-1) ?? 0) - (sorted[0] ?? 0)).toBe(ids.length - 1);

    // Given once: later changes of the order (dispatch, refund) and even a direct write keep it.
    const first = rows[0];
    if (!first) throw new Error('no rows');
    await ctx.db
      .update(orders)
      .set({ invoiceNumber: 999_999, shippingStatus: 'Processing' })
      .where(eq(orders.id, first.id));
    await ctx.db.update(orders).set({ paymentStatus: 'refunded' }).where(eq(orders.id, first.id));
    await ctx.db.update(orders).set({ paymentStatus: 'paid' }).where(eq(orders.id, first.id));
    expect((await orderRow(first.id)).invoiceNumber).toBe(first.invoiceNumber);
  });

  it('attaches the invoice PDF to the one confirmation e-mail, kept in the outbox and sent with it', async () => {
    const { placed } = await guestOrder('pdf.invoice@example.pg', 12_345, 3);
    const order = await paid(placed);

    const emails = await ctx.db.select().from(emailOutbox).where(eq(emailOutbox.to, 'pdf.invoice@example.pg'));
    expect(emails).toHaveLength(1);
    const [email] = emails;
    const attachment = email?.attachments?.[0];
    expect(attachment).toMatchObject({
      filename: `Bilum-tax-invoice-${formatInvoiceNumber(order.invoiceNumber ?? 0)}.pdf`,
      contentType: 'application/pdf',
    });
    const pdf = Buffer.from(attachment?.contentBase64 ?? '', 'base64');
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const text = await pdfShownText(pdf);
    expect(text).toContain('Tax invoice');
    expect(text).toContain(formatInvoiceNumber(order.invoiceNumber ?? 0));
    expect(text).toContain(formatKina(order.totalToea));
    expect(text).toContain(formatKina(gstIncluded(order.totalToea)));
    expect(text).toContain(defaultInvoiceSettings.legalName);
    expect(text).toContain(`TIN ${defaultInvoiceSettings.tin}`);
    // The e-mail links the printable page (tracking code, so guests can open it).
    expect(email?.text).toContain(`/invoice?tracking_code=${encodeURIComponent(placed.order.trackingCode)}`);
    expect(email?.html).toContain(`<a href="http://localhost:3000/invoice?tracking_code=`);

    // What the transport is given: the same PDF, however late the send.
    const sent: (OutgoingEmail & { id: number })[] = [];
    const mailer = createMailer({
      db: ctx.db,
      transport: { kind: 'test', send: async (message) => void sent.push(message) },
      from: 'shop@example.pg',
      log: { error: () => undefined },
    });
    await mailer.drainOutbox();
    const delivered = sent.find((message) => message.id === email?.id);
    expect(delivered?.attachments?.[0]?.contentBase64).toBe(attachment?.contentBase64);
  });

  it('keeps an issued invoice’s seller details when the settings change; new invoices use the new ones', async () => {
    const admin = await signedInAdmin(ctx);
    const { placed: before } = await guestOrder('settings.before@example.pg');
    await paid(before);
    const details = {
      legalName: 'Bilum Holdings PNG Limited',
      tin: '500 987 654',
      address: 'PO Box 1234\nBoroko, NCD',
    };

    const saved = await ctx.app.inject({
      method: 'PUT',
      url: '/api/admin/settings/invoice',
      headers: { cookie: admin.cookie },
      payload: details,
    });
    const read = await ctx.app.inject({
      method: 'GET',
      url: '/api/admin/settings/invoice',
      headers: { cookie: admin.cookie },
    });
    const { placed: after } = await guestOrder('settings.after@example.pg');
    await paid(after);

    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({ settings: details, message: invoiceMessages.saved });
    expect(read.json().settings).toEqual(details);
    expect((await byTrackingCode(before.order.trackingCode)).json().seller).toEqual(defaultInvoiceSettings);
    expect((await byTrackingCode(after.order.trackingCode)).json().seller).toEqual(details);
    const logged = await ctx.db.select().from(activityLog).where(eq(activityLog.action, 'settings.invoice-updated'));
    expect(logged).toHaveLength(1);

    // Put the demo details back for the other tests.
    await ctx.app.inject({
      method: 'PUT',
      url: '/api/admin/settings/invoice',
      headers: { cookie: admin.cookie },
      payload: defaultInvoiceSettings,
    });
  });

  it('refuses bad invoice settings with field messages, and shoppers with 403', async () => {
    const admin = await signedInAdmin(ctx);
    const shopper = await signedInShopper(ctx);
    const put = (cookie: string, payload: object) =>
      ctx.app.inject({ method: 'PUT', url: '/api/admin/settings/invoice', headers: { cookie }, payload });

    const bad = await put(admin.cookie, { legalName: ' ', tin: 'abc', address: 'x'.repeat(301) });
    const asShopper = await put(shopper.cookie, defaultInvoiceSettings);

    expect(bad.statusCode).toBe(400);
    const paths = (bad.json().error.issues as { path: string }[]).map((issue) => issue.path);
    expect(paths).toEqual(expect.arrayContaining(['legalName', 'tin', 'address']));
    expect(asShopper.statusCode).toBe(403);
  });

  it('gives staff the invoice and a packing slip without any price', async () => {
    const admin = await signedInAdmin(ctx);
    const { product, placed } = await guestOrder('slip.invoice@example.pg', 4_321, 3);
    await ctx.db.update(orders).set({ notes: 'Leave at the gate' }).where(eq(orders.id, placed.order.id));
    const unpaidSlip = await ctx.app.inject({
      method: 'GET',
      url: `/api/admin/orders/${placed.order.id}/packing-slip`,
      headers: { cookie: admin.cookie },
    });
    const unpaidInvoice = await ctx.app.inject({
      method: 'GET',
      url: `/api/admin/orders/${placed.order.id}/invoice`,
      headers: { cookie: admin.cookie },
    });
    await paid(placed);

    const slip = await ctx.app.inject({
      method: 'GET',
      url: `/api/admin/orders/${placed.order.id}/packing-slip`,
      headers: { cookie: admin.cookie },
    });
    const invoice = await ctx.app.inject({
      method: 'GET',
      url: `/api/admin/orders/${placed.order.id}/invoice`,
      headers: { cookie: admin.cookie },
    });
    const missing = await ctx.app.inject({
      method: 'GET',
      url: '/api/admin/orders/99999999/packing-slip',
      headers: { cookie: admin.cookie },
    });

    expect(unpaidSlip.statusCode).toBe(200);
    expect(unpaidInvoice.statusCode).toBe(409);
    expect(slip.statusCode).toBe(200);
    const body = slip.json() as PackingSlip;
    expect(body.lines).toEqual([{ name: product.name, sku: expect.stringMatching(/^BLM-/), quantity: 3 }]);
    expect(body.notes).toBe('Leave at the gate');
    expect(body.delivery).toMatchObject({ kind: 'delivery', address: expect.stringContaining('Boroko Drive') });
    expect(slip.body).not.toMatch(/price|total|4321|12963|K43/i);
    expect(invoice.statusCode).toBe(200);
    expect((invoice.json() as Invoice).total).toBe(12_963);
    expect(missing.statusCode).toBe(404);
  });
});
