import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  type CheckoutQuote,
  checkoutMirrorCookie,
  emptyCheckoutMirror,
  type FirstScreenRenderer,
  formatCheckoutMirror,
  guestCartCookie,
  type ProductVariants,
} from '@bilum/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderBody, placeOrder } from '../../test/checkout';
import { createProduct } from '../../test/factories';
import { createTestApp, type TestContext } from '../../test/test-app';
import { setProductVariants, type WrittenVariant } from './variants.service';

/**
 * Issue 30, step 3: the storefront sells a product's variants. The quote names each line's variant and tells a
 * held variant ("Reserved") from a sold-out one of the same product; the server's first screens of the product
 * page, the guest cart and checkout show the variant the address or the browser's cookies name.
 */

const indexHtml = `<!doctype html>
<html lang="en-PG">
  <head><title>Bilum</title></head>
  <body><div id="root"></div></body>
</html>`;

let ctx: TestContext;
let webDist: string;
let productId: number;
let variants: WrittenVariant[];
const byLabel = (label: string) => variants.find((variant) => variant.values.join(' / ') === label)!;

const galaxy: ProductVariants = {
  options: [
    { name: 'Storage', values: ['128 GB', '256 GB'] },
    { name: 'Colour', values: ['Black', 'Blue'] },
  ],
  variants: [
    ['128 GB', 'Black', 120_000, 1],
    ['128 GB', 'Blue', 120_000, 0],
    ['256 GB', 'Black', 150_000, 4],
    ['256 GB', 'Blue', 155_000, 2],
  ].map(([storage, colour, price, stock], index) => ({
    values: [storage as string, colour as string],
    sku: `SF-A55-${Date.now().toString(36)}-${index}`,
    price: price as number,
    originalPrice: null,
    stock: stock as number,
    lowStockThreshold: 1,
    image: null,
  })),
};

beforeAll(async () => {
  const webEntry = new URL('../../../../web/src/entry-server.tsx', import.meta.url).pathname;
  const webRenderer = (await import(/* @vite-ignore */ webEntry)) as FirstScreenRenderer;
  webDist = mkdtempSync(path.join(os.tmpdir(), 'bilum-variant-storefront-'));
  writeFileSync(path.join(webDist, 'index.html'), indexHtml);
  ctx = await createTestApp({ webDist }, undefined, { firstScreenRenderer: webRenderer });
  const product = await createProduct(ctx.db, { name: 'Galaxy A55', stock: 0 });
  productId = product.id;
  variants = await ctx.db.transaction((tx) =>
    setProductVariants(tx, product.id, galaxy, {
      reason: 'admin-edit',
      actor: { userId: null, name: 'Test owner' },
      at: new Date(),
    }),
  );
}, 180_000);
afterAll(async () => {
  await ctx?.close();
  rmSync(webDist, { recursive: true, force: true });
});

async function quote(items: { productId: number; variantId?: number; quantity: number }[]): Promise<CheckoutQuote> {
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/api/checkout/quote',
    payload: { source: { type: 'items', items } },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

async function page(url: string, cookie?: string): Promise<string> {
  const response = await ctx.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
  expect(response.statusCode).toBe(200);
  return response.body;
}

describe('the storefront sells variants (issue 30, step 3)', () => {
  it('quotes each variant as its own line, named with its variant, at its price', async () => {
    const answer = await quote([
      { productId, variantId: byLabel('256 GB / Blue').id, quantity: 1 },
      { productId, variantId: byLabel('256 GB / Black').id, quantity: 2 },
    ]);
    expect(answer.lines.map((line) => [line.variantId, line.name, line.unitPrice, line.status])).toEqual([
      [byLabel('256 GB / Blue').id, 'Galaxy A55 – 256 GB / Blue', 155_000, 'available'],
      [byLabel('256 GB / Black').id, 'Galaxy A55 – 256 GB / Black', 150_000, 'available'],
    ]);
    expect(answer.summary.total).toBe(455_000);
  });

  it('calls a variant held by an unpaid checkout "Reserved" and a sold-out variant of the same phone sold', async () => {
    // The last 128 GB Black goes into an unpaid card checkout: it is held, not sold.
    await placeOrder(
      ctx,
      orderBody({ type: 'items', items: [{ productId, variantId: byLabel('128 GB / Black').id, quantity: 1 }] }),
    );
    const answer = await quote([
      { productId, variantId: byLabel('128 GB / Black').id, quantity: 1 },
      { productId, variantId: byLabel('128 GB / Blue').id, quantity: 1 },
    ]);
    expect(answer.lines.map((line) => [line.name, line.status])).toEqual([
      ['Galaxy A55 – 128 GB / Black', 'reserved'],
      ['Galaxy A55 – 128 GB / Blue', 'sold'],
    ]);
    const product = (await ctx.app.inject({ method: 'GET', url: `/api/products/${productId}` })).json().product;
    const offered = new Map(
      (product.variants as { id: number; reserved: boolean }[]).map((each) => [each.id, each.reserved]),
    );
    expect(offered.get(byLabel('128 GB / Black').id)).toBe(true);
    expect(offered.get(byLabel('128 GB / Blue').id)).toBe(false);
  });

  it('renders the product page on the variant its address names, with a button for every value', async () => {
    const html = await page(`/index-item/${productId}?variant=${byLabel('256 GB / Blue').id}`);
    expect(html).toContain('K1,550.00');
    expect(html).toMatch(/aria-pressed="true"[^>]*>256 GB</);
    expect(html).toMatch(/aria-pressed="true"[^>]*>Blue</);
    expect(html).toMatch(/>128 GB</);
    // Without ?variant= the page opens on the first variant that can be bought (128 GB Blue is sold out and the
    // 128 GB Black is held): the 256 GB Black.
    expect(await page(`/index-item/${productId}`)).toContain('K1,500.00');
  });

  it('renders a guest cart of two variants of one phone from the cookie, each line named and priced', async () => {
    const cookie = `${guestCartCookie}=${productId}.1.${byLabel('256 GB / Black').id}-${productId}.2.${byLabel('256 GB / Blue').id}`;
    const html = await page('/guest-cart', cookie);
    expect(html).toContain('Galaxy A55 – 256 GB / Black');
    expect(html).toContain('Galaxy A55 – 256 GB / Blue');
    expect(html).toContain('K1,500.00');
    expect(html).toContain('K1,550.00');
  });

  it('renders a guest checkout of a variant from the checkout mirror with its name and price', async () => {
    const mirror = formatCheckoutMirror({
      ...emptyCheckoutMirror,
      checkoutType: 'single',
      guestSingleItem: { productId, quantity: 1, cartItemId: null, variantId: byLabel('256 GB / Blue').id },
    });
    const html = await page('/guestcheckout', `${checkoutMirrorCookie}=${mirror}`);
    expect(html).toContain('Galaxy A55 – 256 GB / Blue');
    expect(html).toContain('K1,550.00');
  });
});
