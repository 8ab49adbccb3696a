import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products } from '../db/schema';
import { signedInShopper } from '../test/accounts';
import { createProduct } from '../test/factories';
import { createTestApp, type TestContext } from '../test/test-app';

const indexHtml = `<!doctype html>
<html lang="en-PG">
  <head>
    <title>Bilum</title>
    <script type="module" crossorigin src="/assets/index-abc.js"></script>
    <link rel="stylesheet" crossorigin href="/assets/index-abc.css">
  </head>
  <body><div id="root"></div></body>
</html>`;

/**
 * A renderer shaped like the web build's (apps/web/src/entry-server.tsx): it renders the home page from the
 * product list and product pages from their product, counts its renderings, and fails on /broken.
 */
const fakeRenderer = `
globalThis.firstScreenRenders = 0;
export async function prepareFirstScreen(url, data) {
  const pathname = new URL(url, 'http://shop.invalid').pathname;
  if (pathname === '/broken') throw new Error('the renderer broke');
  let markup;
  if (pathname === '/') {
    const list = await data.products();
    markup = '<ul aria-label="Products">' + list.items.map((p) => '<li>' + p.name + ' K' + p.price + '</li>').join('') + '</ul>';
  } else if (pathname.startsWith('/index-item/')) {
    const product = await data.product(Number(pathname.split('/')[2]));
    if (!product) return null;
    markup = '<h1>' + product.name + '</h1>';
  } else if (pathname === '/profile') {
    const answer = await data.get('/session');
    const session = JSON.parse(answer.body);
    markup = '<p>' + answer.status + ' ' + (session.user ? session.user.email : 'guest') + '</p>';
  } else if (pathname === '/posting') {
    // A POST the renderer may ask (the checkout quote, which only reads), and one it may not (a write).
    const quote = await data.get('/checkout/quote', '{}');
    let write;
    try {
      write = String((await data.get('/auth/logout', '{}')).status);
    } catch (error) {
      write = 'refused: ' + error.message;
    }
    markup = '<p>quote ' + quote.status + '</p><p>' + write + '</p>';
  } else if (pathname === '/guest-cart') {
    const cart = data.guestCart();
    markup = '<p>' + (data.hasSession() ? 'session' : 'guest') + ' ' + cart.map((e) => e.productId + 'x' + e.quantity).join(',') + '</p>';
  } else {
    return null;
  }
  return {
    async render() {
      globalThis.firstScreenRenders += 1;
      return {
        html: markup,
        stateScript: '<script type="application/json" id="first-screen-state">{}</script>',
        pageModules: pathname.startsWith('/index-item/') ? ['src/features/catalog/ProductDetailPage.tsx'] : [],
      };
    },
  };
}`;

let ctx: TestContext;
let webDist: string;
const renders = () => (globalThis as { firstScreenRenders?: number }).firstScreenRenders ?? 0;

beforeAll(async () => {
  webDist = mkdtempSync(path.join(os.tmpdir(), 'bilum-first-screen-'));
  writeFileSync(path.join(webDist, 'index.html'), indexHtml);
  mkdirSync(path.join(webDist, '.vite'));
  const manifest = {
    'index.html': { file: 'assets/index-abc.js', isEntry: true },
    'src/features/catalog/ProductDetailPage.tsx': {
      file: 'assets/ProductDetailPage-123.js',
      imports: ['index.html', '_gallery.js', '_price.js'],
    },
    '_gallery.js': { file: 'assets/gallery-456.js', imports: ['_price.js', 'index.html'] },
    '_price.js': { file: 'assets/price-789.js' },
  };
  writeFileSync(path.join(webDist, '.vite', 'manifest.json'), JSON.stringify(manifest));
  mkdirSync(path.join(webDist, '.server'));
  writeFileSync(path.join(webDist, '.server', 'entry-server.js'), fakeRenderer);
  ctx = await createTestApp({ webDist });
});
afterAll(async () => {
  await ctx?.close();
  rmSync(webDist, { recursive: true, force: true });
});

