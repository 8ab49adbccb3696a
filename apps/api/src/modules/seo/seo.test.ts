import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { homeHeroImage, imageSrcSet, productDetailImageSizes } from '@bilum/shared';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products, shareImages } from '../../db/schema';
import { createProduct } from '../../test/factories';
import { createTestApp, type TestContext } from '../../test/test-app';
import { createImagesService } from '../uploads/images.service';

const indexHtml = `<!doctype html>
<html lang="en-PG">
  <head>
    <title>Bilum – the shop</title>
    <meta
      name="description"
      content="The shop's own description."
    />
  </head>
  <body><div id="root"></div></body>
</html>`;

const phoneSvg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 400" width="400" height="400">
  <rect width="400" height="400" fill="#eef"/><rect x="140" y="60" width="120" height="280" rx="20" fill="#333"/></svg>`;

const origin = 'https://shop.example.pg';
let ctx: TestContext;
let webDist: string;
let phone: { id: number };
let soldOut: { id: number };
let uploaded: { id: number };
let hostile: { id: number };
let archived: { id: number };
let hidden: { id: number };

function makeDist(prefix: string): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), prefix));
  writeFileSync(path.join(dir, 'index.html'), indexHtml);
  mkdirSync(path.join(dir, 'images/products'), { recursive: true });
  writeFileSync(path.join(dir, 'images/products/phone.svg'), phoneSvg);
  return dir;
}

beforeAll(async () => {
  webDist = makeDist('bilum-seo-');
  ctx = await createTestApp({ webDist, publicUrl: `${origin}/` });
  phone = await createProduct(ctx.db, {
    name: 'Samsung Galaxy A15',
    description: 'Dual SIM phone for Digicel & bmobile, with a big battery. '.repeat(6),
    priceToea: 74_900,
    image: '/images/products/phone.svg',
  });
  soldOut = await createProduct(ctx.db, { name: 'Nikon D3500', category: 'cameras', status: 'sold' });
  const png = await sharp({ create: { width: 800, height: 800, channels: 3, background: '#c00' } })
    .png()
    .toBuffer();
  const stored = await createImagesService(ctx.db).store(png, null);
  uploaded = await createProduct(ctx.db, { name: 'Red case', category: 'accessories', image: stored.url });
  hostile = await createProduct(ctx.db, {
    name: 'Evil </script><script>alert(1)</script> phone',
    description: '<!-- "quoted" & </SCRIPT> \u2028 end',
    priceToea: 1_005,
    image: null,
  });
  archived = await createProduct(ctx.db, { name: 'Gone', archivedAt: new Date() });
  hidden = await createProduct(ctx.db, { name: 'Hidden', status: 'inactive' });
});
afterAll(async () => {
  await ctx.close();
  rmSync(webDist, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) => ctx.app.inject({ method: 'GET', url, headers });
const browser = { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' };

/** The JSON-LD of a page, parsed (fails when there is none or it is not valid JSON). */
function jsonLd(html: string): Record<string, unknown> {
  const scripts = [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)];
  expect(scripts).toHaveLength(1);
  return JSON.parse(scripts[0]![1]!) as Record<string, unknown>;
}

const metaContent = (html: string, key: string) =>
  new RegExp(`<meta (?:property|name)="${key.replace(/[:]/g, '\\$&')}" content="([^"]*)" />`).exec(html)?.[1];
const canonicalOf = (html: string) => /<link rel="canonical" href="([^"]*)" \/>/.exec(html)?.[1];

