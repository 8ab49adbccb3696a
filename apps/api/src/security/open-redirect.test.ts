import type { CreateOrderResponse, PaymentResult } from '@bilum/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shopUrl, testConfig } from '../config';
import { testCardNumbers } from '../modules/payments/test-cards';
import { createUser } from '../test/accounts';
import {
  card,
  type CheckoutTestContext,
  createCheckoutTestApp,
  orderBody,
  payOrder,
  placeOrder,
} from '../test/checkout';
import { createProduct } from '../test/factories';

/**
 * Issue 16: the 3-D Secure page's return check accepted `/.//evil.example` and then answered
 * `Location: //evil.example/...` with the payment's client secret. Every return URL now goes through one helper
 * (shopReturnPath in packages/shared/src/return-url.ts): parsed against the shop's origin, same-origin only.
 */
let ctx: CheckoutTestContext;
/** The test app's own origin (shopUrl: PUBLIC_URL unset, so this machine). */
const shop = new URL(shopUrl(testConfig())).origin;

beforeAll(async () => {
  ctx = await createCheckoutTestApp();
});
afterAll(() => ctx.close());

/** Return URLs that tried to leave the shop; each must end on the shop's own origin. */
const hostile = [
  '/.//evil.example',
  '/.//evil.example/steal',
  '/..//evil.example',
  '/%2e//evil.example',
  '/%2E%2E//evil.example',
  '//evil.example',
  '///evil.example',
  '/\\evil.example',
  '\\\\evil.example',
  '/./\\evil.example',
  'https://evil.example/back',
  'http:evil.example',
  'https://localhost.evil.example/',
  '/\t/evil.example',
  '/\n/evil.example',
  '\t//evil.example',
  'java\tscript:alert(1)',
  'javascript:alert(document.cookie)',
  '%2F%2Fevil.example',
  // Issue 28: encoded slashes and backslashes, judged as they read once decoded.
  '/%2F%2Fevil.example',
  '/%5C%5Cevil.example',
  '/%252F%252Fevil.example',
  'data:text/html,<script>alert(1)</script>',
];

async function guestOrder(): Promise<CreateOrderResponse> {
  const product = await createProduct(ctx.db, { priceToea: 5_000, stock: 5 });
  return placeOrder(ctx, orderBody({ type: 'items', items: [{ productId: product.id, quantity: 1 }] }));
}

/** Pays with the card that needs 3-D Secure, then presses Complete on the simulated bank page. */
async function authenticate(returnUrl: string) {
  const placed = await guestOrder();
  const paid = await payOrder(ctx, placed, { card: card(testCardNumbers.requiresAuthentication), returnUrl });
  expect(paid.statusCode, paid.body).toBe(200);
  const result = paid.json() as PaymentResult;
  expect(result.status).toBe('requires_action');
  const answer = await ctx.app.inject({
    method: 'POST',
    url: result.nextActionUrl ?? '',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: 'decision=complete',
  });
  expect(answer.statusCode).toBe(303);
  return { placed, location: String(answer.headers.location) };
}

/** A Location a browser resolves to this shop only: a path, never protocol-relative or with a scheme. */
function expectOnTheShop(location: string) {
  expect(location.startsWith('/'), location).toBe(true);
  expect(location.startsWith('//'), location).toBe(false);
  expect(location).not.toMatch(/[\\\t\n\r]/);
  expect(new URL(location, shop).origin, location).toBe(shop);
}

describe('the 3-D Secure page’s return address', () => {
  it.each(hostile)('never sends the shopper (and the client secret) off the shop for %j', async (returnUrl) => {
    const { location } = await authenticate(returnUrl);

    expectOnTheShop(location);
    expect(new URL(location, shop).pathname).toBe('/guestcheckout');
  });

  it('keeps a path of the shop, and takes the shop’s own absolute address as its path', async () => {
    const plain = await authenticate('/guestcheckout?step=2#pay');
    expect(plain.location).toMatch(
      /^\/guestcheckout\?step=2&payment_intent=pi_[^&]+&payment_intent_client_secret=.+#pay$/,
    );

    const absolute = await authenticate(`${shop}/guestcheckout?step=3`);
    expectOnTheShop(absolute.location);
    expect(new URL(absolute.location, shop).searchParams.get('step')).toBe('3');
  });

  it('answers a normalised path (dot segments resolved) rather than the value as sent', async () => {
    const { location } = await authenticate('/shop/../guestcheckout');
    expect(new URL(location, shop).pathname).toBe('/guestcheckout');
    expect(location.startsWith('/guestcheckout?')).toBe(true);
  });

  it('sends the shopper home when the intent holds an address of another site (as Stripe would take)', async () => {
    const placed = await guestOrder();
    await ctx.simulator.confirmIntent(placed.payment.intentId, {
      card: card(testCardNumbers.requiresAuthentication),
      returnUrl: 'https://evil.example/steal',
    });
    const answer = await ctx.app.inject({
      method: 'POST',
      url: `/api/payments/simulator/authenticate/${placed.payment.intentId}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'decision=complete',
    });

    expect(answer.statusCode).toBe(303);
    expectOnTheShop(String(answer.headers.location));
    expect(new URL(String(answer.headers.location), shop).pathname).toBe('/');
  });
});

describe('the sign-in’s return address', () => {
  it.each(hostile)('answers /dashboard, not %j', async (returnUrl) => {
    const user = await createUser(ctx.db);
    const answer = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: user.email, password: user.password, returnUrl },
    });

    expect(answer.statusCode).toBe(200);
    expect(answer.json().redirectTo).toBe('/dashboard');
  });

  it('answers a path of the shop, normalised, also when sent as the shop’s absolute address', async () => {
    const user = await createUser(ctx.db);
    const signIn = (returnUrl: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: user.email, password: user.password, returnUrl },
      });

    expect((await signIn('/cart?x=1')).json().redirectTo).toBe('/cart?x=1');
    expect((await signIn(`${shop}/item/3`)).json().redirectTo).toBe('/item/3');
    expect((await signIn('/a/../checkout')).json().redirectTo).toBe('/checkout');
  });
});
