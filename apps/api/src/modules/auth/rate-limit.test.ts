import { afterEach, describe, expect, it } from 'vitest';
import { createUser } from '../../test/accounts';
import { createTestApp, type TestContext } from '../../test/test-app';

let ctx: TestContext;
afterEach(() => ctx.close());

/** Short waits, so a test can make many wrong tries. */
const accountSlowDown = { stepMs: 20, maxMs: 400 };
const limited = (perIp: number, perAccount: number) =>
  createTestApp({ authLimits: { perIp, perAccount, windowMs: 60_000, accountSlowDown } });

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
  // Issue 16, finding 4: wrong passwords count per account and address; the account itself is only slowed down.
  const signIns = [
    {
      door: 'shopper sign-in',
      account: async () => createUser(ctx.db),
      payload: (name: string, password: string) => ({ email: name, password }),
      url: 'login',
    },
    {
      door: 'admin sign-in',
      account: async () => createUser(ctx.db, { role: 'admin', email: `boss${Date.now()}` }),
      payload: (name: string, password: string) => ({ username: name, password }),
      url: 'admin-login',
    },
  ] as const;

  describe.each(signIns)('$door', ({ account, payload, url }) => {
    it('lets the right password in at once from an address with no wrong tries, while the guessing address stays refused', async () => {
      ctx = await limited(100, 3);
      const user = await account();
      for (let i = 0; i < 12; i += 1) {
        const guess = await post(url, payload(user.email, `wrong-guess-${i}`), '10.0.1.1');
        if (i < 3) expect(guess.statusCode).toBe(401);
        else expectTooMany(guess);
      }
      // The right password from the guessing address is refused too: that pair is blocked.
      expectTooMany(await post(url, payload(user.email, user.password), '10.0.1.1'));

      const started = Date.now();
      const owner = await post(url, payload(user.email, user.password), '10.0.1.9');
      expect(owner.statusCode).toBe(200);
      // Slowed down a little (the account is past its wrong tries), never refused nor held for the window.
      expect(Date.now() - started).toBeLessThan(accountSlowDown.maxMs + 1500);
      expectTooMany(await post(url, payload(user.email, 'wrong-guess-again'), '10.0.1.1'));
    });

    it('cannot be turned into a lock-out by an attacker who keeps guessing from new addresses', async () => {
      ctx = await limited(100, 2);
      const user = await account();
      for (let address = 1; address <= 6; address += 1) {
        for (let i = 0; i < 3; i += 1) await post(url, payload(user.email, 'not-it-at-all'), `10.0.3.${address}`);
      }
      const started = Date.now();
      const owner = await post(url, payload(user.email, user.password), '10.0.3.200');
      expect(owner.statusCode).toBe(200);
      const waited = Date.now() - started;
      // Every guess past the account's limit made the next try wait longer, up to the most it ever waits.
      expect(waited).toBeGreaterThanOrEqual(accountSlowDown.maxMs - 50);
      expect(waited).toBeLessThan(accountSlowDown.maxMs + 2000);
      // The owner's right password counted nothing: signing in again from that address still works.
      expect((await post(url, payload(user.email, user.password), '10.0.3.200')).statusCode).toBe(200);
    });
  });

  it('counts wrong passwords of one account across both sign-in doors', async () => {
    ctx = await limited(100, 2);
    const admin = await createUser(ctx.db, { role: 'admin', email: `door${Date.now()}@example.pg` });
    for (let i = 0; i < 2; i += 1) {
      expect((await post('admin-login', { username: admin.email, password: 'nope-nope' }, '10.0.4.1')).statusCode).toBe(
        401,
      );
    }
    expectTooMany(await post('login', { email: admin.email, password: 'nope-nope' }, '10.0.4.1'));
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
