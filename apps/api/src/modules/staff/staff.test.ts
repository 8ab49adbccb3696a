import { rolePermissions, staffMessages } from '@bilum/shared';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activityLog, apiKeys, emailOutbox, users } from '../../db/schema';
import { createUser, sessionCookieOf, signedInAdmin, type SignedIn } from '../../test/accounts';
import { movableClock } from '../../test/checkout';
import { createProduct } from '../../test/factories';
import { createApiKey, signedInStaff } from '../../test/staff';
import { createTestApp, type TestContext } from '../../test/test-app';
import { apiKeyLimits } from './api-key-auth';
import { inviteRules } from './staff.service';

let ctx: TestContext;
let owner: SignedIn;
const clock = movableClock();
const newPassword = 'a-long-staff-password-42';

beforeAll(async () => {
  ctx = await createTestApp({}, undefined, { now: clock.now });
  owner = await signedInAdmin(ctx);
}, 60_000);
afterAll(() => ctx.close());

const inject = (
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE',
  url: string,
  options: { cookie?: string; key?: string; payload?: object } = {},
) =>
  ctx.app.inject({
    method,
    url,
    headers: {
      ...(options.cookie ? { cookie: options.cookie } : {}),
      ...(options.key ? { authorization: `Bearer ${options.key}` } : {}),
    },
    ...(options.payload ? { payload: options.payload } : {}),
  });

/** The invitation link's token from the newest invitation e-mailed to `email` (the outbox, as the e-mail says). */
async function inviteToken(email: string): Promise<string> {
  const [message] = await ctx.db
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.to, email), eq(emailOutbox.subject, 'You are invited to the Bilum shop admin')))
    .orderBy(desc(emailOutbox.id))
    .limit(1);
  const token = /staff-invite\?token=([\w-]+)/.exec(message?.text ?? '')?.[1];
  if (!token) throw new Error(`no invitation link e-mailed to ${email}`);
  return token;
}

let sequence = 0;
async function invite(role: 'owner' | 'manager' | 'staff' = 'staff') {
  sequence += 1;
  const email = `invited${sequence}.${Date.now()}@staff.example.pg`;
  const response = await inject('POST', '/api/admin/staff', {
    cookie: owner.cookie,
    payload: { email, fullName: `Invited Person ${sequence}`, role },
  });
  expect(response.statusCode, response.body).toBe(201);
  return { email, id: response.json().id as number, token: await inviteToken(email) };
}

const adminLogin = (username: string, password: string) =>
  inject('POST', '/api/auth/admin-login', { payload: { username, password } });

