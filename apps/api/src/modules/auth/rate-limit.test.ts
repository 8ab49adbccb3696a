import { afterEach, describe, expect, it } from 'vitest';
import { createUser, testPassword } from '../../test/accounts';
import { createTestApp, type TestContext } from '../../test/test-app';

let ctx: TestContext;
afterEach(() => ctx.close());

const limited = (perIp: number, perAccount: number) =>
  createTestApp({ authLimits: { perIp, perAccount, windowMs: 60_000 } });

const post = (url: string, payload: Record<string, unknown>, remoteAddress = '10.0.0.1') =>
  ctx.app.inject({ method: 'POST', url: `/api/auth/${url}`, payload, remoteAddress });

function expectTooMany(response: Awaited<ReturnType<typeof post>>) {
  expect(response.statusCode).toBe(429);
  expect(response.json()).toEqual({
    error: {
      code: 'RATE_LIMITED',
      message: 'Too many attempts. Please wait a few minutes and try again.',
      details: { retryAfterSeconds: expect.any(Number) },
    },
  });
  expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
}

describe('rate limits on accounts', () => {
  it('stops sign-in attempts on one account after the per-account limit, even from other addresses', async () => {
    ctx = await limited(100, 3);
    const user = await createUser(ctx.db);
    for (let i = 0; i < 3; i += 1) {
      expect((await post('login', { email: user.email, password: 'wrong-guess' }, `10.0.1.${i}`)).statusCode).toBe(401);
    }
    // The right password does not get through either until the window has passed.
    expectTooMany(await post('login', { email: user.email, password: testPassword }, '10.0.1.9'));
    // Another account is not affected.
    const other = await createUser(ctx.db);
    expect((await post('login', { email: other.email, password: testPassword })).statusCode).toBe(200);
  });

  it('stops one address after the per-address limit, whatever the accounts', async () => {
    ctx = await limited(4, 100);
    for (let i = 0; i < 4; i += 1) {
      expect((await post('login', { email: `guess${i}@example.pg`, password: 'x' }, '10.0.2.1')).statusCode).toBe(401);
    }
    expectTooMany(await post('login', { email: 'guess9@example.pg', password: 'x' }, '10.0.2.1'));
    expect((await post('login', { email: 'guess9@example.pg', password: 'x' }, '10.0.2.2')).statusCode).toBe(401);
  });

  it('limits registration, forgot-password and code checks too', async () => {
    ctx = await limited(2, 100);
    const registration = (i: number) => ({
      fullName: 'Rate Tester',
      email: `rate${i}.${Date.now()}@example.pg`,
      countryCode: '+675',
      phone: '71234567',
      password: 'long-enough-pass',
    });
    expect((await post('register', registration(1))).statusCode).toBe(201);
    expect((await post('register', registration(2))).statusCode).toBe(201);
    expectTooMany(await post('register', registration(3)));

    for (let i = 0; i < 2; i += 1)
      expect((await post('forgot-password', { email: `f${i}@example.pg` })).statusCode).toBe(202);
    expectTooMany(await post('forgot-password', { email: 'f9@example.pg' }));

    for (let i = 0; i < 2; i += 1) {
      expect((await post('verify-code', { email: `v${i}@example.pg`, code: '123456' })).statusCode).toBe(400);
    }
    expectTooMany(
      await post('reset-password/code', { email: 'v9@example.pg', code: '123456', password: 'whatever-new' }),
    );
  });

  it('keeps each test app’s counters to itself', async () => {
    ctx = await limited(1, 1);
    expect((await post('forgot-password', { email: 'own@example.pg' })).statusCode).toBe(202);
    await ctx.close();
    ctx = await limited(1, 1);
    expect((await post('forgot-password', { email: 'own@example.pg' })).statusCode).toBe(202);
  });
});
