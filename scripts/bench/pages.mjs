// The shopper pages `npm run bench` measures (issue 29), and what each needs before Lighthouse loads it: a signed-in
// member with orders and cart lines, a guest cart, or the confirmation of a real order. The shopper is made through
// the API of the shop being measured (the current version or the baseline), once per shop; a step the shop lacks
// (an older baseline) is skipped, and the pages that needed it are marked "not comparable" instead of failing the run.
import { benchContact, testCard } from './api-load.mjs';

/**
 * `route` is the path of the page's route in apps/web/src/app/router.tsx (to find its lazy chunk), null for the
 * home page (in the entry). `needs`: what the page needs prepared (see `fixturesFor`).
 */
export const pages = [
  { name: 'home', path: '/', route: null },
  { name: 'category', path: '/category/phones', route: 'category/:categoryName?' },
  { name: 'product', path: '/index-item/1', route: 'index-item/:id' },
  { name: 'guest cart', path: '/guest-cart', route: 'guest-cart', needs: ['guestCart'] },
  { name: 'track order', path: '/track-order', route: 'track-order' },
  {
    name: 'track order by code',
    path: (fixtures) => `/track-order?tracking_code=${encodeURIComponent(fixtures.order.trackingCode)}`,
    route: 'track-order',
    needs: ['order'],
  },
  { name: 'login', path: '/login', route: 'login' },
  { name: 'register', path: '/register', route: 'register' },
  { name: 'forgot password', path: '/forgot-password', route: 'forgot-password' },
  // The code step as the reset e-mail's address opens it, and the new-password step as its link opens it (the token
  // is checked when the form is sent, so any well-formed one shows the page).
  { name: 'verify code', path: '/verify-otp?email=bench.shopper%40example.pg', route: 'verify-otp' },
  { name: 'new password', path: `/reset-password?token=${'ab12'.repeat(16)}`, route: 'reset-password' },
  { name: 'membership choice', path: '/membership-choice', route: 'membership-choice' },
  { name: 'membership payment', path: '/membership-payment', route: 'membership-payment', needs: ['shopper'] },
  { name: 'dashboard', path: '/dashboard', route: 'dashboard', needs: ['member'] },
  {
    name: 'dashboard category',
    path: '/dashboard-category/phones',
    route: 'dashboard-category/:categoryName?',
    needs: ['member'],
  },
  { name: 'cart', path: '/cart', route: 'cart', needs: ['member', 'cartLines'] },
  {
    name: 'contact details',
    path: '/contact-details',
    route: 'contact-details',
    needs: ['member', 'cartLines', 'memberHandoff'],
    handoff: 'member',
  },
  {
    name: 'checkout',
    path: '/checkout',
    route: 'checkout',
    needs: ['member', 'cartLines', 'memberHandoff'],
    handoff: 'member',
  },
  { name: 'guest checkout', path: '/guestcheckout', route: 'guestcheckout', needs: ['guestCart'], handoff: 'guest' },
  {
    name: 'order confirmation',
    path: '/order-confirmation',
    route: 'order-confirmation',
    needs: ['member', 'order'],
  },
  { name: 'profile', path: '/profile', route: 'profile', needs: ['member'] },
  { name: 'order history', path: '/order-history', route: 'order-history', needs: ['member', 'order'] },
  { name: 'terms', path: '/terms', route: 'terms' },
  { name: 'privacy', path: '/privacy', route: 'privacy' },
  { name: 'contact', path: '/contact', route: 'contact' },
  { name: 'not found', path: '/no-such-page', route: '*' },
];

const json = { 'content-type': 'application/json' };

