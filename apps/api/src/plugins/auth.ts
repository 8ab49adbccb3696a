import fastifyCookie from '@fastify/cookie';
import { accountMessages, type SessionUser } from '@bilum/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../errors';
import { type SessionService, type SessionStage, sessionLifetimes } from '../modules/auth/session.service';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user from the session cookie, or null (set for every /api request). */
    user: SessionUser | null;
    /** The id (token hash) of the request's session, or null. */
    sessionId: string | null;
    /** A session cookie came with the request but its session is unknown or expired. */
    sessionEnded: boolean;
    /**
     * Issue 28: a staff sign-in whose password was right and whose second step (code or enrolment) is not done.
     * Such a request has no `user`: it reaches only the second-factor routes.
     */
    pendingSignIn: PendingSignInState | null;
  }
}

export interface PendingSignInState {
  user: SessionUser;
  stage: SessionStage;
  expiresAt: Date;
}

/** Tokens are 43 characters of base64url; anything much longer is not ours and is not hashed. */
const maxTokenLength = 100;

export interface SessionCookie {
  name: string;
  read(request: FastifyRequest): string | undefined;
  set(reply: FastifyReply, token: string): void;
  clear(reply: FastifyReply): void;
}

/**
 * `bilum_session`, HttpOnly, SameSite=Lax, Path=/; over https it is Secure and named `__Host-bilum_session`,
 * which browsers accept only from this host, over https, for the whole site.
 */
export function sessionCookie(publicUrl: string | undefined): SessionCookie {
  const secure = (publicUrl ?? '').startsWith('https://');
  const name = secure ? '__Host-bilum_session' : 'bilum_session';
  const options = { httpOnly: true, sameSite: 'lax', secure, path: '/' } as const;
  return {
    name,
    read: (request) => request.cookies[name],
    set: (reply, token) =>
      void reply.setCookie(name, token, { ...options, maxAge: Math.floor(sessionLifetimes.absoluteMs / 1000) }),
    clear: (reply) => void reply.clearCookie(name, options),
  };
}

/** Reads the session cookie on every API request and sets `request.user`. */
export async function registerAuth(app: FastifyInstance, deps: { sessions: SessionService; cookie: SessionCookie }) {
  await app.register(fastifyCookie);
  app.decorateRequest('user', null);
  app.decorateRequest('sessionId', null);
  app.decorateRequest('sessionEnded', false);
  app.decorateRequest('pendingSignIn', null);

  app.addHook('onRequest', async (request, reply) => {
    if (!request.url.startsWith('/api/')) return;
    const token = deps.cookie.read(request);
    if (!token) return;
    const resolved = token.length <= maxTokenLength ? await deps.sessions.resolve(token) : null;
    if (!resolved) {
      request.sessionEnded = true;
      deps.cookie.clear(reply);
      return;
    }
    request.sessionId = resolved.sessionId;
    if (resolved.stage) {
      request.pendingSignIn = { user: resolved.user, stage: resolved.stage, expiresAt: resolved.expiresAt };
      return;
    }
    request.user = resolved.user;
  });
}

function unauthenticated(request: FastifyRequest): AppError {
  return request.sessionEnded
    ? new AppError('UNAUTHENTICATED', accountMessages.sessionInvalid, { reason: 'session-ended' })
    : new AppError('UNAUTHENTICATED', accountMessages.signInRequired, { reason: 'signed-out' });
}

/**
 * Route hook: 401 without a valid session. Use it as `onRequest`, so a caller who is not signed in is refused
 * before the body is parsed or validated and learns nothing from validation errors.
 */
export async function requireUser(request: FastifyRequest): Promise<void> {
  if (!request.user) throw unauthenticated(request);
}

/** Route hook (`onRequest`, like requireUser): 401 without a valid session, 403 for a signed-in shopper. */
export async function requireAdmin(request: FastifyRequest): Promise<void> {
  if (!request.user) throw unauthenticated(request);
  if (request.user.role !== 'admin') throw new AppError('FORBIDDEN', accountMessages.notAdmin);
}

/** The signed-in user in a handler behind `requireUser` or `requireAdmin`. */
export function signedInUser(request: FastifyRequest): SessionUser {
  if (!request.user) throw unauthenticated(request);
  return request.user;
}
