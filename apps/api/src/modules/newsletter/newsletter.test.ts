import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({
      alreadySubscribed: false,
      message: 'Thanks for subscribing! Deals and new arrivals will come to your inbox.',
    });
    const rows = await ctx.db.select().from(newsletterSubscribers);
    expect(rows.map((row) => row.email)).toEqual(['kila.wari@example.com']);
  });

  it('answers a repeat address, in any letter case, as already subscribed without storing it twice', async () => {
    await signUp('repeat@example.com');
    const response = await signUp('  REPEAT@example.com ');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      alreadySubscribed: true,
      message: 'You are already subscribed. Thanks for staying with us!',
    });
    const rows = await ctx.db.select().from(newsletterSubscribers);
    expect(rows.filter((row) => row.email === 'repeat@example.com')).toHaveLength(1);
  });

  it('refuses something that is not an e-mail address with a field issue', async () => {
    const response = await signUp('not-an-address');
    expect(response.statusCode).toBe(400);
    expect(response.json().error.issues).toEqual([{ path: 'email', message: 'Please enter a valid e-mail address.' }]);
  });
});
