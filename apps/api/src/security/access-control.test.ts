import type { CreateOrderResponse } from '@bilum/shared';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SignedIn, signedInAdmin, signedInShopper } from '../test/accounts';
import { type CheckoutTestContext, card, createCheckoutTestApp, orderBody, placeOrder } from '../test/checkout';
import { createProduct } from '../test/factories';
import { concrete, type RouteEntry, routeName, routeTable } from '../test/route-table';
import { type Access, policyKey, routePolicies } from './route-policies';

let ctx: CheckoutTestContext;
let routes: RouteEntry[];
let shopper: SignedIn;
let other: SignedIn;
let admin: SignedIn;
/** An order of `shopper`, and a guest's order with its checkout token. */
let shoppersOrder: CreateOrderResponse;
let guestsOrder: CreateOrderResponse;

beforeAll(async () => {
  ctx = await createCheckoutTestApp();
  routes = routeTable(ctx.app);
  [shopper, other, admin] = await Promise.all([signedInShopper(ctx), signedInShopper(ctx), signedInAdmin(ctx)]);
  const product = await createProduct(ctx.db, { stock: 50 });
  // Premium is priced by the shop's membership product (issue 18).
  await createProduct(ctx.db, { isMembership: true, priceToea: 20_050, category: 'accessories' });
  const items = { type: 'items' as const, items: [{ productId: product.id, quantity: 1 }] };
  shoppersOrder = await placeOrder(ctx, orderBody(items), shopper.cookie);
  guestsOrder = await placeOrder(ctx, orderBody(items));
});
afterAll(() => ctx.close());

const refused = [401, 403];

function call(
  route: RouteEntry,
  options: { cookie?: string; id?: string | number; headers?: Record<string, string> } = {},
): Promise<LightMyRequestResponse> {
  const withBody = !['GET', 'HEAD', 'DELETE'].includes(route.method);
  return ctx.app.inject({
    method: route.method,
    url: concrete(route.url, options.id),
    headers: { ...(options.cookie ? { cookie: options.cookie } : {}), ...options.headers },
    ...(withBody ? { payload: {} } : {}),
  });
}

const withAccess = (access: Access) => routes.filter((route) => routePolicies[policyKey(route)] === access);

describe('the access policy table', () => {
  it('names a policy for every route of the server, and no route the server does not have', () => {
    const missing = routes.filter((route) => routePolicies[policyKey(route)] === undefined).map(routeName);
    expect(missing, 'routes without an entry in security/route-policies.ts').toEqual([]);
    const served = new Set(routes.map(policyKey));
    expect(Object.keys(routePolicies).filter((key) => !served.has(key))).toEqual([]);
    expect(routes.length).toBeGreaterThan(60);
  });
});

