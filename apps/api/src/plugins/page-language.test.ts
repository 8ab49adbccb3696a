import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FirstScreenRenderer } from '@bilum/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProduct } from '../test/factories';
import { createTestApp, type TestContext } from '../test/test-app';

// Issue 31 (decision 046): every page in the visitor's language, rendered by the web app's own renderer.

const indexHtml = `<!doctype html>
<html lang="en-PG">
  <head>
    <title>Bilum</title>
  </head>
  <body><div id="root"></div></body>
</html>`;

let ctx: TestContext;
let webDist: string;

beforeAll(async () => {
  const webEntry = new URL('../../../web/src/entry-server.tsx', import.meta.url).pathname;
  const webRenderer = (await import(/* @vite-ignore */ webEntry)) as FirstScreenRenderer;
  webDist = mkdtempSync(path.join(os.tmpdir(), 'bilum-page-language-'));
  writeFileSync(path.join(webDist, 'index.html'), indexHtml);
  ctx = await createTestApp({ webDist }, undefined, { firstScreenRenderer: webRenderer });
  await createProduct(ctx.db, { name: 'Kundu Drum', priceToea: 123_450 });
}, 180_000);
afterAll(async () => {
  await ctx?.close();
  rmSync(webDist, { recursive: true, force: true });
});

async function open(url: string, headers: Record<string, string> = {}) {
  const response = await ctx.app.inject({ method: 'GET', url, headers: { accept: 'text/html', ...headers } });
  const html = response.body.replaceAll('<!-- -->', '');
  const text = html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');
  return { response, html, text };
}

const alternates = (html: string) =>
  [...html.matchAll(/<link rel="alternate" hreflang="([^"]+)" href="([^"]+)" \/>/g)].map(([, lang, href]) => [
    lang,
    new URL(href!).pathname + new URL(href!).search,
  ]);

describe('pages in Tok Pisin and English', () => {
  it('renders GET / in Tok Pisin for the lang=tpi cookie, with <html lang="tpi"> and the alternates', async () => {
    const { html, text, response } = await open('/', { cookie: 'lang=tpi' });
    expect(response.statusCode).toBe(200);
    expect(html).toContain('<html lang="tpi">');
    expect(text).toContain('Painim oda');
    expect(text).toContain('K1,234.50');
    expect(alternates(html)).toEqual([
      ['en', '/?lang=en'],
      ['tpi', '/?lang=tpi'],
      ['x-default', '/'],
    ]);
  });

  it('follows Accept-Language on a first visit', async () => {
    const { html, text } = await open('/', { 'accept-language': 'tpi, en;q=0.5' });
    expect(html).toContain('<html lang="tpi">');
    expect(text).toContain('Painim oda');
  });

  it('renders English by default, and the cookie outweighs Accept-Language', async () => {
    const visits: Record<string, string>[] = [{}, { cookie: 'lang=en', 'accept-language': 'tpi' }];
    for (const headers of visits) {
      const { html, text } = await open('/', headers);
      expect(html).toContain('<html lang="en-PG">');
      expect(text).toContain('Track order');
      expect(text).not.toContain('Painim oda');
    }
  });

  it('answers an hreflang address in its language and keeps it in the cookie', async () => {
    const { html, text, response } = await open('/category/all?lang=tpi');
    expect(html).toContain('<html lang="tpi">');
    expect(text).toContain('Painim oda');
    expect(String(response.headers['set-cookie'])).toMatch(/^lang=tpi; Path=\/; Max-Age=31536000; SameSite=Lax/);
    expect(alternates(html)).toEqual([
      ['en', '/category/all?lang=en'],
      ['tpi', '/category/all?lang=tpi'],
      ['x-default', '/category/all'],
    ]);
    expect(html).toMatch(/<link rel="canonical" href="[^"]*\/category\/all\?lang=tpi" \/>/);
  });

  it.each(['/admin-login', '/order-inventory', '/staff-invite?token=x'])(
    'keeps the staff’s page %s in English, without alternates',
    async (path) => {
      const { html } = await open(path, { cookie: 'lang=tpi' });
      expect(html).toContain('<html lang="en-PG">');
      expect(alternates(html)).toEqual([]);
    },
  );
});
