import { permissions, type SessionUser } from '@bilum/shared';
import type { FastifyInstance, HTTPMethods, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import type { Database } from '../db/client';
import { memberships, type NewUserRow, type UserRow, users } from '../db/schema';
import { hashPassword } from '../modules/auth/passwords';
import { createTestApp, type TestContext } from './test-app';

/** The password of every factory-made account unless a test passes another. */
export const testPassword = 'correct-horse-battery';

let sequence = 0;
let testPasswordHash: Promise<string> | null = null;

/** Inserts an account (a shopper unless `role` says otherwise); pass only what the test is about. */
export async function createUser(
  db: Database,
  overrides: Partial<NewUserRow> & { password?: string } = {},
): Promise<UserRow & { password: string }> {
  const number = ++sequence;
  const { password = testPassword, ...columns } = overrides;
  testPasswordHash ??= hashPassword(testPassword);
  const passwordHash = password === testPassword ? await testPasswordHash : await hashPassword(password);
  const [row] = await db
    .insert(users)
    .values({
      email: `shopper${number}.${Date.now()}@example.pg`,
      fullName: `Test Shopper ${number}`,
      phone: '+67571234567',
      passwordHash,
      // An admin made by a test is the owner unless it says otherwise (issue 21).
      ...(columns.role === 'admin' ? { staffRole: 'owner' as const } : {}),
      ...columns,
    })
    .returning();
  if (!row) throw new Error('insert returned nothing');
  return { ...row, password };
}

/** The `name=value` pair of the session cookie a response sets, for the next request's cookie header. */
export function sessionCookieOf(response: LightMyRequestResponse): string {
  const cookie = response.cookies.find((c) => c.name.endsWith('bilum_session') && c.value !== '');
  if (!cookie) throw new Error(`no session cookie in the answer (${response.statusCode}: ${response.body})`);
  return `${cookie.name}=${cookie.value}`;
}

/** Signs in through the API and returns the cookie header value to send with later requests. */
export async function signIn(app: FastifyInstance, email: string, password = testPassword): Promise<string> {
  const response = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
  return sessionCookieOf(response);
}

export interface SignedIn {
  user: SessionUser;
  /** Send as `headers: { cookie }`. */
  cookie: string;
}

/** A new shopper, signed in. */
export async function signedInShopper(ctx: TestContext, overrides: Partial<NewUserRow> = {}): Promise<SignedIn> {
  const user = await createUser(ctx.db, overrides);
  const cookie = await signIn(ctx.app, user.email, user.password);
  return { user: { id: user.id, email: user.email, fullName: user.fullName, role: 'shopper' }, cookie };
}

/** A new administrator, signed in through the admin sign-in. */
export async function signedInAdmin(ctx: TestContext): Promise<SignedIn> {
  const user = await createUser(ctx.db, { role: 'admin', email: `admin${Date.now()}${sequence}` });
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/api/auth/admin-login',
    payload: { username: user.email, password: user.password },
  });
  return {
    user: {
      id: user.id,
      email: user.email,
      fullName: user.fullName,
      role: 'admin',
      // Issue 21: an admin made by the factory is an owner, with every permission.
      staffRole: 'owner',
      permissions: [...permissions],
    },
    cookie: sessionCookieOf(response),
  };
}

/** A test file's app with a signed-in administrator: made before its tests, closed after them. */
export interface AdminTestApp {
  readonly ctx: TestContext;
  readonly admin: SignedIn;
  /** A request as the administrator, with a JSON body when one is given. */
  asAdmin(method: HTTPMethods, url: string, payload?: object): Promise<LightMyRequestResponse>;
}

/** Call at the top of a test file (or a describe block): the app and administrator its tests share. */
export function adminTestApp(options?: Parameters<typeof createTestApp>[0]): AdminTestApp {
  let made: { ctx: TestContext; admin: SignedIn } | null = null;
  const ready = () => {
    if (!made) throw new Error('adminTestApp: used outside the tests it was made for');
    return made;
  };
  beforeAll(async () => {
    const ctx = await createTestApp(options);
    made = { ctx, admin: await signedInAdmin(ctx) };
  });
  afterAll(() => made?.ctx.close());
  return {
    get ctx() {
      return ready().ctx;
    },
    get admin() {
      return ready().admin;
    },
    asAdmin: (method, url, payload) =>
      ready().ctx.app.inject({
        method,
        url,
        headers: { cookie: ready().admin.cookie },
        ...(payload === undefined ? {} : { payload }),
      }),
  };
}

/** Gives a user an active Premium membership (by default from yesterday for a year). */
export async function makeMember(
  db: Database,
  userId: number,
  period: { startsAt?: Date; endsAt?: Date } = {},
): Promise<void> {
  const day = 24 * 60 * 60_000;
  const startsAt = period.startsAt ?? new Date(Date.now() - day);
  await db.insert(memberships).values({
    userId,
    type: 'premium',
    status: 'completed',
    paymentReference: `test-${userId}-${Date.now()}`,
    startsAt,
    endsAt: period.endsAt ?? new Date(startsAt.getTime() + 365 * day),
    lastPaymentAt: startsAt,
  });
}
