import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { testConfig } from '../config';
import type { DatabaseHandle } from '../db/client';
import { rateLimitCounters } from '../db/schema';
import { createTestDatabase } from '../test/test-database';
import { byAddress, incrementCounter, rateLimiter } from './rate-limit';

const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

/** Whether the local Redis answers; CI starts one, so there a missing Redis is a failure, not a skip. */
async function redisAnswers(): Promise<boolean> {
  const probe = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 0, connectTimeout: 1000 });
  probe.on('error', () => undefined);
  try {
    await probe.connect();
    return (await probe.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    probe.disconnect();
  }
}
const hasRedis = await redisAnswers();
if (!hasRedis && process.env.CI === 'true') throw new Error(`CI needs Redis at ${redisUrl} for the rate-limit tests`);
if (!hasRedis) console.warn(`Skipping the Redis rate-limit store tests: no Redis answers at ${redisUrl}.`);

let database: DatabaseHandle;
const apps: FastifyInstance[] = [];
afterEach(async () => {
  await Promise.all(apps.splice(0).map((app) => app.close()));
  await database?.close();
});

/** Two instances of the shop on one database, each with a route limited to `max` calls per address. */
async function twoInstances(options: { max: number; windowMs: number; redisUrl?: string; keyPrefix?: string }) {
  database = await createTestDatabase();
  for (let i = 0; i < 2; i += 1) {
    const config = testConfig();
    config.deployment = {
      ...config.deployment,
      redisUrl: options.redisUrl,
      rateLimitKeyPrefix: options.keyPrefix ?? config.deployment.rateLimitKeyPrefix,
    };
    const app = await buildApp({ db: database.db, config });
    const limit = rateLimiter(app, [{ name: 'try', max: options.max, windowMs: options.windowMs, key: byAddress }]);
    app.get('/api/limited-for-test', { preHandler: limit }, async () => ({ ok: true }));
    await app.ready();
    apps.push(app);
  }
  const call = (instance: number) =>
    apps[instance]!.inject({ method: 'GET', url: '/api/limited-for-test', remoteAddress: '10.9.8.7' });
  return { call };
}

async function expectSharedCounting(call: (instance: number) => Promise<{ statusCode: number }>, windowMs: number) {
  const statuses = [];
  for (const instance of [0, 1, 0]) statuses.push((await call(instance)).statusCode);
  expect(statuses).toEqual([200, 200, 200]);
  // The fourth call is over the limit wherever it lands.
  expect((await call(1)).statusCode).toBe(429);
  expect((await call(0)).statusCode).toBe(429);
  // A new window starts once the old one has passed.
  await new Promise((resolve) => setTimeout(resolve, windowMs + 200));
  expect((await call(1)).statusCode).toBe(200);
}

describe('rate limits shared by several instances', () => {
  it('counts calls to both instances together in the database when REDIS_URL is unset', async () => {
    const { call } = await twoInstances({ max: 3, windowMs: 1500 });
    await expectSharedCounting(call, 1500);
    const rows = await database.db.select().from(rateLimitCounters);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.key).toContain('try:10.9.8.7');
  });

  it('increments one counter atomically when many requests arrive at once', async () => {
    database = await createTestDatabase();
    const counts = await Promise.all(Array.from({ length: 25 }, () => incrementCounter(database.db, 'burst', 60_000)));
    expect(counts.map((c) => c.current).sort((a, b) => a - b)).toEqual(Array.from({ length: 25 }, (_, i) => i + 1));
    for (const { ttl } of counts) expect(ttl).toBeGreaterThan(55_000);
  });

  it.skipIf(!hasRedis)('counts calls to both instances together in Redis when REDIS_URL is set', async () => {
    const keyPrefix = `bilum-test:${randomBytes(6).toString('hex')}:`;
    const { call } = await twoInstances({ max: 3, windowMs: 1500, redisUrl, keyPrefix });
    const redis = new Redis(redisUrl);
    try {
      await call(0);
      const keys = await redis.keys(`${keyPrefix}*`);
      expect(keys).toHaveLength(1);
      expect(keys[0]).toContain('try:10.9.8.7');
      await redis.del(...keys);
      await expectSharedCounting(call, 1500);
      // Nothing went to the database.
      expect(await database.db.select().from(rateLimitCounters)).toEqual([]);
    } finally {
      const left = await redis.keys(`${keyPrefix}*`);
      if (left.length > 0) await redis.del(...left);
      redis.disconnect();
    }
  });
});

