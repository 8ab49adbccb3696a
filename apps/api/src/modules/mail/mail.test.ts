import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/client';
import { emailOutbox } from '../../db/schema';
import { createTestDatabase } from '../../test/test-database';
import { createMailer, maxSendAttempts, type QueuedEmail, retryDelayMs } from './mail.service';
import { folderTransport, type MailTransport, withoutMailLogging } from './mail.transport';

let database: DatabaseHandle;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());
beforeEach(async () => {
  await database.db.delete(emailOutbox);
});

const quietLog = { error: () => undefined, info: () => undefined };
const message = (to: string) => ({ to, subject: 'Hello', text: 'Your code: 123456', html: '<p>Your code: 123456</p>' });

/** A message with a code and a one-time link, as a password reset sends. */
const secretMessage = (to: string, expiresAt?: Date): QueuedEmail => ({
  to,
  subject: 'Your code is 482913',
  text: 'Your code: 482913\nOr open http://shop.example/reset?token=tok_SECRET-abc',
  html: '<p>Your code: 482913</p><p><a href="http://shop.example/reset?token=tok_SECRET-abc">Reset</a></p>',
  secrets: [
    { value: 'http://shop.example/reset?token=tok_SECRET-abc', removedAs: '[link removed]' },
    { value: 'tok_SECRET-abc', removedAs: '[link removed]' },
    { value: '482913', removedAs: '[code removed]' },
  ],
  expiresAt,
});

/** Every stored text of a message, for checking that no secret is left in it. */
const storedText = (row: { subject: string; text: string; html: string | null; redacted: unknown }) =>
  JSON.stringify([row.subject, row.text, row.html, row.redacted]);

/** A mail server that is down for the first `failures` tries, then takes everything. */
function flakyTransport(failures: number) {
  const delivered: string[] = [];
  let calls = 0;
  const transport: MailTransport = {
    kind: 'test',
    async send(mail) {
      calls += 1;
      if (calls <= failures) throw new Error('connect ECONNREFUSED 127.0.0.1:25');
      delivered.push(mail.to);
    },
  };
  return { transport, delivered };
}

/** A mailer on the test database, with a transport and optionally a clock of the test's own. */
const mailerWith = (transport: MailTransport, now?: () => Date) =>
  // random 0: no jitter, so the test knows each delay exactly.
  createMailer({ db: database.db, transport, from: 'Bilum <shop@example.pg>', log: quietLog, now, random: () => 0 });

async function statusOf(to: string) {
  const rows = await database.db.select().from(emailOutbox);
  return rows.find((row) => row.to === to);
}

