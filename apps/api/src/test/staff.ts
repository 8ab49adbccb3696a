import type { StaffRole } from '@bilum/shared';
import { generateSync } from 'otplib';
import type { SignedIn } from './accounts';
import { createUser, sessionCookieOf } from './accounts';
import type { TestContext } from './test-app';

let sequence = 0;

/** A new staff account with `role`, signed in through the admin sign-in (issue 21). */
export async function signedInStaff(ctx: TestContext, role: StaffRole): Promise<SignedIn> {
  sequence += 1;
  const user = await createUser(ctx.db, {
    role: 'admin',
    staffRole: role,
    email: `${role}${sequence}.${Date.now()}@staff.example.pg`,
    fullName: `Test ${role} ${sequence}`,
  });
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/api/auth/admin-login',
    payload: { username: user.email, password: user.password },
  });
  return {
    user: { id: user.id, email: user.email, fullName: user.fullName, role: 'admin', staffRole: role },
    cookie: sessionCookieOf(response),
  };
}

/** Creates an API key with `scopes` as the owner (cookie) and returns the key itself. */
export async function createApiKey(ctx: TestContext, ownerCookie: string, scopes: string[], name = 'Test key') {
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/api/admin/api-keys',
    headers: { cookie: ownerCookie },
    payload: { name, scopes },
  });
  if (response.statusCode !== 201) throw new Error(`API key not created: ${response.statusCode} ${response.body}`);
  const body = response.json() as { key: string; apiKey: { id: number } };
  return { key: body.key, id: body.apiKey.id };
}

/**
 * Turns on a second factor for the staff member signed in with `cookie` (issue 28), as the account page does: the
 * secret from the set-up, confirmed with its code at `now`. `codeAt(steps)` is the code `steps` x 30 s later.
 */
export async function enrolSecondFactor(ctx: TestContext, cookie: string, now: () => Date = () => new Date()) {
  const setup = await ctx.app.inject({ method: 'POST', url: '/api/auth/second-factor/setup', headers: { cookie } });
  if (setup.statusCode !== 200) throw new Error(`set-up refused: ${setup.statusCode} ${setup.body}`);
  const { secret } = setup.json() as { secret: string };
  const codeAt = (steps = 0) => generateSync({ secret, epoch: Math.floor(now().getTime() / 1000) + steps * 30 });
  const confirmed = await ctx.app.inject({
    method: 'POST',
    url: '/api/auth/second-factor/confirm',
    headers: { cookie },
    payload: { code: codeAt() },
  });
  if (confirmed.statusCode !== 200) throw new Error(`enrolment refused: ${confirmed.statusCode} ${confirmed.body}`);
  return { secret, codeAt, recoveryCodes: (confirmed.json() as { recoveryCodes: string[] }).recoveryCodes };
}