/** A strict enough well-formedness check: every tag closed in order, no stray "<" or "&" in text. */
function expectWellFormedXml(xml: string, root: string) {
  expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n')).toBe(true);
  const body = xml.replace(/^<\?xml[^>]*\?>\s*/, '');
  const stack: string[] = [];
  let last = 0;
  for (const match of body.matchAll(/<(\/?)([A-Za-z][\w:.-]*)((?:\s+[\w:.-]+="[^"<]*")*)\s*(\/?)>/g)) {
    const text = body.slice(last, match.index);
    expect(text, 'text between tags').not.toMatch(/[<>]|&(?!(?:amp|lt|gt|quot|apos);)/);
    last = match.index + match[0].length;
    const [, closing, name, , selfClosing] = match;
    if (closing) expect(stack.pop(), `closing </${name}>`).toBe(name);
    else if (!selfClosing) stack.push(name!);
    if (stack.length === 0) expect(body.slice(last).trim()).toBe('');
  }
  expect(stack).toEqual([]);
  expect(body.startsWith(`<${root} xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">`)).toBe(true);
}
const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((match) => match[1]!);

describe('404 for what does not exist (issue 20)', () => {
  it('answers an unknown address with the page and 404, marked noindex', async () => {
    const answer = await get('/no-such-page', browser);
    expect(answer.statusCode).toBe(404);
    expect(answer.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(answer.body).toContain('<div id="root"></div>');
    expect(answer.body).toContain('<title>Oops! Page not found - Bilum</title>');
    expect(answer.body).toContain('<meta name="robots" content="noindex" />');
    expect(canonicalOf(answer.body)).toBeUndefined();
  });

  it.each([
    ['an unknown product', () => '/index-item/999999'],
    ['an archived product', () => `/item/${archived.id}`],
    ['a hidden product', () => `/indexdetail/${hidden.id}`],
    ['a product id that is no number', () => '/itemdetail/abc'],
    ['an unknown category', () => '/category/toys'],
    ['a page under a page', () => '/terms/more'],
  ])('answers %s with 404', async (_what, url) => {
    const answer = await get(url(), browser);
    expect(answer.statusCode).toBe(404);
    expect(answer.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(answer.body).toContain('<meta name="robots" content="noindex" />');
  });

  it('answers a browser opening an address with a dot with the not-found page, and a script or picture with a plain 404', async () => {
    const page = await get('/index-item/1.5', browser);
    expect(page.statusCode).toBe(404);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.body).toContain('<title>Product not found - Bilum</title>');
    const file = await get('/assets/missing.js', { accept: '*/*' });
    expect(file.statusCode).toBe(404);
    expect(file.json().error.code).toBe('NOT_FOUND');
  });

  it('keeps unknown API addresses a JSON 404, whatever the caller accepts', async () => {
    for (const headers of [{}, browser]) {
      const answer = await get('/api/no-such-thing', headers);
      expect(answer.statusCode).toBe(404);
      expect(answer.json().error.code).toBe('NOT_FOUND');
    }
  });

  it('answers the shop’s pages 200, a sold-out product too', async () => {
    for (const url of [
      '/',
      '/dashboard',
      '/category',
      '/category/phones',
      `/index-item/${soldOut.id}`,
      '/terms',
      '/checkout',
    ]) {
      const answer = await get(url, browser);
      expect(answer.statusCode, url).toBe(200);
    }
  });
});

describe('one canonical address per page', () => {
  it.each(['index-item', 'indexdetail', 'item', 'itemdetail'])('/%s/{id} names /index-item/{id}', async (route) => {
    const answer = await get(`/${route}/${phone.id}?utm_source=whatsapp`);
    expect(canonicalOf(answer.body)).toBe(`${origin}/index-item/${phone.id}`);
    expect(metaContent(answer.body, 'og:url')).toBe(`${origin}/index-item/${phone.id}`);
  });

  it('names the guest category without filters for a category page, and the main address of a content page', async () => {
    expect(canonicalOf((await get('/category/phones?sort=priceAsc&price=under-500')).body)).toBe(
      `${origin}/category/phones`,
    );
    expect(canonicalOf((await get('/dashboard-category/cameras')).body)).toBe(`${origin}/category/cameras`);
    expect(canonicalOf((await get('/category')).body)).toBe(`${origin}/category/all`);
    expect(canonicalOf((await get('/dashboard')).body)).toBe(`${origin}/`);
    expect(canonicalOf((await get('/terms-of-service')).body)).toBe(`${origin}/terms`);
  });

  it('gives private pages none, and keeps them out of search results', async () => {
    const checkout = await get('/checkout');
    expect(canonicalOf(checkout.body)).toBeUndefined();
    expect(checkout.body).toContain('<meta name="robots" content="noindex" />');
    expect(checkout.body).toContain('<title>Checkout - Bilum</title>');
  });
});

describe('a title and description per page, in the HTML', () => {
  it('a product page: name and price in the title, price and a description excerpt in the description', async () => {
    const html = (await get(`/index-item/${phone.id}`)).body;
    expect(html).toContain('<title>Samsung Galaxy A15 – K749.00 | Bilum</title>');
    const description = /<meta name="description" content="([^"]*)" \/>/.exec(html)?.[1] ?? '';
    expect(description.startsWith('K749.00. Dual SIM phone for Digicel &amp; bmobile')).toBe(true);
    expect(description.length).toBeLessThanOrEqual(220);
    expect(html).not.toContain("The shop's own description.");
  });

  it('a category page and the content pages', async () => {
    const phones = (await get('/category/phones')).body;
    expect(phones).toContain('<title>Phones - Bilum</title>');
    expect(phones).toContain('<meta name="description" content="Shop phones in kina at Bilum');
    expect((await get('/category/all')).body).toContain('<title>All Products - Bilum</title>');
    expect((await get('/privacy-policy')).body).toContain('<title>Privacy Policy - Bilum</title>');
    expect((await get('/contact')).body).toContain('<title>Contact Us - Bilum</title>');
    const home = (await get('/')).body;
    expect(home).toContain('<title>Bilum – phones, computers, cameras and more in Papua New Guinea</title>');
    expect(home).toContain(`<link rel="preload" as="image" href="${homeHeroImage}" fetchpriority="high" />`);
  });

  it('writes a Tok Pisin page’s title and description in Tok Pisin, by the lang cookie or ?lang=tpi (issue 31)', async () => {
    const plain = await createProduct(ctx.db, { name: 'Solar lamp', description: '', priceToea: 4_500 });
    const product = (await get(`/index-item/${plain.id}`, { cookie: 'lang=tpi' })).body;
    // The name and price are the same in both languages; the words around them are Tok Pisin.
    expect(product).toContain('<title>Solar lamp – K45.00 | Bilum</title>');
    expect(product).toContain('<meta name="description" content="K45.00. I no gat stori long dispela samting." />');
    expect(metaContent(product, 'og:description')).toBe('K45.00. I no gat stori long dispela samting.');
    expect((await get(`/index-item/${plain.id}`)).body).toContain(
      '<meta name="description" content="K45.00. No description available." />',
    );
    const privacy = (await get('/privacy-policy', { cookie: 'lang=tpi' })).body;
    expect(privacy).toContain('<title>Lo bilong Praivesi - Bilum</title>');
    expect(privacy).toContain('<meta name="description" content="Wanem stori Bilum i holim long yu');
    expect(metaContent(privacy, 'og:title')).toBe('Lo bilong Praivesi - Bilum');
    const phones = (await get('/category/phones?lang=tpi')).body;
    expect(phones).toContain('<title>Phones - Bilum</title>');
    expect(phones).toContain('<meta name="description" content="Baim phones long kina long Bilum.');
    expect((await get('/category/all', { 'accept-language': 'tpi' })).body).toContain(
      '<title>Olgeta Samting - Bilum</title>',
    );
    expect((await get('/', { cookie: 'lang=tpi' })).body).toContain(
      '<title>Bilum – fon, kompiuta, kamera na planti moa long Papua Niugini</title>',
    );
    const missing = await get('/no-such-page', { ...browser, cookie: 'lang=tpi' });
    expect(missing.statusCode).toBe(404);
    expect(missing.body).toContain('<title>Sori! Mipela i no painim dispela pes - Bilum</title>');
    // The staff's pages stay English, the shopper's invoice is Tok Pisin.
    expect((await get('/order-inventory/7/invoice', { cookie: 'lang=tpi' })).body).toContain(
      '<title>Tax Invoice - Bilum</title>',
    );
    expect((await get('/invoice/7', { cookie: 'lang=tpi' })).body).toContain('<title>Takis invois - Bilum</title>');
  });

  it('preloads an uploaded main picture by the copy its page will show, never the original (issue 29)', async () => {
    const html = (await get(`/index-item/${uploaded.id}`)).body;
    const [product] = await ctx.db.select({ image: products.image }).from(products).where(eq(products.id, uploaded.id));
    const image = product!.image!;
    expect(html).toContain(
      `<link rel="preload" as="image" href="${image}" imagesrcset="${imageSrcSet(image)}" ` +
        `imagesizes="${productDetailImageSizes}" fetchpriority="high" />`,
    );
  });
});

describe('JSON-LD Product with its Offer', () => {
  it('is valid JSON with the price as a decimal string in PGK, availability and the canonical address', async () => {
    const data = jsonLd((await get(`/item/${phone.id}`)).body);
    expect(data).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Product',
      name: 'Samsung Galaxy A15',
      url: `${origin}/index-item/${phone.id}`,
      offers: {
        '@type': 'Offer',
        price: '749.00',
        priceCurrency: 'PGK',
        availability: 'https://schema.org/InStock',
        url: `${origin}/index-item/${phone.id}`,
      },
    });
    expect((data.image as string[])[0]).toMatch(
      new RegExp(`^${origin}/api/share-images/products/${phone.id}\\.jpg\\?v=`),
    );
    const sold = jsonLd((await get(`/index-item/${soldOut.id}`)).body);
    expect(sold).toMatchObject({ offers: { availability: 'https://schema.org/OutOfStock', price: '100.00' } });
  });

  it('cannot be ended or changed by a product’s name or description', async () => {
    const html = (await get(`/index-item/${hostile.id}`)).body;
    expect(html).not.toContain('<script>alert(1)</script>');
    expect(html).not.toMatch(/<\/script><script>alert/i);
    expect(html).not.toContain('<!-- "quoted"');
    const data = jsonLd(html);
    expect(data.name).toBe('Evil </script><script>alert(1)</script> phone');
    // Read back exactly (white space, the line separator among it, runs together).
    expect(data.description).toBe('<!-- "quoted" & </SCRIPT> end');
    expect(data).toMatchObject({ offers: { price: '10.05', priceCurrency: 'PGK' } });
    expect(metaContent(html, 'og:title')).toBe('Evil &lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt; phone');
    expect(html).toContain(
      '<title>Evil &lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt; phone – K10.05 | Bilum</title>',
    );
  });

  it('is only on product pages', async () => {
    for (const url of ['/', '/category/phones', '/terms', '/no-such-page']) {
      expect((await get(url)).body, url).not.toContain('application/ld+json');
    }
  });
});

