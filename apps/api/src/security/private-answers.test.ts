import type { CreateOrderResponse } from '@bilum/shared';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SignedIn, signedInAdmin, signedInShopper } from '../test/accounts';
import {
  card,
  type CheckoutTestContext,
  createCheckoutTestApp,
  orderBody,
  payOrder,
  placeOrder,
} from '../test/checkout';
import { createProduct } from '../test/factories';
import { concrete, type RouteEntry, routeName, routeTable } from '../test/route-table';
import { type Access, policyKey, routePolicies, sameForEveryone } from './route-policies';

/**
 * Issue 16: /api/cart, /api/contact-details, /api/profile and other private answers came without
 * `Cache-Control: no-store`. One hook (plugins/private-answers.ts) now sets it on every /api answer but those of
 * the routes whose answer is the same for everyone, and on every error.
 */
let ctx: CheckoutTestContext;
let routes: RouteEntry[];
let shopper: SignedIn;
let admin: SignedIn;
let guestsOrder: CreateOrderResponse;

beforeAll(async () => {
  ctx = await createCheckoutTestApp();
  routes = routeTable(ctx.app);
  [shopper, admin] = await Promise.all([signedInShopper(ctx), signedInAdmin(ctx)]);
  const product = await createProduct(ctx.db, { stock: 50 });
  // Product 1 is deleted by the first test's DELETE /api/admin/products/1; a deleted product's options are not found
  // (issue 30), so they are read of a product that stays.
  const kept = await createProduct(ctx.db);
  namedPaths['GET /api/admin/products/:id/variants'] = `/api/admin/products/${kept.id}/variants`;
  guestsOrder = await placeOrder(ctx, orderBody({ type: 'items', items: [{ productId: product.id, quantity: 1 }] }));
  // Paid, so its tax invoice (owner's and admin's, issue 19) is a private 200 answer too; it is order 1, the id the
  // admin routes are called with.
  await payOrder(ctx, guestsOrder, { card: card() });
  await ctx.simulator.whenEventsDelivered();
});
afterAll(() => ctx.close());

/** The caller each policy lets through, so the answer is the private one and not a refusal. */
function rightfulCaller(access: Access): { headers: Record<string, string>; id?: number } {
  switch (access) {
    case 'shopper':
      return { headers: { cookie: shopper.cookie } };
    case 'admin':
      return { headers: { cookie: admin.cookie } };
    case 'order-owner':
      return { headers: { 'x-checkout-token': guestsOrder.checkoutToken }, id: guestsOrder.order.id };
    default:
      return { headers: {} };
  }
}

/** Reads that answer only with a query (which customer's orders, which days) or a named path value. */
const requiredQueries: Record<string, () => Record<string, string>> = {
  'GET /api/admin/customers/orders': () => ({ userId: String(shopper.user.id) }),
  'GET /api/admin/exports/:kind': () => ({ from: '2026-01-01', to: '2026-01-31' }),
};
const namedPaths: Record<string, string> = { 'GET /api/admin/exports/:kind': '/api/admin/exports/orders' };

function call(route: RouteEntry, headers: Record<string, string>, id?: number): Promise<LightMyRequestResponse> {
  const withBody = !['GET', 'HEAD', 'DELETE'].includes(route.method);
  return ctx.app.inject({
    method: route.method,
    url: namedPaths[routeName(route)] ?? concrete(route.url, id),
    query: requiredQueries[routeName(route)]?.(),
    headers,
    ...(withBody ? { payload: {} } : {}),
  });
}

const where = (route: RouteEntry, answer: LightMyRequestResponse) =>
  `${routeName(route)} → ${answer.statusCode} cache-control: ${String(answer.headers['cache-control'])}`;

describe('Cache-Control on private answers', () => {
  it('every route not in `sameForEveryone` answers no-store to its rightful caller, to a guest and to a shopper', async () => {
    const privateRoutes = routes.filter((route) => !sameForEveryone.has(policyKey(route)));
    expect(privateRoutes.length).toBeGreaterThan(50);
    // Signing out would end the session the later calls use.
    for (const route of privateRoutes.filter((each) => each.url !== '/api/auth/logout')) {
      const access = routePolicies[policyKey(route)] ?? 'public';
      const rightful = rightfulCaller(access);
      for (const [headers, id] of [
        [rightful.headers, rightful.id],
        [{}, undefined],
        [{ cookie: shopper.cookie }, undefined],
      ] as const) {
        const answer = await call(route, headers, id);
        expect(answer.headers['cache-control'], where(route, answer)).toBe('no-store');
      }
    }
  });

  it('the private pages a shopper, an administrator and an order’s owner read are answered (200) with no-store', async () => {
    const reads = routes.filter(
      (route) =>
        route.method === 'GET' && ['shopper', 'admin', 'order-owner'].includes(routePolicies[policyKey(route)] ?? ''),
    );
    expect(reads.map(routeName)).toEqual(
      expect.arrayContaining(['GET /api/cart', 'GET /api/contact-details', 'GET /api/profile', 'GET /api/orders/mine']),
    );
    for (const route of reads) {
      const { headers, id } = rightfulCaller(routePolicies[policyKey(route)] ?? 'public');
      const answer = await call(route, headers, id);
      expect(answer.statusCode, where(route, answer)).toBe(200);
      expect(answer.headers['cache-control'], where(route, answer)).toBe('no-store');
    }
  });

  it('the session and a sign-in are no-store, for a guest as for a shopper', async () => {
    for (const headers of [{}, { cookie: shopper.cookie }]) {
      const session = await ctx.app.inject({ method: 'GET', url: '/api/session', headers });
      expect(session.statusCode).toBe(200);
      expect(session.headers['cache-control']).toBe('no-store');
    }
    const registered = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: {
        fullName: 'Cache Tester',
        email: `cache.${Date.now()}@example.pg`,
        countryCode: '+675',
        phone: '71234567',
        password: 'long-enough-pass',
      },
    });
    expect(registered.statusCode).toBe(201);
    expect(registered.headers['cache-control']).toBe('no-store');
  });

  it('every error answer is no-store, on /api and off it', async () => {
    for (const url of [
      '/api/no-such-thing',
      '/api/products/abc',
      '/api/products/999999',
      '/api/products/%E0%A4%A',
      '/assets/missing.js',
    ]) {
      const answer = await ctx.app.inject({ method: 'GET', url });
      expect(answer.statusCode, url).toBeGreaterThanOrEqual(400);
      expect(answer.headers['cache-control'], url).toBe('no-store');
    }
    const refused = await ctx.app.inject({ method: 'GET', url: '/api/cart' });
    expect(refused.statusCode).toBe(401);
    expect(refused.headers['cache-control']).toBe('no-store');
  });

  it('answers the same for everyone keep their own caching, whoever asks', async () => {
    for (const headers of [{}, { cookie: shopper.cookie }]) {
      const list = await ctx.app.inject({ method: 'GET', url: '/api/products', headers });
      expect(list.statusCode).toBe(200);
      expect(list.headers['cache-control']).toBe('no-cache');
      expect(list.headers.etag).toBeDefined();
    }
  });

  it('`sameForEveryone` names only public GET routes the server has', () => {
    const served = new Set(routes.map(policyKey));
    for (const key of sameForEveryone) {
      expect(served.has(key), key).toBe(true);
      expect(key.startsWith('GET '), key).toBe(true);
      expect(routePolicies[key], key).toBe('public');
    }
  });
});
