import { accountMessages, secondFactorMessages } from '@bilum/shared';
import { and, desc, eq, isNotNull } from 'drizzle-orm';
import { generateSync } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activityLog, emailOutbox, sessions, staffSecondFactors } from '../../db/schema';
import { createUser, sessionCookieOf } from '../../test/accounts';
import { movableClock } from '../../test/checkout';
import { signedInStaff } from '../../test/staff';
import { createTestApp, type TestContext } from '../../test/test-app';

let ctx: TestContext;
const clock = movableClock();
const perAccount = 5;

beforeAll(async () => {
  ctx = await createTestApp(
    { authLimits: { perIp: 10_000, perAccount, windowMs: 15 * 60_000, accountSlowDown: { stepMs: 1, maxMs: 1 } } },
    undefined,
    { now: clock.now },
  );
}, 60_000);
afterAll(() => ctx.close());

type Method = 'GET' | 'POST' | 'PUT';
const inject = (method: Method, url: string, options: { cookie?: string; payload?: object; ip?: string } = {}) =>
  ctx.app.inject({
    method,
    url,
    headers: options.cookie ? { cookie: options.cookie } : {},
    ...(options.ip ? { remoteAddress: options.ip } : {}),
    ...(options.payload ? { payload: options.payload } : {}),
  });

/** The app's code for `secret` now (or `steps` of 30 s away), computed as the staff member's phone would. */
const codeFor = (secret: string, steps = 0) =>
  generateSync({ secret, epoch: Math.floor(clock.now().getTime() / 1000) + steps * 30 });

let sequence = 0;
async function staffAccount(staffRole: 'owner' | 'manager' | 'staff' = 'owner') {
  sequence += 1;
  const user = await createUser(ctx.db, {
    role: 'admin',
    staffRole,
    email: `second-factor${sequence}.${Date.now()}@staff.example.pg`,
    fullName: `Second Factor ${sequence}`,
  });
  return user;
}

const passwordStep = (email: string, password: string) =>
  inject('POST', '/api/auth/admin-login', { payload: { username: email, password } });

async function fullSignIn(email: string, password: string): Promise<string> {
  const response = await passwordStep(email, password);
  expect(response.json().secondFactor, response.body).toBeNull();
  return sessionCookieOf(response);
}

/** Enrols the signed-in (or enrolling) staff member: the secret from the set-up, confirmed with its code. */
async function enrol(cookie: string) {
  const setup = await inject('POST', '/api/auth/second-factor/setup', { cookie });
  expect(setup.statusCode, setup.body).toBe(200);
  const { secret } = setup.json() as { secret: string };
  const confirmed = await inject('POST', '/api/auth/second-factor/confirm', {
    cookie,
    payload: { code: codeFor(secret) },
  });
  expect(confirmed.statusCode, confirmed.body).toBe(200);
  return { secret, confirmed, recoveryCodes: confirmed.json().recoveryCodes as string[] };
}

/** A staff account with a second factor on, signed out again; the next step is the test's. */
async function enrolledStaff(staffRole: 'owner' | 'manager' | 'staff' = 'owner') {
  const user = await staffAccount(staffRole);
  const cookie = await fullSignIn(user.email, user.password);
  const enrolled = await enrol(cookie);
  // The enrolment's code used its step; the next sign-in is a step later.
  clock.advance(30_000);
  return { user, cookie, ...enrolled };
}

async function latestEmail(to: string) {
  const [message] = await ctx.db
    .select()
    .from(emailOutbox)
    .where(eq(emailOutbox.to, to))
    .orderBy(desc(emailOutbox.id))
    .limit(1);
  return message;
}

const whoami = (cookie: string) => inject('GET', '/api/admin/whoami', { cookie });

