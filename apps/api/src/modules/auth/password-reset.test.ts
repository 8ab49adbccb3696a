import { createHash, randomBytes } from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { testConfig } from '../../config';
import { emailOutbox, passwordResets, sessions } from '../../db/schema';
import { createUser, signIn, testPassword } from '../../test/accounts';
import { createTestApp, type TestContext } from '../../test/test-app';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const post = (url: string, payload: Record<string, unknown>, on: TestContext = ctx) =>
  on.app.inject({ method: 'POST', url: `/api/auth/${url}`, payload });

/** Asks for a reset and reads the code and the link token from the e-mail in the outbox. */
async function requestReset(email: string, on: TestContext = ctx) {
  const response = await post('forgot-password', { email }, on);
  expect(response.statusCode).toBe(202);
  await on.app.mailer.composed(); // The e-mail is written after the answer (issue 16).
  const [mail] = await on.db
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.to, email), eq(emailOutbox.subject, 'Your Bilum password reset code')))
    .orderBy(desc(emailOutbox.id))
    .limit(1);
  if (!mail) throw new Error('no reset e-mail');
  const code = /Your code: (\d{6})/.exec(mail.text)?.[1];
  const token = /\/reset-password\?token=([\w-]+)/.exec(mail.text)?.[1];
  if (!code || !token) throw new Error(`no code or link in:\n${mail.text}`);
  return { code, token, mail };
}

const wrongCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

describe('POST /api/auth/forgot-password', () => {
  it('gives the same answer for a registered and an unknown e-mail, and mails only the registered one', async () => {
    const user = await createUser(ctx.db);
    const known = await post('forgot-password', { email: user.email });
    const unknown = await post('forgot-password', { email: 'nobody.at.all@example.pg' });
    expect(known.statusCode).toBe(202);
    expect(unknown.statusCode).toBe(202);
    expect(unknown.json()).toEqual(known.json());
    await ctx.app.mailer.composed();
    const toKnown = await ctx.db.select().from(emailOutbox).where(eq(emailOutbox.to, user.email));
    expect(toKnown).toHaveLength(1);
    const toUnknown = await ctx.db.select().from(emailOutbox).where(eq(emailOutbox.to, 'nobody.at.all@example.pg'));
    expect(toUnknown).toEqual([]);
  });

  it('e-mails a 6-digit code and a /reset-password link, storing neither in the clear', async () => {
    const user = await createUser(ctx.db);
    const { code, token, mail } = await requestReset(user.email);
    expect(mail.text).toContain(`http://localhost:3000/reset-password?token=${token}`);
    expect(mail.text).toContain('15 minutes');
    expect(mail.html).toContain(code);
    const [reset] = await ctx.db.select().from(passwordResets).where(eq(passwordResets.userId, user.id));
    expect(reset?.codeHash).not.toContain(code);
    expect(reset?.tokenHash).not.toBe(token);
  });

  it('cannot be turned by a stranger into a hold on the owner’s reset, nor into a flood of e-mails (issue 16, finding 4)', async () => {
    const user = await createUser(ctx.db);
    const from = (remoteAddress: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/auth/forgot-password',
        payload: { email: user.email },
        remoteAddress,
      });
    // The stranger asks again and again from one address: refused there after the per-account limit (10)…
    const stranger = [];
    for (let i = 0; i < 12; i++) stranger.push((await from('203.0.113.9')).statusCode);
    expect(stranger.slice(0, 10)).toEqual(Array(10).fill(202));
    expect(stranger.slice(10)).toEqual([429, 429]);
    // …while the owner, from their own address, is answered as always.
    expect((await from('198.51.100.20')).statusCode).toBe(202);
    await ctx.app.mailer.composed();
    // The inbox got at most five reset e-mails in the 15 minutes, and the newest code in it still works.
    const mails = await ctx.db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.to, user.email), eq(emailOutbox.subject, 'Your Bilum password reset code')))
      .orderBy(desc(emailOutbox.id));
    expect(mails).toHaveLength(5);
    const newest = /Your code: (\d{6})/.exec(mails[0]?.text ?? '')?.[1] ?? '';
    expect((await post('verify-code', { email: user.email, code: newest })).statusCode).toBe(200);
  });

  it('needs an e-mail address', async () => {
    const response = await post('forgot-password', { email: '' });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.issues).toEqual([{ path: 'email', message: 'Please enter your email address.' }]);
  });
});