describe('every route refuses callers below its policy', () => {
  it('admin routes: 401 for a guest, 403 for a shopper, never refused for an administrator', async () => {
    const adminRoutes = withAccess('admin');
    expect(adminRoutes.length).toBeGreaterThanOrEqual(9);
    for (const route of adminRoutes) {
      const guest = await call(route);
      expect(guest.statusCode, `guest ${routeName(route)}`).toBe(401);
      if (route.method !== 'HEAD') expect(guest.json().error.code).toBe('UNAUTHENTICATED');
      const asShopper = await call(route, { cookie: shopper.cookie });
      expect(asShopper.statusCode, `shopper ${routeName(route)}`).toBe(403);
      if (route.method !== 'HEAD') expect(asShopper.json().error.code).toBe('FORBIDDEN');
      const asAdmin = await call(route, { cookie: admin.cookie });
      expect(refused, `admin ${routeName(route)}: ${asAdmin.body}`).not.toContain(asAdmin.statusCode);
      expect(asAdmin.statusCode, `admin ${routeName(route)}`).toBeLessThan(500);
    }
  });

  it('shopper routes: 401 for a guest, never refused for a shopper or an administrator', async () => {
    const shopperRoutes = withAccess('shopper');
    expect(shopperRoutes.length).toBeGreaterThanOrEqual(17);
    for (const route of shopperRoutes) {
      const guest = await call(route);
      expect(guest.statusCode, `guest ${routeName(route)}`).toBe(401);
      if (route.method !== 'HEAD') expect(guest.json().error.code).toBe('UNAUTHENTICATED');
      for (const account of [other, admin]) {
        const answer = await call(route, { cookie: account.cookie });
        expect(refused, `${account.user.role} ${routeName(route)}: ${answer.body}`).not.toContain(answer.statusCode);
        expect(answer.statusCode, `${account.user.role} ${routeName(route)}`).toBeLessThan(500);
      }
    }
  });

  it('sign-in-step routes: refused for a guest and for a shopper', async () => {
    const stepRoutes = withAccess('sign-in-step');
    expect(stepRoutes.length).toBeGreaterThanOrEqual(4);
    for (const route of stepRoutes) {
      const guest = await call(route);
      expect(guest.statusCode, `guest ${routeName(route)}`).toBe(401);
      const asShopper = await call(route, { cookie: shopper.cookie });
      expect(refused, `shopper ${routeName(route)}`).toContain(asShopper.statusCode);
    }
  });

  it('public routes: never refused for a guest', async () => {
    for (const route of withAccess('public')) {
      const guest = await call(route);
      expect(refused, `guest ${routeName(route)}: ${guest.body}`).not.toContain(guest.statusCode);
      expect(guest.statusCode, `guest ${routeName(route)}`).toBeLessThan(500);
    }
  });

  it('order-owner routes: 404 for a guest, another shopper or a wrong token; the owner gets through', async () => {
    const ownerRoutes = withAccess('order-owner');
    expect(ownerRoutes.length).toBeGreaterThanOrEqual(4);
    const wrongToken = { 'x-checkout-token': `${guestsOrder.checkoutToken.slice(0, -2)}xx` };
    for (const route of ownerRoutes) {
      const name = routeName(route);
      const shoppers = shoppersOrder.order.id;
      const guests = guestsOrder.order.id;
      expect((await call(route, { id: shoppers })).statusCode, `guest ${name}`).toBe(404);
      expect((await call(route, { id: shoppers, cookie: other.cookie })).statusCode, `other ${name}`).toBe(404);
      expect((await call(route, { id: shoppers, cookie: admin.cookie })).statusCode, `admin ${name}`).toBe(404);
      expect((await call(route, { id: guests, cookie: shopper.cookie })).statusCode, `shopper ${name}`).toBe(404);
      expect((await call(route, { id: guests, headers: wrongToken })).statusCode, `bad token ${name}`).toBe(404);
      // A registered shopper's order cannot be reached with some guest order's token either.
      const borrowed = { 'x-checkout-token': guestsOrder.checkoutToken };
      expect((await call(route, { id: shoppers, headers: borrowed })).statusCode, `borrowed ${name}`).toBe(404);

      const owner = await call(route, { id: shoppers, cookie: shopper.cookie });
      expect([...refused, 404], `owner ${name}: ${owner.body}`).not.toContain(owner.statusCode);
      const token = { 'x-checkout-token': guestsOrder.checkoutToken };
      const guestOwner = await call(route, { id: guests, headers: token });
      expect([...refused, 404], `guest owner ${name}: ${guestOwner.body}`).not.toContain(guestOwner.statusCode);
    }
  });

  it('the webhook: refused without a valid signature of the exact body, taken with one', async () => {
    const [webhook] = withAccess('webhook');
    expect(webhook && routeName(webhook)).toBe('POST /api/payments/webhook');
    await ctx.simulator.confirmIntent(guestsOrder.payment.intentId, { card: card() });
    const intent = await ctx.simulator.retrieveIntent(guestsOrder.payment.intentId);
    const signed = ctx.simulator.signEvent({ id: 'evt_access_1', type: 'payment_intent.succeeded', intent });
    const deliver = (payload: string, signature?: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/payments/webhook',
        headers: { 'content-type': 'application/json', ...(signature ? { 'stripe-signature': signature } : {}) },
        payload,
      });
    for (const answer of [
      await deliver(signed.payload),
      await deliver(signed.payload, 't=1,v1=00'),
      await deliver(signed.payload.replace('succeeded', 'canceled'), signed.signatureHeader),
      await deliver(signed.payload, signed.signatureHeader.replace(/v1=\w+/, `v1=${'0'.repeat(64)}`)),
    ]) {
      expect(answer.statusCode).toBe(400);
      expect(answer.json().error.code).toBe('VALIDATION');
    }
    expect((await deliver(signed.payload, signed.signatureHeader)).statusCode).toBe(200);
  });
});

