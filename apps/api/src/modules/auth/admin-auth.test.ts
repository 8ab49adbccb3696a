import { permissions } from '@bilum/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { users } from '../../db/schema';
import { createUser, sessionCookieOf, signedInAdmin, signedInShopper } from '../../test/accounts';
import { createTestApp, type TestContext } from '../../test/test-app';
import { ensureAdminAccount } from './admin-account';
import { verifyPassword } from './passwords';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const adminLogin = (payload: Record<string, unknown>) =>
  ctx.app.inject({ method: 'POST', url: '/api/auth/admin-login', payload });
const whoami = (cookie?: string) =>
  ctx.app.inject({ method: 'GET', url: '/api/admin/whoami', headers: cookie ? { cookie } : {} });

describe('POST /api/auth/admin-login', () => {
  it('signs an administrator in with username and password and sends them to /entry-option', async () => {
    const admin = await createUser(ctx.db, { role: 'admin', email: 'boss' });
    const response = await adminLogin({ username: 'Boss', password: admin.password });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      user: {
        id: admin.id,
        email: 'boss',
        fullName: admin.fullName,
        role: 'admin',
        // Issue 21: the staff role and what it may do (an admin made by the factory is an owner).
        staffRole: 'owner',
        permissions: [...permissions],
      },
      redirectTo: '/entry-option',
      // Issue 28: no second factor on this account, so no second step.
      secondFactor: null,
    });
    expect((await whoami(sessionCookieOf(response))).json().user.role).toBe('admin');
  });

  it('refuses a wrong password with "Login Failed: Invalid username or password."', async () => {
    await createUser(ctx.db, { role: 'admin', email: 'boss2' });
    const response = await adminLogin({ username: 'boss2', password: 'not-it-at-all' });
    expect(response.statusCode).toBe(401);
    expect(response.json().error.message).toBe('Login Failed: Invalid username or password.');
  });

  it('answers a shopper’s right e-mail and password exactly as a wrong password, in about the same time (issue 16, finding 7)', async () => {
    await createUser(ctx.db, { role: 'admin', email: 'boss3' });
    const shopper = await createUser(ctx.db);
    const timed = async (payload: Record<string, unknown>) => {
      const started = performance.now();
      const response = await adminLogin(payload);
      return { response, ms: performance.now() - started };
    };
    // Warm up both paths, then compare the middle of three tries each.
    await timed({ username: 'boss3', password: 'not-it-at-all' });
    const shopperTries = [];
    const wrongTries = [];
    for (let i = 0; i < 3; i += 1) {
      shopperTries.push(await timed({ username: shopper.email, password: shopper.password }));
      wrongTries.push(await timed({ username: 'boss3', password: `not-it-at-all-${i}` }));
    }
    for (const { response } of shopperTries) {
      expect(response.statusCode).toBe(401);
      expect(response.body).toBe(wrongTries[0]!.response.body);
      expect(response.cookies.filter((c) => c.value !== '')).toEqual([]);
    }
    expect(wrongTries[0]!.response.json().error.message).toBe('Login Failed: Invalid username or password.');
    // Both check one password hash (a decoy for the shopper), so neither answer is quick.
    const middle = (tries: { ms: number }[]) => tries.map((t) => t.ms).sort((a, b) => a - b)[1]!;
    expect(middle(shopperTries)).toBeGreaterThan(middle(wrongTries) / 3);
    expect(middle(shopperTries)).toBeLessThan(middle(wrongTries) * 3);
  });
});

describe('admin endpoints', () => {
  it('refuse a shopper session with 403', async () => {
    const { cookie } = await signedInShopper(ctx);
    const response = await whoami(cookie);
    expect(response.statusCode).toBe(403);
    expect(response.json().error).toEqual({
      code: 'FORBIDDEN',
      message: 'Access Denied: Not an administrator account.',
    });
  });

  it('refuse a visitor without a session with 401', async () => {
    const response = await whoami();
    expect(response.statusCode).toBe(401);
    expect(response.json().error.code).toBe('UNAUTHENTICATED');
  });

  it('answer an admin session', async () => {
    const { cookie, user } = await signedInAdmin(ctx);
    expect((await whoami(cookie)).json()).toEqual({ user });
  });
});

describe('ensureAdminAccount at start-up', () => {
  it('creates one admin with a random password when none exists and ADMIN_PASSWORD is unset', async () => {
    const fresh = await createTestApp();
    try {
      const outcome = await ensureAdminAccount(fresh.db, { username: 'admin', password: undefined });
      expect(outcome.kind).toBe('created-with-random-password');
      if (outcome.kind !== 'created-with-random-password') return;
      expect(outcome.password.length).toBeGreaterThanOrEqual(16);
      const [row] = await fresh.db.select().from(users).where(eq(users.email, 'admin'));
      expect(row?.role).toBe('admin');
      expect(await verifyPassword(row?.passwordHash, outcome.password)).toBe(true);
      // Only once: the next start leaves it alone.
      expect((await ensureAdminAccount(fresh.db, { username: 'admin', password: undefined })).kind).toBe('unchanged');
    } finally {
      await fresh.close();
    }
  });

  it('sets the account from ADMIN_USERNAME and ADMIN_PASSWORD, and follows a changed password', async () => {
    const fresh = await createTestApp();
    try {
      const admin = { username: 'Manager', password: 'first-admin-pass' };
      expect((await ensureAdminAccount(fresh.db, admin)).kind).toBe('configured');
      expect((await ensureAdminAccount(fresh.db, admin)).kind).toBe('unchanged');
      await ensureAdminAccount(fresh.db, { ...admin, password: 'second-admin-pass' });
      const [row] = await fresh.db.select().from(users).where(eq(users.email, 'manager'));
      expect(await verifyPassword(row?.passwordHash, 'second-admin-pass')).toBe(true);
      expect(await fresh.db.select().from(users).where(eq(users.role, 'admin'))).toHaveLength(1);
    } finally {
      await fresh.close();
    }
  });

  it('refuses to start with a blank or common ADMIN_PASSWORD: the one password policy (issue 16, finding 11)', () => {
    expect(() => loadConfig({ ADMIN_PASSWORD: '        ' })).toThrow(
      'ADMIN_PASSWORD: Password must have at least one character that is not a space.',
    );
    expect(() => loadConfig({ ADMIN_PASSWORD: 'Password123' })).toThrow(
      'ADMIN_PASSWORD: This password is too common. Choose a less common password.',
    );
    expect(loadConfig({ ADMIN_PASSWORD: 'a-long-admin-sentence' }).admin.password).toBe('a-long-admin-sentence');
  });
});