describe('enrolment', () => {
  it('needs a valid code: a wrong one leaves the factor off, the right one turns it on with 10 recovery codes', async () => {
    const user = await staffAccount();
    const cookie = await fullSignIn(user.email, user.password);
    const setup = await inject('POST', '/api/auth/second-factor/setup', { cookie });
    expect(setup.statusCode, setup.body).toBe(200);
    const { secret, otpauthUrl, qrSvg } = setup.json();
    expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
    expect(otpauthUrl).toContain(`secret=${secret}`);
    expect(qrSvg).toMatch(/^<svg[^>]*xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    // Kept sealed: the database holds no copy of the secret as text.
    const [stored] = await ctx.db.select().from(staffSecondFactors).where(eq(staffSecondFactors.userId, user.id));
    expect(stored?.sealedSecret).not.toContain(secret);

    const wrong = await inject('POST', '/api/auth/second-factor/confirm', {
      cookie,
      payload: { code: codeFor(secret, 5) },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.message).toBe(secondFactorMessages.wrongCode);
    expect((await inject('GET', '/api/admin/me/second-factor', { cookie })).json().enabled).toBe(false);

    const right = await inject('POST', '/api/auth/second-factor/confirm', {
      cookie,
      payload: { code: codeFor(secret) },
    });
    expect(right.statusCode, right.body).toBe(200);
    const codes = right.json().recoveryCodes as string[];
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[a-z2-7]{5}-[a-z2-7]{5}$/);
    const status = (await inject('GET', '/api/admin/me/second-factor', { cookie })).json();
    expect(status).toMatchObject({ enabled: true, recoveryCodesLeft: 10, required: false });
    expect(JSON.stringify(status)).not.toContain(secret);
    // Once on, the secret is never given out again: a new set-up is refused until the factor is off.
    expect((await inject('POST', '/api/auth/second-factor/setup', { cookie })).statusCode).toBe(409);
  });
});

describe('signing in with a second factor', () => {
  it('gives no admin rights for the password alone; the code finishes the sign-in with a new session', async () => {
    const { user, secret } = await enrolledStaff();
    const step = await passwordStep(user.email, user.password);
    expect(step.statusCode).toBe(200);
    expect(step.json()).toMatchObject({ user: null, secondFactor: 'code', redirectTo: '/admin-login/code' });
    const pending = sessionCookieOf(step);
    expect((await whoami(pending)).statusCode).toBe(401);
    expect((await inject('GET', '/api/admin/staff', { cookie: pending })).statusCode).toBe(401);
    expect((await inject('GET', '/api/session', { cookie: pending })).json().user).toBeNull();
    expect((await inject('GET', '/api/auth/second-factor', { cookie: pending })).json()).toMatchObject({
      stage: 'code',
      email: user.email,
    });

    const done = await inject('POST', '/api/auth/second-factor', {
      cookie: pending,
      payload: { code: codeFor(secret) },
    });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({ user: { id: user.id }, redirectTo: '/entry-option', secondFactor: null });
    const full = sessionCookieOf(done);
    expect(full).not.toBe(pending);
    expect((await whoami(full)).statusCode).toBe(200);
    // The pending session ended with the step.
    expect((await whoami(pending)).statusCode).toBe(401);
    expect((await inject('GET', '/api/auth/second-factor', { cookie: pending })).statusCode).toBe(401);
  });

  it('refuses a code used once already, also at the next sign-in within its 30 seconds', async () => {
    const { user, secret } = await enrolledStaff();
    const code = codeFor(secret);
    const first = sessionCookieOf(await passwordStep(user.email, user.password));
    expect((await inject('POST', '/api/auth/second-factor', { cookie: first, payload: { code } })).statusCode).toBe(
      200,
    );
    const second = sessionCookieOf(await passwordStep(user.email, user.password));
    const replay = await inject('POST', '/api/auth/second-factor', { cookie: second, payload: { code } });
    expect(replay.statusCode).toBe(400);
    expect(replay.json().error.message).toBe(secondFactorMessages.wrongCode);
    // The code of the previous step (still within ±1 step) is refused too: it is not newer than the one used.
    const previous = await inject('POST', '/api/auth/second-factor', {
      cookie: second,
      payload: { code: codeFor(secret, -1) },
    });
    expect(previous.statusCode).toBe(400);
    clock.advance(30_000);
    const next = await inject('POST', '/api/auth/second-factor', {
      cookie: second,
      payload: { code: codeFor(secret) },
    });
    expect(next.statusCode, next.body).toBe(200);
  });

  it('accepts a code one step early or late, and not two', async () => {
    const { user, secret } = await enrolledStaff();
    const pending = sessionCookieOf(await passwordStep(user.email, user.password));
    const twoAhead = await inject('POST', '/api/auth/second-factor', {
      cookie: pending,
      payload: { code: codeFor(secret, 2) },
    });
    expect(twoAhead.statusCode).toBe(400);
    const oneAhead = await inject('POST', '/api/auth/second-factor', {
      cookie: pending,
      payload: { code: codeFor(secret, 1) },
    });
    expect(oneAhead.statusCode, oneAhead.body).toBe(200);
  });

  it('answers 429 after the limit of wrong codes, like wrong passwords, even to the right code', async () => {
    const { user, secret } = await enrolledStaff();
    const pending = sessionCookieOf(await passwordStep(user.email, user.password));
    for (let i = 0; i < perAccount; i++) {
      const wrong = await inject('POST', '/api/auth/second-factor', { cookie: pending, payload: { code: '000000' } });
      expect(wrong.statusCode, `try ${i + 1}`).toBe(400);
    }
    const limited = await inject('POST', '/api/auth/second-factor', { cookie: pending, payload: { code: '000000' } });
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.message).toBe(accountMessages.tooManyAttempts);
    const right = await inject('POST', '/api/auth/second-factor', {
      cookie: pending,
      payload: { code: codeFor(secret) },
    });
    expect(right.statusCode).toBe(429);
    // A badly typed code is a 400 naming the field, and never reaches the check.
    const typo = await inject('POST', '/api/auth/second-factor', { cookie: pending, payload: { code: '12ab' } });
    expect([400, 429]).toContain(typo.statusCode);
  });

  it('takes a recovery code once: it is used up, and a second use is refused', async () => {
    const { user, recoveryCodes } = await enrolledStaff();
    const recovery = recoveryCodes[3] ?? '';
    const first = sessionCookieOf(await passwordStep(user.email, user.password));
    // Typed in capitals and without the dash, it still counts.
    const used = await inject('POST', '/api/auth/second-factor', {
      cookie: first,
      payload: { code: recovery.replace('-', '').toUpperCase() },
    });
    expect(used.statusCode, used.body).toBe(200);
    const full = sessionCookieOf(used);
    expect((await inject('GET', '/api/admin/me/second-factor', { cookie: full })).json().recoveryCodesLeft).toBe(9);

    const second = sessionCookieOf(await passwordStep(user.email, user.password));
    const again = await inject('POST', '/api/auth/second-factor', { cookie: second, payload: { code: recovery } });
    expect(again.statusCode).toBe(400);
  });

  it('lets the pending step expire: after its 5 minutes the code is refused and the password is needed again', async () => {
    const { user, secret } = await enrolledStaff();
    const response = await passwordStep(user.email, user.password);
    const pending = sessionCookieOf(response);
    const [row] = await ctx.db
      .select()
      .from(sessions)
      .where(and(eq(sessions.userId, user.id), isNotNull(sessions.stage)));
    expect(row).toBeDefined();
    const lifetime = (row?.expiresAt.getTime() ?? 0) - (row?.createdAt.getTime() ?? 0);
    expect(lifetime).toBe(5 * 60_000);
    await ctx.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.id, row?.id ?? ''));
    const late = await inject('POST', '/api/auth/second-factor', {
      cookie: pending,
      payload: { code: codeFor(secret) },
    });
    expect(late.statusCode).toBe(401);
  });

  it('keeps sessions from before the factor working', async () => {
    const { cookie } = await enrolledStaff();
    expect((await whoami(cookie)).statusCode).toBe(200);
  });
});