describe('robots.txt', () => {
  it('lets crawlers into the storefront, not the admin, accounts, checkout or API, and names the sitemap', async () => {
    const answer = await get('/robots.txt');
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe('text/plain; charset=utf-8');
    const lines = answer.body.split('\n');
    expect(lines).toEqual(
      expect.arrayContaining([
        'User-agent: *',
        'Allow: /',
        'Disallow: /api/',
        'Disallow: /checkout',
        'Disallow: /guestcheckout',
        'Disallow: /cart',
        'Disallow: /profile',
        'Disallow: /login',
        'Disallow: /product-inventory',
        'Disallow: /settings',
        `Sitemap: ${origin}/sitemap.xml`,
      ]),
    );
    for (const open of ['/', '/category', '/index-item', '/terms']) expect(lines).not.toContain(`Disallow: ${open}`);
  });
});

describe('sitemap.xml', () => {
  it('is valid XML listing the home page, the categories and every product for sale at its canonical address', async () => {
    const answer = await get('/sitemap.xml');
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe('application/xml; charset=utf-8');
    expectWellFormedXml(answer.body, 'urlset');
    const listed = locs(answer.body);
    expect(listed).toEqual(
      expect.arrayContaining([
        `${origin}/`,
        `${origin}/category/all`,
        `${origin}/category/phones`,
        `${origin}/category/cameras`,
        `${origin}/terms`,
        `${origin}/index-item/${phone.id}`,
        `${origin}/index-item/${soldOut.id}`,
        `${origin}/index-item/${uploaded.id}`,
      ]),
    );
    for (const gone of [archived.id, hidden.id]) expect(listed).not.toContain(`${origin}/index-item/${gone}`);
    expect(listed).not.toContain(`${origin}/terms-of-service`);
    expect(new Set(listed).size).toBe(listed.length);
  });

  it('gives each product its last change as lastmod', async () => {
    const at = new Date('2026-03-04T05:06:07.000Z');
    await ctx.db.update(products).set({ updatedAt: at }).where(eq(products.id, uploaded.id));
    const body = (await get('/sitemap.xml')).body;
    expect(body).toContain(
      `<url><loc>${origin}/index-item/${uploaded.id}</loc><lastmod>2026-03-04T05:06:07.000Z</lastmod></url>`,
    );
  });
});

