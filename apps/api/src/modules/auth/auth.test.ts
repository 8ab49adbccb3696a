import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions, users } from '../../db/schema';
import { createUser, makeMember, sessionCookieOf, signIn, testPassword } from '../../test/accounts';
import { createTestApp, type TestContext } from '../../test/test-app';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

let emailSequence = 0;
const newEmail = () => `kila${++emailSequence}.${Date.now()}@example.pg`;

const registration = (overrides: Record<string, unknown> = {}) => ({
  fullName: 'Kila Wari',
  email: newEmail(),
  countryCode: '+675',
  phone: '7123 4567',
  password: 'bilum-bag-2025',
  ...overrides,
});

const register = (payload: Record<string, unknown>) =>
  ctx.app.inject({ method: 'POST', url: '/api/auth/register', payload });
const login = (payload: Record<string, unknown>, cookie?: string) =>
  ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload, headers: cookie ? { cookie } : {} });
const session = (cookie?: string) =>
  ctx.app.inject({ method: 'GET', url: '/api/session', headers: cookie ? { cookie } : {} });

describe('POST /api/auth/register', () => {
  it('creates a shopper with a PNG mobile number, signs them in and sends them to /membership-choice', async () => {
    const payload = registration({ email: 'New.Shopper@Example.PG' });
    const response = await register(payload);
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({
      user: { id: expect.any(Number), email: 'new.shopper@example.pg', fullName: 'Kila Wari', role: 'shopper' },
      redirectTo: '/membership-choice',
    });
    const [row] = await ctx.db.select().from(users).where(eq(users.email, 'new.shopper@example.pg'));
    expect(row?.phone).toBe('+67571234567');
    expect(row?.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,p=1,t=2\$/);
    const me = await session(sessionCookieOf(response));
    expect(me.json().user.email).toBe('new.shopper@example.pg');
  });

  it('sets an HttpOnly, SameSite=Lax session cookie for the whole site', async () => {
    const response = await register(registration());
    const cookie = response.cookies.find((c) => c.name === 'bilum_session');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(cookie?.value).toMatch(/^[\w-]{43}$/);
  });

  it('says clearly that an e-mail is already registered, in any letter case', async () => {
    const payload = registration();
    expect((await register(payload)).statusCode).toBe(201);
    const again = await register({ ...payload, email: payload.email.toUpperCase() });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toMatchObject({
      code: 'CONFLICT',
      message: 'An account with this email already exists. Please sign in instead.',
    });
  });

  it.each([
    ['71234567', '+67571234567'],
    ['81234567', '+67581234567'],
    ['3214567', '+6753214567'],
    ['2123456', '+6752123456'],
    ['+675 7123 4567', '+67571234567'],
  ])('accepts the PNG number %s and stores it as %s', async (phone, stored) => {
    const payload = registration({ phone });
    expect((await register(payload)).statusCode).toBe(201);
    const [row] = await ctx.db.select({ phone: users.phone }).from(users).where(eq(users.email, payload.email));
    expect(row?.phone).toBe(stored);
  });

  it.each([
    ['51234567', 'PNG numbers must start with 7, 3, 2, or 8.'],
    ['7123456', 'PNG numbers starting with 7 or 8 must have exactly 8 digits.'],
    ['812345678', 'PNG numbers starting with 7 or 8 must have exactly 8 digits.'],
    ['321456', 'PNG numbers starting with 3 or 2 must have exactly 7 digits.'],
    ['21234567', 'PNG numbers starting with 3 or 2 must have exactly 7 digits.'],
  ])('refuses the PNG number %s with "%s"', async (phone, message) => {
    const response = await register(registration({ phone }));
    expect(response.statusCode).toBe(400);
    expect(response.json().error.issues).toEqual([{ path: 'phone', message }]);
  });

  it('accepts 6 to 12 digits for other country codes and refuses other lengths', async () => {
    expect((await register(registration({ countryCode: '+61', phone: '412345678' }))).statusCode).toBe(201);
    const short = await register(registration({ countryCode: '+61', phone: '12345' }));
    expect(short.json().error.issues).toEqual([{ path: 'phone', message: 'Phone numbers must have 6 to 12 digits.' }]);
    const unknownCode = await register(registration({ countryCode: '+49', phone: '1234567' }));
    expect(unknownCode.statusCode).toBe(400);
  });

  it('refuses passwords shorter than 8 characters and missing fields', async () => {
    const short = await register(registration({ password: 'seven77' }));
    expect(short.json().error.issues).toEqual([
      { path: 'password', message: 'Password must be at least 8 characters long.' },
    ]);
    const empty = await register({ fullName: '', email: '', countryCode: '+675', phone: '', password: '' });
    expect(empty.statusCode).toBe(400);
    expect(
      empty
        .json()
        .error.issues.map((issue: { path: string }) => issue.path)
        .sort(),
    ).toEqual(['email', 'fullName', 'password', 'phone']);
  });

  it('refuses a password of only spaces and a common password on the server, for registration and both resets (issue 16, finding 11)', async () => {
    const blank = 'Password must have at least one character that is not a space.';
    const common = 'This password is too common. Choose a less common password.';
    const post = (url: string, payload: Record<string, unknown>) =>
      ctx.app.inject({ method: 'POST', url: `/api/auth/${url}`, payload });
    const attempts = [
      (password: string) => register(registration({ password })),
      (password: string) => post('reset-password/code', { email: newEmail(), code: '123456', password }),
      (password: string) => post('reset-password/token', { token: 'some-token', password }),
    ];
    for (const attempt of attempts) {
      for (const [password, message] of [
        ['        ', blank],
        ['Password1', common],
        ['1qaz2wsx3edc', common],
      ] as const) {
        const response = await attempt(password);
        expect(response.statusCode).toBe(400);
        expect(response.json().error.issues).toEqual([{ path: 'password', message }]);
      }
    }
  });
});