describe('inviting staff', () => {
  it('e-mails a single-use link; the staff member sets a password, signs in with their role and permissions', async () => {
    const invited = await invite('staff');
    const listed = (await inject('GET', '/api/admin/staff', { cookie: owner.cookie })).json().staff;
    expect(listed.find((member: { id: number }) => member.id === invited.id)).toMatchObject({
      role: 'staff',
      status: 'invited',
    });
    // Not usable before the password is set.
    expect((await adminLogin(invited.email, newPassword)).statusCode).toBe(401);

    const accepted = await inject('POST', '/api/auth/staff-invite', {
      payload: { token: invited.token, password: newPassword },
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    // Single use.
    const again = await inject('POST', '/api/auth/staff-invite', {
      payload: { token: invited.token, password: 'another-long-password-1' },
    });
    expect(again.statusCode).toBe(400);
    expect(again.json().error.message).toBe(staffMessages.inviteInvalid);

    const login = await adminLogin(invited.email, newPassword);
    expect(login.statusCode).toBe(200);
    expect(login.json().user).toMatchObject({ staffRole: 'staff', permissions: [...rolePermissions.staff] });
    const whoami = await inject('GET', '/api/admin/whoami', { cookie: sessionCookieOf(login) });
    expect(whoami.json().user.permissions).toEqual([...rolePermissions.staff]);
    const status = (await inject('GET', '/api/admin/staff', { cookie: owner.cookie })).json().staff;
    expect(status.find((member: { id: number }) => member.id === invited.id).status).toBe('active');
  });

  it('refuses an expired link, and a new invitation replaces the old link', async () => {
    const invited = await invite('manager');
    clock.advance(inviteRules.validMs + 1_000);
    const expired = await inject('POST', '/api/auth/staff-invite', {
      payload: { token: invited.token, password: newPassword },
    });
    expect(expired.statusCode).toBe(400);

    const resent = await inject('POST', '/api/admin/staff', {
      cookie: owner.cookie,
      payload: { email: invited.email, fullName: 'Invited Again', role: 'manager' },
    });
    expect(resent.statusCode).toBe(201);
    const fresh = await inviteToken(invited.email);
    expect(fresh).not.toBe(invited.token);
    expect(
      (await inject('POST', '/api/auth/staff-invite', { payload: { token: fresh, password: newPassword } })).statusCode,
    ).toBe(200);
  });

  it('sends an active staff member a new set-password link (a forgotten password); the old password works until it is used', async () => {
    const invited = await invite('staff');
    await inject('POST', '/api/auth/staff-invite', { payload: { token: invited.token, password: newPassword } });
    const again = await inject('POST', '/api/admin/staff', {
      cookie: owner.cookie,
      payload: { email: invited.email, fullName: 'Invited Again', role: 'staff' },
    });
    expect(again.statusCode).toBe(201);
    expect(again.json().status).toBe('active');
    expect((await adminLogin(invited.email, newPassword)).statusCode).toBe(200);
    const fresh = await inviteToken(invited.email);
    const reset = await inject('POST', '/api/auth/staff-invite', {
      payload: { token: fresh, password: 'a-second-staff-password-7' },
    });
    expect(reset.statusCode).toBe(200);
    expect((await adminLogin(invited.email, newPassword)).statusCode).toBe(401);
    expect((await adminLogin(invited.email, 'a-second-staff-password-7')).statusCode).toBe(200);
  });

  it('refuses an e-mail that already has an account (409)', async () => {
    const shopper = await createUser(ctx.db);
    const response = await inject('POST', '/api/admin/staff', {
      cookie: owner.cookie,
      payload: { email: shopper.email, fullName: 'Someone', role: 'staff' },
    });
    expect(response.statusCode).toBe(409);
  });

  it('keeps the invitation link out of the stored e-mail once it is sent', async () => {
    const invited = await invite('staff');
    await ctx.app.mailer.drainOutbox();
    const [stored] = await ctx.db.select().from(emailOutbox).where(eq(emailOutbox.to, invited.email));
    expect(stored?.text).not.toContain(invited.token);
  });
});

describe('roles and disabled accounts', () => {
  it('refuses a disabled account’s session at its next request, and its sign-in', async () => {
    const member = await signedInStaff(ctx, 'staff');
    expect((await inject('GET', '/api/admin/orders', { cookie: member.cookie })).statusCode).toBe(200);
    const disabled = await inject('PATCH', `/api/admin/staff/${member.user.id}`, {
      cookie: owner.cookie,
      payload: { disabled: true },
    });
    expect(disabled.statusCode, disabled.body).toBe(200);
    expect(disabled.json().status).toBe('disabled');
    expect((await inject('GET', '/api/admin/orders', { cookie: member.cookie })).statusCode).toBe(401);
    expect((await adminLogin(member.user.email, 'correct-horse-battery')).statusCode).toBe(401);
  });

  it('changes a role, which takes effect at the next request', async () => {
    const member = await signedInStaff(ctx, 'staff');
    expect((await inject('GET', '/api/admin/members', { cookie: member.cookie })).statusCode).toBe(403);
    await inject('PATCH', `/api/admin/staff/${member.user.id}`, { cookie: owner.cookie, payload: { role: 'manager' } });
    expect((await inject('GET', '/api/admin/members', { cookie: member.cookie })).statusCode).toBe(200);
    const [entry] = await ctx.db
      .select()
      .from(activityLog)
      .where(and(eq(activityLog.entityType, 'staff'), eq(activityLog.entityId, String(member.user.id))))
      .orderBy(desc(activityLog.id))
      .limit(1);
    expect(entry).toMatchObject({
      action: 'staff.role-changed',
      before: { role: 'staff' },
      after: { role: 'manager' },
    });
  });

  it('lets Staff dispatch but not cancel (a refund needs orders.refund); a Manager may', async () => {
    const member = await signedInStaff(ctx, 'staff');
    const cancel = await inject('PATCH', '/api/admin/orders/999999', {
      cookie: member.cookie,
      payload: { status: 'Cancelled' },
    });
    expect(cancel.statusCode).toBe(403);
    expect(cancel.json().error.message).toBe(staffMessages.notAllowed);
    const dispatch = await inject('PATCH', '/api/admin/orders/999999', {
      cookie: member.cookie,
      payload: { status: 'Dispatched' },
    });
    expect(dispatch.statusCode).toBe(404);
    const manager = await signedInStaff(ctx, 'manager');
    const managerCancel = await inject('PATCH', '/api/admin/orders/999999', {
      cookie: manager.cookie,
      payload: { status: 'Cancelled' },
    });
    expect(managerCancel.statusCode).toBe(404);
  });

  it('does not let the owner change their own account', async () => {
    const response = await inject('PATCH', `/api/admin/staff/${owner.user.id}`, {
      cookie: owner.cookie,
      payload: { disabled: true },
    });
    expect(response.statusCode).toBe(409);
  });

  it('protects the ADMIN_USERNAME account', async () => {
    const [configured] = await ctx.db.select().from(users).where(eq(users.email, 'admin'));
    const id = configured?.id ?? (await createUser(ctx.db, { role: 'admin', email: 'admin' })).id;
    const response = await inject('PATCH', `/api/admin/staff/${id}`, {
      cookie: owner.cookie,
      payload: { role: 'staff' },
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().error.message).toBe(staffMessages.ownerProtected);
  });

  it('lets a staff member change their own password: the old one stops working, other sessions end', async () => {
    const member = await signedInStaff(ctx, 'staff');
    const other = sessionCookieOf(await adminLogin(member.user.email, 'correct-horse-battery'));
    const wrong = await inject('POST', '/api/admin/me/password', {
      cookie: member.cookie,
      payload: { currentPassword: 'not-it-at-all', newPassword },
    });
    expect(wrong.statusCode).toBe(400);
    const changed = await inject('POST', '/api/admin/me/password', {
      cookie: member.cookie,
      payload: { currentPassword: 'correct-horse-battery', newPassword },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await inject('GET', '/api/admin/whoami', { cookie: member.cookie })).statusCode).toBe(200);
    expect((await inject('GET', '/api/admin/whoami', { cookie: other })).statusCode).toBe(401);
    expect((await adminLogin(member.user.email, 'correct-horse-battery')).statusCode).toBe(401);
    expect((await adminLogin(member.user.email, newPassword)).statusCode).toBe(200);
  });
});

describe('API keys', () => {
  it('is shown once, stored as an HMAC, reaches only its scopes, and notes its last use', async () => {
    const { key, id } = await createApiKey(ctx, owner.cookie, ['catalog.read', 'stock.write'], 'Warehouse');
    const [row] = await ctx.db.select().from(apiKeys).where(eq(apiKeys.id, id));
    expect(row?.keyHash).not.toContain(key);
    expect(JSON.stringify(row)).not.toContain(key);
    const listed = (await inject('GET', '/api/admin/api-keys', { cookie: owner.cookie })).body;
    expect(listed).not.toContain(key);

    expect((await inject('GET', '/api/admin/products', { key })).statusCode).toBe(200);
    expect((await inject('GET', '/api/admin/orders', { key })).statusCode).toBe(403);
    expect((await inject('PUT', '/api/admin/settings', { key, payload: {} })).statusCode).toBe(403);
    expect((await inject('GET', '/api/admin/staff', { key })).statusCode).toBe(403);
    const product = await createProduct(ctx.db, { stock: 2 });
    const restocked = await inject('POST', `/api/admin/products/${product.id}/restock`, {
      key,
      payload: { quantity: 3, reason: 'supplier-delivery' },
    });
    expect(restocked.statusCode, restocked.body).toBe(200);
    expect(restocked.json().product.stock).toBe(5);
    // The activity entry names the key.
    const [entry] = await ctx.db
      .select()
      .from(activityLog)
      .where(and(eq(activityLog.entityType, 'product'), eq(activityLog.entityId, String(product.id))))
      .orderBy(desc(activityLog.id))
      .limit(1);
    expect(entry).toMatchObject({ actorKind: 'api-key', actorKeyId: id, actorName: 'API key: Warehouse' });
    // Editing the product itself is not stock: refused.
    expect((await inject('DELETE', `/api/admin/products/${product.id}`, { key })).statusCode).toBe(403);
    const [used] = await ctx.db.select().from(apiKeys).where(eq(apiKeys.id, id));
    expect(used?.lastUsedAt).not.toBeNull();
  });

  it('lets an orders.status key dispatch but not cancel (a refund)', async () => {
    const { key } = await createApiKey(ctx, owner.cookie, ['orders.status', 'orders.read']);
    const cancel = await inject('PATCH', '/api/admin/orders/999999', { key, payload: { status: 'Cancelled' } });
    expect(cancel.statusCode).toBe(403);
    const dispatch = await inject('PATCH', '/api/admin/orders/999999', { key, payload: { status: 'Dispatched' } });
    expect(dispatch.statusCode).toBe(404);
  });

  it('refuses a revoked key (401) from the next request on', async () => {
    const { key, id } = await createApiKey(ctx, owner.cookie, ['orders.read']);
    expect((await inject('GET', '/api/admin/orders', { key })).statusCode).toBe(200);
    const revoked = await inject('DELETE', `/api/admin/api-keys/${id}`, { cookie: owner.cookie });
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json().revokedAt).not.toBeNull();
    const after = await inject('GET', '/api/admin/orders', { key });
    expect(after.statusCode).toBe(401);
    expect(after.json().error.message).toBe(staffMessages.apiKeyInvalid);
  });

  it('refuses a key outside its scopes even with an owner cookie beside it', async () => {
    const { key } = await createApiKey(ctx, owner.cookie, ['catalog.read']);
    const response = await inject('GET', '/api/admin/staff', { key, cookie: owner.cookie });
    expect(response.statusCode).toBe(403);
  });

  it('rate-limits wrong keys per address (429)', async () => {
    let last = 0;
    for (let i = 0; i <= apiKeyLimits.badKeysPerAddress.max; i += 1) {
      last = (await inject('GET', '/api/admin/orders', { key: `blm_wrong${i}` })).statusCode;
    }
    expect(last).toBe(429);
  });
});

describe('the activity page', () => {
  it('finds entries by text and by entity, newest first', async () => {
    const product = await createProduct(ctx.db, { name: 'Searchable bilum bag' });
    await inject('POST', `/api/admin/products/${product.id}/restock`, {
      cookie: owner.cookie,
      payload: { quantity: 1, reason: 'count-correction' },
    });
    const found = await inject('GET', '/api/admin/activity?q=searchable', { cookie: owner.cookie });
    expect(found.statusCode).toBe(200);
    expect(found.json().items[0]).toMatchObject({ entityType: 'product', entityId: String(product.id) });
    const byEntity = await inject('GET', `/api/admin/products/${product.id}/activity`, { cookie: owner.cookie });
    expect(byEntity.json().total).toBe(1);
    const manager = await signedInStaff(ctx, 'manager');
    expect((await inject('GET', '/api/admin/activity', { cookie: manager.cookie })).statusCode).toBe(200);
    const staff = await signedInStaff(ctx, 'staff');
    expect((await inject('GET', '/api/admin/activity', { cookie: staff.cookie })).statusCode).toBe(403);
  });
});