describe('the e-mail outbox', () => {
  it('sends a message only when the transaction that enqueued it commits', async () => {
    const { transport, delivered } = flakyTransport(0);
    const mailer = mailerWith(transport);
    await database.db.transaction(async (tx) => mailer.enqueue(tx, message('kept@example.pg')));
    await database.db
      .transaction(async (tx) => {
        await mailer.enqueue(tx, message('rolled-back@example.pg'));
        throw new Error('the order failed');
      })
      .catch(() => undefined);
    expect(await mailer.drainOutbox()).toEqual({ sent: 1, retrying: 0, failed: 0 });
    expect(delivered).toEqual(['kept@example.pg']);
    expect((await statusOf('kept@example.pg'))?.status).toBe('sent');
  });

  it('keeps a message while the mail server is down and sends it when it is back', async () => {
    let clock = new Date('2025-03-01T10:00:00Z');
    const { transport, delivered } = flakyTransport(2);
    const mailer = mailerWith(transport, () => clock);
    await mailer.enqueue(database.db, message('patient@example.pg'));

    expect(await mailer.drainOutbox()).toMatchObject({ sent: 0, retrying: 1 });
    const afterFirst = await statusOf('patient@example.pg');
    expect(afterFirst).toMatchObject({
      status: 'pending',
      attempts: 1,
      lastError: 'connect ECONNREFUSED 127.0.0.1:25',
    });
    expect(afterFirst!.nextAttemptAt.getTime() - clock.getTime()).toBe(retryDelayMs(1));

    // Not due yet: nothing is tried.
    expect(await mailer.drainOutbox()).toEqual({ sent: 0, retrying: 0, failed: 0 });

    clock = new Date(clock.getTime() + retryDelayMs(1));
    expect(await mailer.drainOutbox()).toMatchObject({ retrying: 1 });
    clock = new Date(clock.getTime() + retryDelayMs(2));
    expect(await mailer.drainOutbox()).toMatchObject({ sent: 1 });
    expect(delivered).toEqual(['patient@example.pg']);
    expect(await statusOf('patient@example.pg')).toMatchObject({ status: 'sent', attempts: 3 });
  });

  it('waits longer after each failure, up to an hour, and gives up after the last try', async () => {
    expect([1, 2, 3, 4].map(retryDelayMs)).toEqual([30_000, 60_000, 120_000, 240_000]);
    expect(retryDelayMs(20)).toBe(60 * 60_000);

    let clock = new Date('2025-04-01T10:00:00Z');
    const { transport } = flakyTransport(Number.POSITIVE_INFINITY);
    const mailer = mailerWith(transport, () => clock);
    await mailer.enqueue(database.db, message('unreachable@example.pg'));
    for (let attempt = 1; attempt <= maxSendAttempts; attempt += 1) {
      clock = new Date(clock.getTime() + 2 * 60 * 60_000);
      await mailer.drainOutbox();
    }
    expect(await statusOf('unreachable@example.pg')).toMatchObject({ status: 'failed', attempts: maxSendAttempts });
  });

  it('writes each message as an .eml file when there is no mail server, and logs only where, never its text', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'bilum-outbox-test-'));
    try {
      const logged: string[] = [];
      const transport = folderTransport(dir, { info: (object, text) => logged.push(JSON.stringify(object), text) });
      const mailer = mailerWith(transport);
      await mailer.enqueue(database.db, message('reader@example.pg'));
      await mailer.drainOutbox();
      const files = readdirSync(dir);
      expect(files).toHaveLength(1);
      expect(files[0]).toMatch(/\.eml$/);
      const eml = readFileSync(path.join(dir, files[0]!), 'utf8');
      expect(eml).toContain('To: reader@example.pg');
      expect(eml).toContain('From: Bilum <shop@example.pg>');
      expect(eml).toContain('Your code: 123456');
      expect(logged.join('\n')).toContain(path.join(dir, files[0]!)); // Where to read it…
      expect(logged.join('\n')).not.toContain('123456'); // …but the code only in the file (issue 28).
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('keeps the secrets of a message only until it is sent, and still shows that it was sent', async () => {
    const received: string[] = [];
    const transport: MailTransport = { kind: 'test', send: async (mail) => void received.push(mail.text) };
    const mailer = mailerWith(transport);
    await mailer.enqueue(database.db, secretMessage('reset@example.pg', new Date(Date.now() + 15 * 60_000)));
    const before = await statusOf('reset@example.pg');
    expect(storedText(before!)).toContain('482913'); // Needed until it is sent.

    expect(await mailer.drainOutbox()).toMatchObject({ sent: 1 });
    expect(received[0]).toContain('Your code: 482913'); // The shopper gets the secret…
    const after = await statusOf('reset@example.pg');
    expect(after).toMatchObject({ status: 'sent', to: 'reset@example.pg', redacted: null });
    expect(after!.sentAt).toBeInstanceOf(Date);
    expect(storedText(after!)).not.toMatch(/482913|tok_SECRET-abc/); // …the outbox no longer keeps it.
    expect(after!.subject).toBe('Your code is [code removed]');
    expect(after!.text).toBe('Your code: [code removed]\nOr open [link removed]');
    expect(after!.html).toBe('<p>Your code: [code removed]</p><p><a href="[link removed]">Reset</a></p>');
  });

  it('does not send a message past its expiry, and removes its secrets', async () => {
    let clock = new Date('2025-05-01T10:00:00Z');
    const { transport, delivered } = flakyTransport(0);
    const mailer = mailerWith(transport, () => clock);
    await mailer.enqueue(database.db, secretMessage('late@example.pg', new Date(clock.getTime() + 15 * 60_000)));
    clock = new Date(clock.getTime() + 15 * 60_000);
    await mailer.drainOutbox();
    expect(delivered).toEqual([]);
    const row = await statusOf('late@example.pg');
    expect(row).toMatchObject({ status: 'failed', lastError: 'expired before it could be sent', sentAt: null });
    expect(storedText(row!)).not.toMatch(/482913|tok_SECRET-abc/);
    expect(row!.text).toBe('Your code: [code removed]\nOr open [link removed]');
  });

  it('gives up on a message whose next try would come after its expiry, and removes its secrets', async () => {
    let clock = new Date('2025-05-02T10:00:00Z');
    const { transport, delivered } = flakyTransport(1);
    const mailer = mailerWith(transport, () => clock);
    await mailer.enqueue(database.db, secretMessage('outage@example.pg', new Date(clock.getTime() + 60_000)));
    await mailer.drainOutbox(); // Fails; the next try would come after 30 s: still in time.
    expect(await statusOf('outage@example.pg')).toMatchObject({ status: 'pending', attempts: 1 });
    clock = new Date(clock.getTime() + retryDelayMs(1));
    const { transport: down } = flakyTransport(Number.POSITIVE_INFINITY);
    await mailerWith(down, () => clock).drainOutbox(); // Fails again; the next try (+1 min) would be too late.
    const row = await statusOf('outage@example.pg');
    expect(row).toMatchObject({ status: 'failed', attempts: 2 });
    expect(row!.lastError).toContain('expired before it could be sent');
    expect(storedText(row!)).not.toMatch(/482913|tok_SECRET-abc/);
    expect(delivered).toEqual([]);
  });

  it('composes a message after the caller has returned, and stop() waits for it', async () => {
    const { transport } = flakyTransport(0);
    const mailer = mailerWith(transport);
    const steps: string[] = [];
    mailer.composeLater(async () => {
      steps.push('composing');
      await mailer.enqueue(database.db, message('later@example.pg'));
      steps.push('enqueued');
    });
    steps.push('returned');
    expect(steps).toEqual(['returned']);
    await mailer.stop();
    expect(steps).toEqual(['returned', 'composing', 'enqueued']);
    expect(await statusOf('later@example.pg')).toMatchObject({ status: 'pending' });
  });

  it('never lets the mail library log what it sends, even when SMTP_URL asks it to', () => {
    expect(withoutMailLogging('smtps://user:p%40ss@mail.example.pg:465/?logger=true&pool=true&DEBUG=1')).toBe(
      'smtps://user:p%40ss@mail.example.pg:465/?pool=true',
    );
    const plain = 'smtps://user:p%40ss@mail.example.pg:465';
    expect(withoutMailLogging(plain)).toBe(plain);
  });

  it('sends in the background once started, soon after a wake-up', async () => {
    const { transport, delivered } = flakyTransport(0);
    const mailer = mailerWith(transport);
    mailer.start(60_000);
    try {
      await mailer.enqueue(database.db, message('background@example.pg'));
      mailer.wake();
      await expect.poll(() => delivered, { timeout: 5000 }).toContain('background@example.pg');
    } finally {
      await mailer.stop();
    }
  });
});
