import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProduct } from '../test/factories';
import { createTestApp, type TestContext } from '../test/test-app';

const script = `console.log(${JSON.stringify('a shop script '.repeat(200))});\n`;

let ctx: TestContext;
let webDist: string;

beforeAll(async () => {
  webDist = mkdtempSync(path.join(os.tmpdir(), 'bilum-web-app-'));
  mkdirSync(path.join(webDist, 'assets'));
  writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>Bilum</title><div id="root"></div>');
  writeFileSync(path.join(webDist, 'assets/index-abc123.js'), script);
  writeFileSync(path.join(webDist, 'assets/index-abc123.js.br'), brotliCompressSync(script));
  writeFileSync(path.join(webDist, 'assets/index-abc123.js.gz'), gzipSync(script));
  writeFileSync(path.join(webDist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  writeFileSync(path.join(webDist, 'sw.js'), script);
  writeFileSync(path.join(webDist, 'sw.js.br'), brotliCompressSync(script));
  writeFileSync(path.join(webDist, 'manifest.webmanifest'), '{"name":"Bilum"}');
  ctx = await createTestApp({ webDist });
  for (let index = 0; index < 12; index += 1) {
    await createProduct(ctx.db, { name: `Phone ${index}`, description: 'A phone for the product list. '.repeat(10) });
  }
});
afterAll(async () => {
  await ctx.close();
  rmSync(webDist, { recursive: true, force: true });
});

const get = (url: string, acceptEncoding?: string) =>
  ctx.app.inject({ method: 'GET', url, headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} });

describe('serving the built web app', () => {
  it('caches hashed assets for a year as immutable, and other files for an hour', async () => {
    const asset = await get('/assets/index-abc123.js');
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const favicon = await get('/favicon.svg');
    expect(favicon.headers['cache-control']).toBe('public, max-age=3600');
  });

  it('sends the service worker to be checked on every visit, and the manifest as a web app manifest', async () => {
    for (const encoding of [undefined, 'br']) {
      const worker = await get('/sw.js', encoding);
      expect(worker.statusCode).toBe(200);
      expect(worker.headers['cache-control']).toBe('no-cache');
      expect(worker.headers['content-type']).toMatch(/^(?:application|text)\/javascript/);
    }
    const manifest = await get('/manifest.webmanifest');
    expect(manifest.statusCode).toBe(200);
    expect(manifest.headers['content-type']).toMatch(/^application\/manifest\+json/);
    expect(manifest.headers['cache-control']).toBe('public, max-age=3600');
  });

  it('sends the brotli or gzip file the build wrote when the browser accepts it', async () => {
    const brotli = await get('/assets/index-abc123.js', 'br, gzip');
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(brotli.rawPayload).toString()).toBe(script);
    const gzip = await get('/assets/index-abc123.js', 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(script);
    const plain = await get('/assets/index-abc123.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
  });

  it('sends a category page asked for in other letters to its lower-case address (issue 17), keeping the query', async () => {
    const upper = await get('/category/PHONES');
    expect(upper.statusCode).toBe(301);
    expect(upper.headers.location).toBe('/category/phones');
    const member = await get('/dashboard-category/Phones?sort=priceAsc');
    expect(member.statusCode).toBe(301);
    expect(member.headers.location).toBe('/dashboard-category/phones?sort=priceAsc');
    // Canonical categories are served as the page; an unknown one is the not-found page, with 404 (issue 20).
    expect((await get('/category/phones')).statusCode).toBe(200);
    expect((await get('/category/TOYS')).statusCode).toBe(404);
  });

  it('keeps the page itself revalidated on every visit', async () => {
    const page = await get('/category/phones');
    expect(page.statusCode).toBe(200);
    expect(page.headers['cache-control']).toBe('no-cache');
  });
});

describe('compressing API answers', () => {
  it('compresses a product list of 1 KB or more for a browser that accepts it, and not for one that does not', async () => {
    const plain = await get('/api/products');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(1024);

    const compressed = await get('/api/products', 'gzip, deflate, br');
    expect(compressed.headers['content-encoding']).toBe('br');
    expect(compressed.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    expect(JSON.parse(brotliDecompressSync(compressed.rawPayload).toString())).toEqual(plain.json());
  });

  it('leaves small answers uncompressed', async () => {
    const health = await get('/api/health', 'gzip, br');
    expect(health.headers['content-encoding']).toBeUndefined();
    expect(health.json()).toEqual({ ok: true });
  });
});