async function call(baseUrl, method, apiPath, { cookie, body, headers = {} } = {}) {
  const response = await fetch(`${baseUrl}${apiPath}`, {
    method,
    headers: { ...(body === undefined ? {} : json), ...(cookie ? { cookie } : {}), ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${apiPath} answered ${response.status}: ${text.slice(0, 200)}`);
  return { response, data: text ? JSON.parse(text) : null };
}

/** The guest cart as the web app keeps it in localStorage (apps/web/src/lib/local-cart-item.ts). */
async function guestCartItems(baseUrl, productIds) {
  const items = [];
  for (const id of productIds) {
    const { product } = (await call(baseUrl, 'GET', `/api/products/${id}`)).data;
    items.push({
      id: product.id,
      product_id: product.id,
      product_name: product.name,
      price: product.price,
      originalPrice: product.originalPrice,
      isMemberPrice: false,
      description: product.description,
      condition: product.condition,
      category: product.category,
      image: product.image,
      isMembership: product.isMembership,
      quantity: 1,
    });
  }
  return items;
}

/**
 * Makes, through the shop's API, what the pages need: a registered shopper (`shopper`), made a Premium member with
 * the test card (`member`), with one paid order (`order`) and two cart lines (`cartLines`); and a guest cart
 * (`guestCart`). Answers { fixtures, ready: Set of what was made, missing: { step: reason } }: a step that fails
 * is reported and skipped (with the steps that depend on it).
 */
export async function prepareFixtures(baseUrl) {
  const fixtures = {};
  const ready = new Set();
  const missing = {};
  const step = async (name, dependsOn, run) => {
    const lacking = dependsOn.find((dependency) => !ready.has(dependency));
    if (lacking) {
      missing[name] = `needs ${lacking}`;
      return;
    }
    try {
      await run();
      ready.add(name);
    } catch (error) {
      missing[name] = error instanceof Error ? error.message : String(error);
    }
  };
  const email = `bench-pages-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.pg`;
  await step('guestCart', [], async () => {
    fixtures.guestCart = await guestCartItems(baseUrl, [1, 5]);
  });
  await step('shopper', [], async () => {
    const { response } = await call(baseUrl, 'POST', '/api/auth/register', {
      body: {
        fullName: 'Bench Shopper',
        email,
        countryCode: '+675',
        phone: '7123 4567',
        password: 'bench-password-2024',
      },
    });
    const cookie = response.headers.getSetCookie().find((value) => value.includes('session'));
    if (!cookie) throw new Error('register set no session cookie');
    const [name, ...value] = cookie.split(';')[0].split('=');
    fixtures.cookie = { name, value: value.join('=') };
    fixtures.cookieHeader = cookie.split(';')[0];
  });
  await step('member', ['shopper'], async () => {
    const cookie = fixtures.cookieHeader;
    const started = (await call(baseUrl, 'POST', '/api/membership/payment', { cookie, body: {} })).data;
    const paid = (
      await call(baseUrl, 'POST', `/api/membership/payment/${started.membershipId}/confirm`, {
        cookie,
        body: { cardholderName: 'Bench Shopper', termsAccepted: true, card: testCard },
      })
    ).data;
    if (paid.status !== 'succeeded') throw new Error(`the Premium payment answered ${paid.status}`);
  });
  await step('order', ['shopper'], async () => {
    const cookie = fixtures.cookieHeader;
    const created = (
      await call(baseUrl, 'POST', '/api/orders', {
        cookie,
        body: {
          idempotencyKey: crypto.randomUUID(),
          contact: { ...benchContact, email },
          source: { type: 'items', items: [{ productId: 1, quantity: 1 }] },
        },
      })
    ).data;
    const paid = (
      await call(baseUrl, 'POST', `/api/orders/${created.order.id}/payment`, {
        cookie,
        headers: created.checkoutToken ? { 'x-checkout-token': created.checkoutToken } : {},
        body: { card: testCard },
      })
    ).data;
    if (paid.status !== 'succeeded') throw new Error(`the order payment answered ${paid.status}`);
    fixtures.order = {
      orderId: created.order.id,
      trackingCode: created.order.trackingCode,
      email,
      isGuest: false,
      checkoutToken: created.checkoutToken ?? null,
    };
  });
  await step('cartLines', ['shopper'], async () => {
    for (const productId of [1, 5]) {
      await call(baseUrl, 'POST', '/api/cart/items', {
        cookie: fixtures.cookieHeader,
        body: { productId, quantity: 1 },
      });
    }
  });
  // What /cart hands to checkout for the member (apps/web/src/lib/local-cart-item.ts `cartLineToLocalItem`): the
  // server cart's lines at the member's prices, with their cart line ids. Not the guest cart: its lines carry the
  // prices a guest sees, and checkout would rightly show a "prices changed" notice above everything.
  await step('memberHandoff', ['member', 'cartLines'], async () => {
    // The details /contact-details saved on the server for this member, as checkout reads them.
    await call(baseUrl, 'PUT', '/api/contact-details', {
      cookie: fixtures.cookieHeader,
      body: { ...benchContact, hasPhysicalItems: true },
    });
    const cart = (await call(baseUrl, 'GET', '/api/cart', { cookie: fixtures.cookieHeader })).data;
    fixtures.memberHandoff = cart.items.map((line) => ({
      id: line.productId,
      product_id: line.productId,
      product_name: line.name,
      price: line.unitPrice,
      originalPrice: line.originalPrice,
      isMemberPrice: line.isMemberPrice,
      description: line.description,
      condition: line.condition,
      category: line.category,
      image: line.image,
      isMembership: line.isMembership,
      quantity: line.quantity,
      product_status: line.status === 'available' ? 'available' : 'sold',
      cart_item_id: line.cartItemId,
    }));
  });
  return { fixtures, ready, missing };
}

/** Why a page cannot be measured on a shop whose fixtures lack a step, or null when it can. */
export function notComparableReason(page, prepared) {
  const lacking = (page.needs ?? []).find((need) => !prepared.ready.has(need));
  return lacking ? `${lacking}: ${prepared.missing[lacking] ?? 'not prepared'}` : null;
}

export function pagePath(page, fixtures) {
  return typeof page.path === 'function' ? page.path(fixtures) : page.path;
}

/**
 * What to do in the Lighthouse tab before the run (puppeteer page), or undefined when the page needs nothing:
 * the session cookie, the guest cart in localStorage (and its cookie, which the server renders /guest-cart from),
 * the order confirmation checkout leaves in sessionStorage (apps/web/src/features/checkout/checkout-attempt.ts).
 */
export function preparation(page, { fixtures }, baseUrl) {
  const needs = new Set(page.needs ?? []);
  const signedIn = needs.has('shopper') || needs.has('member');
  if (!signedIn && !needs.has('guestCart') && page.name !== 'order confirmation') return undefined;
  // What the cart and contact-details pages leave in sessionStorage for checkout (apps/web/src/lib/checkout-handoff.ts,
  // apps/web/src/features/checkout/contact-draft.ts): the lines taken to checkout and the contact form.
  const handoff = {
    ...(page.handoff === 'member'
      ? { checkoutType: 'all', cartItemsForCheckout: JSON.stringify(fixtures.memberHandoff) }
      : { checkoutType: 'cart' }),
    shippingInfo: JSON.stringify(benchContact),
  };
  return async (tab) => {
    // Any same-origin URL that is not the app, so the cache holds nothing of the page before the run.
    await tab.goto(`${baseUrl}/favicon.svg`);
    if (signedIn) {
      await tab.setCookie({ ...fixtures.cookie, url: baseUrl, httpOnly: true, sameSite: 'Lax' });
    }
    if (page.name === 'order confirmation') {
      await tab.evaluate((value) => sessionStorage.setItem('orderConfirmation', value), JSON.stringify(fixtures.order));
    }
    if (page.handoff) {
      await tab.evaluate((entries) => {
        for (const [key, value] of Object.entries(entries)) sessionStorage.setItem(key, value);
      }, handoff);
    }
    const guestCart = needs.has('guestCart') && page.handoff !== 'member';
    if (guestCart) {
      await tab.evaluate((value) => localStorage.setItem('guestCartItems', value), JSON.stringify(fixtures.guestCart));
    }
    if (guestCart || page.handoff || page.name === 'order confirmation') {
      // A page of the shop, as the shopper saw one before this one: the app mirrors the guest cart and checkout's
      // storage into the cookies the server renders these pages from (apps/web/src/lib/guest-cart.ts and
      // checkout-mirror.ts, which a baseline may lack: the page then loads as that version loads it).
      await tab.goto(`${baseUrl}/terms`, { waitUntil: 'networkidle0' });
      if (guestCart) {
        await tab.waitForFunction(() => globalThis.document.cookie.includes('bilum_guest_cart='), { timeout: 15_000 });
      }
    }
  };
}
