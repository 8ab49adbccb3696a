import type { Profile } from '@bilum/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberships, sessions } from '../../db/schema';
import { createUser, makeMember, type SignedIn, signIn, signedInShopper } from '../../test/accounts';
import { createTestApp, type TestContext } from '../../test/test-app';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const day = 24 * 60 * 60_000;

function call(cookie: string | null, method: 'GET' | 'PUT', payload?: object) {
  return ctx.app.inject({
    method,
    url: '/api/profile',
    headers: cookie ? { cookie } : {},
    ...(payload ? { payload } : {}),
  });
}

async function profileOf(shopper: SignedIn): Promise<Profile> {
  const response = await call(shopper.cookie, 'GET');
  expect(response.statusCode).toBe(200);
  return response.json();
}

const edits = {
  firstName: 'Kila',
  lastName: 'Rahu',
  countryCode: '+675',
  phone: '3214567',
  address: 'Section 12, Allotment 4',
  city: 'Port Moresby',
  state: 'NCD',
  postcode: '111',
};

describe('profile', () => {
  it('answers 401 without a session', async () => {
    expect((await call(null, 'GET')).statusCode).toBe(401);
    expect((await call(null, 'PUT', { ...edits, email: 'x@example.pg' })).statusCode).toBe(401);
  });

  it('shows the signed-in shopper their own profile, with names from the registration', async () => {
    const shopper = await signedInShopper(ctx, { fullName: 'Mary Kila Wari', phone: '+67571234567' });
    const profile = await profileOf(shopper);
    expect(profile).toMatchObject({
      id: shopper.user.id,
      email: shopper.user.email,
      firstName: 'Mary',
      lastName: 'Kila Wari',
      phone: '+67571234567',
      address: '',
      membership: { isMember: false, membershipType: null, lastPaymentAt: null, canRenew: false },
    });
  });

  it('ignores a user id in the request: one shopper cannot read or change another’s profile', async () => {
    const owner = await signedInShopper(ctx);
    const other = await signedInShopper(ctx);
    const read = await ctx.app.inject({
      method: 'GET',
      url: `/api/profile?user_id=${owner.user.id}&userId=${owner.user.id}`,
      headers: { cookie: other.cookie },
    });
    expect(read.json().id).toBe(other.user.id);
    const write = await call(other.cookie, 'PUT', { ...edits, email: other.user.email, userId: owner.user.id });
    expect(write.statusCode).toBe(200);
    expect(write.json().profile.id).toBe(other.user.id);
    expect((await profileOf(owner)).firstName).not.toBe('Kila');
  });

  it('saves the profile without a new password and keeps every session and the old password', async () => {
    const user = await createUser(ctx.db);
    const phoneCookie = await signIn(ctx.app, user.email);
    const laptopCookie = await signIn(ctx.app, user.email);
    const response = await call(laptopCookie, 'PUT', { ...edits, email: user.email, password: '' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      message: 'Profile updated successfully!',
      passwordChanged: false,
      profile: {
        firstName: 'Kila',
        lastName: 'Rahu',
        fullName: 'Kila Rahu',
        phone: '+6753214567',
        city: 'Port Moresby',
      },
    });
    expect((await call(phoneCookie, 'GET')).statusCode).toBe(200);
    const again = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: user.email, password: user.password },
    });
    expect(again.statusCode).toBe(200);
  });

  it('sets a new password and ends the shopper’s other sessions, keeping this one', async () => {
    const user = await createUser(ctx.db);
    const otherDevice = await signIn(ctx.app, user.email);
    const thisDevice = await signIn(ctx.app, user.email);
    const response = await call(thisDevice, 'PUT', { ...edits, email: user.email, password: 'a-new-long-password' });
    expect(response.statusCode).toBe(200);
    expect(response.json().passwordChanged).toBe(true);

    expect((await call(thisDevice, 'GET')).statusCode).toBe(200);
    const ended = await call(otherDevice, 'GET');
    expect(ended.statusCode).toBe(401);
    expect(await ctx.db.select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(1);

    const oldPassword = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: user.email, password: user.password },
    });
    expect(oldPassword.statusCode).toBe(401);
    const newPassword = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: user.email, password: 'a-new-long-password' },
    });
    expect(newPassword.statusCode).toBe(200);
  });

  it('refuses a short new password, a bad phone number and another account’s e-mail with field messages', async () => {
    const shopper = await signedInShopper(ctx);
    const taken = await createUser(ctx.db);
    const short = await call(shopper.cookie, 'PUT', { ...edits, email: shopper.user.email, password: 'short' });
    expect(short.statusCode).toBe(400);
    expect(short.json().error.issues).toContainEqual({
      path: 'password',
      message: 'Password must be at least 8 characters long.',
    });
    const phone = await call(shopper.cookie, 'PUT', { ...edits, email: shopper.user.email, phone: '5123456' });
    expect(phone.json().error.issues).toContainEqual({
      path: 'phone',
      message: 'PNG numbers must start with 7, 3, 2, or 8.',
    });
    const email = await call(shopper.cookie, 'PUT', { ...edits, email: taken.email.toUpperCase() });
    expect(email.statusCode).toBe(409);
    expect(email.json().error.issues).toContainEqual({
      path: 'email',
      message: 'An account with this email already exists.',
    });
    expect((await profileOf(shopper)).email).toBe(shopper.user.email);
  });

  it('shows an active membership with type, discount, expiry and last payment, and Renew only in the last 30 days', async () => {
    const shopper = await signedInShopper(ctx);
    await makeMember(ctx.db, shopper.user.id);
    const active = (await profileOf(shopper)).membership;
    expect(active).toMatchObject({
      isMember: true,
      membershipType: 'premium',
      discountRate: 0.1,
      lastPaymentStatus: 'completed',
      canRenew: false,
    });
    expect(active.endsAt).not.toBeNull();
    expect(active.lastPaymentAt).not.toBeNull();

    const ending = await signedInShopper(ctx);
    await makeMember(ctx.db, ending.user.id, { startsAt: new Date(Date.now() - 340 * day) });
    expect((await profileOf(ending)).membership.canRenew).toBe(true);
  });

  it('shows an expired membership as no membership', async () => {
    const shopper = await signedInShopper(ctx);
    await makeMember(ctx.db, shopper.user.id, {
      startsAt: new Date(Date.now() - 400 * day),
      endsAt: new Date(Date.now() - day),
    });
    const { membership } = await profileOf(shopper);
    expect(membership).toMatchObject({ isMember: false, discountRate: 0, endsAt: null, canRenew: false });
    expect(await ctx.db.select().from(memberships).where(eq(memberships.userId, shopper.user.id))).toHaveLength(1);
  });
});
