import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { FirstScreenRenderer } from '@bilum/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '../db/schema';
import { makeMember, type SignedIn, signedInShopper } from '../test/accounts';
import { orderBody, placeOrder } from '../test/checkout';
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
let member: SignedIn;
let other: SignedIn;
let trackingCode: string;

beforeAll(async () => {
  // The web app's own renderer, as the build bundles it into dist/.server/entry-server.js (by its path: the API's
  // type check does not take in the web app's sources).
  const webEntry = new URL('../../../web/src/entry-server.tsx', import.meta.url).pathname;
  const webRenderer = (await import(/* @vite-ignore */ webEntry)) as FirstScreenRenderer;
  webDist = mkdtempSync(path.join(os.tmpdir(), 'bilum-first-screen-pages-'));
  writeFileSync(path.join(webDist, 'index.html'), indexHtml);
  ctx = await createTestApp({ webDist }, undefined, { firstScreenRenderer: webRenderer });
  const drum = await createProduct(ctx.db, { name: 'Kundu Drum', priceToea: 100_000 });
  const bag = await createProduct(ctx.db, { name: 'Sepik Bilum Bag', priceToea: 50_000 });
  member = await signedInShopper(ctx);
  await makeMember(ctx.db, member.user.id);
  other = await signedInShopper(ctx);
  const add = (cookie: string, productId: number, quantity: number) =>
    ctx.app.inject({ method: 'POST', url: '/api/cart/items', headers: { cookie }, payload: { productId, quantity } });
  expect((await add(member.cookie, drum.id, 2)).statusCode).toBeLessThan(300);
  expect((await add(other.cookie, bag.id, 1)).statusCode).toBeLessThan(300);
  const placed = await placeOrder(
    ctx,
    orderBody({ type: 'items', items: [{ productId: bag.id, quantity: 1 }] }),
    member.cookie,
  );
  trackingCode = placed.order.trackingCode;
  await ctx.db.update(orders).set({ paymentStatus: 'paid', paidAt: new Date() }).where(eq(orders.id, placed.order.id));
}, 180_000);
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

const text = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');

describe('the pages a shopper opens come rendered from the server, with their data (decision 030)', () => {
  it('renders /login with its form, the app’s scripts held until the page is painted', async () => {
    const { response, root, html } = await open('/login');
    expect(response.statusCode).toBe(200);
    expect(root).toMatch(/<form/);
    expect(root).toMatch(/<input[^>]*name="email"/);
    expect(root).toMatch(/<input[^>]*type="password"/);
    expect(html).toContain('<script type="text/x-after-paint" src="/assets/index-abc.js"></script>');
    expect(html).toContain('id="first-screen-state"');
  });

  it('renders /dashboard with the signed-in member’s prices, seeded under the key the page asks with', async () => {
    const { root, html, response } = await open('/dashboard', member.cookie);
    expect(text(root)).toContain(
      'Kundu Drum A product made by a test factory. Member price K900.00 Regular price K1,000.00',
    );
    expect(html).toContain('[&quot;products&quot;,&quot;list&quot;,{},&quot;member&quot;]'.replaceAll('&quot;', '"'));
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('renders /cart with each shopper’s own cart lines, never another’s (two shoppers, one after the other)', async () => {
    for (let round = 0; round < 2; round += 1) {
      const mine = await open('/cart', member.cookie);
      expect(text(mine.root)).toMatch(/Kundu Drum .*Member price K900\.00/);
      expect(mine.root).not.toContain('Sepik Bilum Bag');
      expect(mine.response.headers['cache-control']).toBe('no-store');
      const theirs = await open('/cart', other.cookie);
      expect(theirs.root).toContain('Sepik Bilum Bag');
      expect(theirs.root).not.toContain('Kundu Drum');
      expect(theirs.html).not.toContain('Kundu Drum');
      // Nor does a visitor without a session get either.
      const guest = await open('/cart');
      expect(guest.html).not.toMatch(/Kundu Drum|Sepik Bilum Bag/);
    }
  });

  it('renders /cart without a session as the app does: it says so and takes the shopper to sign in', async () => {
    const { response, root, html } = await open('/cart');
    expect(response.statusCode).toBe(200);
    expect(text(root)).toContain('User not logged in. Taking you to the sign-in page');
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(html).toContain('"queryKey":["session"]');
  });

  it('renders /order-history with the shopper’s orders', async () => {
    const { root } = await open('/order-history', member.cookie);
    expect(text(root)).toContain(`Tracking code ${trackingCode}`);
    expect(text(root)).toMatch(/Sepik Bilum Bag 1 × K450\.00/);
    const theirs = await open('/order-history', other.cookie);
    expect(theirs.html).not.toContain(trackingCode);
    expect(text(theirs.root)).toContain('No Orders Found');
  });

  it('renders a tracking link’s order into /track-order, never kept nor cached, and a wrong code as the form', async () => {
    const url = `/track-order?tracking_code=${encodeURIComponent(trackingCode)}`;
    // Without a session: the code alone opens the order, as the link in the e-mail does.
    const { response, root } = await open(url);
    expect(response.statusCode).toBe(200);
    expect(text(root)).toContain(`Order #`);
    expect(text(root)).toContain('Sepik Bilum Bag');
    expect(response.headers['cache-control']).toBe('no-store');
    // The GET the page asks with answers as POST does, under the same limits.
    const asked = await ctx.app.inject({ method: 'GET', url: `/api/orders/track?tracking_code=${trackingCode}` });
    expect(asked.statusCode).toBe(200);
    expect(asked.json()).toMatchObject({ order: { trackingCode } });
    const wrong = await open('/track-order?tracking_code=BLM-NOT-A-REAL-CODE');
    expect(wrong.response.statusCode).toBe(200);
    expect(text(wrong.root)).toContain('Track Your Order');
    expect(wrong.html).not.toContain('Sepik Bilum Bag');
    const empty = await ctx.app.inject({ method: 'GET', url: '/api/orders/track?tracking_code=' });
    expect(empty.statusCode).toBe(400);
  });

  it('renders /profile with the shopper’s details and membership', async () => {
    const { root } = await open('/profile', member.cookie);
    expect(root).toContain(member.user.email);
    expect(text(root)).toContain('Membership Status Active');
  });

  it('renders the static pages and the not-found page, which answers 404', async () => {
    expect(text((await open('/terms')).root)).toMatch(/Terms/);
    expect(text((await open('/privacy-policy')).root)).toMatch(/Privacy/);
    const missing = await open('/no-such-page');
    expect(missing.response.statusCode).toBe(404);
    expect(text(missing.root)).toContain('Page not found');
  });

  it('renders checkout’s frame with its loading state, not a wrong “empty cart”: its lines are in browser storage', async () => {
    for (const url of ['/checkout', '/guestcheckout', '/order-confirmation', '/contact-details']) {
      const { root } = await open(url, url === '/guestcheckout' ? undefined : member.cookie);
      expect(root, url).toContain('<header');
      expect(root, url).toContain('role="status"');
      expect(text(root), url).not.toMatch(/cart is empty|No recent order/);
    }
  });

  it('passes on what the in-process answers set: a session that ended has its cookie cleared', async () => {
    const { response, root } = await open('/profile', 'bilum_session=a-session-that-ended');
    const cookies = [response.headers['set-cookie'] ?? []].flat();
    expect(cookies.some((cookie) => /^bilum_session=;/.test(cookie))).toBe(true);
    expect(root).not.toContain(member.user.email);
  });
});