describe('POST /api/auth/login', () => {
  it('signs in with the right password and answers the user and /dashboard', async () => {
    const user = await createUser(ctx.db);
    const response = await login({ email: user.email.toUpperCase(), password: testPassword });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      user: { id: user.id, email: user.email, fullName: user.fullName, role: 'shopper' },
      redirectTo: '/dashboard',
    });
    expect((await session(sessionCookieOf(response))).json().user.id).toBe(user.id);
  });

  it('gives the same answer for a wrong password and for an unknown e-mail', async () => {
    const user = await createUser(ctx.db);
    const wrongPassword = await login({ email: user.email, password: 'not-the-password' });
    const unknownEmail = await login({ email: 'nobody.here@example.pg', password: 'not-the-password' });
    for (const response of [wrongPassword, unknownEmail]) {
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({
        error: { code: 'UNAUTHENTICATED', message: 'Invalid email or password. Please try again.' },
      });
      expect(response.cookies.filter((c) => c.value !== '')).toEqual([]);
    }
  });

  it('goes back to a returnUrl inside the shop', async () => {
    const user = await createUser(ctx.db);
    const response = await login({ email: user.email, password: testPassword, returnUrl: '/checkout?step=2' });
    expect(response.json().redirectTo).toBe('/checkout?step=2');
  });

  it.each(['https://evil.example/', '//evil.example/login', '/\\evil.example', 'javascript:alert(1)'])(
    'refuses the open-redirect returnUrl %s and sends the shopper to /dashboard',
    async (returnUrl) => {
      const user = await createUser(ctx.db);
      const response = await login({ email: user.email, password: testPassword, returnUrl });
      expect(response.statusCode).toBe(200);
      expect(response.json().redirectTo).toBe('/dashboard');
    },
  );

  it('rotates the session: the cookie from before sign-in no longer works afterwards', async () => {
    const user = await createUser(ctx.db);
    const before = await signIn(ctx.app, user.email);
    const response = await login({ email: user.email, password: testPassword }, before);
    const after = sessionCookieOf(response);
    expect(after).not.toBe(before);
    expect((await session(before)).json().user).toBeNull();
    expect((await session(after)).json().user.id).toBe(user.id);
  });
});