describe('resetting with the e-mailed code (/verify-otp)', () => {
  it('verifies the code, sets the new password, and ends every session of the account', async () => {
    const user = await createUser(ctx.db);
    const oldCookie = await signIn(ctx.app, user.email);
    const { code } = await requestReset(user.email);
    const verified = await post('verify-code', { email: user.email, code });
    expect(verified.json()).toEqual({ message: 'OTP verified successfully!' });
    const reset = await post('reset-password/code', { email: user.email, code, password: 'a-new-password' });
    expect(reset.statusCode).toBe(200);
    expect(reset.json()).toEqual({ message: 'Password reset successfully!' });

    expect(await ctx.db.select().from(sessions).where(eq(sessions.userId, user.id))).toEqual([]);
    const stale = await ctx.app.inject({ method: 'GET', url: '/api/session', headers: { cookie: oldCookie } });
    expect(stale.json().user).toBeNull();
    expect((await post('login', { email: user.email, password: testPassword })).statusCode).toBe(401);
    expect((await post('login', { email: user.email, password: 'a-new-password' })).statusCode).toBe(200);
  });

  it('refuses a wrong code with "Invalid OTP. Please try again."', async () => {
    const user = await createUser(ctx.db);
    const { code } = await requestReset(user.email);
    const response = await post('verify-code', { email: user.email, code: wrongCode(code) });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toBe('Invalid OTP. Please try again.');
  });

  it('refuses a code used twice', async () => {
    const user = await createUser(ctx.db);
    const { code } = await requestReset(user.email);
    expect(
      (await post('reset-password/code', { email: user.email, code, password: 'first-new-pass' })).statusCode,
    ).toBe(200);
    const again = await post('reset-password/code', { email: user.email, code, password: 'second-new-pass' });
    expect(again.statusCode).toBe(400);
    expect((await post('verify-code', { email: user.email, code })).statusCode).toBe(400);
  });

  it('refuses an expired code (after 15 minutes)', async () => {
    const user = await createUser(ctx.db);
    const { code } = await requestReset(user.email);
    const [reset] = await ctx.db.select().from(passwordResets).where(eq(passwordResets.userId, user.id));
    expect(reset!.expiresAt.getTime() - reset!.createdAt.getTime()).toBe(15 * 60_000);
    await ctx.db
      .update(passwordResets)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(passwordResets.id, reset!.id));
    expect((await post('verify-code', { email: user.email, code })).statusCode).toBe(400);
    expect((await post('reset-password/code', { email: user.email, code, password: 'whatever-new' })).statusCode).toBe(
      400,
    );
  });

  it('refuses the sixth try even with the right code after five wrong ones', async () => {
    const user = await createUser(ctx.db);
    const { code } = await requestReset(user.email);
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      expect((await post('verify-code', { email: user.email, code: wrongCode(code) })).statusCode).toBe(400);
    }
    const sixth = await post('verify-code', { email: user.email, code });
    expect(sixth.statusCode).toBe(400);
    expect(sixth.json().error.message).toBe('Invalid OTP. Please try again.');
    expect((await post('reset-password/code', { email: user.email, code, password: 'another-pass' })).statusCode).toBe(
      400,
    );
  });

  it('accepts the right code after fewer than five wrong ones', async () => {
    const user = await createUser(ctx.db);
    const { code } = await requestReset(user.email);
    for (let attempt = 1; attempt <= 4; attempt += 1)
      await post('verify-code', { email: user.email, code: wrongCode(code) });
    expect((await post('verify-code', { email: user.email, code })).statusCode).toBe(200);
  });

  it('keeps only the newest code working when a second one is asked for', async () => {
    const user = await createUser(ctx.db);
    const first = await requestReset(user.email);
    const second = await requestReset(user.email);
    expect((await post('verify-code', { email: user.email, code: first.code })).statusCode).toBe(
      first.code === second.code ? 200 : 400,
    );
    expect((await post('verify-code', { email: user.email, code: second.code })).statusCode).toBe(200);
  });
});

