import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../config';
import { createTestApp, type TestContext } from '../test/test-app';
import { landingPages } from './page-preload';

const indexHtml = `<!doctype html>
<html lang="en-PG">
  <head><title>Bilum</title></head>
  <body><div id="root"></div></body>
</html>`;

/** A manifest shaped like Vite's: the entry, a lazy page with a chunk of its own and one shared with the entry. */
const manifest = {
  'index.html': { file: 'assets/index-abc.js', isEntry: true, imports: ['_shared-entry.js'] },
  '_shared-entry.js': { file: 'assets/shared-entry.js' },
  'src/features/catalog/ProductDetailPage.tsx': {
    file: 'assets/ProductDetailPage-123.js',
    isDynamicEntry: true,
    imports: ['index.html', '_gallery.js', '_shared-entry.js'],
  },
  '_gallery.js': { file: 'assets/gallery-456.js', imports: ['_shared-entry.js'] },
  'src/features/catalog/CategoryPage.tsx': { file: 'assets/CategoryPage-789.js', imports: ['index.html'] },
  'src/features/cart/GuestCartPage.tsx': { file: 'assets/GuestCartPage-321.js', imports: ['_gallery.js'] },
};

let ctx: TestContext;
let webDist: string;

beforeAll(async () => {
  webDist = mkdtempSync(path.join(os.tmpdir(), 'bilum-preload-'));
  writeFileSync(path.join(webDist, 'index.html'), indexHtml);
  mkdirSync(path.join(webDist, '.vite'));
  writeFileSync(path.join(webDist, '.vite', 'manifest.json'), JSON.stringify(manifest));
  ctx = await createTestApp({ webDist });
});
afterAll(async () => {
  await ctx.close();
  rmSync(webDist, { recursive: true, force: true });
});

/** The page's head; an unknown address or product answers 404 (issue 20), with the same hints. */
const head = async (url: string, status = 200) => {
  const response = await ctx.app.inject({ method: 'GET', url });
  expect(response.statusCode, url).toBe(status);
  return response.body.slice(0, response.body.indexOf('</head>'));
};
const modulePreloads = (html: string) => [...html.matchAll(/rel="modulepreload" href="([^"]+)"/g)].map((m) => m[1]);

describe('the page names its lazy chunk and its data, so they load with the app instead of after it', () => {
  it('a product page preloads its page chunk, the chunks only it imports, and the product’s data', async () => {
    // No product 7 in this database: the page is not found (404) but names the same chunk and data.
    for (const url of ['/index-item/7', '/item/7', '/indexdetail/7', '/itemdetail/7?ref=share']) {
      const html = await head(url, 404);
      expect(modulePreloads(html)).toEqual(['/assets/ProductDetailPage-123.js', '/assets/gallery-456.js']);
      expect(html).toContain('<link rel="preload" as="fetch" href="/api/products/7" crossorigin />');
    }
  });

  it('category pages preload their chunk, not a list (paged and priced for the session, decision 014)', async () => {
    for (const url of ['/category/phones', '/dashboard-category/cameras', '/category']) {
      const html = await head(url);
      expect(modulePreloads(html)).toEqual(['/assets/CategoryPage-789.js']);
      expect(html).not.toContain('as="fetch"');
    }
  });

  it('the guest cart preloads its chunk (its products are in the browser, so no data)', async () => {
    const html = await head('/guest-cart');
    expect(modulePreloads(html)).toEqual(['/assets/GuestCartPage-321.js', '/assets/gallery-456.js']);
    expect(html).not.toContain('as="fetch"');
  });

  it('other pages get no hints: the home page’s code is all in the entry, and its list would only compete with it', async () => {
    for (const url of ['/', '/dashboard', '/login', '/track-order', '/profile', '/category/phones/extra']) {
      const html = await head(url, url === '/category/phones/extra' ? 404 : 200);
      expect(html).not.toContain('modulepreload');
      expect(html).not.toContain('as="fetch"');
    }
  });
});

it('names page modules the web app’s router really loads lazily', () => {
  const router = readFileSync(path.join(repoRoot, 'apps/web/src/app/router.tsx'), 'utf8');
  for (const { module } of landingPages) {
    const imported = module.replace(/^src\//, '../').replace(/\.tsx$/, '');
    expect(router).toContain(`import('${imported}')`);
  }
});
