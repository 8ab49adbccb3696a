import {
  type AdminOrder,
  type AdminOrderPaymentAnswer,
  type CreateOrderResponse,
  formatInvoiceNumber,
  invoiceMessages,
  type PaymentResult,
} from '@bilum/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailOutbox, orders, outboxJobs, products } from '../../db/schema';
import { signedInAdmin, type SignedIn } from '../../test/accounts';
import {
  allPaymentMethods,
  card,
  type CheckoutTestContext,
  createCheckoutTestApp,
  deliveryContact,
  orderBody,
  ownership,
  payOrder,
  placeOrder,
} from '../../test/checkout';
import { createProduct } from '../../test/factories';
import { pdfShownText } from '../../test/pdf-reading';
import { maxJobAttempts } from '../outbox/outbox-jobs';
import { createSettingsService } from '../settings/settings.service';
import { invoiceDocumentJob, invoiceJobKey, registerInvoiceDocuments } from './invoice-documents';
import { renderInvoicePdf } from './invoice-pdf';

/**
 * Issue 27: a paid order is paid even when its invoice cannot be drawn. The payment only numbers the invoice; the
 * PDF (in every script a shop can type) and the confirmation e-mail carrying it are an outbox job after the commit.
 */

let ctx: CheckoutTestContext;
let admin: SignedIn;
const lampName = 'Kōkō Solar Lamp ✓';

beforeAll(async () => {
  ctx = await createCheckoutTestApp();
  admin = await signedInAdmin(ctx);
  const saved = await ctx.app.inject({
    method: 'PUT',
    url: '/api/admin/settings/payments',
    headers: { cookie: admin.cookie },
    payload: allPaymentMethods,
  });
  expect(saved.statusCode).toBe(200);
});
afterAll(() => ctx.close());

async function orderRow(id: number) {
  const [row] = await ctx.db.select().from(orders).where(eq(orders.id, id));
  if (!row) throw new Error(`no order ${id}`);
  return row;
}

async function stockOf(productId: number) {
  const [row] = await ctx.db.select({ stock: products.stock }).from(products).where(eq(products.id, productId));
  return row?.stock;
}

const confirmationsTo = (email: string) =>
  ctx.db
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.to, email)));

async function documentJob(orderId: number) {
  const [job] = await ctx.db
    .select()
    .from(outboxJobs)
    .where(eq(outboxJobs.eventId, invoiceJobKey(orderId)));
  if (!job) throw new Error(`no document job for order ${orderId}`);
  return job;
}

const runDocumentJobs = () => ctx.app.mailer.jobs.drain(['invoice-document']);

/** The next try is due now (instead of in 30 s, 1 min, …). */
const makeDue = (orderId: number) =>
  ctx.db
    .update(outboxJobs)
    .set({ nextAttemptAt: new Date(Date.now() - 1000) })
    .where(eq(outboxJobs.eventId, invoiceJobKey(orderId)));

async function lampOrder(email: string, extra: object = {}, quantity = 2) {
  const product = await createProduct(ctx.db, { name: lampName, priceToea: 8_950, stock: 10 });
  const placed = await placeOrder(
    ctx,
    orderBody(
      { type: 'items', items: [{ productId: product.id, quantity }] },
      { contact: { ...deliveryContact, email }, ...extra },
    ),
  );
  return { product, placed };
}

async function payByCard(placed: CreateOrderResponse) {
  const response = await payOrder(ctx, placed, { card: card() });
  await ctx.simulator.whenEventsDelivered();
  return response;
}

async function confirmationPage(placed: CreateOrderResponse) {
  const response = await ctx.app.inject({
    method: 'GET',
    url: `/api/orders/${placed.order.id}/confirmation`,
    headers: ownership(placed),
  });
  return response.json() as { paymentStatus: string; emailStatus: string };
}

async function staffView(orderId: number): Promise<AdminOrder | undefined> {
  const response = await ctx.app.inject({
    method: 'GET',
    url: `/api/admin/orders?q=${orderId}`,
    headers: { cookie: admin.cookie },
  });
  expect(response.statusCode).toBe(200);
  return (response.json().orders as AdminOrder[]).find((order) => order.id === orderId);
}