describe('resetting with the e-mailed link (/reset-password?token=)', () => {
  it('sets the new password once; the same link then fails', async () => {
    const user = await createUser(ctx.db);
    const { token } = await requestReset(user.email);
    const first = await post('reset-password/token', { token, password: 'linked-new-pass' });
    expect(first.json()).toEqual({ message: 'Password reset successfully!' });
    const again = await post('reset-password/token', { token, password: 'linked-other-pass' });
    expect(again.statusCode).toBe(400);
    expect(again.json().error.message).toBe('This reset link is invalid or has expired. Please request a new one.');
    expect((await post('login', { email: user.email, password: 'linked-new-pass' })).statusCode).toBe(200);
  });

  it('refuses an unknown token and a new password under 8 characters', async () => {
    expect((await post('reset-password/token', { token: 'made-up', password: 'long-enough' })).statusCode).toBe(400);
    const user = await createUser(ctx.db);
    const { token } = await requestReset(user.email);
    const short = await post('reset-password/token', { token, password: 'short' });
    expect(short.json().error.issues).toEqual([
      { path: 'password', message: 'Password must be at least 8 characters long.' },
    ]);
  });

  it('sends a notice that the password was changed', async () => {
    const user = await createUser(ctx.db);
    const { token } = await requestReset(user.email);
    await post('reset-password/token', { token, password: 'noticed-new-pass' });
    const notices = await ctx.db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.to, user.email), eq(emailOutbox.subject, 'Your Bilum password was changed')));
    expect(notices).toHaveLength(1);
  });
});

describe('the reset e-mails in the shopper’s language (issue 31)', () => {
  const latestTo = async (email: string) => {
    const [mail] = await ctx.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.to, email))
      .orderBy(desc(emailOutbox.id))
      .limit(1);
    if (!mail) throw new Error(`no e-mail to ${email}`);
    return mail;
  };

  it('writes the code e-mail and the password-changed notice in Tok Pisin for a request in Tok Pisin', async () => {
    const user = await createUser(ctx.db);
    const asked = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      headers: { cookie: 'lang=tpi' },
      payload: { email: user.email },
    });
    expect(asked.statusCode).toBe(202);
    await ctx.app.mailer.composed();
    const mail = await latestTo(user.email);
    expect(mail.subject).toBe('Kod bilong senisim paswod bilong Bilum akaun');
    expect(mail.text).toContain(`Halo ${user.fullName},`);
    expect(mail.text).toMatch(/Kod bilong yu: \d{6}/);
    expect(mail.text).toContain('inap 15 minit');
    expect(mail.html).toContain('Wanpela i askim long senisim paswod');
    expect(mail.text).not.toContain('Someone asked');
    const token = /\/reset-password\?token=([\w-]+)/.exec(mail.text)?.[1];
    const reset = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password/token',
      headers: { 'accept-language': 'tpi-PG, en;q=0.5' },
      payload: { token, password: 'tok-pisin-pass' },
    });
    expect(reset.statusCode, reset.body).toBe(200);
    const notice = await latestTo(user.email);
    expect(notice.subject).toBe('Paswod bilong Bilum akaun i senis pinis');
    expect(notice.text).toContain('Sapos i no yu, senisim paswod bilong yu');
  });

  it('stays English for a browser in another language', async () => {
    const user = await createUser(ctx.db);
    const asked = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      headers: { 'accept-language': 'fr-FR, de;q=0.8' },
      payload: { email: user.email },
    });
    expect(asked.statusCode).toBe(202);
    await ctx.app.mailer.composed();
    const mail = await latestTo(user.email);
    expect(mail.subject).toBe('Your Bilum password reset code');
    expect(mail.text).toContain(`Hello ${user.fullName},`);
    expect(mail.text).not.toContain('Halo');
  });
});

