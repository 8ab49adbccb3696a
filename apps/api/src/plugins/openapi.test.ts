import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInShopper } from '../test/accounts';
import { serviceAnswers } from './openapi-document';
import { createTestApp, type TestContext } from '../test/test-app';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const spectral = path.join(root, 'node_modules/.bin/spectral');

interface Operation {
  operationId?: string;
  tags?: string[];
  description?: string;
  responses: Record<string, { content?: Record<string, { schema?: { $ref?: string } }> }>;
}
interface Document {
  info: { contact?: unknown; license?: unknown };
  tags: { name: string; description?: string }[];
  components: { securitySchemes: Record<string, unknown> };
  paths: Record<string, Record<string, Operation>>;
}

let ctx: TestContext;
let document: Document;
let text: string;
const folder = mkdtempSync(path.join(os.tmpdir(), 'bilum-openapi-'));

beforeAll(async () => {
  ctx = await createTestApp();
  const answer = await ctx.app.inject({ method: 'GET', url: '/api/docs/json' });
  expect(answer.statusCode).toBe(200);
  text = answer.body;
  document = answer.json();
});
afterAll(async () => {
  await ctx.close();
  rmSync(folder, { recursive: true, force: true });
});

const operations = () =>
  Object.entries(document.paths).flatMap(([url, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({ key: `${method.toUpperCase()} ${url}`, operation })),
  );

describe('the OpenAPI document (issue 21, decision 017)', () => {
  it('names only operations it has in serviceAnswers (issue 30)', () => {
    const keys = new Set(operations().map(({ key }) => key));
    const unknown = Object.keys(serviceAnswers).filter((key) => !keys.has(key.replace(/:([A-Za-z0-9_]+)/g, '{$1}')));
    expect(unknown).toEqual([]);
  });

  it('passes `spectral lint` with the recommended ruleset: no error, no warning', { timeout: 120_000 }, async () => {
    const file = path.join(folder, 'openapi.json');
    writeFileSync(file, text);
    const run = promisify(execFile);
    // --fail-severity warn: the command itself fails on a warning (as CI's step does).
    const result = await run(
      spectral,
      [
        'lint',
        file,
        '--ruleset',
        path.join(root, '.spectral.yaml'),
        '--format',
        'json',
        '--fail-severity',
        'warn',
        '--quiet',
      ],
      { cwd: root, maxBuffer: 64 * 1024 * 1024 },
    ).catch((error: { stdout?: string; code?: number }) => ({ stdout: error.stdout ?? '', failed: error.code }));
    const findings = (
      JSON.parse(result.stdout || '[]') as { code: string; message: string; path: string[]; severity: number }[]
    )
      .filter((finding) => finding.severity <= 1)
      .map((finding) => `${finding.code} at ${finding.path.join('.')}: ${finding.message}`);
    expect(findings).toEqual([]);
    expect('failed' in result ? result.failed : 0).toBe(0);
  });

  it('gives every operation a unique operationId, a described tag and its error responses in the one error body', () => {
    const described = new Set(document.tags.filter((tag) => tag.description).map((tag) => tag.name));
    const ids = new Set<string>();
    for (const { key, operation } of operations()) {
      expect(operation.operationId, key).toBeTruthy();
      expect(ids.has(operation.operationId!), `${key}: ${operation.operationId} twice`).toBe(false);
      ids.add(operation.operationId!);
      for (const tag of operation.tags ?? []) expect(described.has(tag), `${key}: tag ${tag}`).toBe(true);
      expect(operation.responses['500'], key).toBeDefined();
      for (const [status, response] of Object.entries(operation.responses)) {
        if (Number(status) < 400) continue;
        expect(response.content?.['application/json']?.schema?.$ref, `${key} ${status}`).toBe(
          '#/components/schemas/ErrorBody',
        );
      }
    }
    expect(ids.size).toBeGreaterThan(50);
  });

  it('lists null in every nullable enum, so a strict validator takes the nulls the API answers (issue 30)', async () => {
    const leftOut: string[] = [];
    let nullable = 0;
    const walk = (value: unknown, where: string) => {
      if (Array.isArray(value)) return value.forEach((item, index) => walk(item, `${where}/${index}`));
      if (value === null || typeof value !== 'object') return;
      const node = value as { nullable?: boolean; enum?: unknown[] };
      if (node.nullable === true && Array.isArray(node.enum)) {
        nullable += 1;
        if (!node.enum.includes(null)) leftOut.push(where);
      }
      for (const [key, item] of Object.entries(value)) walk(item, `${where}/${key}`);
    };
    walk(document.paths, '');
    expect(leftOut).toEqual([]);
    expect(nullable).toBeGreaterThanOrEqual(20);

    // A signed-in shopper who is not a member: the session answers membershipType null, which the document takes.
    const shopper = await signedInShopper(ctx);
    const session = await ctx.app.inject({ method: 'GET', url: '/api/session', headers: { cookie: shopper.cookie } });
    const membershipType = session.json<{ membership: { membershipType: unknown } }>().membership.membershipType;
    expect(membershipType).toBeNull();
    const schema = (
      document.paths['/api/session']?.get?.responses['200']?.content?.['application/json']?.schema as {
        properties: { membership: { properties: { membershipType: { enum: unknown[] } } } };
      }
    ).properties.membership.properties.membershipType;
    expect(schema.enum).toEqual(['basic', 'premium', null]);
  });

  it('documents what each kind of route can answer', () => {
    const responses = (key: string) => {
      const found = operations().find((entry) => entry.key === key);
      if (!found) throw new Error(`no ${key}`);
      return Object.keys(found.operation.responses).filter((status) => Number(status) >= 400);
    };
    // An admin write with a path parameter and a body: everything.
    expect(responses('PATCH /api/admin/webhooks/{id}')).toEqual([
      '400',
      '401',
      '403',
      '404',
      '409',
      '413',
      '415',
      '429',
      '500',
    ]);
    // A public read without input: the input guard's 400 (a NUL in the address) and the server's own failure.
    expect(responses('GET /api/settings')).toEqual(['400', '500']);
    // A rate-limited public write.
    expect(responses('POST /api/auth/forgot-password')).toContain('429');
    // Issue 30: what a service answers beyond the route's kind. An unknown tracking code is a 404 (no path id).
    expect(responses('POST /api/orders/track')).toEqual(['400', '403', '404', '409', '413', '415', '429', '500']);
    expect(responses('GET /api/orders/track')).toEqual(['400', '404', '429', '500']);
    // A refund the provider refuses is a 402 on the admin's cancel and refund, never on the shopper's payment.
    expect(responses('PATCH /api/admin/orders/{id}')).toContain('402');
    expect(responses('POST /api/admin/orders/{id}/refunds')).toContain('402');
    expect(responses('POST /api/orders/{id}/payment')).not.toContain('402');
    expect(responses('POST /api/orders')).toEqual(expect.arrayContaining(['401', '404', '429', '503']));
    const products = operations().find((entry) => entry.key === 'GET /api/products')?.operation.responses;
    expect(Object.keys(products ?? {})).toContain('304');
    expect(document.components.securitySchemes).toHaveProperty('sessionCookie');
    expect(document.components.securitySchemes).toHaveProperty('apiKey');
    expect(document.info.contact).toBeTruthy();
    expect(document.info.license).toBeTruthy();
  });
});