describe('sessions', () => {
  it('ends at sign-out: the same cookie is signed out afterwards, and the cookie is cleared', async () => {
    const user = await createUser(ctx.db);
    const cookie = await signIn(ctx.app, user.email);
    const response = await ctx.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie } });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'Logged out.' });
    expect(response.cookies.find((c) => c.name === 'bilum_session')?.value).toBe('');
    expect((await session(cookie)).json().user).toBeNull();
  });

  it('answers a signed-out visitor with no user and no membership', async () => {
    const response = await session();
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      user: null,
      membership: { isMember: false, discountRate: 0, membershipType: null, endsAt: null },
    });
  });

  it('reports an active Premium membership with its 10% rate, and not an expired one', async () => {
    const member = await createUser(ctx.db);
    const endsAt = new Date(Date.now() + 30 * 24 * 60 * 60_000);
    await makeMember(ctx.db, member.id, { endsAt });
    const expired = await createUser(ctx.db);
    await makeMember(ctx.db, expired.id, {
      startsAt: new Date(Date.now() - 400 * 24 * 60 * 60_000),
      endsAt: new Date(Date.now() - 60_000),
    });
    expect((await session(await signIn(ctx.app, member.email))).json().membership).toEqual({
      isMember: true,
      discountRate: 0.1,
      membershipType: 'premium',
      endsAt: endsAt.toISOString(),
    });
    expect((await session(await signIn(ctx.app, expired.email))).json().membership.isMember).toBe(false);
  });

  it('ends after a week without use (idle expiry) and after 30 days in any case (absolute expiry)', async () => {
    const user = await createUser(ctx.db);
    const idle = await signIn(ctx.app, user.email);
    const old = await signIn(ctx.app, user.email);
    const [idleRow, oldRow] = await ctx.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(idleRow!.expiresAt.getTime() - idleRow!.createdAt.getTime()).toBe(7 * 24 * 60 * 60_000);
    expect(oldRow!.absoluteExpiresAt.getTime() - oldRow!.createdAt.getTime()).toBe(30 * 24 * 60 * 60_000);
    await ctx.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.id, idleRow!.id));
    await ctx.db
      .update(sessions)
      .set({ absoluteExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.id, oldRow!.id));
    const cookies = [idle, old];
    for (const cookie of cookies) expect((await session(cookie)).json().user).toBeNull();
  });

  it('never stores the cookie token itself, only its hash', async () => {
    const user = await createUser(ctx.db);
    const cookie = await signIn(ctx.app, user.email);
    const token = cookie.split('=')[1]!;
    const rows = await ctx.db.select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, user.id));
    expect(rows.map((row) => row.id)).not.toContain(token);
    expect(rows[0]?.id).toMatch(/^[0-9a-f]{64}$/);
  });
});

describe('the session cookie over https', () => {
  it('is Secure and named __Host-bilum_session when PUBLIC_URL is https', async () => {
    const https = await createTestApp({ publicUrl: 'https://shop.example.pg' });
    try {
      const user = await createUser(https.db);
      const response = await https.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: user.email, password: testPassword },
      });
      const cookie = response.cookies.find((c) => c.name === '__Host-bilum_session');
      expect(cookie).toMatchObject({ secure: true, httpOnly: true, sameSite: 'Lax', path: '/' });
      expect(cookie).not.toHaveProperty('domain');
    } finally {
      await https.close();
    }
  });
});

describe('the API documentation', () => {
  it('lists the account endpoints', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const paths = Object.keys(response.json().paths);
    for (const path of ['/api/session', '/api/auth/register', '/api/auth/login', '/api/auth/reset-password/code']) {
      expect(paths).toContain(path);
    }
  });
});
