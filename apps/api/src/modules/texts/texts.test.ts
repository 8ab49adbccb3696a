import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { type PlacedOrderResponse, paymentReminderHoursBefore } from '@bilum/shared';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailOutbox, outboxJobs } from '../../db/schema';
import { signedInAdmin, signedInShopper, type SignedIn } from '../../test/accounts';
import {
  allPaymentMethods,
  type CheckoutTestContext,
  confirmFromEmail,
  createCheckoutTestApp,
  deliveryContact,
  runDocumentJobs,
} from '../../test/checkout';
import { createProduct, orderRow } from '../../test/factories';
import { pdfShownText } from '../../test/pdf-reading';
import { renderInvoicePdf } from '../invoices/invoice-pdf';
import { orderTextKey } from './texts.service';

/*
 * Issue 31: every text of an order goes through the outbox with the default provider (files), is written in the
 * shopper's language, is sent once however often the outbox runs, and not at all when the shopper turned texts off.
 */

let ctx: CheckoutTestContext;
let admin: SignedIn;
const outboxDir = mkdtempSync(path.join(tmpdir(), 'bilum-texts-'));
const HOUR = 60 * 60_000;

beforeAll(async () => {
  ctx = await createCheckoutTestApp({ config: { sms: { provider: 'file', outboxDir } } });
  admin = await signedInAdmin(ctx);
  const saved = await ctx.app.inject({
    method: 'PUT',
    url: '/api/admin/settings/payments',
    headers: { cookie: admin.cookie },
    payload: allPaymentMethods,
  });
  expect(saved.statusCode).toBe(200);
});
afterAll(async () => {
  await ctx.close();
  rmSync(outboxDir, { recursive: true, force: true });
});

let phoneSequence = 0;
/** A mobile number of this test's own ("7xxx xxxx"), so its texts are told apart by file name. */
function newPhone(): { local: string; e164: string; shown: string } {
  phoneSequence += 1;
  const digits = `7${String(2_000_000 + phoneSequence * 7919).padStart(7, '0')}`;
  return { local: digits, e164: `+675${digits}`, shown: `+675 ${digits.slice(0, 4)} ${digits.slice(4)}` };
}

/** Runs the outbox twice, the second time while a third run races it: a text must still leave once. */
async function runOutboxTwice() {
  await ctx.app.mailer.drainOutbox();
  await Promise.all([ctx.app.mailer.jobs.drain(['text']), ctx.app.mailer.jobs.drain(['text'])]);
}

/** The bodies of the texts sent to `e164` (the file provider's .txt files), oldest first. */
function textsTo(e164: string): string[] {
  return readdirSync(outboxDir)
    .filter((file) => file.endsWith(`-${e164.slice(1)}.txt`))
    .sort()
    .map((file) => {
      const [head, ...body] = readFileSync(path.join(outboxDir, file), 'utf8').split('\n\n');
      expect(head).toBe(`To: ${e164}`);
      return body.join('\n\n').trimEnd();
    });
}