/** An unknown address or product is the page with the 404 status (issue 20). */
const page = async (url: string, status = 200) => {
  const response = await ctx.app.inject({ method: 'GET', url });
  expect(response.statusCode, url).toBe(status);
  expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
  return response.body;
};

/** The page once it shows `text`: a write to the products table reaches the catalogue's cache within a second. */
const pageShowing = async (url: string, text: string) => {
  const deadline = Date.now() + 3000;
  let html = await page(url);
  while (!html.includes(text) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    html = await page(url);
  }
  return html;
};

describe('the first screen of the landing pages comes rendered from the server', () => {
  it('puts the page’s HTML into #root and its data after it, from the catalogue as GET /api/products has it', async () => {
    const laptop = await createProduct(ctx.db, { name: 'Server Laptop', priceToea: 150_000 });
    const html = await page('/');
    expect(html).toContain(`<div id="root"><ul aria-label="Products"><li>Server Laptop K150000</li></ul></div>`);
    expect(html).toContain('<script type="application/json" id="first-screen-state">{}</script>');
    expect(await page(`/index-item/${laptop.id}`)).toContain('<div id="root"><h1>Server Laptop</h1></div>');
  });

  it('starts the app’s code only after the page is painted: its module scripts are held and a loader added', async () => {
    const html = await page('/');
    expect(html).not.toContain('<script type="module" crossorigin src="/assets/index-abc.js">');
    expect(html).toContain('<script type="text/x-after-paint" src="/assets/index-abc.js"></script>');
    expect(html).toContain('<script type="module" src="/app-after-paint.js"></script>');
    // The stylesheet still blocks the paint: the page is never shown unstyled.
    expect(html).toContain('<link rel="stylesheet" crossorigin href="/assets/index-abc.css">');
  });

  it('names no page chunk or data to preload on a rendered page: its data is in it, its code comes after the paint', async () => {
    const camera = await createProduct(ctx.db, { name: 'Preload Camera' });
    const rendered = await page(`/index-item/${camera.id}`);
    expect(rendered).toContain('<h1>Preload Camera</h1>');
    expect(rendered).not.toContain('rel="modulepreload"');
    expect(rendered).not.toContain('as="fetch"');
    // Its code is named for app-after-paint.js (a rel the browser does not act on), which asks for it a few files
    // a task after the paint, before the loader: the page's chunk and what it imports, each once, not the entry.
    const named = [...rendered.matchAll(/<link rel="x-after-paint-modulepreload" href="([^"]+)" \/>/g)].map(
      ([, href]) => href,
    );
    expect(named).toEqual(['/assets/ProductDetailPage-123.js', '/assets/gallery-456.js', '/assets/price-789.js']);
    expect(rendered.indexOf('x-after-paint-modulepreload')).toBeLessThan(rendered.indexOf('/app-after-paint.js'));
    expect(rendered.indexOf('</head>')).toBeGreaterThan(rendered.indexOf('/app-after-paint.js'));
    // A page of no lazy code names none.
    expect(await page('/')).not.toContain('x-after-paint-modulepreload');
    // A product page the server does not render still gets both (./page-preload.ts).
    const unknown = await page('/index-item/999999', 404);
    expect(unknown).toContain('<link rel="modulepreload" href="/assets/ProductDetailPage-123.js" />');
    expect(unknown).toContain('<link rel="preload" as="fetch" href="/api/products/999999" crossorigin />');
  });

  it('sends other pages, unknown products and pages the renderer fails on as they are, with the app’s scripts', async () => {
    for (const url of ['/login', '/cart', '/index-item/999999', '/index-item/99999999999', '/broken']) {
      const html = await page(url, ['/login', '/cart'].includes(url) ? 200 : 404);
      expect(html, url).toContain('<div id="root"></div>');
      expect(html, url).toContain('<script type="module" crossorigin src="/assets/index-abc.js"></script>');
      expect(html, url).not.toContain('first-screen-state');
    }
  });

  it('renders a URL once for the same data, and again as soon as a product changes', async () => {
    const phone = await createProduct(ctx.db, { name: 'Cached Phone', priceToea: 20_000 });
    expect(await pageShowing('/?cache-test=1', 'Cached Phone K20000')).toContain('Cached Phone K20000');
    const before = renders();
    expect(await page('/?cache-test=1')).toContain('Cached Phone K20000');
    expect(renders()).toBe(before);

    await ctx.db.update(products).set({ priceToea: 25_000 }).where(eq(products.id, phone.id));
    expect(await pageShowing('/?cache-test=1', 'Cached Phone K25000')).toContain('Cached Phone K25000');
    expect(renders()).toBe(before + 1);
  });

  it('tells the renderer the guest cart the browser mirrors into its cookie, and whether a session cookie came', async () => {
    const cart = async (cookie: string) =>
      (await ctx.app.inject({ method: 'GET', url: '/guest-cart', headers: { cookie } })).body;
    expect(await cart('bilum_guest_cart=7.2-9.1')).toContain('<div id="root"><p>guest 7x2,9x1</p></div>');
    // Another cart on the same URL is another rendering.
    expect(await cart('bilum_guest_cart=7.3')).toContain('<div id="root"><p>guest 7x3</p></div>');
    expect(await cart('bilum_guest_cart=7.3; bilum_session=abc')).toContain('<p>session 7x3</p>');
    expect(await cart('bilum_guest_cart=<script>')).toContain('<p>guest </p>');
  });

  it('sends the page compressed when the browser takes brotli', async () => {
    for (let n = 0; n < 12; n += 1)
      await createProduct(ctx.db, { name: `A phone with a rather long name, number ${n}` });
    const plain = await pageShowing('/', 'number 11');
    expect(Buffer.byteLength(plain)).toBeGreaterThan(1024);
    const response = await ctx.app.inject({ method: 'GET', url: '/', headers: { 'accept-encoding': 'gzip, br' } });
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers.vary).toContain('accept-encoding');
    expect(brotliDecompressSync(response.rawPayload).toString('utf8')).toBe(plain);
  });

  it('answers the renderer’s API calls in-process for the visitor, and never keeps nor shares a signed-in rendering', async () => {
    const [first, second] = [await signedInShopper(ctx), await signedInShopper(ctx)];
    const mine = (cookie?: string) =>
      ctx.app.inject({ method: 'GET', url: '/profile', headers: cookie ? { cookie } : {} });
    for (let round = 0; round < 2; round += 1) {
      const before = renders();
      const a = await mine(first.cookie);
      expect(a.body).toContain(`<p>200 ${first.user.email}</p>`);
      expect(a.headers['cache-control']).toBe('no-store');
      const b = await mine(second.cookie);
      expect(b.body).toContain(`<p>200 ${second.user.email}</p>`);
      expect(b.body).not.toContain(first.user.email);
      expect(renders()).toBe(before + 2);
    }
    // A guest's rendering is kept, per URL and the answers it was made from.
    expect((await mine()).body).toContain('<p>200 guest</p>');
    const before = renders();
    const again = await mine();
    expect(again.body).toContain('<p>200 guest</p>');
    expect(again.headers['cache-control']).toBe('no-cache');
    expect(renders()).toBe(before);
  });

  it('lets a rendering POST only to the paths that merely read (firstScreenReadingPosts); any other is refused before it is sent', async () => {
    const shopper = await signedInShopper(ctx);
    const response = await ctx.app.inject({ method: 'GET', url: '/posting', headers: { cookie: shopper.cookie } });
    // The quote is asked (and answers, here 400 for an empty selection); the sign-out never reaches the API.
    expect(response.body).toMatch(/<p>quote 4\d\d<\/p>/);
    expect(response.body).toContain("<p>refused: POST /api/auth/logout is not asked by a page's rendering</p>");
    const session = await ctx.app.inject({ method: 'GET', url: '/api/session', headers: { cookie: shopper.cookie } });
    expect(JSON.parse(session.body)).toMatchObject({ user: { email: shopper.user.email } });
  });
});
