import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SignedIn, signedInAdmin } from '../test/accounts';
import { concrete, type RouteEntry, routeName, routeTable } from '../test/route-table';
import { createTestApp, type TestContext } from '../test/test-app';
import { nonJsonBodies, policyKey, stateChanging } from './route-policies';

const shopOrigin = 'https://shop.example.pg';
const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

let ctx: TestContext;
let webDist: string;
let routes: RouteEntry[];
let admin: SignedIn;

beforeAll(async () => {
  webDist = mkdtempSync(path.join(os.tmpdir(), 'bilum-security-'));
  mkdirSync(path.join(webDist, 'assets'));
  writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>Bilum</title><div id="root"></div>');
  writeFileSync(path.join(webDist, 'assets/index-abc123.js'), 'console.log("shop");\n');
  writeFileSync(path.join(webDist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  ctx = await createTestApp({ publicUrl: shopOrigin, webDist }, (app) => {
    app.get('/api/test/boom', async () => {
      throw new Error('a bug with a secret in it: postgres://user:password@db');
    });
  });
  routes = routeTable(ctx.app).filter((route) => !route.url.startsWith('/api/test/'));
  admin = await signedInAdmin(ctx);
});
afterAll(async () => {
  await ctx.close();
  rmSync(webDist, { recursive: true, force: true });
});

const changing = () => routes.filter(stateChanging);

function call(route: RouteEntry, headers: Record<string, string>, payload?: string | Buffer) {
  return ctx.app.inject({
    method: route.method,
    url: concrete(route.url),
    headers: { cookie: admin.cookie, ...headers },
    ...(payload === undefined ? {} : { payload }),
  });
}

function expectError(response: LightMyRequestResponse, status: number, code: string, where: string) {
  expect(response.statusCode, `${where}: ${response.body}`).toBe(status);
  expect(response.json(), where).toEqual({ error: { code, message: expect.any(String) } });
}

describe('state-changing requests from another site', () => {
  it('are refused with 403 on every POST, PUT, PATCH and DELETE route of the server, even with a session', async () => {
    expect(changing().length).toBeGreaterThan(30);
    for (const route of changing()) {
      for (const origin of ['https://evil.example', 'null', 'https://shop.example.pg.evil.example']) {
        const response = await call(route, { origin, 'content-type': 'application/json' }, '{}');
        expectError(response, 403, 'FORBIDDEN', `${routeName(route)} from ${origin}`);
      }
    }
  });
});

describe('bodies that are not JSON', () => {
  const types = ['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'text/xml'];

  it('are refused with 415 by every JSON route, from the shop’s own origin too', async () => {
    const jsonRoutes = changing().filter((route) => nonJsonBodies[policyKey(route)] === undefined);
    expect(jsonRoutes.length).toBeGreaterThan(28);
    for (const route of jsonRoutes) {
      for (const type of types) {
        const response = await call(route, { origin: shopOrigin, 'content-type': type }, 'a=1');
        expectError(response, 415, 'UNSUPPORTED_MEDIA_TYPE', `${routeName(route)} as ${type}`);
      }
    }
  });

  it('the admin upload takes multipart from the shop’s own origin only, and nothing else', async () => {
    const boundary = 'bilum-boundary';
    const multipart = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      png,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const upload = { method: 'POST' as const, url: '/api/admin/uploads' };
    const type = { 'content-type': `multipart/form-data; boundary=${boundary}` };
    expect(nonJsonBodies['POST /api/admin/uploads']).toBe('multipart/form-data');

    const own = await call(upload, { ...type, origin: shopOrigin }, multipart);
    expect(own.statusCode, own.body).toBe(201);
    expectError(await call(upload, { ...type, origin: 'https://evil.example' }, multipart), 403, 'FORBIDDEN', 'evil');
    for (const other of ['application/json', 'text/plain']) {
      const response = await call(upload, { 'content-type': other, origin: shopOrigin }, '{"file":"x"}');
      expect(response.statusCode, other).toBe(415);
      expect(response.json().error.code).toBe('UNSUPPORTED_MEDIA_TYPE');
    }
  });
});

/** Every kind of answer the server gives, each with the status it must have. */
const kinds: Array<{
  kind: string;
  method?: 'GET' | 'POST' | 'HEAD';
  url: string;
  status: number;
  body?: string;
  type?: string;
}> = [
  { kind: 'JSON', url: '/api/products', status: 200 },
  { kind: 'HEAD', method: 'HEAD', url: '/api/settings', status: 200 },
  { kind: 'API 404', url: '/api/nothing-here', status: 404 },
  { kind: '400 validation', url: '/api/products/not-a-number', status: 400 },
  { kind: '400 bad address', url: `/api/products/${'9'.repeat(200)}`, status: 400 },
  { kind: '401', url: '/api/cart', status: 401 },
  { kind: '415', method: 'POST', url: '/api/auth/login', status: 415, body: 'a=1', type: 'text/plain' },
  { kind: '413', method: 'POST', url: '/api/newsletter', status: 413, body: `"${'x'.repeat(1_100_000)}"` },
  { kind: '500 masked', url: '/api/test/boom', status: 500 },
  { kind: 'static file', url: '/assets/index-abc123.js', status: 200 },
  { kind: 'static 404', url: '/assets/missing.js', status: 404 },
  { kind: 'SPA page', url: '/category/phones', status: 200 },
  // An address the app has no page for: the page, with 404 (issue 20).
  { kind: 'SPA 404', url: '/product/1', status: 404 },
  { kind: 'SPA root', url: '/', status: 200 },
  { kind: 'API docs', url: '/api/docs/json', status: 200 },
  { kind: 'API docs script', url: '/api/docs/static/swagger-initializer.js', status: 200 },
  { kind: 'redirect', url: '/api/docs/static/index.html', status: 302 },
  { kind: 'simulator page 404', url: '/api/payments/simulator/authenticate/pi_unknown', status: 404 },
];

function expectSecurityHeaders(response: LightMyRequestResponse, https: boolean, where: string) {
  const csp = String(response.headers['content-security-policy'] ?? '');
  const scriptSrc = /(?:^|;)\s*script-src ([^;]*)/.exec(csp)?.[1] ?? '';
  expect(scriptSrc, `${where}: ${csp}`).toContain("'self'");
  expect(scriptSrc, where).not.toContain("'unsafe-inline'");
  expect(scriptSrc, where).not.toContain("'unsafe-eval'");
  expect(csp, where).toContain("frame-ancestors 'none'");
  expect(csp, where).toContain("default-src 'self'");
  expect(csp, where).toContain("object-src 'none'");
  expect(response.headers['x-content-type-options'], where).toBe('nosniff');
  expect(response.headers['referrer-policy'], where).toBe('strict-origin-when-cross-origin');
  if (https) expect(response.headers['strict-transport-security'], where).toBe('max-age=31536000; includeSubDomains');
  else expect(response.headers['strict-transport-security'], where).toBeUndefined();
}

async function answersOfEveryKind(app: TestContext['app']) {
  const answers: Array<{ where: string; response: LightMyRequestResponse }> = [];
  for (const { kind, method = 'GET', url, status, body, type = 'application/json' } of kinds) {
    const response = await app.inject({
      method,
      url,
      ...(body === undefined ? {} : { payload: body, headers: { 'content-type': type } }),
    });
    expect(response.statusCode, `${kind}: ${response.body.slice(0, 200)}`).toBe(status);
    // Error answers are the one JSON error shape, except the not-found page (HTML, for browsers).
    if (status >= 400 && method !== 'HEAD' && kind !== 'SPA 404') {
      expect(Object.keys(response.json()), kind).toEqual(['error']);
    }
    answers.push({ where: kind, response });
  }
  return answers;
}

describe('security headers', () => {
  it('are on every kind of answer: JSON, HEAD, 4xx, masked 5xx, static files, the page and the docs', async () => {
    for (const { where, response } of await answersOfEveryKind(ctx.app)) expectSecurityHeaders(response, true, where);
    const masked = await ctx.app.inject({ method: 'GET', url: '/api/test/boom' });
    expect(masked.body).not.toContain('password');
    expect(masked.json().error).toEqual({
      code: 'INTERNAL',
      message: 'Something went wrong on our side. Please try again.',
    });
  });

  it('leave out HSTS when the shop is not served over https', async () => {
    const plain = await createTestApp({ publicUrl: 'http://localhost:3000', webDist }, (app) => {
      app.get('/api/test/boom', async () => {
        throw new Error('boom');
      });
    });
    try {
      for (const { where, response } of await answersOfEveryKind(plain.app)) {
        expectSecurityHeaders(response, false, where);
      }
    } finally {
      await plain.close();
    }
  });

  it('are on every route of the route table', async () => {
    for (const route of routes) {
      const response = await ctx.app.inject({ method: route.method, url: concrete(route.url) });
      expectSecurityHeaders(response, true, routeName(route));
    }
  });
});
