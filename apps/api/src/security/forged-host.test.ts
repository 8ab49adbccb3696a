import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Config, shopUrl, testConfig } from '../config';
import { createProduct } from '../test/factories';
import { createTestApp } from '../test/test-app';

/**
 * Issue 16: with PUBLIC_URL unset, a request's Host header became the product page's og:url and og:image, so a
 * forged Host put another site's address into the shop's own page (and into any cache that kept it). Absolute
 * addresses now come from shopUrl(config) only (modules/seo/page-head.ts).
 */
const indexHtml = `<!doctype html>
<html lang="en-PG">
  <head>
    <title>Bilum</title>
    <meta name="description" content="The shop." />
  </head>
  <body><div id="root"></div></body>
</html>`;

let webDist: string;

beforeAll(() => {
  webDist = mkdtempSync(path.join(os.tmpdir(), 'bilum-host-'));
  writeFileSync(path.join(webDist, 'index.html'), indexHtml);
});
afterAll(() => rmSync(webDist, { recursive: true, force: true }));

const forgedHosts: Array<Record<string, string>> = [
  { host: 'evil.example' },
  { host: 'evil.example', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' },
  { host: 'localhost:3000', 'x-forwarded-host': 'evil.example' },
  { host: 'localhost:3000', forwarded: 'host=evil.example;proto=https' },
];

/** The shop with a product, and its product page as a request with these headers gets it. */
async function shopWithProduct(overrides: Partial<Config>) {
  const ctx = await createTestApp({ webDist, ...overrides });
  const product = await createProduct(ctx.db, { name: 'Kettle', image: '/images/products/kettle.svg' });
  const page = async (headers: Record<string, string>, remoteAddress?: string) => {
    const answer = await ctx.app.inject({ method: 'GET', url: `/item/${product.id}`, headers, remoteAddress });
    expect(answer.statusCode).toBe(200);
    return answer.body;
  };
  return { ctx, id: product.id, page };
}

describe('a forged Host header, PUBLIC_URL unset', () => {
  let shop: Awaited<ReturnType<typeof shopWithProduct>>;
  beforeAll(async () => {
    shop = await shopWithProduct({});
  });
  afterAll(() => shop.ctx.close());

  it.each(forgedHosts)('never reaches og:url or og:image (%j)', async (headers) => {
    const html = await shop.page(headers);

    const origin = shopUrl(testConfig());
    // The product's one address (issue 20), and its picture (the shop's own here: kettle.svg is in no build).
    expect(html).toContain(`<meta property="og:url" content="${origin}/index-item/${shop.id}" />`);
    expect(html).toContain(`<link rel="canonical" href="${origin}/index-item/${shop.id}" />`);
    expect(html).toContain(`<meta property="og:image" content="${origin}/api/share-images/shop.png?v=v1" />`);
    expect(html).not.toContain('evil.example');
  });
});

describe('a forged Host header, PUBLIC_URL set', () => {
  it('never reaches og:url, even from a trusted proxy', async () => {
    const base = testConfig();
    const shop = await shopWithProduct({
      publicUrl: 'https://shop.example.pg',
      deployment: { ...base.deployment, trustedProxies: ['10.0.0.5'] },
    });
    try {
      const html = await shop.page(
        { host: 'evil.example', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'http' },
        '10.0.0.5',
      );
      expect(html).toContain(`<meta property="og:url" content="https://shop.example.pg/index-item/${shop.id}" />`);
      expect(html).not.toContain('evil.example');
    } finally {
      await shop.ctx.close();
    }
  });
});
