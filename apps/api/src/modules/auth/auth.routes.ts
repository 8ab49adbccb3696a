import {
  accountMessages,
  adminLoginSchema,
  adminSignInSchema,
  forgotPasswordSchema,
  type Locale,
  loginSchema,
  messageSchema,
  registerSchema,
  resetWithCodeSchema,
  resetWithTokenSchema,
  safeReturnUrl,
  sessionStateSchema,
  sessionUserSchema,
  signedInSchema,
  verifyCodeSchema,
} from '@bilum/shared';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AuthLimitsConfig } from '../../config';
import { type SessionCookie, signedInUser } from '../../plugins/auth';
import { requestLocale } from '../../plugins/page-language';
import { requireStaffPermission } from '../admin/admin-guard';
import { byAccountField, byAddress, type RateLimitRule, rateLimiter } from '../../plugins/rate-limit';
import { type MembershipService, noMembership } from '../membership/membership.service';
import type { AuthService, SignInResult } from './auth.service';
import type { PasswordResetService } from './password-reset.service';
import { accountRules, passwordGuessRules } from './password-guess-limits';

export interface AuthRouteDeps {
  auth: AuthService;
  resets: PasswordResetService;
  membership: MembershipService;
  cookie: SessionCookie;
  limits: AuthLimitsConfig;
  /** The shop's address (shopUrl in config.ts): a sign-in's returnUrl must be on its origin. */
  shopUrl: string;
}

/** Where each kind of sign-in goes next (storefront.md 4; checkout-and-admin.md admin login). */
const afterRegister = '/membership-choice';
const afterAdminLogin = '/entry-option';
/** Issue 28: the pages of a staff sign-in's second step. */
export const adminSignInSteps = { code: '/admin-login/code', enrol: '/admin-login/set-up' } as const;
export { afterAdminLogin };

/**
 * Per address, and per account: an address that passes `perAccount` tries for one account is refused for it, while
 * the account itself is only slowed down past that from anywhere, so a stranger can never lock its owner out of
 * a reset or a code check (issue 16, finding 4). `countsOnly` counts only the answers that failed (a wrong code),
 * so the owner's right code uses no limit up.
 */
function limitsFor(
  app: FastifyInstance,
  action: string,
  limits: AuthLimitsConfig,
  accountField: string | null,
  countsOnly?: (statusCode: number) => boolean,
) {
  const rules: RateLimitRule[] = [
    { name: `${action}:ip`, max: limits.perIp, windowMs: limits.windowMs, key: byAddress },
  ];
  if (accountField) rules.push(...accountRules(action, limits, byAccountField(accountField), countsOnly));
  return rateLimiter(app, rules);
}

/**
 * Sign-in (shopper and admin): all tries per address, and wrong passwords (401) per account and address and per
 * account, shared by every door that checks a password (password-guess-limits.ts).
 */
function signInLimits(app: FastifyInstance, action: string, limits: AuthLimitsConfig, accountField: string) {
  return rateLimiter(app, [
    { name: `${action}:ip`, max: limits.perIp, windowMs: limits.windowMs, key: byAddress },
    ...passwordGuessRules(limits, byAccountField(accountField), 401),
  ]);
}

const tags = ['accounts'];