/** The one confirmation e-mail's invoice PDF, as the shopper downloads it from the message. */
async function invoicePdfSentTo(email: string) {
  const confirmations = (await confirmationsTo(email)).filter((message) => message.subject.endsWith('is confirmed'));
  expect(confirmations).toHaveLength(1);
  const attachment = confirmations[0]?.attachments?.[0];
  expect(attachment?.contentType).toBe('application/pdf');
  return { email: confirmations[0], text: await pdfShownText(Buffer.from(attachment?.contentBase64 ?? '', 'base64')) };
}

/** Replaces the document job's drawing for the rest of `work` (the real one is put back afterwards). */
async function withDrawing(render: typeof renderInvoicePdf, work: () => Promise<void>) {
  const deps = { db: ctx.db, mailer: ctx.app.mailer, settings: createSettingsService(ctx.db), shopUrl: 'http://x' };
  ctx.app.mailer.jobs.handle('invoice-document', invoiceDocumentJob({ ...deps, render }));
  try {
    await work();
  } finally {
    registerInvoiceDocuments(deps);
  }
}

describe('invoice documents after the payment', () => {
  it('charges a card for a product named "Kōkō Solar Lamp ✓": paid, stock sold, the invoice drawn by the job', async () => {
    const email = 'koko.card@example.pg';
    const { product, placed } = await lampOrder(email);

    const response = await payByCard(placed);

    expect(response.statusCode).toBe(200);
    expect((response.json() as PaymentResult).status).toBe('succeeded');
    const paid = await orderRow(placed.order.id);
    expect(paid).toMatchObject({ paymentStatus: 'paid', stockState: 'sold', holdExpiresAt: null });
    expect(paid.invoiceNumber).toEqual(expect.any(Number));
    expect(await stockOf(product.id)).toBe(8);
    // Drawn after the commit: until the job runs the confirmation is on its way, and nothing is drawn in the payment.
    expect(await confirmationPage(placed)).toMatchObject({ paymentStatus: 'paid', emailStatus: 'sending' });
    expect((await documentJob(placed.order.id)).status).toBe('pending');

    expect(await runDocumentJobs()).toMatchObject({ done: 1, failed: 0, retrying: 0 });

    const { email: confirmation, text } = await invoicePdfSentTo(email);
    expect(text).toContain(lampName);
    expect(text).toContain(formatInvoiceNumber(paid.invoiceNumber ?? 0));
    expect(confirmation?.text).toContain('is attached (PDF)');
    expect((await orderRow(placed.order.id)).confirmationEmailId).toBe(confirmation?.id);
    expect((await documentJob(placed.order.id)).status).toBe('done');
    expect((await staffView(placed.order.id))?.invoiceProblem).toBeNull();
    // The printable invoice too; and running the jobs again sends nothing twice.
    const printable = await ctx.app.inject({
      method: 'POST',
      url: '/api/orders/invoice',
      payload: { trackingCode: placed.order.trackingCode },
    });
    expect(printable.json().lines[0].name).toBe(lampName);
    await makeDue(placed.order.id);
    await runDocumentJobs();
    expect((await confirmationsTo(email)).filter((message) => message.subject.endsWith('is confirmed'))).toHaveLength(
      1,
    );
  });

  it('lets staff record a bank transfer, or a payment at the counter, for such an order', async () => {
    const bankEmail = 'koko.bank@example.pg';
    const { placed: bank } = await lampOrder(bankEmail, { paymentMethod: 'bank-transfer' }, 1);
    const options = (await ctx.app.inject({ method: 'GET', url: '/api/delivery/options' })).json();
    const counterEmail = 'koko.counter@example.pg';
    const { placed: counter } = await lampOrder(counterEmail, {
      paymentMethod: 'pickup',
      contact: { ...deliveryContact, email: counterEmail, pickup: true, pickupPointId: options.pickupPoints[0].id },
    });

    const due = (await orderRow(bank.order.id)).totalToea;
    const recorded = await ctx.app.inject({
      method: 'POST',
      url: `/api/admin/orders/${bank.order.id}/payments`,
      headers: { cookie: admin.cookie },
      payload: { amount: due, bankReference: 'BSP 88123', receivedOn: new Date().toISOString().slice(0, 10) },
    });
    const collected = await ctx.app.inject({
      method: 'POST',
      url: `/api/admin/orders/${counter.order.id}/collected`,
      headers: { cookie: admin.cookie },
      payload: { method: 'cash' },
    });

    expect(recorded.statusCode, recorded.body).toBe(200);
    expect((recorded.json() as AdminOrderPaymentAnswer).payment.state).toBe('paid');
    expect(collected.statusCode).toBe(200);
    expect(await orderRow(bank.order.id)).toMatchObject({ paymentStatus: 'paid', stockState: 'sold' });
    expect(await orderRow(counter.order.id)).toMatchObject({ paymentStatus: 'paid', shippingStatus: 'Delivered' });
    expect(await runDocumentJobs()).toMatchObject({ done: 2 });
    expect((await invoicePdfSentTo(bankEmail)).text).toContain(lampName);
    expect((await invoicePdfSentTo(counterEmail)).text).toContain(lampName);
  });

  it('keeps the order paid when its invoice cannot be drawn, retries, and shows staff why', async () => {
    const email = 'koko.retry@example.pg';
    const { placed } = await lampOrder(email);
    let failures = 1;
    const flaky: typeof renderInvoicePdf = async (invoice) => {
      if (failures-- > 0) throw new Error('the PDF renderer crashed');
      return renderInvoicePdf(invoice);
    };

    await withDrawing(flaky, async () => {
      expect((await payByCard(placed)).statusCode).toBe(200);
      expect(await runDocumentJobs()).toMatchObject({ done: 0, retrying: 1 });

      expect(await orderRow(placed.order.id)).toMatchObject({ paymentStatus: 'paid', stockState: 'sold' });
      expect(await documentJob(placed.order.id)).toMatchObject({
        status: 'pending',
        attempts: 1,
        lastError: 'the PDF renderer crashed',
      });
      expect((await staffView(placed.order.id))?.invoiceProblem).toBe(
        invoiceMessages.drawRetrying('the PDF renderer crashed'),
      );
      expect(invoiceMessages.drawRetrying('x')).toBe('Invoice could not be drawn: x, retrying.');
      // The e-mail waits for its invoice; the shopper's page still says it is on its way.
      expect(await confirmationsTo(email)).toHaveLength(0);
      expect(await confirmationPage(placed)).toMatchObject({ paymentStatus: 'paid', emailStatus: 'sending' });

      await makeDue(placed.order.id);
      expect(await runDocumentJobs()).toMatchObject({ done: 1 });
    });

    expect((await invoicePdfSentTo(email)).text).toContain(lampName);
    expect((await staffView(placed.order.id))?.invoiceProblem).toBeNull();
  });

  it('sends the confirmation without the PDF after the last try, and leaves the failure for staff', async () => {
    const email = 'koko.broken@example.pg';
    const { placed } = await lampOrder(email);
    const broken: typeof renderInvoicePdf = async () => {
      throw new Error('no fonts');
    };

    await withDrawing(broken, async () => {
      expect((await payByCard(placed)).statusCode).toBe(200);
      for (let attempt = 1; attempt <= maxJobAttempts['invoice-document']; attempt += 1) {
        await makeDue(placed.order.id);
        await runDocumentJobs();
      }
    });

    expect(await orderRow(placed.order.id)).toMatchObject({ paymentStatus: 'paid', stockState: 'sold' });
    const job = await documentJob(placed.order.id);
    expect(job).toMatchObject({ status: 'failed', attempts: maxJobAttempts['invoice-document'] });
    const confirmations = await confirmationsTo(email);
    expect(confirmations).toHaveLength(1);
    expect(confirmations[0]?.attachments).toBeNull();
    expect(confirmations[0]?.text).toContain('can be printed here');
    expect(confirmations[0]?.text).not.toContain('attached');
    expect((await staffView(placed.order.id))?.invoiceProblem).toBe(
      invoiceMessages.drawFailed('no fonts', maxJobAttempts['invoice-document']),
    );
    // Given up is final: another run does not send a second e-mail.
    await makeDue(placed.order.id);
    await runDocumentJobs();
    expect(await confirmationsTo(email)).toHaveLength(1);
  });
});