describe('reset secrets at rest (issue 16)', () => {
  const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

  it('keeps the code and the link as HMACs under the server key: useless without that key', async () => {
    const user = await createUser(ctx.db);
    const { code, token } = await requestReset(user.email);
    const [reset] = await ctx.db.select().from(passwordResets).where(eq(passwordResets.userId, user.id));
    // Not a plain hash that a million guesses would find.
    for (const guess of [code, `${user.id}:${code}`]) expect(reset!.codeHash).not.toBe(sha256(guess));
    expect(reset!.tokenHash).not.toBe(sha256(token));

    // The same database under another server key: neither the code nor the link works.
    const otherKey = await buildApp({ db: ctx.db, config: testConfig({ secretKey: randomBytes(32).toString('hex') }) });
    try {
      const viaCode = await otherKey.inject({
        method: 'POST',
        url: '/api/auth/verify-code',
        payload: { email: user.email, code },
      });
      expect(viaCode.statusCode).toBe(400);
      const viaLink = await otherKey.inject({
        method: 'POST',
        url: '/api/auth/reset-password/token',
        payload: { token, password: 'other-key-pass' },
      });
      expect(viaLink.statusCode).toBe(400);
    } finally {
      await otherKey.close();
    }
    // Under the shop's own key both still work.
    expect((await post('verify-code', { email: user.email, code })).statusCode).toBe(200);
    expect((await post('reset-password/token', { token, password: 'own-key-pass' })).statusCode).toBe(200);
  });
});

