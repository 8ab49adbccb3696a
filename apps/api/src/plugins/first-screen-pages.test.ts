import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// The web app's own renderer, as the build bundles it into dist/.server/entry-server.js.
import * as webRenderer from '../../../web/src/entry-server';
import { makeMember, signedInShopper } from '../test/accounts';
import { createProduct } from '../test/factories';
import { createTestApp, type TestContext } from '../test/test-app';

const indexHtml = `<!doctype html>
<html lang="en-PG">
  <head>
    <title>Bilum</title>
    <script type="module" crossorigin src="/assets/index-abc.js"></script>
  </head>
  <body><div id="root"></div></body>
</html>`;

let ctx: TestContext;
let webDist: string;

beforeAll(async () => {
  webDist = mkdtempSync(path.join(os.tmpdir(), 'bilum-first-screen-pages-'));
  writeFileSync(path.join(webDist, 'index.html'), indexHtml);
  ctx = await createTestApp({ webDist }, undefined, { firstScreenRenderer: webRenderer });
});
afterAll(async () => {
  await ctx?.close();
  rmSync(webDist, { recursive: true, force: true });
});

async function open(url: string, cookie?: string) {
  const response = await ctx.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
  const html = response.body.replaceAll('<!-- -->', '');
  const root = html.slice(html.indexOf('<div id="root">'), html.indexOf('id="first-screen-state"'));
  return { response, html, root };
}

describe('the pages a shopper opens come rendered from the server, with their data', () => {
  it('renders /login with its form, the app’s scripts held until the page is painted', async () => {
    const { response, root, html } = await open('/login');
    expect(response.statusCode).toBe(200);
    expect(root).toMatch(/<form/);
    expect(root).toMatch(/<input[^>]*name="email"/);
    expect(root).toMatch(/<input[^>]*type="password"/);
    expect(html).toContain('<script type="text/x-after-paint" src="/assets/index-abc.js"></script>');
    expect(html).toContain('id="first-screen-state"');
  });
});