describe('the owner’s rule and reset', () => {
  it('requires a second factor of everyone: without one, the password leads only to enrolment', async () => {
    const owner = await enrolledStaff();
    const ownerCookie = owner.cookie;
    // Another owner without a factor cannot turn the rule on: they would lock themselves out.
    const bareOwner = await staffAccount('owner');
    const bareCookie = await fullSignIn(bareOwner.email, bareOwner.password);
    const refused = await inject('PUT', '/api/admin/settings/security', {
      cookie: bareCookie,
      payload: { requireStaffSecondFactor: true },
    });
    expect(refused.statusCode).toBe(409);
    const manager = await signedInStaff(ctx, 'manager');
    const notAllowed = await inject('PUT', '/api/admin/settings/security', {
      cookie: manager.cookie,
      payload: { requireStaffSecondFactor: true },
    });
    expect(notAllowed.statusCode).toBe(403);

    const staff = await staffAccount('staff');
    const before = await fullSignIn(staff.email, staff.password);
    const saved = await inject('PUT', '/api/admin/settings/security', {
      cookie: ownerCookie,
      payload: { requireStaffSecondFactor: true },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    try {
      const [entry] = await ctx.db
        .select()
        .from(activityLog)
        .where(eq(activityLog.action, 'settings.staff-second-factor'))
        .orderBy(desc(activityLog.id))
        .limit(1);
      expect(entry?.after).toEqual({ requireStaffSecondFactor: true });
      // A session from before the rule keeps working.
      expect((await whoami(before)).statusCode).toBe(200);

      const step = await passwordStep(staff.email, staff.password);
      expect(step.json()).toMatchObject({ user: null, secondFactor: 'enrol', redirectTo: '/admin-login/set-up' });
      const enrolling = sessionCookieOf(step);
      expect((await whoami(enrolling)).statusCode).toBe(401);
      expect((await inject('GET', '/api/admin/orders', { cookie: enrolling })).statusCode).toBe(401);
      expect((await inject('GET', '/api/auth/second-factor', { cookie: enrolling })).json().stage).toBe('enrol');

      const { confirmed } = await enrol(enrolling);
      expect(confirmed.json().redirectTo).toBe('/entry-option');
      const full = sessionCookieOf(confirmed);
      expect((await whoami(full)).statusCode).toBe(200);
      expect((await whoami(enrolling)).statusCode).toBe(401);

      // Turning it off is refused while the owner requires it.
      clock.advance(30_000);
      const off = await inject('POST', '/api/admin/me/second-factor/disable', {
        cookie: full,
        payload: { password: staff.password, code: '123456' },
      });
      expect(off.statusCode).toBe(409);
      expect(off.json().error.message).toBe(secondFactorMessages.requiredByOwner);
    } finally {
      await inject('PUT', '/api/admin/settings/security', {
        cookie: ownerCookie,
        payload: { requireStaffSecondFactor: false },
      });
    }
  });

  it('lets the owner reset a staff member’s factor (a lost phone), in the activity log and e-mailed', async () => {
    const owner = await enrolledStaff();
    const staff = await enrolledStaff('staff');
    const listed = (await inject('GET', '/api/admin/staff', { cookie: owner.cookie })).json().staff;
    expect(listed.find((member: { id: number }) => member.id === staff.user.id)?.secondFactor).toBe(true);
    // A staff member may not reset anyone's factor.
    const byStaff = await inject('POST', `/api/admin/staff/${owner.user.id}/second-factor/reset`, {
      cookie: staff.cookie,
    });
    expect(byStaff.statusCode).toBe(403);

    const reset = await inject('POST', `/api/admin/staff/${staff.user.id}/second-factor/reset`, {
      cookie: owner.cookie,
    });
    expect(reset.statusCode, reset.body).toBe(200);
    const [entry] = await ctx.db
      .select()
      .from(activityLog)
      .where(and(eq(activityLog.action, 'staff.second-factor-reset'), eq(activityLog.entityId, String(staff.user.id))));
    expect(entry).toMatchObject({ actorUserId: owner.user.id });
    const mail = await latestEmail(staff.user.email);
    expect(mail?.subject).toBe('Your Bilum admin second factor was reset by the owner');
    expect(mail?.text).toContain(owner.user.fullName);
    // The password alone signs in again; resetting twice is a conflict.
    await fullSignIn(staff.user.email, staff.user.password);
    const twice = await inject('POST', `/api/admin/staff/${staff.user.id}/second-factor/reset`, {
      cookie: owner.cookie,
    });
    expect(twice.statusCode).toBe(409);
  });
});

describe('changing one’s own second factor', () => {
  it('makes new recovery codes only with a code; the old ones stop working', async () => {
    const { user, cookie, secret, recoveryCodes } = await enrolledStaff();
    const wrong = await inject('POST', '/api/admin/me/second-factor/recovery-codes', {
      cookie,
      payload: { code: codeFor(secret, 3) },
    });
    expect(wrong.statusCode).toBe(400);
    const made = await inject('POST', '/api/admin/me/second-factor/recovery-codes', {
      cookie,
      payload: { code: codeFor(secret) },
    });
    expect(made.statusCode, made.body).toBe(200);
    const fresh = made.json().recoveryCodes as string[];
    expect(fresh).toHaveLength(10);
    expect(fresh).not.toContain(recoveryCodes[0]);
    const pending = sessionCookieOf(await passwordStep(user.email, user.password));
    const old = await inject('POST', '/api/auth/second-factor', {
      cookie: pending,
      payload: { code: recoveryCodes[0] },
    });
    expect(old.statusCode).toBe(400);
    const current = await inject('POST', '/api/auth/second-factor', { cookie: pending, payload: { code: fresh[0] } });
    expect(current.statusCode).toBe(200);
  });

  it('turns the factor off only with the password and a code', async () => {
    const { user, cookie, secret } = await enrolledStaff();
    const wrongPassword = await inject('POST', '/api/admin/me/second-factor/disable', {
      cookie,
      payload: { password: 'not-the-password', code: codeFor(secret) },
    });
    expect(wrongPassword.statusCode).toBe(400);
    expect(wrongPassword.json().error.message).toBe(secondFactorMessages.wrongPassword);
    const wrongCode = await inject('POST', '/api/admin/me/second-factor/disable', {
      cookie,
      payload: { password: user.password, code: codeFor(secret, 4) },
    });
    expect(wrongCode.statusCode).toBe(400);
    const off = await inject('POST', '/api/admin/me/second-factor/disable', {
      cookie,
      payload: { password: user.password, code: codeFor(secret) },
    });
    expect(off.statusCode, off.body).toBe(200);
    expect((await inject('GET', '/api/admin/me/second-factor', { cookie })).json().enabled).toBe(false);
    await fullSignIn(user.email, user.password);
  });
});

describe('a staff member’s own password change', () => {
  it('answers 429 after the limit of wrong current passwords, as a sign-in does', async () => {
    const user = await staffAccount('staff');
    const cookie = await fullSignIn(user.email, user.password);
    const change = (currentPassword: string) =>
      inject('POST', '/api/admin/me/password', {
        cookie,
        payload: { currentPassword, newPassword: 'a-brand-new-password-77' },
      });
    for (let i = 0; i < perAccount; i++) expect((await change(`wrong-${i}`)).statusCode, `try ${i + 1}`).toBe(400);
    const limited = await change('wrong-again');
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.message).toBe(accountMessages.tooManyAttempts);
    // The same counters as the sign-in: the password step from this address is refused as well.
    expect((await passwordStep(user.email, 'wrong-at-sign-in')).statusCode).toBe(429);
    // From another address the owner of the account can still change it (never locked out).
    const elsewhere = await inject('POST', '/api/admin/me/password', {
      cookie,
      ip: '10.9.8.7',
      payload: { currentPassword: user.password, newPassword: 'a-brand-new-password-77' },
    });
    expect(elsewhere.statusCode, elsewhere.body).toBe(200);
  });
});

describe('notice e-mails', () => {
  it('are written to the outbox for every password and second-factor change, without any secret', async () => {
    const user = await staffAccount('owner');
    const cookie = await fullSignIn(user.email, user.password);
    const subjects: string[] = [];
    const expectNotice = async (subject: string, secrets: string[] = []) => {
      const mail = await latestEmail(user.email);
      expect(mail?.subject).toBe(subject);
      expect(mail?.text).toMatch(/When: .+\(Port Moresby time\)/);
      expect(mail?.text).toContain('If it was not you');
      for (const secret of secrets) expect(mail?.text).not.toContain(secret);
      subjects.push(subject);
    };

    const { secret, recoveryCodes } = await enrol(cookie);
    await expectNotice('Second factor turned on for your Bilum admin account', [secret, ...recoveryCodes]);
    clock.advance(30_000);
    const regenerated = await inject('POST', '/api/admin/me/second-factor/recovery-codes', {
      cookie,
      payload: { code: codeFor(secret) },
    });
    await expectNotice('New recovery codes for your Bilum admin account', regenerated.json().recoveryCodes);
    clock.advance(30_000);
    await inject('POST', '/api/admin/me/second-factor/disable', {
      cookie,
      payload: { password: user.password, code: codeFor(secret) },
    });
    await expectNotice('Second factor turned off for your Bilum admin account', [secret]);
    const newPassword = 'another-staff-password-31';
    const changed = await inject('POST', '/api/admin/me/password', {
      cookie,
      payload: { currentPassword: user.password, newPassword },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    await expectNotice('Your Bilum admin password was changed', [newPassword, user.password]);
    expect(subjects).toHaveLength(4);
  });

  it('tell a staff member whose password a new set-password link changed, and not a new member setting a first one', async () => {
    const owner = await staffAccount('owner');
    const ownerCookie = await fullSignIn(owner.email, owner.password);
    const email = `relinked.${Date.now()}@staff.example.pg`;
    const inviteAndAccept = async (password: string) => {
      const invited = await inject('POST', '/api/admin/staff', {
        cookie: ownerCookie,
        payload: { email, fullName: 'Relinked Member', role: 'staff' },
      });
      expect(invited.statusCode, invited.body).toBe(201);
      const token = /staff-invite\?token=([\w-]+)/.exec((await latestEmail(email))?.text ?? '')?.[1];
      const accepted = await inject('POST', '/api/auth/staff-invite', { payload: { token, password } });
      expect(accepted.statusCode, accepted.body).toBe(200);
    };
    await inviteAndAccept('first-password-of-member-1');
    expect((await latestEmail(email))?.subject).toBe('You are invited to the Bilum shop admin');
    await inviteAndAccept('second-password-of-member-2');
    const notice = await latestEmail(email);
    expect(notice?.subject).toBe('Your Bilum admin password was changed');
    expect(notice?.text).not.toContain('second-password-of-member-2');
  });
});

describe('the shoppers’ sign-in', () => {
  it('answers a staff password at the shoppers’ sign-in as a wrong one: the second factor cannot be walked round', async () => {
    const { user } = await enrolledStaff();

    const response = await inject('POST', '/api/auth/login', {
      payload: { email: user.email, password: user.password },
    });

    expect(response.statusCode).toBe(401);
    expect(response.json().error.message).toBe(accountMessages.loginFailed);
    expect(response.headers['set-cookie']).toBeUndefined();
  });
});
