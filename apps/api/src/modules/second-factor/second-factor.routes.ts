import {
  adminSignInSchema,
  disableSecondFactorSchema,
  messageSchema,
  pendingSignInSchema,
  recoveryCodesSchema,
  secondFactorMessages,
  secondFactorSetupSchema,
  secondFactorSignInSchema,
  secondFactorStatusSchema,
  staffIdParamsSchema,
  staffSecuritySettingsSchema,
  totpCodeSchema,
} from '@bilum/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AuthLimitsConfig } from '../../config';
import { type SessionCookie, signedInUser } from '../../plugins/auth';
import { byAddress, rateLimiter } from '../../plugins/rate-limit';
import { AppError } from '../../errors';
import { guardAdminRoutes } from '../admin/admin-guard';
import { callerOf } from '../audit/audit.service';
import { afterAdminLogin } from '../auth/auth.routes';
import type { AuthService } from '../auth/auth.service';
import { accountRules, passwordGuessRules } from '../auth/password-guess-limits';
import type { SecondFactorService, StaffAccount } from './second-factor.service';

/** The staff member whose code a request checks: the signed-in one, or the one half-way through signing in. */
const accountOf = (request: FastifyRequest): string | null =>
  request.user?.email ?? request.pendingSignIn?.user.email ?? null;

/**
 * Wrong codes are limited like wrong passwords (password-guess-limits.ts, the one `rateLimiter`): per address for
 * all tries, per account and address refused past `perAccount` wrong codes, per account only slowed down.
 */
function codeLimits(app: FastifyInstance, limits: AuthLimitsConfig) {
  return rateLimiter(app, [
    { name: 'second-factor:ip', max: limits.perIp, windowMs: limits.windowMs, key: byAddress },
    ...accountRules('second-factor', limits, accountOf, (status) => status === 400),
  ]);
}

function pendingExpired(): AppError {
  return new AppError('UNAUTHENTICATED', secondFactorMessages.pendingExpired, { reason: 'session-ended' });
}

/** Who may enrol: a signed-in staff member, or one the owner's rule sent to enrolment right after the password. */
function enrollingAccount(request: FastifyRequest): { account: StaffAccount; atSignIn: boolean } {
  if (request.user) {
    if (request.user.role !== 'admin') throw new AppError('FORBIDDEN', 'Only staff accounts have a second factor.');
    return { account: request.user, atSignIn: false };
  }
  if (request.pendingSignIn?.stage === 'enrol') return { account: request.pendingSignIn.user, atSignIn: true };
  throw pendingExpired();
}

const tags = ['accounts'];

/** The second step of a staff sign-in, and enrolment (issue 28, decision 027). */
export function secondFactorSignInRoutes(deps: {
  secondFactor: SecondFactorService;
  auth: AuthService;
  cookie: SessionCookie;
  limits: AuthLimitsConfig;
}): FastifyPluginAsyncZod {
  const { secondFactor, auth, cookie, limits } = deps;
  return async (app) => {
    app.get(
      '/auth/second-factor',
      {
        schema: {
          tags,
          summary: 'The staff sign-in waiting for its second step: the code, or enrolment first (401 when none)',
          response: { 200: pendingSignInSchema },
        },
      },
      async (request) => {
        const pending = request.pendingSignIn;
        if (!pending) throw pendingExpired();
        return {
          stage: pending.stage === 'enrol' ? ('enrol' as const) : ('code' as const),
          email: pending.user.email,
          expiresAt: pending.expiresAt.toISOString(),
        };
      },
    );

    app.post(
      '/auth/second-factor',
      {
        schema: {
          tags,
          summary:
            'Finish a staff sign-in with the authenticator code or a recovery code (used up); the session becomes a full one with a new id',
          body: secondFactorSignInSchema,
          response: { 200: adminSignInSchema },
        },
        onRequest: async (request) => {
          if (request.pendingSignIn?.stage !== 'second-factor' || !request.sessionId) throw pendingExpired();
        },
        preHandler: codeLimits(app, limits),
      },
      async (request, reply) => {
        const pending = request.pendingSignIn;
        if (!pending || !request.sessionId) throw pendingExpired();
        await secondFactor.verifySignIn(pending.user.id, request.body.code);
        const result = await auth.completeSecondStep(pending.user, request.sessionId);
        cookie.set(reply, result.token);
        return { user: result.user, redirectTo: afterAdminLogin, secondFactor: null };
      },
    );

    app.post(
      '/auth/second-factor/setup',
      {
        schema: {
          tags,
          summary:
            'Start setting up a second factor: a new secret with its QR code (SVG drawn by the server); works until a code confirms it',
          response: { 200: secondFactorSetupSchema },
        },
      },
      async (request) => secondFactor.startSetup(enrollingAccount(request).account),
    );

    app.post(
      '/auth/second-factor/confirm',
      {
        schema: {
          tags,
          summary:
            'Confirm the set-up with a code from the app: the factor is on and the 10 recovery codes are in this answer only',
          body: totpCodeSchema,
          response: { 200: recoveryCodesSchema },
        },
        onRequest: async (request) => void enrollingAccount(request),
        preHandler: codeLimits(app, limits),
      },
      async (request, reply) => {
        const { account, atSignIn } = enrollingAccount(request);
        const recoveryCodes = await secondFactor.confirmSetup(account, request.body.code);
        let redirectTo: string | null = null;
        if (atSignIn && request.pendingSignIn && request.sessionId) {
          const result = await auth.completeSecondStep(request.pendingSignIn.user, request.sessionId);
          cookie.set(reply, result.token);
          redirectTo = afterAdminLogin;
        }
        return { recoveryCodes, message: secondFactorMessages.enrolled, redirectTo };
      },
    );
  };
}

