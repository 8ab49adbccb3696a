import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import {
  checkoutMirrorCookie,
  emptyCheckoutMirror,
  type FirstScreenRenderer,
  formatCheckoutMirror,
} from '@bilum/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { discountCodes, orders } from '../db/schema';
import { makeMember, type SignedIn, signedInShopper } from '../test/accounts';
import { deliveryContact, orderBody, placeOrder } from '../test/checkout';
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
    // The member slider's slides, loaded before the first rendering of the process, not its placeholder (the
    // bench's first /dashboard after a start was rendered anew by the app, its largest paint 2.8 s).
    expect(root).toContain('Samsung Galaxy A55 5G');
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

  it('renders checkout’s frame with its loading state, not a wrong “empty cart”, when no cookie mirrors its storage', async () => {
    for (const url of ['/checkout', '/guestcheckout', '/order-confirmation', '/contact-details']) {
      const { root } = await open(url, url === '/guestcheckout' ? undefined : member.cookie);
      expect(root, url).toContain('<header');
      expect(root, url).toContain('role="status"');
      expect(text(root), url).not.toMatch(/cart is empty|No recent order/);
    }
  });

  it('renders the checkout pages from the cookie the app mirrors checkout’s storage into (issue 29)', async () => {
    const mirror = (value: string) => `${checkoutMirrorCookie}=${value}`;
    const cart = await ctx.app.inject({ method: 'GET', url: '/api/cart', headers: { cookie: member.cookie } });
    const line = cart.json<{ items: { cartItemId: number; productId: number }[] }>().items[0]!;
    const handoff = mirror(`t:a~m:${line.productId}.2.${line.cartItemId}`);
    // Contact details: the form, with the member's checkout lines handed over.
    const contact = await open('/contact-details', `${member.cookie}; ${handoff}`);
    expect(contact.root).toMatch(/<form/);
    expect(contact.root).toMatch(/<input[^>]*name="phone"/);
    expect(contact.root).not.toContain('role="status" aria-label="Loading');
    // Checkout: the member's saved details and the lines' summary, which waits on the server's prices.
    const saved = await ctx.app.inject({
      method: 'PUT',
      url: '/api/contact-details',
      headers: { cookie: member.cookie },
      payload: { ...deliveryContact, hasPhysicalItems: true },
    });
    expect(saved.statusCode).toBe(200);
    const checkout = await open('/checkout', `${member.cookie}; ${handoff}`);
    expect(text(checkout.root)).toContain('Checkout');
    expect(text(checkout.root)).toContain(deliveryContact.address);
    // Priced by the server's quote, asked in-process (a POST that only reads): the member's price, two drums.
    expect(text(checkout.root)).toMatch(/Kundu Drum/);
    expect(text(checkout.root)).toContain('K1,800.00');
    expect(text(checkout.root)).not.toContain('Checking prices…');
    // A guest's checkout of the cart the guest-cart cookie mirrors: the lines and the contact form.
    const guest = await open(
      '/guestcheckout',
      `bilum_guest_cart=${line.productId}.1; ${mirror(`a:gc_${line.productId}.1.0`)}`,
    );
    expect(guest.root).toMatch(/<input[^>]*name="email"/);
    // A visitor's own checkout is never kept for another, nor by a cache on the way.
    expect(guest.response.headers['cache-control']).toBe('no-store');
    expect(text(guest.root)).toMatch(/Kundu Drum .*K1,000\.00/);
    // With the discount code the shopper entered (issue 30): the server's page is priced with it, as the browser's is.
    await ctx.db.insert(discountCodes).values({ code: 'DRUM10', kind: 'percent', value: 10 });
    const withCode = formatCheckoutMirror({
      ...emptyCheckoutMirror,
      attempt: {
        audience: 'guest',
        kind: 'cart',
        lines: [{ productId: line.productId, quantity: 1, cartItemId: null }],
        code: 'DRUM10',
      },
    });
    const discounted = await open('/guestcheckout', `bilum_guest_cart=${line.productId}.1; ${mirror(withCode)}`);
    expect(text(discounted.root)).toMatch(/Discount \(DRUM10\)\s*−K100\.00/);
    expect(text(discounted.root)).toContain('DRUM10 applied');
    // The confirmation: the order's ID and tracking code, and for the member the order's own answer.
    const placed = await placeOrder(
      ctx,
      orderBody({ type: 'items', items: [{ productId: line.productId, quantity: 1 }] }),
      member.cookie,
    );
    const code = placed.order.trackingCode;
    const confirmation = mirror(
      formatCheckoutMirror({
        ...emptyCheckoutMirror,
        confirmation: { orderId: placed.order.id, trackingCode: code, email: member.user.email, isGuest: false },
      }),
    );
    const confirmed = await open('/order-confirmation', `${member.cookie}; ${confirmation}`);
    expect(text(confirmed.root)).toContain('Thank you for your order!');
    expect(confirmed.root).toContain(code);
    expect(text(confirmed.root)).toContain(String(placed.order.id));
    expect(confirmed.response.headers['cache-control']).toBe('no-store');
    // A mirror naming a product that is gone leaves the page to the browser; so does an unreadable one.
    for (const value of ['t:a~m:999999.1.0', 'not a mirror']) {
      const { root } = await open('/contact-details', `${member.cookie}; ${mirror(value)}`);
      expect(root, value).toContain('role="status"');
      expect(root, value).not.toMatch(/<input[^>]*name="phone"/);
    }
  });

  it('passes on what the in-process answers set: a session that ended has its cookie cleared', async () => {
    const { response, root } = await open('/profile', 'bilum_session=a-session-that-ended');
    const cookies = [response.headers['set-cookie'] ?? []].flat();
    expect(cookies.some((cookie) => /^bilum_session=;/.test(cookie))).toBe(true);
    expect(root).not.toContain(member.user.email);
  });
});
