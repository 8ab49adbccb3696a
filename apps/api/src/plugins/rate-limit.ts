import fastifyRateLimit from '@fastify/rate-limit';
import { accountMessages } from '@bilum/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../errors';

/**
 * @fastify/rate-limit without a global limit: routes opt in with `rateLimiter(...)`. Counters live in this app
 * instance's memory (so test apps never share them); several instances would need a shared store.
 */
export async function registerRateLimit(app: FastifyInstance) {
  await app.register(fastifyRateLimit, { global: false });
}

export interface RateLimitRule {
  /** Keeps the counters of different actions apart, e.g. "sign-in:ip". */
  name: string;
  max: number;
  windowMs: number;
  /** What to count by; null skips this rule for the request (e.g. no e-mail in the body). */
  key(request: FastifyRequest): string | null;
}

/**
 * A route preHandler that applies every rule in turn (e.g. per address and per account) and answers 429 in the
 * one error shape, with Retry-After, when any of them is exceeded.
 */
export function rateLimiter(app: FastifyInstance, rules: RateLimitRule[]) {
  const limits = rules.map((rule) => ({
    rule,
    check: app.createRateLimit({
      max: rule.max,
      timeWindow: rule.windowMs,
      keyGenerator: (request) => `${rule.name}:${rule.key(request) ?? ''}`,
    }),
  }));
  return async function enforceRateLimits(request: FastifyRequest, reply: FastifyReply) {
    for (const { rule, check } of limits) {
      if (rule.key(request) === null) continue;
      const result = await check(request);
      if (!result.isAllowed && result.isExceeded) {
        reply.header('retry-after', String(result.ttlInSeconds));
        throw new AppError('RATE_LIMITED', accountMessages.tooManyAttempts, { retryAfterSeconds: result.ttlInSeconds });
      }
    }
  };
}

/** Per client address (in production, the address the reverse proxy reports: `trustProxy` in app.ts). */
export const byAddress = (request: FastifyRequest) => request.ip;

/** Per account: the e-mail or username in the request body, lower-cased. */
export function byAccountField(field: string) {
  return (request: FastifyRequest): string | null => {
    const value = (request.body as Record<string, unknown> | undefined)?.[field];
    return typeof value === 'string' && value.trim() !== '' ? value.trim().toLowerCase() : null;
  };
}
