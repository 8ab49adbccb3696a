import type { Profile } from '@bilum/shared';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../../config';
import { emailOutbox, memberships, pickupPoints, sessions, users } from '../../db/schema';
import { createUser, makeMember, type SignedIn, signIn, signedInShopper, testPassword } from '../../test/accounts';
import { card, deliveryContact, orderBody, payOrder, placeOrder } from '../../test/checkout';
import { createProduct } from '../../test/factories';
import { verifyPassword } from '../auth/passwords';
import { createTestApp, type TestContext } from '../../test/test-app';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const day = 24 * 60 * 60_000;

/** The messages in the outbox to an address with a subject, newest first. */
const mailsTo = (to: string, subject: string) =>
  ctx.db
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.to, to), eq(emailOutbox.subject, subject)))
    .orderBy(desc(emailOutbox.id));

const confirm = (token: string) =>
  ctx.app.inject({ method: 'POST', url: '/api/profile/confirm-email', payload: { token } });

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
    const response = await call(thisDevice, 'PUT', {
      ...edits,
      email: user.email,
      password: 'a-new-long-password',
      currentPassword: user.password,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().passwordChanged).toBe(true);
    // The account's address is told, in case it was not its owner (issue 16, finding 3).
    const [notice] = await mailsTo(user.email, 'Your Bilum password was changed');
    expect(notice?.text).toContain('If this was not you, reset your password at');

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

  it('refuses a short, blank or common new password, a bad phone number and another account’s e-mail with field messages', async () => {
    const shopper = await signedInShopper(ctx);
    const taken = await createUser(ctx.db);
    const short = await call(shopper.cookie, 'PUT', {
      ...edits,
      email: shopper.user.email,
      password: 'short',
      currentPassword: testPassword,
    });
    expect(short.statusCode).toBe(400);
    expect(short.json().error.issues).toContainEqual({
      path: 'password',
      message: 'Password must be at least 8 characters long.',
    });
    // The one password policy (issue 16, finding 11), checked by the server.
    for (const [password, message] of [
      ['        ', 'Password must have at least one character that is not a space.'],
      ['Password123', 'This password is too common. Choose a less common password.'],
    ]) {
      const weak = await call(shopper.cookie, 'PUT', {
        ...edits,
        email: shopper.user.email,
        password,
        currentPassword: testPassword,
      });
      expect(weak.statusCode).toBe(400);
      expect(weak.json().error.issues).toEqual([{ path: 'password', message }]);
    }
    const phone = await call(shopper.cookie, 'PUT', { ...edits, email: shopper.user.email, phone: '5123456' });
    expect(phone.json().error.issues).toContainEqual({
      path: 'phone',
      message: 'PNG numbers must start with 7, 3, 2, or 8.',
    });
    const email = await call(shopper.cookie, 'PUT', {
      ...edits,
      email: taken.email.toUpperCase(),
      currentPassword: testPassword,
    });
    expect(email.statusCode).toBe(409);
    expect(email.json().error.issues).toContainEqual({
      path: 'email',
      message: 'An account with this email already exists.',
    });
    expect((await profileOf(shopper)).email).toBe(shopper.user.email);
  });

  // Issue 16, finding 3: a stolen session must not be enough to take the account over.
  it('refuses a new password or e-mail without the right current password, and changes nothing', async () => {
    const user = await createUser(ctx.db);
    const cookie = await signIn(ctx.app, user.email);
    const attempts = [
      { password: 'a-new-long-password' },
      { email: `taken.over.${Date.now()}@example.pg` },
      { email: `taken.over2.${Date.now()}@example.pg`, password: 'a-new-long-password' },
    ];
    for (const change of attempts) {
      const missing = await call(cookie, 'PUT', { ...edits, email: user.email, ...change });
      expect(missing.statusCode).toBe(400);
      expect(missing.json().error.issues).toContainEqual({
        path: 'currentPassword',
        message: 'Please enter your current password to change your e-mail address or password.',
      });
      const wrong = await call(cookie, 'PUT', {
        ...edits,
        email: user.email,
        ...change,
        currentPassword: 'not-the-password',
      });
      expect(wrong.statusCode).toBe(403);
      expect(wrong.json().error.issues).toEqual([
        { path: 'currentPassword', message: 'Your current password is not correct.' },
      ]);
    }
    const [row] = await ctx.db.select().from(users).where(eq(users.id, user.id));
    expect(row).toMatchObject({ email: user.email, pendingEmail: null, firstName: null });
    expect(await verifyPassword(row?.passwordHash, user.password)).toBe(true);
    expect((await call(cookie, 'GET')).statusCode).toBe(200);
  });

  it('counts wrong current passwords as password guesses: that session is refused after the limit, the owner is not', async () => {
    const limited = await createTestApp({ authLimits: { ...testConfig().authLimits, perAccount: 2 } });
    try {
      const user = await createUser(limited.db);
      const thief = await signIn(limited.app, user.email);
      const put = (cookie: string, currentPassword: string, remoteAddress: string) =>
        limited.app.inject({
          method: 'PUT',
          url: '/api/profile',
          headers: { cookie },
          remoteAddress,
          payload: { ...edits, email: user.email, password: 'a-new-long-password', currentPassword },
        });
      expect((await put(thief, 'guess-one', '10.5.0.1')).statusCode).toBe(403);
      expect((await put(thief, 'guess-two', '10.5.0.1')).statusCode).toBe(403);
      expect((await put(thief, 'guess-three', '10.5.0.1')).statusCode).toBe(429);
      expect((await put(thief, user.password, '10.5.0.1')).statusCode).toBe(429);
      const owner = await signIn(limited.app, user.email);
      expect((await put(owner, user.password, '10.5.0.2')).statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });

  it('keeps a new e-mail pending until the link e-mailed to it is opened, then tells the old address', async () => {
    const user = await createUser(ctx.db);
    const cookie = await signIn(ctx.app, user.email);
    const newEmail = `Moved.${Date.now()}@Example.PG`;
    const saved = await call(cookie, 'PUT', { ...edits, email: newEmail, currentPassword: user.password });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().message).toBe(
      'Profile updated successfully! Check your inbox to confirm your new e-mail address.',
    );
    expect(saved.json().profile).toMatchObject({ email: user.email, pendingEmail: newEmail.toLowerCase() });
    expect(saved.json().passwordChanged).toBe(false);

    // Until it is confirmed, the new address signs nobody in; the old one still does.
    const login = (email: string) =>
      ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password: user.password } });
    expect((await login(newEmail)).statusCode).toBe(401);
    expect((await login(user.email)).statusCode).toBe(200);

    // The link goes to the NEW address; only its HMAC is stored.
    const [mail] = await mailsTo(newEmail.toLowerCase(), 'Confirm your new Bilum e-mail address');
    const token = /\/confirm-email\?token=([\w-]+)/.exec(mail?.text ?? '')?.[1];
    expect(token).toBeDefined();
    const [pending] = await ctx.db.select().from(users).where(eq(users.id, user.id));
    expect(pending?.pendingEmailTokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(pending)).not.toContain(token!);

    // Opened without a session (another device): the new address is the account's from now on.
    const confirmed = await confirm(token!);
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toEqual({
      message: 'Your e-mail address has been changed.',
      email: newEmail.toLowerCase(),
    });
    expect((await login(newEmail)).statusCode).toBe(200);
    expect((await login(user.email)).statusCode).toBe(401);
    const [notice] = await mailsTo(user.email, 'Your Bilum e-mail address was changed');
    expect(notice?.text).toContain(`changed to ${newEmail.toLowerCase()}`);
    expect(notice?.text).toContain('If this was not you');
    // The link works once.
    expect((await confirm(token!)).statusCode).toBe(400);
    expect((await profileOf({ user: { ...user, role: 'shopper' }, cookie })).pendingEmail).toBeNull();
  });

  it('refuses a confirmation link that is unknown, replaced by a newer one or expired', async () => {
    const user = await createUser(ctx.db);
    const cookie = await signIn(ctx.app, user.email);
    const ask = async (email: string) => {
      expect((await call(cookie, 'PUT', { ...edits, email, currentPassword: user.password })).statusCode).toBe(200);
      const [mail] = await mailsTo(email, 'Confirm your new Bilum e-mail address');
      return /\/confirm-email\?token=([\w-]+)/.exec(mail?.text ?? '')![1]!;
    };
    const first = await ask(`first.${Date.now()}@example.pg`);
    const second = await ask(`second.${Date.now()}@example.pg`);
    const invalid = 'This confirmation link is invalid or has expired. Please change your e-mail address again.';
    for (const token of ['made-up-token', first]) {
      const response = await confirm(token);
      expect(response.statusCode).toBe(400);
      expect(response.json().error.message).toBe(invalid);
    }
    await ctx.db
      .update(users)
      .set({ pendingEmailExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(users.id, user.id));
    expect((await confirm(second)).statusCode).toBe(400);
    const [row] = await ctx.db.select().from(users).where(eq(users.id, user.id));
    expect(row?.email).toBe(user.email);
  });

  it('refuses to confirm an address that another account has taken meanwhile', async () => {
    const user = await createUser(ctx.db);
    const cookie = await signIn(ctx.app, user.email);
    const wanted = `wanted.${Date.now()}@example.pg`;
    expect((await call(cookie, 'PUT', { ...edits, email: wanted, currentPassword: user.password })).statusCode).toBe(
      200,
    );
    const [mail] = await mailsTo(wanted, 'Confirm your new Bilum e-mail address');
    const token = /\/confirm-email\?token=([\w-]+)/.exec(mail?.text ?? '')![1]!;
    await createUser(ctx.db, { email: wanted });
    const response = await confirm(token);
    expect(response.statusCode).toBe(409);
    const [row] = await ctx.db.select().from(users).where(eq(users.id, user.id));
    expect(row?.email).toBe(user.email);
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

describe('issue 17: the address of the last order, offered while the profile has none', () => {
  const useLastAddress = (cookie: string | null) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/profile/address/from-last-order',
      headers: cookie ? { cookie } : {},
    });

  /** A paid order of the shopper's, delivered to `address` (or picked up). */
  async function paidOrder(shopper: SignedIn, contact: object) {
    const product = await createProduct(ctx.db, { stock: 3 });
    const placed = await placeOrder(
      ctx,
      orderBody(
        { type: 'items', items: [{ productId: product.id, quantity: 1 }] },
        {
          contact: { ...deliveryContact, ...contact },
        },
      ),
      shopper.cookie,
    );
    expect((await payOrder(ctx, placed, { card: card() }, shopper.cookie)).json().status).toBe('succeeded');
  }

  it('offers the latest paid delivery address and saves it into the profile in one click', async () => {
    const shopper = await signedInShopper(ctx);
    expect((await profileOf(shopper)).lastOrderAddress).toBeNull();
    expect((await useLastAddress(shopper.cookie)).statusCode).toBe(409);

    await paidOrder(shopper, { address: 'Old Road 1', city: 'Lae', state: 'Morobe', postcode: '411' });
    await paidOrder(shopper, {});
    // A pickup order after it has no address to offer: the latest delivery address still is.
    const [point] = await ctx.db.select().from(pickupPoints);
    await paidOrder(shopper, { pickup: true, pickupPointId: point?.id });
    const offered = await profileOf(shopper);
    expect(offered.address).toBe('');
    expect(offered.lastOrderAddress).toEqual({
      address: deliveryContact.address,
      city: deliveryContact.city,
      state: deliveryContact.state,
      postcode: deliveryContact.postcode,
    });

    const saved = await useLastAddress(shopper.cookie);
    expect(saved.statusCode).toBe(200);
    expect(saved.json().message).toBe('Address saved to your profile.');
    const profile = await profileOf(shopper);
    expect(profile).toMatchObject({
      address: deliveryContact.address,
      city: deliveryContact.city,
      state: deliveryContact.state,
      postcode: deliveryContact.postcode,
      // Nothing to offer once the profile has an address.
      lastOrderAddress: null,
    });
  });

  it('never offers another shopper’s address, nor an unpaid order’s, and needs a session', async () => {
    expect((await useLastAddress(null)).statusCode).toBe(401);
    const buyer = await signedInShopper(ctx);
    await paidOrder(buyer, {});
    const other = await signedInShopper(ctx);
    const product = await createProduct(ctx.db, { stock: 3 });
    await placeOrder(ctx, orderBody({ type: 'items', items: [{ productId: product.id, quantity: 1 }] }), other.cookie);
    expect((await profileOf(other)).lastOrderAddress).toBeNull();
    expect((await useLastAddress(other.cookie)).statusCode).toBe(409);
    expect((await profileOf(other)).address).toBe('');
  });
});