/** A staff member's own second factor, the owner's reset, and the owner's rule (issue 28). */
export function secondFactorAdminRoutes(deps: {
  secondFactor: SecondFactorService;
  limits: AuthLimitsConfig;
}): FastifyPluginAsyncZod {
  const { secondFactor, limits } = deps;
  return async (app) => {
    guardAdminRoutes(app);

    app.get(
      '/admin/me/second-factor',
      {
        config: { anyStaff: true },
        schema: {
          tags: ['staff'],
          summary: 'Your second factor: on or off, whether the owner requires it, recovery codes left',
          response: { 200: secondFactorStatusSchema },
        },
      },
      async (request) => secondFactor.status(signedInUser(request).id),
    );

    app.post(
      '/admin/me/second-factor/recovery-codes',
      {
        config: { anyStaff: true },
        schema: {
          tags: ['staff'],
          summary: 'New recovery codes with a code from the app; the old ones stop working',
          body: totpCodeSchema,
          response: { 200: recoveryCodesSchema },
        },
        preHandler: codeLimits(app, limits),
      },
      async (request) => ({
        recoveryCodes: await secondFactor.regenerateRecoveryCodes(signedInUser(request), request.body.code),
        message: secondFactorMessages.regenerated,
        redirectTo: null,
      }),
    );

    app.post(
      '/admin/me/second-factor/disable',
      {
        config: { anyStaff: true },
        schema: {
          tags: ['staff'],
          summary: 'Turn your second factor off with your password and a code (409 when the owner requires one)',
          body: disableSecondFactorSchema,
          response: { 200: messageSchema },
        },
        // A wrong password here is a password guess, a wrong code a code guess: both counted.
        preHandler: rateLimiter(app, [
          ...passwordGuessRules(limits, accountOf, 400),
          ...accountRules('second-factor', limits, accountOf, (status) => status === 400),
        ]),
      },
      async (request) => {
        await secondFactor.disable(signedInUser(request), request.body.password, request.body.code);
        return { message: secondFactorMessages.turnedOff };
      },
    );

    app.post(
      '/admin/staff/:id/second-factor/reset',
      {
        config: { permission: 'staff' },
        schema: {
          tags: ['staff'],
          summary: 'Turn off a staff member’s second factor (a lost phone); in the activity log, and they are e-mailed',
          params: staffIdParamsSchema,
          response: { 200: messageSchema },
        },
      },
      async (request) => {
        await secondFactor.resetByOwner(callerOf(request), request.params.id);
        return { message: secondFactorMessages.reset };
      },
    );

    app.get(
      '/admin/settings/security',
      {
        config: { permission: 'staff' },
        schema: {
          tags: ['staff'],
          summary: 'Whether every staff account must have a second factor',
          response: { 200: staffSecuritySettingsSchema },
        },
      },
      async () => secondFactor.readSettings(),
    );

    app.put(
      '/admin/settings/security',
      {
        config: { permission: 'staff' },
        schema: {
          tags: ['staff'],
          summary:
            'Require a second factor of every staff account (from their next sign-in); needs your own factor first',
          body: staffSecuritySettingsSchema,
          response: { 200: staffSecuritySettingsSchema },
        },
      },
      async (request) => secondFactor.saveSettings(callerOf(request), request.body.requireStaffSecondFactor),
    );
  };
}
