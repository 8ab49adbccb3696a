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
