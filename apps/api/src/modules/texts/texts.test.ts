import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { type PlacedOrderResponse, paymentReminderHoursBefore } from '@bilum/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboxJobs } from '../../db/schema';
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
