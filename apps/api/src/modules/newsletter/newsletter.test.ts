import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../../config';
import { newsletterSubscribers } from '../../db/schema';
import { createTestApp, type TestContext } from '../../test/test-app';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const signUp = (email: unknown) => ctx.app.inject({ method: 'POST', url: '/api/newsletter', payload: { email } });

describe('POST /api/newsletter', () => {
  it('stores a new address and says the shopper is subscribed', async () => {
    const response = await signUp('Kila.Wari@Example.com');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      message: 'Thanks for subscribing! Deals and new arrivals will come to your inbox.',
    });
    const rows = await ctx.db.select().from(newsletterSubscribers);
    expect(rows.map((row) => row.email)).toEqual(['kila.wari@example.com']);
  });

  it('answers an address already on the list exactly as a new one, and stores it once (issue 16, finding 10)', async () => {
    const first = await signUp('repeat@example.com');
    const again = await signUp('  REPEAT@example.com ');
    const fresh = await signUp('never-seen@example.com');
    for (const response of [again, fresh]) {
      expect(response.statusCode).toBe(first.statusCode);
      expect(response.body).toBe(first.body);
    }
    const rows = await ctx.db.select().from(newsletterSubscribers);
    expect(rows.filter((row) => row.email === 'repeat@example.com')).toHaveLength(1);
  });

  it('limits sign-ups per address with the one rate limiter (issue 16, finding 10)', async () => {
    const limited = await createTestApp({ authLimits: { ...testConfig().authLimits, perIp: 3 } });
    try {
      const from = (remoteAddress: string, i: number) =>
        limited.app.inject({
          method: 'POST',
          url: '/api/newsletter',
          payload: { email: `flood${i}@example.com` },
          remoteAddress,
        });
      for (let i = 0; i < 3; i += 1) expect((await from('10.7.0.1', i)).statusCode).toBe(200);
      const refused = await from('10.7.0.1', 9);
      expect(refused.statusCode).toBe(429);
      expect(refused.json().error.code).toBe('RATE_LIMITED');
      expect((await from('10.7.0.2', 9)).statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });

  it('refuses something that is not an e-mail address with a field issue', async () => {
    const response = await signUp('not-an-address');
    expect(response.statusCode).toBe(400);
    expect(response.json().error.issues).toEqual([{ path: 'email', message: 'Please enter a valid e-mail address.' }]);
  });
});
