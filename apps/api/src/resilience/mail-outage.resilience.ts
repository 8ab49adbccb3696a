import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { retryDelayMs } from '../modules/mail/mail.service';
import { type PlacedOrder, shopClient } from './shop-client';
import { createShopDatabase, type ShopDatabase } from './shop-database';
import { freePort, killShopServer, type ShopServer, startShopServer, stopShopServer, waitFor } from './shop-server';

/**
 * Issue 10: the mail server is down when the shop sends (password resets, an order confirmation); each send
 * fails and waits for its retry. When the mail server comes back, every message arrives, exactly once.
 */
const resets = 4;

let database: ShopDatabase;
let server: ShopServer | undefined;
let smtp: SMTPServer | undefined;

beforeAll(async () => {
  database = await createShopDatabase();
});

afterAll(async () => {
  await killShopServer(server);
  await new Promise<void>((resolve) => (smtp ? smtp.close(() => resolve()) : resolve()));
  await database?.dispose();
});

describe('a mail server that is down at first', () => {
  it('gets every e-mail, once each, when it comes back', async () => {
    const smtpPort = await freePort(); // Nobody listens there yet: connections are refused.
    server = await startShopServer(database, {
      env: { SMTP_URL: `smtp://127.0.0.1:${smtpPort}`, MAIL_WORKER_INTERVAL_MS: '200' },
    });
    const shop = server;

    // Shoppers who forgot their password, and a guest who bought something.
    const expected: string[] = [];
    for (let i = 0; i < resets; i += 1) {
      const email = await shopClient(shop.url).register(`Forgetful Shopper ${i}`);
      const asked = await shopClient(shop.url).call('POST', '/auth/forgot-password', { email });
      expect(asked.status).toBe(202);
      expected.push(`${email}|Your Bilum password reset code`);
    }
    const client = shopClient(shop.url);
    const { order, paid } = await client.checkout({
      type: 'items',
      items: [{ productId: database.checkoutProductId, quantity: 1 }],
    });
    expect(paid.body).toMatchObject({ status: 'succeeded' });
    expected.push(`kila.amini@example.pg|Your Bilum order #${order.id} is confirmed`);
    // The shop's own alert that the order was paid (issue 21), to the shop's order address.
    const isShopAlert = (entry: string) => entry.includes(`|Order #${order.id} paid: `);
    const messages = expected.length + 1;

    // Every message has been tried and has failed.
    const failedTries = () => (shop.output().match(/e-mail failed; will retry/g) ?? []).length;
    await waitFor('every e-mail to fail once', () => failedTries() >= messages, { timeoutMs: 20_000 });
    expect(await confirmationEmail(shop.url, order)).toBe('sending');

    // The mail server comes up.
    const delivered: string[] = [];
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData(stream, session, callback) {
        let raw = '';
        stream.on('data', (chunk: Buffer) => (raw += chunk.toString()));
        stream.on('end', () => {
          const subject = /^Subject: (.*)$/m.exec(raw)?.[1]?.trim() ?? '';
          for (const to of session.envelope.rcptTo) delivered.push(`${to.address}|${subject}`);
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => smtp!.listen(smtpPort, '127.0.0.1', resolve));

    // The first retry comes retryDelayMs(1) after the failure.
    await waitFor('every e-mail to arrive', () => delivered.length >= messages, {
      timeoutMs: retryDelayMs(1) + 30_000,
      everyMs: 250,
    });
    // A second copy would come about now.
    await new Promise((resolve) => setTimeout(resolve, 2000));
    expect(delivered.filter(isShopAlert)).toHaveLength(1);
    expect(delivered.filter((entry) => !isShopAlert(entry)).sort()).toEqual(expected.sort());
    expect(await confirmationEmail(shop.url, order)).toBe('sent');

    expect(await stopShopServer(shop)).toBe(0);
    server = undefined;
  });
});

async function confirmationEmail(url: string, order: PlacedOrder) {
  return (await shopClient(url).confirmation(order)).body?.emailStatus;
}
