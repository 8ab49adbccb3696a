import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Config, ConfigError, loadConfig, testConfig } from '../config';
import { clientAddress } from '../plugins/client-address';
import { createTestApp, type TestContext } from '../test/test-app';

/**
 * Issue 16: per-address rate limits were bypassed with a new X-Forwarded-For on each request, because a production
 * start trusted every proxy header. Only TRUSTED_PROXIES may name the client (plugins/client-address.ts).
 */
let ctx: TestContext;

const perIp = 4;

/** The shop as `npm start` runs it (NODE_ENV=production), with a small per-address limit. */
function productionApp(trustedProxies: string[] = []) {
  const base = testConfig();
  const overrides: Partial<Config> = {
    env: 'production',
    authLimits: { perIp, perAccount: 1_000, windowMs: 60_000 },
    deployment: { ...base.deployment, trustedProxies },
  };
  // A route made for the test: which address the shop takes for the caller.
  return createTestApp(overrides, (app) => {
    app.get('/api/client-address-for-test', async (request) => ({ address: clientAddress(request) }));
  });
}

/** Headers a client sends to pose as someone else, a new address each time. */
const forged = (i: number) => ({
  'x-forwarded-for': `198.51.100.${i}`,
  forwarded: `for=198.51.100.${i};proto=https;host=evil.example`,
  'x-real-ip': `198.51.100.${i}`,
  'x-forwarded-host': 'evil.example',
  'x-forwarded-proto': 'https',
});

const signInFrom = (remoteAddress: string, headers: Record<string, string>, i: number) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    remoteAddress,
    headers,
    payload: { email: `guess${i}@example.pg`, password: 'wrong-guess' },
  });

const trackFrom = (remoteAddress: string, headers: Record<string, string>, i: number) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/orders/track',
    remoteAddress,
    headers,
    payload: { trackingCode: `BLM-GUES-S${String(i).padStart(3, '0')}-0000-0000` },
  });

const addressSeen = async (remoteAddress: string, headers: Record<string, string> = {}) =>
  (await ctx.app.inject({ method: 'GET', url: '/api/client-address-for-test', remoteAddress, headers })).json()
    .address as string;

function expectLimited(answers: LightMyRequestResponse[]) {
  expect(answers.slice(0, perIp).map((answer) => answer.statusCode)).not.toContain(429);
  expect(answers.slice(perIp).map((answer) => answer.statusCode)).toEqual(answers.slice(perIp).map(() => 429));
}

describe('the client’s address with no trusted proxy (the default), in production', () => {
  // One app for the describe; each test calls from addresses of its own, so their counters never meet.
  beforeAll(async () => {
    ctx = await productionApp();
  });
  afterAll(() => ctx.close());

  it('ignores X-Forwarded-For, Forwarded and X-Real-IP: the connection’s address is the client’s', async () => {
    expect(await addressSeen('203.0.113.9', forged(1))).toBe('203.0.113.9');
    expect(await addressSeen('203.0.113.9', { 'x-forwarded-for': '127.0.0.1' })).toBe('203.0.113.9');
  });

  it('stops sign-in guesses at the per-address limit however each request names its address', async () => {
    const answers: LightMyRequestResponse[] = [];
    for (let i = 0; i < perIp + 3; i++) answers.push(await signInFrom('203.0.113.10', forged(i), i));
    expectLimited(answers);
  });

  it('stops tracking-code guesses at the per-address limit however each request names its address', async () => {
    const answers: LightMyRequestResponse[] = [];
    for (let i = 0; i < perIp + 3; i++) answers.push(await trackFrom('203.0.113.11', forged(i), i));
    expectLimited(answers);
  });
});

describe('the client’s address behind a trusted proxy (TRUSTED_PROXIES)', () => {
  const proxy = '10.0.0.5';
  beforeAll(async () => {
    ctx = await productionApp(['10.0.0.0/24']);
  });
  afterAll(() => ctx.close());

  it('is the nearest address in X-Forwarded-For that is not a trusted proxy', async () => {
    // nginx appends the peer it saw ($proxy_add_x_forwarded_for) to what the client sent.
    expect(await addressSeen(proxy, { 'x-forwarded-for': '203.0.113.20' })).toBe('203.0.113.20');
    expect(await addressSeen(proxy, { 'x-forwarded-for': '1.2.3.4, 203.0.113.20' })).toBe('203.0.113.20');
    expect(await addressSeen(proxy, { 'x-forwarded-for': '203.0.113.20, 10.0.0.7' })).toBe('203.0.113.20');
    // Without the header, the proxy itself is the caller.
    expect(await addressSeen(proxy)).toBe(proxy);
  });

  it('still ignores the headers of a caller that is not a trusted proxy', async () => {
    expect(await addressSeen('203.0.113.21', { 'x-forwarded-for': '10.0.0.9' })).toBe('203.0.113.21');
    expect(await addressSeen('10.0.1.5', { 'x-forwarded-for': '203.0.113.22' })).toBe('10.0.1.5');
  });

  it('limits each real client separately, whatever it puts in front of the proxy’s entry', async () => {
    const answers: LightMyRequestResponse[] = [];
    for (let i = 0; i < perIp + 2; i++) {
      const headers = { 'x-forwarded-for': `198.51.100.${i}, 203.0.113.30` };
      answers.push(await signInFrom(proxy, headers, i));
    }
    expectLimited(answers);
    // Another shopper behind the same proxy is not affected.
    const other = await signInFrom(proxy, { 'x-forwarded-for': '203.0.113.31' }, 99);
    expect(other.statusCode).toBe(401);
  });
});

describe('TRUSTED_PROXIES', () => {
  it('is empty by default and takes addresses, CIDRs and proxy-addr’s range names', () => {
    expect(loadConfig({}).deployment.trustedProxies).toEqual([]);
    expect(loadConfig({ NODE_ENV: 'production' }).deployment.trustedProxies).toEqual([]);
    expect(
      loadConfig({ TRUSTED_PROXIES: ' 127.0.0.1, 10.0.0.0/8 ,::1,fd00::/8,loopback' }).deployment.trustedProxies,
    ).toEqual(['127.0.0.1', '10.0.0.0/8', '::1', 'fd00::/8', 'loopback']);
  });

  it.each(['*', 'true', '10.0.0.0/33', '::1/129', 'proxy.internal', '10.0.0.1/8/8', '1.2.3'])(
    'refuses %j at start-up',
    (value) => {
      expect(() => loadConfig({ TRUSTED_PROXIES: value })).toThrow(ConfigError);
      expect(() => loadConfig({ TRUSTED_PROXIES: value })).toThrow(/TRUSTED_PROXIES/);
    },
  );
});
