import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { Redis } from 'ioredis';
import pg from 'pg';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from './config';

/**
 * Issue 11: two real server processes on one PostgreSQL database (and one Redis), as behind a load balancer.
 * Needs DATABASE_URL (a server where the test may create and drop a database) and Redis (REDIS_URL, default
 * 127.0.0.1:6379); `.ci/run` provides both. Ports 3260-3262.
 */
const serverUrl = process.env.DATABASE_URL;
const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

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

const hasRedis = serverUrl ? await redisAnswers() : false;
if (serverUrl && !hasRedis && process.env.CI === 'true') {
  throw new Error(`The multi-instance test needs Redis at ${redisUrl} (.ci/run starts it).`);
}
const skipReason = !serverUrl
  ? 'DATABASE_URL is not set (PGlite is one process); run it with DATABASE_URL=postgres://… npm run test:multi'
  : !hasRedis
    ? `no Redis answers at ${redisUrl}`
    : null;
if (skipReason) console.warn(`Skipping the multi-instance test: ${skipReason}.`);

const ports = [3260, 3261];
const smtpPort = 3262;
const adminPassword = 'multi-instance-admin-pass';
const perAddressLimit = 6;
const databaseName = `bilum_multi_${Date.now()}_${randomBytes(3).toString('hex')}`;
const keyPrefix = `bilum-test-${randomBytes(4).toString('hex')}:`;

let databaseUrl = '';
let db: pg.Client;
let smtp: SMTPServer;
/** Every message the SMTP server accepted: its subject and which instance sent it (by MAIL FROM). */
const delivered: { subject: string; from: string }[] = [];
const servers: { process: ChildProcess; output: string[]; exited: Promise<number | null> }[] = [];

function serverEnv(instance: number): NodeJS.ProcessEnv {
  return {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    NODE_ENV: 'development',
    PORT: String(ports[instance]),
    HOST: '127.0.0.1',
    DATABASE_URL: databaseUrl,
    REDIS_URL: redisUrl,
    REDIS_KEY_PREFIX: keyPrefix,
    MIGRATE_ON_START: 'false',
    SEED_DEMO_DATA: 'true',
    ADMIN_PASSWORD: adminPassword,
    SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
    MAIL_FROM: `instance-${instance}@bilum.test`,
    MAIL_WORKER_INTERVAL_MS: '100',
    AUTH_RATE_LIMIT_PER_IP: String(perAddressLimit),
    LOG_LEVEL: 'warn',
    WEB_DIST: '',
    DATA_DIR: path.join(repoRoot, 'data', 'multi-instance-test'),
  };
}

function run(script: string, env: NodeJS.ProcessEnv) {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(repoRoot, 'apps/api/src', script)], {
    cwd: repoRoot,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  child.stdout!.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { process: child, output, exited };
}

async function waitUntilReady(instance: number) {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    const response = await fetch(`http://127.0.0.1:${ports[instance]}/api/ready`).catch(() => null);
    if (response?.ok) return;
    if (servers[instance]!.process.exitCode !== null) break;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`instance ${instance} did not become ready:\n${servers[instance]!.output.join('')}`);
}