/**
 * One instance with a route whose answer is 401 for `?ok=no`: its rule counts only those failures (issue 16,
 * finding 4), and past `max` either refuses or, with `slowDown`, only delays.
 */
async function failureCountingApp(options: { redisUrl?: string; keyPrefix?: string; slowDown?: boolean }) {
  database = await createTestDatabase();
  const config = testConfig();
  config.deployment = {
    ...config.deployment,
    redisUrl: options.redisUrl,
    rateLimitKeyPrefix: options.keyPrefix ?? config.deployment.rateLimitKeyPrefix,
  };
  const app = await buildApp({ db: database.db, config });
  const limit = rateLimiter(app, [
    {
      name: 'guess',
      max: 2,
      windowMs: 60_000,
      key: byAddress,
      countsOnly: (status) => status === 401,
      ...(options.slowDown ? { slowDown: { stepMs: 150, maxMs: 600 } } : {}),
    },
  ]);
  app.get('/api/guess-for-test', { preHandler: limit }, async (request, reply) =>
    (request.query as { ok?: string }).ok === 'no' ? reply.status(401).send({ ok: false }) : { ok: true },
  );
  await app.ready();
  apps.push(app);
  return (ok: boolean) =>
    app.inject({ method: 'GET', url: `/api/guess-for-test?ok=${ok ? 'yes' : 'no'}`, remoteAddress: '10.9.8.6' });
}

async function expectOnlyFailuresCounted(call: (ok: boolean) => Promise<{ statusCode: number }>) {
  // Successes never use the limit up…
  for (let i = 0; i < 5; i += 1) expect((await call(true)).statusCode).toBe(200);
  // …failures do: two are answered, then even a success is refused until the window ends.
  expect((await call(false)).statusCode).toBe(401);
  expect((await call(false)).statusCode).toBe(401);
  expect((await call(false)).statusCode).toBe(429);
  expect((await call(true)).statusCode).toBe(429);
}

describe('rules that count only failures', () => {
  it('count failed answers, not successes, in the database', async () => {
    const call = await failureCountingApp({});
    await expectOnlyFailuresCounted(call);
    const rows = await database.db.select().from(rateLimitCounters);
    expect(rows.map((row) => [row.key.endsWith('guess:10.9.8.6'), row.count])).toEqual([[true, 2]]);
  });

  it.skipIf(!hasRedis)('count failed answers, not successes, in Redis', async () => {
    const keyPrefix = `bilum-test:${randomBytes(6).toString('hex')}:`;
    const redis = new Redis(redisUrl);
    try {
      const call = await failureCountingApp({ redisUrl, keyPrefix });
      await expectOnlyFailuresCounted(call);
      const keys = await redis.keys(`${keyPrefix}*`);
      expect(keys).toHaveLength(1);
      expect(await redis.get(keys[0]!)).toBe('2');
      expect(await database.db.select().from(rateLimitCounters)).toEqual([]);
    } finally {
      const left = await redis.keys(`${keyPrefix}*`);
      if (left.length > 0) await redis.del(...left);
      redis.disconnect();
    }
  });

  it('slow down instead of refusing, longer with each failure, up to the most', async () => {
    const call = await failureCountingApp({ slowDown: true });
    const timed = async (ok: boolean) => {
      const started = Date.now();
      const response = await call(ok);
      return { status: response.statusCode, ms: Date.now() - started };
    };
    expect((await timed(false)).status).toBe(401);
    expect((await timed(false)).status).toBe(401);
    const waits = [];
    for (let i = 0; i < 4; i += 1) waits.push(await timed(false));
    expect(waits.map((w) => w.status)).toEqual([401, 401, 401, 401]);
    // 150, 300, 600, 600 ms: never a refusal, and the right answer still gets through after the wait.
    expect(waits[0]!.ms).toBeGreaterThanOrEqual(140);
    expect(waits[1]!.ms).toBeGreaterThanOrEqual(290);
    expect(waits[3]!.ms).toBeGreaterThanOrEqual(590);
    expect(waits[3]!.ms).toBeLessThan(2000);
    expect((await timed(true)).status).toBe(200);
  });
});