describe('one shopper cannot reach another’s things by changing ids', () => {
  const as = (who: SignedIn, method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
    ctx.app.inject({ method, url, headers: { cookie: who.cookie }, ...(payload ? { payload } : {}) });

  it('cart lines: another shopper’s line id is 404 to change or remove, and never shows in their cart', async () => {
    const product = await createProduct(ctx.db, { stock: 9, name: 'Owner-only kettle' });
    const added = await as(shopper, 'POST', '/api/cart/items', { productId: product.id, quantity: 2 });
    expect(added.statusCode).toBe(201);
    const ownerCart = (await as(shopper, 'GET', '/api/cart')).json();
    const line = ownerCart.items.find((item: { productId: number }) => item.productId === product.id);
    expect(line).toBeDefined();

    for (const answer of [
      await as(other, 'PATCH', `/api/cart/items/${line.cartItemId}`, { quantity: 5 }),
      await as(other, 'DELETE', `/api/cart/items/${line.cartItemId}`),
    ]) {
      expect(answer.statusCode, answer.body).toBe(404);
      expect(answer.body).not.toContain('Owner-only kettle');
    }
    // Ordering another shopper's cart line is refused too, and makes no order.
    const stolen = await as(other, 'POST', '/api/orders', orderBody({ type: 'cart', cartItemIds: [line.cartItemId] }));
    expect(stolen.statusCode).toBeGreaterThanOrEqual(400);
    expect(stolen.statusCode).toBeLessThan(500);
    expect(stolen.body).not.toContain('Owner-only kettle');
    expect(JSON.stringify((await as(other, 'GET', '/api/cart')).json())).not.toContain('Owner-only kettle');
    expect((await as(shopper, 'GET', '/api/cart')).json()).toEqual(ownerCart);
  });

  it('orders: not in another shopper’s history, and 404 by id for the confirmation and payment', async () => {
    const paid = await as(shopper, 'POST', `/api/orders/${shoppersOrder.order.id}/payment`, { card: card() });
    expect(paid.json().status, paid.body).toBe('succeeded');
    const history = (await as(other, 'GET', '/api/orders/mine')).json();
    expect(JSON.stringify(history)).not.toContain(shoppersOrder.order.trackingCode);
    const id = shoppersOrder.order.id;
    for (const answer of [
      await as(other, 'GET', `/api/orders/${id}/confirmation`),
      await as(other, 'POST', `/api/orders/${id}/payment`, { card: card() }),
      await as(other, 'POST', `/api/orders/${id}/payment/refresh`, {}),
    ]) {
      expect(answer.statusCode).toBe(404);
      expect(answer.body).not.toContain(shoppersOrder.order.trackingCode);
      expect(answer.body).not.toContain(shopper.user.email);
    }
    const own = (await as(shopper, 'GET', '/api/orders/mine')).json();
    expect(JSON.stringify(own)).toContain(shoppersOrder.order.trackingCode);
  });

  it('profile and contact details: a user id in the query or body is ignored; each reads only their own', async () => {
    for (const url of [
      `/api/profile?userId=${shopper.user.id}&user_id=${shopper.user.id}&id=${shopper.user.id}`,
      `/api/contact-details?userId=${shopper.user.id}`,
    ]) {
      const answer = await as(other, 'GET', url);
      expect(answer.statusCode).toBe(200);
      expect(answer.body).not.toContain(shopper.user.email);
    }
    expect((await as(other, 'GET', '/api/profile')).json().email).toBe(other.user.email);
  });

  it('saved list: another shopper neither sees nor removes a product someone else saved', async () => {
    const product = await createProduct(ctx.db, { name: 'Saved-by-owner bilum bag' });
    expect((await as(shopper, 'POST', '/api/saved-products', { productId: product.id })).statusCode).toBeLessThan(300);
    expect((await as(other, 'GET', '/api/saved-products')).body).not.toContain('Saved-by-owner bilum bag');
    await as(other, 'DELETE', `/api/saved-products/${product.id}`);
    expect((await as(shopper, 'GET', '/api/saved-products')).body).toContain('Saved-by-owner bilum bag');
  });

  it('memberships: another shopper’s membership payment is 404 to confirm or refresh, and stays theirs', async () => {
    const started = await as(shopper, 'POST', '/api/membership/payment', {});
    expect(started.statusCode, started.body).toBe(201);
    const { membershipId } = started.json();
    const form = { cardholderName: 'Mary Kaupa', termsAccepted: true, card: card() };
    for (const answer of [
      await as(other, 'POST', `/api/membership/payment/${membershipId}/confirm`, form),
      await as(other, 'POST', `/api/membership/payment/${membershipId}/refresh`, {}),
    ]) {
      expect(answer.statusCode).toBe(404);
      expect(answer.json().error.code).toBe('NOT_FOUND');
    }
    expect((await as(other, 'GET', '/api/session')).json().membership.isMember).toBe(false);
    expect((await as(shopper, 'POST', `/api/membership/payment/${membershipId}/confirm`, form)).statusCode).toBe(200);
    expect((await as(shopper, 'GET', '/api/session')).json().membership.isMember).toBe(true);
    expect((await as(other, 'GET', '/api/session')).json().membership.isMember).toBe(false);
  });
});