export function authRoutes({
  auth,
  resets,
  membership,
  cookie,
  limits,
  shopUrl,
}: AuthRouteDeps): FastifyPluginAsyncZod {
  return async (app) => {
    // Checking a code and resetting with it count against the same limits.
    const codeCheckLimits = limitsFor(app, 'code-check', limits, 'email', (status) => status === 400);
    /** The session cookie of a new sign-in, and the answer: who signed in and where to go next. */
    const signedIn = (reply: FastifyReply, { user, token }: SignInResult, redirectTo: string) => {
      cookie.set(reply, token);
      return { user, redirectTo };
    };

    app.get(
      '/session',
      {
        schema: {
          tags,
          summary: 'Who is signed in and their membership (the spec’s get_membership_status), from the session cookie',
          response: { 200: sessionStateSchema },
        },
      },
      async (request) => {
        if (!request.user) return { user: null, membership: noMembership };
        return { user: request.user, membership: await membership.getState(request.user.id) };
      },
    );

    app.post(
      '/auth/register',
      {
        schema: {
          tags,
          summary: 'Create a shopper account (the spec’s register) and sign it in',
          body: registerSchema,
          response: { 201: signedInSchema },
        },
        preHandler: limitsFor(app, 'register', limits, 'email'),
      },
      async (request, reply) => {
        const result = await auth.register(request.body, request.sessionId);
        return reply.status(201).send(signedIn(reply, result, afterRegister));
      },
    );

    app.post(
      '/auth/login',
      {
        schema: {
          tags,
          summary: 'Sign in (the spec’s login); answers the safe page to open next',
          body: loginSchema,
          response: { 200: signedInSchema },
        },
        preHandler: signInLimits(app, 'sign-in', limits, 'email'),
      },
      async (request, reply) => {
        const result = await auth.login(request.body, request.sessionId);
        return signedIn(reply, result, safeReturnUrl(request.body.returnUrl, undefined, shopUrl));
      },
    );

    app.post(
      '/auth/admin-login',
      {
        schema: {
          tags,
          summary:
            'Administrator sign-in with username and password; with a second factor (or one required by the owner) the answer asks for the next step and no user is signed in yet',
          body: adminLoginSchema,
          response: { 200: adminSignInSchema },
        },
        preHandler: signInLimits(app, 'admin-sign-in', limits, 'username'),
      },
      async (request, reply) => {
        const result = await auth.adminLogin(request.body, request.sessionId);
        if (!result.stage) return { ...signedIn(reply, result, afterAdminLogin), secondFactor: null };
        cookie.set(reply, result.token);
        return {
          user: null,
          redirectTo: result.stage === 'enrol' ? adminSignInSteps.enrol : adminSignInSteps.code,
          secondFactor: result.stage === 'enrol' ? ('enrol' as const) : ('code' as const),
        };
      },
    );

    app.post(
      '/auth/logout',
      {
        schema: { tags, summary: 'Sign out: ends the session on the server', response: { 200: messageSchema } },
      },
      async (request, reply) => {
        await auth.logout(request.sessionId);
        cookie.clear(reply);
        return { message: accountMessages.loggedOut };
      },
    );

    app.post(
      '/auth/forgot-password',
      {
        schema: {
          tags,
          summary: 'E-mail a reset code and link (the spec’s forgot_password); the same answer for any e-mail',
          body: forgotPasswordSchema,
          response: { 202: messageSchema },
        },
        preHandler: limitsFor(app, 'forgot-password', limits, 'email'),
      },
      async (request, reply) => {
        // The e-mail in the language the shopper reads the shop in (issue 31).
        await resets.requestReset(request.body.email, requestLocale(request));
        return reply.status(202).send({ message: accountMessages.forgotSent });
      },
    );

    /** A POST that checks its body, runs one password-reset step and answers with a fixed message. */
    const resetStep = <Body extends z.ZodType>(
      path: string,
      route: { summary: string; body: Body; preHandler: ReturnType<typeof limitsFor>; message: string },
      step: (body: z.infer<Body>, locale: Locale) => Promise<unknown>,
    ) =>
      app.post(
        path,
        {
          schema: { tags, summary: route.summary, body: route.body, response: { 200: messageSchema } },
          preHandler: route.preHandler,
        },
        async (request) => {
          await step(request.body as z.infer<Body>, requestLocale(request));
          return { message: route.message };
        },
      );

    resetStep(
      '/auth/verify-code',
      {
        summary: 'Check an e-mailed reset code (the spec’s verify_otp)',
        body: verifyCodeSchema,
        preHandler: codeCheckLimits,
        message: accountMessages.codeVerified,
      },
      (body) => resets.verifyCode(body.email, body.code),
    );

    resetStep(
      '/auth/reset-password/code',
      {
        summary: 'Set a new password with the e-mailed code (the spec’s reset_password); ends every session',
        body: resetWithCodeSchema,
        preHandler: codeCheckLimits,
        message: accountMessages.passwordReset,
      },
      (body, locale) => resets.resetWithCode(body.email, body.code, body.password, locale),
    );

    resetStep(
      '/auth/reset-password/token',
      {
        summary: 'Set a new password with the e-mailed link (the spec’s reset_password_confirm); ends every session',
        body: resetWithTokenSchema,
        preHandler: limitsFor(app, 'reset-link', limits, null),
        message: accountMessages.passwordReset,
      },
      (body, locale) => resets.resetWithToken(body.token, body.password, locale),
    );

    app.get(
      '/admin/whoami',
      {
        schema: {
          tags: ['admin'],
          summary: 'The signed-in staff member, with their role and permissions (admin pages check access with it)',
          response: { 200: z.object({ user: sessionUserSchema }) },
        },
        config: { anyStaff: true },
        onRequest: requireStaffPermission,
      },
      async (request) => ({ user: signedInUser(request) }),
    );
  };
}