async function placeOrder(
  paymentMethod: 'bank-transfer' | 'card',
  phone: string,
  options: { cookie?: string; lang?: string; pickup?: boolean; price?: number } = {},
): Promise<PlacedOrderResponse> {
  const product = await createProduct(ctx.db, { priceToea: options.price ?? 12_000, stock: 5 });
  const pickupPointId = options.pickup
    ? ((await ctx.app.inject({ method: 'GET', url: '/api/delivery/options' })).json().pickupPoints[0].id as number)
    : undefined;
  const cookies = [options.cookie, options.lang ? `lang=${options.lang}` : null].filter(Boolean).join('; ');
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/api/orders',
    headers: cookies ? { cookie: cookies } : {},
    payload: {
      idempotencyKey: randomUUID(),
      contact: {
        ...deliveryContact,
        email: `texts.${phone}@example.pg`,
        phone,
        ...(options.pickup ? { pickup: true, pickupPointId } : {}),
      },
      source: { type: 'items', items: [{ productId: product.id, quantity: 1 }] },
      paymentMethod,
    },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

const adminCall = (method: 'POST' | 'PATCH', url: string, payload: object) =>
  ctx.app.inject({ method, url, headers: { cookie: admin.cookie }, payload });

async function recordFullPayment(orderId: number) {
  const row = await orderRow(ctx.db, orderId);
  const response = await adminCall('POST', `/api/admin/orders/${orderId}/payments`, {
    amount: row.totalToea,
    bankReference: 'BSP 88123',
    receivedOn: ctx.clock.now().toISOString().slice(0, 10),
  });
  expect(response.statusCode, response.body).toBe(200);
}

async function textJobs(orderId: number) {
  return ctx.db
    .select()
    .from(outboxJobs)
    .where(eq(outboxJobs.kind, 'text'))
    .then((rows) => rows.filter((row) => row.payload.orderId === orderId));
}

async function historyOf(orderId: number): Promise<string[]> {
  const response = await ctx.app.inject({
    method: 'GET',
    url: `/api/admin/orders/${orderId}/activity?page=1&pageSize=50`,
    headers: { cookie: admin.cookie },
  });
  expect(response.statusCode).toBe(200);
  return (response.json().items as { summary: string }[]).map((entry) => entry.summary);
}

describe('text messages about an order (issue 31)', () => {
  it('a bank-transfer order texts the reference, amount, account and deadline once, after a guest confirms it', async () => {
    const phone = newPhone();
    const placed = await placeOrder('bank-transfer', phone.local);
    // A guest's order still to be confirmed from the e-mail: no "how to pay" text yet.
    await runOutboxTwice();
    expect(textsTo(phone.e164)).toEqual([]);
    expect((await confirmFromEmail(ctx, placed.order.id)).statusCode).toBe(200);
    await runOutboxTwice();
    const row = await orderRow(ctx.db, placed.order.id);
    const texts = textsTo(phone.e164);
    expect(texts).toHaveLength(1);
    expect(texts[0]).toContain(`Bilum order #${row.id}: please pay K`);
    expect(texts[0]).toContain(`ref ${row.paymentReference}`);
    expect(texts[0]).toContain('BSP acct 1001234567');
    expect(texts[0]).toMatch(/by \w{3} \d{1,2} \w{3}, \d{1,2}:\d{2} [ap]m\./);
    expect(texts[0]!.length).toBeLessThanOrEqual(160);
    expect(await historyOf(row.id)).toContain(`Text sent to ${phone.shown}: How to pay by bank transfer`);
  });

  it('writes the texts in Tok Pisin for a shopper who reads the shop in Tok Pisin', async () => {
    const phone = newPhone();
    const shopper = await signedInShopper(ctx);
    const placed = await placeOrder('bank-transfer', phone.local, { cookie: shopper.cookie, lang: 'tpi' });
    expect((await orderRow(ctx.db, placed.order.id)).locale).toBe('tpi');
    await runOutboxTwice();
    const [text] = textsTo(phone.e164);
    expect(text).toContain(`Bilum oda #${placed.order.id}: plis baim K`);
    expect(text).toContain('long BSP akaun 1001234567');
    expect(text).toContain('Sapos yu no baim, oda bai pinis.');
  });

  it('reminds once before the hold ends, however often the reminder job and the outbox run', async () => {
    const phone = newPhone();
    const shopper = await signedInShopper(ctx);
    const placed = await placeOrder('bank-transfer', phone.local, { cookie: shopper.cookie });
    const row = await orderRow(ctx.db, placed.order.id);
    ctx.clock.advance(
      row.holdExpiresAt!.getTime() - ctx.clock.now().getTime() - (paymentReminderHoursBefore - 1) * HOUR,
    );
    await ctx.app.checkout.orderPayments.sendReminders();
    await ctx.app.checkout.orderPayments.sendReminders();
    await runOutboxTwice();
    const texts = textsTo(phone.e164);
    expect(texts).toHaveLength(2);
    expect(texts[1]).toBe(
      `Bilum reminder: we hold order #${row.id} until ${texts[1]!.match(/until (.*?)\. Please/)![1]}. Please pay K${(row.totalToea / 100).toFixed(2)} to BSP acct 1001234567, ref ${row.paymentReference}.`,
    );
    expect(await textJobs(row.id)).toHaveLength(2);
    expect(await historyOf(row.id)).toContain(`Text sent to ${phone.shown}: Payment reminder`);
  });

  it('texts "payment received" once when the payment is recorded, then "dispatched" with the delivery date', async () => {
    const phone = newPhone();
    const shopper = await signedInShopper(ctx);
    const placed = await placeOrder('bank-transfer', phone.local, { cookie: shopper.cookie, price: 23_450 });
    await recordFullPayment(placed.order.id);
    await runDocumentJobs(ctx);
    await runOutboxTwice();
    const row = await orderRow(ctx.db, placed.order.id);
    let texts = textsTo(phone.e164);
    expect(texts).toHaveLength(2);
    expect(texts[1]).toBe(
      `Bilum: we received your payment of K${(row.totalToea / 100).toLocaleString('en', { minimumFractionDigits: 2 })} for order #${row.id}. Thank you! We will text you when it is on its way.`,
    );

    const dispatched = await adminCall('PATCH', `/api/admin/orders/${row.id}`, { status: 'Dispatched' });
    expect(dispatched.statusCode, dispatched.body).toBe(200);
    await runOutboxTwice();
    texts = textsTo(phone.e164);
    expect(texts).toHaveLength(3);
    expect(texts[2]).toMatch(
      new RegExp(
        `^Bilum: good news, your order #${row.id} is on its way! Expected delivery: \\w{3} \\d{1,2} \\w{3}\\.`,
      ),
    );
    const history = await historyOf(row.id);
    expect(history).toContain(`Text sent to ${phone.shown}: Payment received`);
    expect(history).toContain(`Text sent to ${phone.shown}: Dispatched`);
    // One job per event: queuing "dispatched" again makes nothing.
    const jobs = await textJobs(row.id);
    expect(jobs.map((job) => job.eventId).sort()).toEqual(
      [
        orderTextKey(row.id, 'bank-transfer'),
        orderTextKey(row.id, 'dispatched'),
        orderTextKey(row.id, 'payment-received'),
      ].sort(),
    );
  });

  it('texts "payment received" and "ready for pickup" with the pickup point, in Tok Pisin', async () => {
    const phone = newPhone();
    const placed = await placeOrder('bank-transfer', phone.local, { pickup: true, lang: 'tpi' });
    expect((await confirmFromEmail(ctx, placed.order.id)).statusCode).toBe(200);
    await recordFullPayment(placed.order.id);
    const ready = await adminCall('PATCH', `/api/admin/orders/${placed.order.id}`, { status: 'Dispatched' });
    expect(ready.statusCode, ready.body).toBe(200);
    await runOutboxTwice();
    const row = await orderRow(ctx.db, placed.order.id);
    const texts = textsTo(phone.e164);
    expect(texts).toHaveLength(3);
    expect(texts[1]).toContain('Tenkyu tru! Bai mipela salim toksave taim oda i redi long kisim.');
    expect(texts[2]).toBe(
      `Bilum: Oda #${row.id} bilong yu i redi nau long ${row.pickupPointName}. Plis kam kisim. Tenkyu!`,
    );
    expect(await historyOf(row.id)).toContain(`Text sent to ${phone.shown}: Ready for pickup`);
  });

  it('sends nothing to a shopper who turned texts off on the profile, even a text queued before', async () => {
    const phone = newPhone();
    const shopper = await signedInShopper(ctx);
    const placed = await placeOrder('bank-transfer', phone.local, { cookie: shopper.cookie });
    // Turned off after the order was placed and its text queued, before the outbox ran: not sent.
    const saved = await ctx.app.inject({
      method: 'PUT',
      url: '/api/profile',
      headers: { cookie: shopper.cookie },
      payload: {
        firstName: 'Kila',
        lastName: 'Amini',
        email: shopper.user.email,
        countryCode: '+675',
        phone: phone.local,
        textMessages: false,
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().profile.textMessages).toBe(false);
    await recordFullPayment(placed.order.id);
    await runOutboxTwice();
    expect(textsTo(phone.e164)).toEqual([]);
    // The "payment received" text was never queued; the one queued before ran without sending.
    const jobs = await textJobs(placed.order.id);
    expect(jobs.map((job) => [job.eventType, job.status])).toEqual([['bank-transfer', 'done']]);
    expect((await historyOf(placed.order.id)).some((summary) => summary.startsWith('Text sent'))).toBe(false);

    // The profile shows the switch off.
    const profile = await ctx.app.inject({ method: 'GET', url: '/api/profile', headers: { cookie: shopper.cookie } });
    expect(profile.json().textMessages).toBe(false);
  });

  it('a new account has texts on, and an unpaid card order gets no text', async () => {
    const shopper = await signedInShopper(ctx);
    const profile = await ctx.app.inject({ method: 'GET', url: '/api/profile', headers: { cookie: shopper.cookie } });
    expect(profile.json().textMessages).toBe(true);
    const phone = newPhone();
    const placed = await placeOrder('card', phone.local);
    // Not paid: a card order gets no text until its payment is received.
    await runOutboxTwice();
    expect(textsTo(phone.e164)).toEqual([]);
    expect(await textJobs(placed.order.id)).toEqual([]);
  });
});

/*
 * Issue 31: the shopper's e-mails and the invoice PDF in the order's language (`orders.locale`, kept at checkout
 * from the `lang` cookie). English stays word for word; staff's copies stay English.
 */
describe('e-mails and the invoice about an order, in the shopper’s language (issue 31)', () => {
  /** The e-mails sent to `to`, oldest first. */
  const emailsTo = (to: string) =>
    ctx.db.select().from(emailOutbox).where(eq(emailOutbox.to, to)).orderBy(asc(emailOutbox.id));
  const emailOf = (phone: string) => `texts.${phone}@example.pg`;

  it('a Tok Pisin order: "how to pay", confirmation with a Tok Pisin invoice, dispatched, refund; English without', async () => {
    const tpiPhone = newPhone();
    const enPhone = newPhone();
    const shopper = await signedInShopper(ctx);
    const tpi = await placeOrder('bank-transfer', tpiPhone.local, { cookie: shopper.cookie, lang: 'tpi' });
    const en = await placeOrder('bank-transfer', enPhone.local, { cookie: shopper.cookie });
    const tpiRow = await orderRow(ctx.db, tpi.order.id);
    const enRow = await orderRow(ctx.db, en.order.id);
    const due = (row: typeof tpiRow) => `K${(row.totalToea / 100).toFixed(2)}`;

    // How to pay by bank transfer.
    let [tpiMail] = await emailsTo(emailOf(tpiPhone.local));
    let [enMail] = await emailsTo(emailOf(enPhone.local));
    expect(tpiMail?.subject).toBe(
      `Peim ${due(tpiRow)} wantaim namba rifrens ${tpiRow.paymentReference}: Bilum oda #${tpiRow.id}`,
    );
    expect(tpiMail?.text).toContain('Halo Kila,');
    expect(tpiMail?.text).toContain(`Namba rifrens: ${tpiRow.paymentReference}`);
    expect(tpiMail?.text).toContain('Hau long peim long mobail benking:');
    expect(tpiMail?.text).toContain('(taim bilong Pot Mosbi)');
    expect(tpiMail?.html).toContain('Em i no kod bilong painim oda.');
    expect(tpiMail?.text).not.toMatch(/Thank you|Payment reference|Questions\?/);
    expect(enMail?.subject).toBe(
      `Pay ${due(enRow)} with reference ${enRow.paymentReference}: Bilum order #${enRow.id}`,
    );
    expect(enMail?.text).toContain(`Hello Kila,`);
    expect(enMail?.text).toContain('How to pay by mobile banking:');
    expect(enMail?.text).not.toMatch(/Halo|Namba rifrens|mipela/);

    // Paid: the confirmation, with the tax invoice's PDF labelled in the order's language.
    await recordFullPayment(tpiRow.id);
    await recordFullPayment(enRow.id);
    await runDocumentJobs(ctx);
    tpiMail = (await emailsTo(emailOf(tpiPhone.local))).at(-1);
    enMail = (await emailsTo(emailOf(enPhone.local))).at(-1);
    expect(tpiMail?.subject).toBe(`Bilum oda #${tpiRow.id} bilong yu i orait nau`);
    expect(tpiMail?.text).toContain(`Mipela kisim pinis mani yu peim, na oda #${tpiRow.id} bilong yu i orait nau.`);
    expect(tpiMail?.text).toContain('i stap wantaim dispela imel (PDF)');
    expect(tpiMail?.text).toContain('Olgeta yu peim: K');
    expect(enMail?.subject).toBe(`Your Bilum order #${enRow.id} is confirmed`);
    expect(enMail?.text).toContain('Total paid: K');
    const tpiPdf = await pdfShownText(Buffer.from(tpiMail?.attachments?.[0]?.contentBase64 ?? '', 'base64'));
    const enPdf = await pdfShownText(Buffer.from(enMail?.attachments?.[0]?.contentBase64 ?? '', 'base64'));
    // The title stays "Tax invoice" (the law's words), with the Tok Pisin under it; GST and TIN as they are.
    for (const label of ['Tax invoice', 'Takis invois', 'Invois namba', 'Kastama', 'GST i stap insait (10%)']) {
      expect(tpiPdf).toContain(label);
    }
    expect(tpiPdf).toContain('Yu peim olgeta pinis, tenkyu.');
    expect(tpiPdf).not.toContain('Invoice number');
    expect(enPdf).toContain('Invoice number');
    expect(enPdf).toContain('GST included (10%)');
    expect(enPdf).not.toContain('Takis');

    // Staff's copy of the same Tok Pisin order's invoice is English.
    const staffInvoice = await ctx.app.inject({
      method: 'GET',
      url: `/api/admin/orders/${tpiRow.id}/invoice`,
      headers: { cookie: admin.cookie },
    });
    expect(staffInvoice.statusCode).toBe(200);
    const staffPdf = await pdfShownText(await renderInvoicePdf(staffInvoice.json()));
    expect(staffPdf).toContain('Invoice number');
    expect(staffPdf).not.toContain('Takis');

    // Dispatched by staff.
    for (const row of [tpiRow, enRow]) {
      const sent = await adminCall('PATCH', `/api/admin/orders/${row.id}`, { status: 'Dispatched' });
      expect(sent.statusCode, sent.body).toBe(200);
    }
    tpiMail = (await emailsTo(emailOf(tpiPhone.local))).at(-1);
    enMail = (await emailsTo(emailOf(enPhone.local))).at(-1);
    expect(tpiMail?.subject).toBe(`Bilum oda #${tpiRow.id} bilong yu i go long rot nau`);
    expect(tpiMail?.text).toContain(`Gutpela nius: oda #${tpiRow.id} bilong yu i go long rot nau.`);
    expect(tpiMail?.text).toContain(`Kod bilong painim oda: ${tpiRow.trackingCode}`);
    expect(enMail?.subject).toBe(`Your Bilum order #${enRow.id} has been dispatched`);

    // A refund of K10.00.
    for (const row of [tpiRow, enRow]) {
      const refund = await adminCall('POST', `/api/admin/orders/${row.id}/refunds`, {
        amount: 1_000,
        reason: 'Goodwill',
      });
      expect(refund.statusCode, refund.body).toBe(201);
    }
    tpiMail = (await emailsTo(emailOf(tpiPhone.local))).at(-1);
    enMail = (await emailsTo(emailOf(enPhone.local))).at(-1);
    expect(tpiMail?.subject).toBe(`Mipela givim bek K10.00 long Bilum oda #${tpiRow.id} bilong yu`);
    expect(tpiMail?.text).toContain('Yu peim long benk trensfa');
    expect(tpiMail?.text).toContain('Givim bek olgeta: K10.00');
    expect(enMail?.subject).toBe(`Refund of K10.00 for your Bilum order #${enRow.id}`);
    expect(enMail?.text).toContain('Refunded in all: K10.00');
  });

  it('a guest’s Tok Pisin pickup order asks to be confirmed in Tok Pisin; staff cancelling it tells them in Tok Pisin', async () => {
    const tpiPhone = newPhone();
    const enPhone = newPhone();
    const tpi = await placeOrder('bank-transfer', tpiPhone.local, { pickup: true, lang: 'tpi' });
    const en = await placeOrder('bank-transfer', enPhone.local, { pickup: true });
    const [tpiMail] = await emailsTo(emailOf(tpiPhone.local));
    const [enMail] = await emailsTo(emailOf(enPhone.local));
    expect(tpiMail?.subject).toMatch(
      new RegExp(`^Konfemim Bilum oda #${tpi.order.id} insait long \\d+ minit, na peim K`),
    );
    expect(tpiMail?.text).toMatch(/Plis konfemim oda bilong yu insait long \d+ minit/);
    expect(tpiMail?.text).toMatch(/mipela holim ol samting bilong yu inap \d+ aua taim yu peim long benk trensfa\./);
    expect(enMail?.subject).toMatch(
      new RegExp(`^Confirm your Bilum order #${en.order.id} within \\d+ minutes, then pay K`),
    );
    // The confirmation link works the same in both languages.
    expect((await confirmFromEmail(ctx, tpi.order.id)).statusCode).toBe(200);

    const cancelled = await adminCall('PATCH', `/api/admin/orders/${tpi.order.id}`, {
      status: 'Cancelled',
      reason: 'Shopper asked',
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const last = (await emailsTo(emailOf(tpiPhone.local))).at(-1);
    expect(last?.subject).toBe(`Mipela kenselim Bilum oda #${tpi.order.id} bilong yu`);
    expect(last?.text).toContain('Mipela i no kisim wanpela mani long yu.');
    expect(last?.text).not.toContain('You have not been charged.');
  });

  it('the payment reminder follows the order’s language', async () => {
    const tpiPhone = newPhone();
    const enPhone = newPhone();
    const shopper = await signedInShopper(ctx);
    const tpi = await placeOrder('bank-transfer', tpiPhone.local, { cookie: shopper.cookie, lang: 'tpi' });
    const en = await placeOrder('bank-transfer', enPhone.local, { cookie: shopper.cookie });
    const row = await orderRow(ctx.db, tpi.order.id);
    ctx.clock.advance(
      row.holdExpiresAt!.getTime() - ctx.clock.now().getTime() - (paymentReminderHoursBefore - 1) * HOUR,
    );
    await ctx.app.checkout.orderPayments.sendReminders();
    const tpiMail = (await emailsTo(emailOf(tpiPhone.local))).at(-1);
    const enMail = (await emailsTo(emailOf(enPhone.local))).at(-1);
    expect(tpiMail?.subject).toBe(
      `Tingim: peim K${(row.totalToea / 100).toFixed(2)} wantaim namba rifrens ${row.paymentReference} long Bilum oda #${row.id}`,
    );
    expect(tpiMail?.text).toContain(`Mipela i no kisim yet olgeta mani bilong oda #${row.id} bilong yu.`);
    expect(tpiMail?.text).toContain('Yu peim pinis? Tenkyu');
    const enRow = await orderRow(ctx.db, en.order.id);
    expect(enMail?.subject).toBe(
      `Reminder: pay K${(enRow.totalToea / 100).toFixed(2)} with reference ${enRow.paymentReference} for Bilum order #${enRow.id}`,
    );
  });
});
