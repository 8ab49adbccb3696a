import { homeHeroImage } from '@bilum/shared';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProduct } from '../../test/factories';
import { createTestApp, type TestContext } from '../../test/test-app';

const indexHtml = `<!doctype html>
<html lang="en-PG">
  <head>
    <title>Bilum – the shop</title>
    <meta name="description" content="The shop's own description." />
  </head>
  <body><div id="root"></div></body>
</html>`;

let ctx: TestContext;
let webDist: string;
let productId: number;

beforeAll(async () => {
  webDist = mkdtempSync(path.join(os.tmpdir(), 'bilum-preview-'));
  writeFileSync(path.join(webDist, 'index.html'), indexHtml);
  ctx = await createTestApp({ webDist, publicUrl: 'https://shop.example.pg' });
  const product = await createProduct(ctx.db, {
    name: 'Samsung "Galaxy" <A15> & Co',
    description: 'Dual SIM phone for Digicel & bmobile. <script>alert(1)</script>',
    priceToea: 74_900,
    image: '/images/products/samsung-galaxy-a15-128gb.svg',
  });
  productId = product.id;
});
afterAll(async () => {
  await ctx.close();
  rmSync(webDist, { recursive: true, force: true });
});

const page = (url: string) => ctx.app.inject({ method: 'GET', url });

describe('product link previews', () => {
  it.each(['index-item', 'indexdetail', 'item', 'itemdetail'])(
    'puts the product’s name, price, description and image into the /%s/{id} page',
    async (route) => {
      const response = await page(`/${route}/${productId}`);
      expect(response.statusCode).toBe(200);
      const html = response.body;
      expect(html).toContain('<title>Samsung &quot;Galaxy&quot; &lt;A15&gt; &amp; Co – K749.00 | Bilum</title>');
      expect(html).toContain('<meta property="og:title" content="Samsung &quot;Galaxy&quot; &lt;A15&gt; &amp; Co" />');
      expect(html).toContain(
        '<meta property="og:description" content="K749.00. Dual SIM phone for Digicel &amp; bmobile. &lt;script&gt;alert(1)&lt;/script&gt;" />',
      );
      expect(html).toContain(
        '<meta property="og:image" content="https://shop.example.pg/images/products/samsung-galaxy-a15-128gb.svg" />',
      );
      expect(html).toContain(`<meta property="og:url" content="https://shop.example.pg/${route}/${productId}" />`);
      expect(html).toContain('<meta property="product:price:amount" content="749.00" />');
      expect(html).toContain('<meta name="twitter:card" content="summary_large_image" />');
      expect(html).toContain('<meta name="description" content="K749.00. Dual SIM phone');
      expect(html).not.toContain("The shop's own description.");
      expect(html).not.toContain('<script>alert(1)</script>');
    },
  );

  it('leaves other pages and unknown products with the shop’s own title and no product tags', async () => {
    for (const url of ['/', '/category/phones', '/item/999999', '/item/99999999999', '/item/abc']) {
      const response = await page(url);
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain('<title>Bilum – the shop</title>');
      expect(response.body).not.toContain('og:title');
    }
  });

  it('keeps the preview when the link carries a query string', async () => {
    const response = await page(`/index-item/${productId}?utm_source=whatsapp`);
    expect(response.body).toContain('og:title');
  });
});

describe('the product page’s picture', () => {
  it('is preloaded with high priority, so it loads with the page rather than after the scripts', async () => {
    const response = await page(`/index-item/${productId}`);
    expect(response.body).toContain(
      '<link rel="preload" as="image" href="/images/products/samsung-galaxy-a15-128gb.svg" fetchpriority="high" />',
    );
    const category = await page('/category/phones');
    expect(category.body).not.toContain('as="image"');
  });

  it('on the home page, the first hero slide’s picture is preloaded', async () => {
    const home = await page('/');
    expect(home.body).toContain(`<link rel="preload" as="image" href="${homeHeroImage}" fetchpriority="high" />`);
  });
});
