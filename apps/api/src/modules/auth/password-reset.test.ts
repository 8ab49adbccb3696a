import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailOutbox, passwordResets, sessions } from '../../db/schema';
import { createUser, signIn, testPassword } from '../../test/accounts';
import { createTestApp, type TestContext } from '../../test/test-app';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const post = (url: string, payload: Record<string, unknown>) =>
  ctx.app.inject({ method: 'POST', url: `/api/auth/${url}`, payload });

/** Asks for a reset and reads the code and the link token from the e-mail in the outbox. */
async function requestReset(email: string) {
  const response = await post('forgot-password', { email });
  expect(response.statusCode).toBe(202);
  const [mail] = await ctx.db
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