/** A tiny cookie-keeping client for one shopper, who may call either instance. */
function browser() {
  let cookie = '';
  return async function call(instance: number, method: string, url: string, body?: unknown) {
    const response = await fetch(`http://127.0.0.1:${ports[instance]}/api${url}`, {
      method,
      headers: { ...(body ? { 'content-type': 'application/json' } : {}), ...(cookie ? { cookie } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    const setCookie = response.headers.get('set-cookie');
    if (setCookie) cookie = setCookie.split(';')[0]!;
    const text = await response.text();
    return { status: response.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : null };
  };
}

type ListedProduct = { id: number; price: number };
async function listedPrice(instance: number, id: number): Promise<number | undefined> {
  const response = await fetch(`http://127.0.0.1:${ports[instance]}/api/products?pageSize=60`);
  const body = (await response.json()) as { items: ListedProduct[] };
  return body.items.find((product) => product.id === id)?.price;
}

describe.skipIf(skipReason !== null)('two instances on one PostgreSQL database', () => {
  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`create database ${databaseName}`);
    await admin.end();
    const url = new URL(serverUrl!);
    url.pathname = `/${databaseName}`;
    databaseUrl = url.toString();
    db = new pg.Client({ connectionString: databaseUrl });
    await db.connect();

    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData(stream, session, callback) {
        let raw = '';
        stream.on('data', (chunk: Buffer) => (raw += chunk.toString()));
        stream.on('end', () => {
          const subject = /^Subject: (.*)$/m.exec(raw)?.[1]?.trim() ?? '';
          const from = session.envelope.mailFrom ? session.envelope.mailFrom.address : '';
          delivered.push({ subject, from });
          // A little slower than a local file, so both senders are busy at the same time.
          setTimeout(() => callback(), 5);
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(smtpPort, '127.0.0.1', resolve));

    // Once per deploy: the migrations, then the instances (MIGRATE_ON_START=false), both at the same time.
    const migration = run('migrate.ts', serverEnv(0));
    expect(await migration.exited, migration.output.join('')).toBe(0);
    servers.push(run('server.ts', serverEnv(0)), run('server.ts', serverEnv(1)));
    await Promise.all([waitUntilReady(0), waitUntilReady(1)]);
  }, 120_000);

  afterAll(async () => {
    for (const server of servers) if (server.process.exitCode === null) server.process.kill('SIGKILL');
    await Promise.all(servers.map((server) => server.exited));
    await db?.end();
    await new Promise<void>((resolve) => (smtp ? smtp.close(() => resolve()) : resolve()));
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`drop database if exists ${databaseName} with (force)`);
    await admin.end();
    const redis = new Redis(redisUrl);
    const keys = await redis.keys(`${keyPrefix}*`);
    if (keys.length > 0) await redis.del(...keys);
    redis.disconnect();
  }, 60_000);

  it('loads the demo catalogue and the admin account once although both instances started together', async () => {
    const products = await db.query<{ count: number }>('select count(*)::int as count from products');
    expect(products.rows[0]!.count).toBeGreaterThan(0);
    const ids = await db.query<{ count: number }>('select count(distinct id)::int as count from products');
    expect(ids.rows[0]!.count).toBe(products.rows[0]!.count);
    const admins = await db.query<{ count: number }>(`select count(*)::int as count from users where role = 'admin'`);
    expect(admins.rows[0]!.count).toBe(1);
  });

  it('keeps a shopper signed in and their cart when the requests land on the other instance', async () => {
    const shopper = browser();
    const registered = await shopper(0, 'POST', '/auth/register', {
      fullName: 'Two Servers',
      email: `two.servers.${Date.now()}@example.pg`,
      countryCode: '+675',
      phone: '71234567',
      password: 'a-long-enough-password',
    });
    expect(registered.status).toBe(201);

    const session = await shopper(1, 'GET', '/session');
    expect(session.body).toMatchObject({ user: { fullName: 'Two Servers' } });
    expect((await shopper(1, 'POST', '/cart/items', { productId: 1, quantity: 1 })).status).toBe(201);
    const cart = await shopper(0, 'GET', '/cart');
    expect(cart.status).toBe(200);
    expect(JSON.stringify(cart.body)).toContain('"productId":1');

    // Signing out on one instance ends the session on both.
    expect((await shopper(1, 'POST', '/auth/logout', {})).status).toBeLessThan(300);
    expect((await shopper(0, 'GET', '/cart')).status).toBe(401);
  });

  it('shows an admin’s price change on the other instance within a second', async () => {
    const before = await listedPrice(1, 2);
    expect(before).toBeDefined();
    const newPrice = before! + 12_345;

    const admin = browser();
    expect((await admin(0, 'POST', '/auth/admin-login', { username: 'admin', password: adminPassword })).status).toBe(
      200,
    );
    const inventory = await admin(0, 'GET', '/admin/products?pageSize=100');
    expect(inventory.status).toBe(200);
    // The admin's edit form: every field as it is (with the version it shows), a new price; the discount is then
    // worked out from the prices (issue 18).
    const product = (inventory.body!.items as Record<string, unknown>[]).find((p) => p.id === 2)!;
    const { id: _id, stock: _stock, galleryImages: _gallery, ...fields } = product;
    const saved = await admin(0, 'PUT', '/admin/products/2', { ...fields, price: newPrice, discountPercentage: null });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const changedAt = Date.now();

    let seen: number | undefined;
    while (Date.now() - changedAt < 1000) {
      seen = await listedPrice(1, 2);
      if (seen === newPrice) break;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    expect(seen).toBe(newPrice);
    expect(Date.now() - changedAt).toBeLessThan(1000);
    expect(await listedPrice(0, 2)).toBe(newPrice);
  });

  it('sends each of 100 queued e-mails exactly once with both instances sending', async () => {
    delivered.length = 0;
    await db.query(
      `insert into email_outbox ("to", subject, text)
       select 'reader' || n || '@example.pg', 'Multi-instance ' || n, 'Message ' || n from generate_series(1, 100) n`,
    );
    const deadline = Date.now() + 30_000;
    for (;;) {
      const pending = await db.query<{ count: number }>(
        `select count(*)::int as count from email_outbox where subject like 'Multi-instance %' and status <> 'sent'`,
      );
      if (pending.rows[0]!.count === 0) break;
      if (Date.now() > deadline) throw new Error(`${pending.rows[0]!.count} e-mails still unsent`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    // Anything sent twice would arrive about now.
    await new Promise((resolve) => setTimeout(resolve, 500));

    const ours = delivered.filter((mail) => mail.subject.startsWith('Multi-instance '));
    expect(ours).toHaveLength(100);
    expect(new Set(ours.map((mail) => mail.subject)).size).toBe(100);
    // Both instances took part.
    expect(ours.filter((mail) => mail.from === 'instance-0@bilum.test').length).toBeGreaterThan(0);
    expect(ours.filter((mail) => mail.from === 'instance-1@bilum.test').length).toBeGreaterThan(0);
  });

  it('counts the rate limit over requests made to both instances', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < perAddressLimit; i += 1) {
      const response = await fetch(`http://127.0.0.1:${ports[i % 2]}/api/auth/forgot-password`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: `nobody${i}@example.pg` }),
      });
      statuses.push(response.status);
    }
    expect(statuses).toEqual(Array.from({ length: perAddressLimit }, () => 202));
    for (const instance of [0, 1]) {
      const response = await fetch(`http://127.0.0.1:${ports[instance]}/api/auth/forgot-password`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'one.more@example.pg' }),
      });
      expect(response.status).toBe(429);
    }
    // The counters are in Redis, under this test's prefix.
    const redis = new Redis(redisUrl);
    try {
      expect((await redis.keys(`${keyPrefix}*forgot-password*`)).length).toBeGreaterThan(0);
    } finally {
      redis.disconnect();
    }
  });

  it('answers not ready while shutting down and exits cleanly on SIGTERM, leaving the other serving', async () => {
    const leaving = servers[1]!;
    leaving.process.kill('SIGTERM');
    expect(await leaving.exited, leaving.output.join('')).toBe(0);
    expect((await fetch(`http://127.0.0.1:${ports[0]}/api/ready`)).status).toBe(200);
    expect(await listedPrice(0, 1)).toBeDefined();
  });
});