describe('a large sitemap', () => {
  let small: TestContext;
  let dist: string;
  const ids: number[] = [];
  beforeAll(async () => {
    dist = makeDist('bilum-seo-index-');
    small = await createTestApp({ webDist: dist, publicUrl: origin, sitemapUrlsPerFile: 5 });
    for (let index = 0; index < 12; index += 1)
      ids.push((await createProduct(small.db, { name: `Phone ${index}` })).id);
    await createProduct(small.db, { name: 'Gone', archivedAt: new Date() });
  });
  afterAll(async () => {
    await small.close();
    rmSync(dist, { recursive: true, force: true });
  });
  const fetch = (url: string) => small.app.inject({ method: 'GET', url });

  it('becomes an index of files of at most the configured number of addresses, listing each product once', async () => {
    const index = await fetch('/sitemap.xml');
    expect(index.statusCode).toBe(200);
    expectWellFormedXml(index.body, 'sitemapindex');
    const files = locs(index.body);
    expect(files).toEqual([
      `${origin}/sitemaps/pages.xml`,
      `${origin}/sitemaps/products-1.xml`,
      `${origin}/sitemaps/products-2.xml`,
      `${origin}/sitemaps/products-3.xml`,
    ]);
    const listed: string[] = [];
    for (const file of files.slice(1)) {
      const answer = await fetch(file.slice(origin.length));
      expect(answer.statusCode).toBe(200);
      expectWellFormedXml(answer.body, 'urlset');
      expect(locs(answer.body).length).toBeLessThanOrEqual(5);
      listed.push(...locs(answer.body));
    }
    expect(listed).toEqual(ids.map((id) => `${origin}/index-item/${id}`));
    const pages = await fetch('/sitemaps/pages.xml');
    expectWellFormedXml(pages.body, 'urlset');
    expect(locs(pages.body)).toEqual(expect.arrayContaining([`${origin}/`, `${origin}/category/phones`]));
  });

  it('answers 404 for a file past the end, or not a sitemap file', async () => {
    expect((await fetch('/sitemaps/products-4.xml')).statusCode).toBe(404);
    expect((await fetch('/sitemaps/products-0.xml')).statusCode).toBe(404);
    expect((await fetch('/sitemaps/secrets.xml')).statusCode).toBe(400);
  });
});

