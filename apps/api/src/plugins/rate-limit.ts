import fastifyRateLimit, { type FastifyRateLimitStore, type FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { accountMessages } from '@bilum/shared';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Redis } from 'ioredis';
import type { DbExecutor } from '../db/client';
import { rateLimitCounters } from '../db/schema';
import { AppError } from '../errors';
import { clientAddress, clientAddressKey } from './client-address';

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

/** A counter's count and the milliseconds left in its window, without counting (0 and 0 when none is running). */
export async function readCounter(db: DbExecutor, key: string) {
  const c = rateLimitCounters;
  const [row] = await db
    .select({
      current: c.count,
      ttl: sql<number>`greatest(0, ceil(extract(epoch from (${c.expiresAt} - now())) * 1000))::int`,
    })
    .from(c)
    .where(sql`${c.key} = ${key} and ${c.expiresAt} > now()`)
    .limit(1);
  return row ?? { current: 0, ttl: 0 };
}

/** The @fastify/rate-limit store for the table `rate_limit_counters` (used without REDIS_URL, also on PGlite). */
function databaseStore(db: DbExecutor, keyPrefix: string): FastifyRateLimitStoreCtor {
  let lastSweep = Date.now();
  type Callback = Parameters<FastifyRateLimitStore['incr']>[1];
  // `read` (the plugin's `{ increment: false }`) peeks at a counter for the rules that count only failures.
  const store: FastifyRateLimitStore & { read(key: string, callback: Callback): void } = {
    read(key, callback) {
      readCounter(db, keyPrefix + key).then(
        (result) => callback(null, result),
        (error: Error) => callback(error),
      );
    },
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
  // Failure-counting rules (rateLimiter) count a failed answer before it is sent, so the next try sees it.
  app.decorateRequest('rateLimitFailures', null);
  app.addHook('onSend', async (request, reply) => {
    const failures = request.rateLimitFailures;
    if (!failures) return;
    request.rateLimitFailures = null;
    for (const failure of failures) {
      if (!failure.failed(reply.statusCode)) continue;
      await failure.count().catch((error: unknown) => {
        request.log.error({ err: error }, 'rate limit store unavailable; failure not counted');
      });
    }
  });
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
  /**
   * Count only the answers this says failed (e.g. a wrong password's 401), when the answer is sent; unset: every
   * request counts, when it arrives. Counting failures only means a right password is never what uses up a limit.
   */
  countsOnly?: (statusCode: number) => boolean;
  /**
   * Over the limit, answer late instead of refusing: `stepMs` at the limit, doubling with each count over it, at
   * most `maxMs`. For a limit that a stranger could otherwise turn into a lock-out of the account's owner.
   */
  slowDown?: { stepMs: number; maxMs: number };
}

type CountFailure = { failed(statusCode: number): boolean; count(): Promise<unknown> };

declare module 'fastify' {
  interface FastifyRequest {
    /** Failure-counting rules that checked this request; they count when its answer is sent (registerRateLimit). */
    rateLimitFailures: CountFailure[] | null;
  }
}

/** How long a slowed-down rule holds a request that is `over` counts past its limit (0 = at the limit). */
export function slowDownMs(slowDown: { stepMs: number; maxMs: number }, over: number): number {
  return Math.min(slowDown.maxMs, slowDown.stepMs * 2 ** Math.max(0, over));
}

/**
 * A route preHandler that applies every rule (e.g. per address, per account and address, per account): a rule
 * over its limit answers 429 in the one error shape, with Retry-After, or with `slowDown` only delays the
 * request. Rules with `countsOnly` look at their counter here and count when the answer is sent.
 */
/** The handlers `rateLimiter` made: the OpenAPI document lists 429 for the routes that use one. */
const limiters = new WeakSet<object>();
export const isRateLimiter = (hook: unknown): boolean => typeof hook === 'function' && limiters.has(hook);

export function rateLimiter(app: FastifyInstance, rules: RateLimitRule[]) {
  const limits = rules.map((rule) => ({
    rule,
    // The plugin counts and the rule decides: with the plugin's own `max` the counts above it (which the
    // slow-down grows with) could not be read back, so it gets no limit and `current` comes from `remaining`.
    check: app.createRateLimit({
      max: Number.MAX_SAFE_INTEGER,
      timeWindow: rule.windowMs,
      keyGenerator: (request) => `${rule.name}:${rule.key(request) ?? ''}`,
    }),
  }));
  const enforce = async function enforceRateLimits(request: FastifyRequest, reply: FastifyReply) {
    let delayMs = 0;
    for (const { rule, check } of limits) {
      if (rule.key(request) === null) continue;
      let result: Awaited<ReturnType<typeof check>>;
      try {
        result = await check(request, { increment: !rule.countsOnly });
      } catch (error) {
        // The counters cannot be reached (Redis or the database is down): let the request through rather
        // than refuse every sign-in, and say so in the log.
        request.log.error({ err: error, rule: rule.name }, 'rate limit store unavailable; request allowed');
        continue;
      }
      if (result.isAllowed) continue;
      if (rule.countsOnly) {
        const failed = rule.countsOnly;
        (request.rateLimitFailures ??= []).push({ failed, count: () => check(request) });
      }
      // This request's place in the window: a failure-counting rule has only peeked, so this try comes next.
      const place = Number.MAX_SAFE_INTEGER - result.remaining + (rule.countsOnly ? 1 : 0);
      if (place <= rule.max) continue;
      if (rule.slowDown) {
        delayMs = Math.max(delayMs, slowDownMs(rule.slowDown, place - rule.max - 1));
        continue;
      }
      reply.header('retry-after', String(result.ttlInSeconds));
      throw new AppError('RATE_LIMITED', accountMessages.tooManyAttempts, { retryAfterSeconds: result.ttlInSeconds });
    }
    if (delayMs > 0) await new Promise((resolve) => setTimeout(resolve, delayMs));
  };
  limiters.add(enforce);
  return enforce;
}

/**
 * Per client address (plugins/client-address.ts: behind a trusted proxy, the address it reports), an IPv6 client
 * by its /64 (issue 28: rotating through one subscriber's block does not renew a limit).
 */
export const byAddress = (request: FastifyRequest) => clientAddressKey(clientAddress(request));

/** Per account: the e-mail or username in the request body, lower-cased. */
export function byAccountField(field: string) {
  return (request: FastifyRequest): string | null => {
    const value = (request.body as Record<string, unknown> | undefined)?.[field];
    return typeof value === 'string' && value.trim() !== '' ? value.trim().toLowerCase() : null;
  };
}
