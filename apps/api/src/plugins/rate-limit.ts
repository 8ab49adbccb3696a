import fastifyRateLimit, { type FastifyRateLimitStore, type FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { accountMessages } from '@bilum/shared';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Redis } from 'ioredis';
import type { DbExecutor } from '../db/client';
import { rateLimitCounters } from '../db/schema';
import { AppError } from '../errors';

export interface RateLimitStoreOptions {
  /** Counters in this database when `redisUrl` is unset. */
  db: DbExecutor;
  /** REDIS_URL: counters in Redis, shared by every instance that uses it. */
  redisUrl?: string;
  /** Prefix of every counter's key (in Redis and in the table), e.g. to share one Redis between shops. */
  keyPrefix: string;
}

/** Expired counters are deleted by each instance at most this often. */
const sweepEveryMs = 60_000;

/**
 * One atomic statement per request: a new key, or one whose window has passed, starts again at 1 with a new
 * window; otherwise the count goes up and the window stays. The database's clock decides, so every instance
 * agrees on when a window ends.
 */
export async function incrementCounter(db: DbExecutor, key: string, windowMs: number) {
  const c = rateLimitCounters;
  const windowEnd = sql`now() + ${windowMs} * interval '1 millisecond'`;
  const [row] = await db
    .insert(c)
    .values({ key, count: 1, expiresAt: windowEnd })
    .onConflictDoUpdate({
      target: c.key,
      set: {
        count: sql`case when ${c.expiresAt} <= now() then 1 else ${c.count} + 1 end`,
        expiresAt: sql`case when ${c.expiresAt} <= now() then excluded.expires_at else ${c.expiresAt} end`,
      },
    })
    .returning({
      current: c.count,
      ttl: sql<number>`greatest(0, ceil(extract(epoch from (${c.expiresAt} - now())) * 1000))::int`,
    });
  if (!row) throw new Error('rate limit counter upsert returned nothing');
  return row;
}

/** The @fastify/rate-limit store for the table `rate_limit_counters` (used without REDIS_URL, also on PGlite). */
function databaseStore(db: DbExecutor, keyPrefix: string): FastifyRateLimitStoreCtor {
  let lastSweep = Date.now();
  const store: FastifyRateLimitStore = {
    incr(key, callback, timeWindow) {
      incrementCounter(db, keyPrefix + key, timeWindow).then(
        (result) => callback(null, result),
        (error: Error) => callback(error),
      );
      if (Date.now() - lastSweep > sweepEveryMs) {
        lastSweep = Date.now();
        db.delete(rateLimitCounters)
          .where(sql`${rateLimitCounters.expiresAt} < now()`)
          .catch(() => undefined);
      }
    },
    // Every rule's key already starts with its name (see rateLimiter), so one store serves them all.
    child: () => store,
  };
  return function DatabaseRateLimitStore() {
    return store;
  } as unknown as FastifyRateLimitStoreCtor;
}

/**
 * @fastify/rate-limit without a global limit: routes opt in with `rateLimiter(...)`. The counters are shared
 * by every instance: in Redis with REDIS_URL (the plugin's Redis store), otherwise in the database. Each test
 * app has a database of its own, so tests never share counters.
 */
export async function registerRateLimit(app: FastifyInstance, options: RateLimitStoreOptions) {
  if (options.redisUrl) {
    const redis = new Redis(options.redisUrl, {
      // A Redis that is down must not hold requests: fail fast (the limiter then lets the request through).
      maxRetriesPerRequest: 1,
      connectTimeout: 2000,
      lazyConnect: true,
    });
    redis.on('error', (error) => app.log.warn({ err: error }, 'Redis (rate limits) connection error'));
    app.addHook('onClose', async () => {
      await redis.quit().catch(() => redis.disconnect());
    });
    await app.register(fastifyRateLimit, { global: false, redis, nameSpace: options.keyPrefix });
  } else {
    await app.register(fastifyRateLimit, { global: false, store: databaseStore(options.db, options.keyPrefix) });
  }
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
      let result: Awaited<ReturnType<typeof check>>;
      try {
        result = await check(request);
      } catch (error) {
        // The counters cannot be reached (Redis or the database is down): let the request through rather
        // than refuse every sign-in, and say so in the log.
        request.log.error({ err: error, rule: rule.name }, 'rate limit store unavailable; request allowed');
        continue;
      }
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
