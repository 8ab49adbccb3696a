import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions } from '../../db/schema';
import { requireAdmin, requireUser, signedInUser } from '../../plugins/auth';
import { signedInAdmin, signedInShopper } from '../../test/accounts';
import { createTestApp, type TestContext } from '../../test/test-app';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({}, (app) => {
    app.get('/api/test/mine', { preHandler: requireUser }, async (request) => ({ id: signedInUser(request).id }));
    app.get('/api/test/staff', { preHandler: requireAdmin }, async () => ({ ok: true }));
  });
});
afterAll(() => ctx.close());

const get = (url: string, cookie?: string) => ctx.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });

describe('requireUser', () => {
  it('answers 401 without a session, asking to sign in', async () => {
    const response = await get('/api/test/mine');
    expect(response.statusCode).toBe(401);
    expect(response.json().error).toEqual({
      code: 'UNAUTHENTICATED',
      message: 'Please sign in to continue.',
      details: { reason: 'signed-out' },
    });
  });

  it('answers 401 "Your session is invalid. Please log in again." for a session that has ended', async () => {
    const { user, cookie } = await signedInShopper(ctx);
    await ctx.db.delete(sessions).where(eq(sessions.userId, user.id));
    const response = await get('/api/test/mine', cookie);
    expect(response.statusCode).toBe(401);
    expect(response.json().error).toEqual({
      code: 'UNAUTHENTICATED',
      message: 'Your session is invalid. Please log in again.',
      details: { reason: 'session-ended' },
    });
    expect(response.cookies.find((c) => c.name === 'bilum_session')?.value).toBe('');
  });

  it('lets a signed-in shopper through as themselves', async () => {
    const { user, cookie } = await signedInShopper(ctx);
    expect((await get('/api/test/mine', cookie)).json()).toEqual({ id: user.id });
  });

  it('ignores a forged cookie', async () => {
    expect((await get('/api/test/mine', 'bilum_session=forged-token-value')).statusCode).toBe(401);
    expect((await get('/api/test/mine', `bilum_session=${'x'.repeat(5000)}`)).statusCode).toBe(401);
  });
});

describe('requireAdmin', () => {
  it('refuses shoppers with 403 and lets administrators through', async () => {
    const shopper = await signedInShopper(ctx);
    expect((await get('/api/test/staff', shopper.cookie)).statusCode).toBe(403);
    const admin = await signedInAdmin(ctx);
    expect((await get('/api/test/staff', admin.cookie)).statusCode).toBe(200);
  });
});