describe('raster link-preview pictures (og:image, twitter:image)', () => {
  async function previewOf(url: string) {
    const html = (await get(url)).body;
    const image = metaContent(html, 'og:image') ?? '';
    expect(metaContent(html, 'twitter:image')).toBe(image);
    expect(metaContent(html, 'twitter:card')).toBe('summary_large_image');
    expect(image.startsWith(`${origin}/`)).toBe(true);
    return { image, answer: await get(image.slice(origin.length)) };
  }

  it('renders an SVG product picture once to a 1200x630 JPEG, cached for good under its key', async () => {
    const { image, answer } = await previewOf(`/item/${phone.id}`);
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe('image/jpeg');
    expect(answer.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(answer.headers['cross-origin-resource-policy']).toBe('cross-origin');
    const metadata = await sharp(answer.rawPayload).metadata();
    expect(metadata).toMatchObject({ format: 'jpeg', width: 1200, height: 630 });
    const key = new URL(image).searchParams.get('v') ?? '';
    const rows = await ctx.db.select({ key: shareImages.key }).from(shareImages).where(eq(shareImages.key, key));
    expect(rows).toHaveLength(1);
    const again = await get(image.slice(origin.length));
    expect(again.rawPayload.equals(answer.rawPayload)).toBe(true);
    // Without its key (an old link), the picture is still served, but only kept for an hour.
    const unkeyed = await get(`/api/share-images/products/${phone.id}.jpg`);
    expect(unkeyed.headers['cache-control']).toBe('public, max-age=3600');
  });

  it('renders an uploaded PNG too', async () => {
    const { answer } = await previewOf(`/index-item/${uploaded.id}`);
    expect(answer.headers['content-type']).toBe('image/jpeg');
    expect(await sharp(answer.rawPayload).metadata()).toMatchObject({ width: 1200, height: 630 });
  });

  it('shows the shop’s own 1200x630 PNG on other pages and for a product without a picture', async () => {
    for (const url of ['/', '/category/phones', '/terms', `/index-item/${hostile.id}`]) {
      const { image, answer } = await previewOf(url);
      expect(image).toBe(`${origin}/api/share-images/shop.png?v=v1`);
      expect(answer.statusCode).toBe(200);
      expect(answer.headers['content-type']).toBe('image/png');
      expect(answer.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(await sharp(answer.rawPayload).metadata()).toMatchObject({ format: 'png', width: 1200, height: 630 });
    }
  });

  it('answers 404 for the picture of a product not for sale', async () => {
    expect((await get(`/api/share-images/products/${archived.id}.jpg`)).statusCode).toBe(404);
    expect((await get('/api/share-images/products/abc.jpg')).statusCode).toBe(400);
  });
});