describe('reset e-mails sent through a mail server (SMTP_URL; issue 16)', () => {
  let smtpCtx: TestContext;
  let smtp: SMTPServer;
  const received: string[] = [];
  const logLines: string[] = [];

  beforeAll(async () => {
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData(stream, _session, callback) {
        let raw = '';
        stream.on('data', (chunk: Buffer) => (raw += chunk.toString()));
        stream.on('end', () => {
          received.push(raw);
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    const { port } = smtp.server.address() as { port: number };
    smtpCtx = await createTestApp(
      { logLevel: 'trace', mail: { ...testConfig().mail, smtpUrl: `smtp://127.0.0.1:${port}` } },
      undefined,
      { logStream: { write: (line) => void logLines.push(line) } },
    );
  });
  afterAll(async () => {
    await smtpCtx?.close();
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
  });

  /** The stored copy of an e-mail: every text it keeps. */
  const storedCopy = async (id: number) => {
    const [row] = await smtpCtx.db.select().from(emailOutbox).where(eq(emailOutbox.id, id));
    return { row: row!, text: JSON.stringify([row!.subject, row!.text, row!.html, row!.redacted]) };
  };

  it('keeps no code or link in the outbox once the e-mail is sent, but still that it was sent', async () => {
    const user = await createUser(smtpCtx.db);
    const { code, token, mail } = await requestReset(user.email, smtpCtx);
    await smtpCtx.app.mailer.drainOutbox();
    expect(received.some((raw) => raw.includes(code))).toBe(true);

    const { row, text } = await storedCopy(mail.id);
    expect(row).toMatchObject({ status: 'sent', to: user.email, subject: 'Your Bilum password reset code' });
    expect(text).not.toContain(code);
    expect(text).not.toContain(token);
    expect(row.text).toContain('Your code: [code removed]');
    expect(row.text).toContain('[link removed]');
    // The code itself still works: only the e-mail's copy is gone.
    expect((await post('verify-code', { email: user.email, code }, smtpCtx)).statusCode).toBe(200);
  });

  it('does not send a reset e-mail past its 15 minutes, and removes its code and link', async () => {
    const user = await createUser(smtpCtx.db);
    const { code, token, mail } = await requestReset(user.email, smtpCtx);
    expect(mail.expiresAt!.getTime() - mail.createdAt.getTime()).toBeGreaterThanOrEqual(15 * 60_000 - 1000);
    await smtpCtx.db
      .update(emailOutbox)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(emailOutbox.id, mail.id));
    const before = received.length;
    await smtpCtx.app.mailer.drainOutbox();
    expect(received.slice(before).some((raw) => raw.includes(user.email))).toBe(false);

    const { row, text } = await storedCopy(mail.id);
    expect(row).toMatchObject({ status: 'failed', sentAt: null });
    expect(text).not.toContain(code);
    expect(text).not.toContain(token);
  });

  it('writes no reset code or link into any log line, at any level', async () => {
    logLines.length = 0;
    const user = await createUser(smtpCtx.db);
    const { code, token } = await requestReset(user.email, smtpCtx);
    await smtpCtx.app.mailer.drainOutbox();
    expect(received.some((raw) => raw.includes(code))).toBe(true);
    // Everything a shopper does with them: opens the link, tries a wrong code, the right one, resets.
    await smtpCtx.app.inject({ method: 'GET', url: `/reset-password?token=${token}` });
    await smtpCtx.app.inject({ method: 'GET', url: `/api/auth/reset-password/token?token=${token}` });
    await post('verify-code', { email: user.email, code: wrongCode(code) }, smtpCtx);
    await post('verify-code', { email: user.email, code }, smtpCtx);
    await post('reset-password/token', { token, password: 'logged-new-pass' }, smtpCtx);
    await smtpCtx.app.mailer.drainOutbox();

    expect(logLines.join('\n')).toContain('incoming request'); // The log was read at trace level.
    const leaks = logLines.filter((line) => line.includes(code) || line.includes(token));
    expect(leaks).toEqual([]);
  });
});

describe('forgot-password timing (issue 16)', () => {
  let timing: TestContext;
  beforeAll(async () => {
    // The per-address limit would stop the 200+ requests of this test: set far above them.
    timing = await createTestApp({ authLimits: { perIp: 100_000, perAccount: 100_000, windowMs: 60_000 } });
  });
  afterAll(() => timing.close());

  const median = (values: number[]) => {
    const sorted = [...values].sort((a, b) => a - b);
    return (sorted[Math.floor((sorted.length - 1) / 2)]! + sorted[Math.ceil((sorted.length - 1) / 2)]!) / 2;
  };

  // A measurement on a shared machine: a real difference fails every try, a busy moment only one.
  it('answers in the same time whether or not the e-mail is registered', { retry: 2 }, async () => {
    const user = await createUser(timing.db);
    const unknown = 'not.registered.anywhere@example.pg';
    /** One request's time as its sender sees it; the work it leaves behind is waited for outside that time. */
    const timed = async (email: string) => {
      const started = performance.now();
      const response = await post('forgot-password', { email }, timing);
      const elapsed = performance.now() - started;
      expect(response.statusCode).toBe(202);
      await timing.app.mailer.composed();
      return elapsed;
    };
    for (let i = 0; i < 5; i += 1) await timed(i % 2 ? user.email : unknown); // Warm-up.
    // Pairs of requests back to back, alternating which goes first: a busy moment of the machine hits both alike.
    // Each pair gives the registered address's time over the unknown one's; their median is robust to noise.
    const ratios: number[] = [];
    for (let i = 0; i < 80; i += 1) {
      const first = i % 2 === 0 ? user.email : unknown;
      const firstTime = await timed(first);
      const secondTime = await timed(first === unknown ? user.email : unknown);
      const [registered, other] = first === unknown ? [secondTime, firstTime] : [firstTime, secondTime];
      ratios.push(registered / other);
    }
    // Before the fix a registered address took about 40 % longer over HTTP (6.8 ms against 4.8 ms), about twice
    // as long here; the same work for both stays well within 30 % even on a busy machine.
    const ratio = median(ratios);
    expect(ratio).toBeLessThan(1.3);
    expect(ratio).toBeGreaterThan(1 / 1.3);
  });
});
