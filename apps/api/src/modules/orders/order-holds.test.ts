import { createHmac } from 'node:crypto';
import {
  cartMessages,
  type CartLine,
  checkoutMessages,
  type CreateOrderResponse,
  MAX_UNITS_PER_PRODUCT,
  type Product,
} from '@bilum/shared';
import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { testConfig } from '../../config';
import type { DatabaseHandle } from '../../db/client';
import { memberships, orders, processedPaymentEvents, products, simulatedRefunds } from '../../db/schema';
import { signedInShopper } from '../../test/accounts';
import {
  card,
  type CheckoutTestContext,
  createCheckoutTestApp,
  deliveryContact,
  orderBody,
  payOrder,
} from '../../test/checkout';
import { createProduct } from '../../test/factories';
import { createTestDatabase } from '../../test/test-database';

/**
 * Issue 16, second round: what unpaid checkouts can hold (finding 2), input that used to end in a 500 (finding 9),
 * the guest checkout token (11a) and two Premium payments at once (11b). The app runs with the configuration's
 * real checkout limits (the other checkout tests lift them).
 */
const limits = testConfig().checkoutLimits;
let ctx: CheckoutTestContext;

beforeAll(async () => {
  ctx = await createCheckoutTestApp({ config: { checkoutLimits: limits } });
});
afterAll(() => ctx.close());

let addressCounter = 0;
/** A client address of its own for each test, so the per-address limits of one test never meet another's. */
const freshAddress = () => `198.51.100.${++addressCounter}`;

function postOrderFrom(
  address: string,
  body: object,
  cookie?: string,
  app: FastifyInstance = ctx.app,
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'POST',
    url: '/api/orders',
    remoteAddress: address,
    headers: cookie ? { cookie } : {},
    payload: body,
  });
}

let shopperCounter = 0;
/** Contact details of a shopper of their own: a shopper's open checkouts are counted by e-mail. */
function freshContact() {
  shopperCounter += 1;
  const digits = String(shopperCounter).padStart(7, '0');
  return {
    ...deliveryContact,
    email: `shopper-${shopperCounter}@example.pg`,
    phone: `7${digits.slice(0, 3)} ${digits.slice(3)}`,
  };
}

const itemsOrder = (productId: number, quantity = 1) =>
  orderBody({ type: 'items', items: [{ productId, quantity }] }, { contact: freshContact() });

async function listed(app: FastifyInstance, id: number): Promise<Product | undefined> {
  const response = await app.inject({ method: 'GET', url: '/api/products?pageSize=60' });
  return (response.json() as { items: Product[] }).items.find((product) => product.id === id);
}

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, ms = 2000): Promise<T> {
  const started = Date.now();
  let value = await read();
  while (!done(value) && Date.now() - started < ms) {
    await new Promise((resolve) => setTimeout(resolve, 25));
    value = await read();
  }
  return value;
}

describe('what unpaid checkouts can hold (finding 2)', () => {
  it('refuses more than MAX_UNITS_PER_PRODUCT of one product in one order, also when sent on several lines', async () => {
    const phone = await createProduct(ctx.db, { name: 'Held phone', stock: 17 });
    const address = freshAddress();

    const tooMany = await postOrderFrom(address, itemsOrder(phone.id, MAX_UNITS_PER_PRODUCT + 1));
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().error.issues[0].message).toContain(`at most ${MAX_UNITS_PER_PRODUCT}`);

    const split = await postOrderFrom(
      address,
      orderBody({
        type: 'items',
        items: [
          { productId: phone.id, quantity: 3 },
          { productId: phone.id, quantity: 3 },
        ],
      }),
    );
    expect(split.statusCode).toBe(400);
    expect(split.json().error.message).toBe(checkoutMessages.perOrderLimit('Held phone', MAX_UNITS_PER_PRODUCT));

    const allowed = await postOrderFrom(address, itemsOrder(phone.id, MAX_UNITS_PER_PRODUCT));
    expect(allowed.statusCode).toBe(201);
    expect((await listed(ctx.app, phone.id))?.stock).toBe(17 - MAX_UNITS_PER_PRODUCT);
  });

  it('caps the cart stepper at MAX_UNITS_PER_PRODUCT with a clear message, and a cart order at what the stepper shows', async () => {
    const shopper = await signedInShopper(ctx);
    const phone = await createProduct(ctx.db, { name: 'Cart phone', stock: 17 });
    const add = await ctx.app.inject({
      method: 'POST',
      url: '/api/cart/items',
      headers: { cookie: shopper.cookie },
      payload: { productId: phone.id, quantity: MAX_UNITS_PER_PRODUCT + 1 },
    });
    expect(add.statusCode).toBe(400);
    expect(add.json().error.message).toBe(cartMessages.perOrderLimit(MAX_UNITS_PER_PRODUCT));

    const added = await ctx.app.inject({
      method: 'POST',
      url: '/api/cart/items',
      headers: { cookie: shopper.cookie },
      payload: { productId: phone.id, quantity: 2 },
    });
    const line = (added.json().cart.items as CartLine[])[0]!;
    expect(line.maxQuantity).toBe(MAX_UNITS_PER_PRODUCT);
  });

  it('limits the open card checkouts of guests per address (a backstop for carrier NAT), counted in the database across instances, with a 429 and a message', async () => {
    database = await createTestDatabase();
    const [one, two] = await instances(2);
    const phone = await createProduct(database.db, { stock: 1_000 });
    const attacker = freshAddress();
    // Distinct shoppers behind one address (itemsOrder: contact details of their own), one card checkout each.
    const asGuest = () => itemsOrder(phone.id);
    for (let i = 0; i < limits.unpaidPerAddress; i += 1) {
      const placed = await postOrderFrom(attacker, asGuest(), undefined, i % 2 === 0 ? one : two);
      expect(placed.statusCode).toBe(201);
    }
    for (const app of [one!, two!]) {
      const refused = await postOrderFrom(attacker, asGuest(), undefined, app);
      expect(refused.statusCode).toBe(429);
      expect(refused.json().error.message).toBe(checkoutMessages.cardCheckoutsPerAddress);
    }
    // Another shopper's address is not held back.
    expect((await postOrderFrom(freshAddress(), asGuest(), undefined, two)).statusCode).toBe(201);
    // (A database and two instances of its own: 7 s on a quiet machine, past 30 s beside the whole suite.)
  }, 120_000);

  it('limits the open card checkouts of one signed-in shopper whatever address they come from, and counts paid ones no more', async () => {
    const shopper = await signedInShopper(ctx);
    const phone = await createProduct(ctx.db, { stock: 100 });
    const placed: CreateOrderResponse[] = [];
    for (let i = 0; i < limits.unpaidPerAccount; i += 1) {
      const response = await postOrderFrom(freshAddress(), itemsOrder(phone.id), shopper.cookie);
      expect(response.statusCode).toBe(201);
      placed.push(response.json());
    }
    const refused = await postOrderFrom(freshAddress(), itemsOrder(phone.id), shopper.cookie);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.message).toBe(checkoutMessages.cardCheckoutsOpen);

    const paid = await payOrder(ctx, placed[0]!, { card: card() }, shopper.cookie);
    expect(paid.json().status).toBe('succeeded');
    expect((await postOrderFrom(freshAddress(), itemsOrder(phone.id), shopper.cookie)).statusCode).toBe(201);
  });

  it('throttles placing orders from one address with the rate limiter', async () => {
    const address = freshAddress();
    const unknown = itemsOrder(2_000_000_000);
    const answers: number[] = [];
    for (let i = 0; i <= limits.ordersPerIp; i += 1) answers.push((await postOrderFrom(address, unknown)).statusCode);
    expect(answers.slice(0, limits.ordersPerIp).every((status) => status === 404)).toBe(true);
    expect(answers.at(-1)).toBe(429);
    expect((await postOrderFrom(freshAddress(), unknown)).statusCode).toBe(404);
  });

  it('shows a product whose units are all held by an unpaid checkout as reserved until the hold ends, and sold out once paid', async () => {
    const shopper = await signedInShopper(ctx);
    const camera = await createProduct(ctx.db, { name: 'Last cameras', stock: 2 });
    await ctx.app.inject({
      method: 'POST',
      url: '/api/cart/items',
      headers: { cookie: shopper.cookie },
      payload: { productId: camera.id },
    });
    const response = await postOrderFrom(freshAddress(), itemsOrder(camera.id, 2));
    expect(response.statusCode).toBe(201);
    const placed: CreateOrderResponse = response.json();

    const inList = await until(
      () => listed(ctx.app, camera.id),
      (product) => product?.reserved === true,
    );
    expect(inList).toMatchObject({ stock: 0, reserved: true, reservedUntil: placed.order.holdExpiresAt });
    const detail = (await ctx.app.inject({ method: 'GET', url: `/api/products/${camera.id}` })).json().product;
    expect(detail).toMatchObject({ reserved: true, reservedUntil: placed.order.holdExpiresAt });
    const cart = (
      await ctx.app.inject({ method: 'GET', url: '/api/cart', headers: { cookie: shopper.cookie } })
    ).json();
    expect(cart.items.find((line: CartLine) => line.productId === camera.id)?.status).toBe('reserved');

    expect((await payOrder(ctx, placed, { card: card() })).json().status).toBe('succeeded');
    // Paying changes no product row: the order's trigger drops the cached list.
    const afterPaid = await until(
      () => listed(ctx.app, camera.id),
      (product) => product?.reserved === false,
    );
    expect(afterPaid).toMatchObject({ stock: 0, reserved: false, reservedUntil: null });
  });

  it('shows the units again, not reserved, when the hold ends unpaid', async () => {
    const lamp = await createProduct(ctx.db, { stock: 1 });
    const placed = await postOrderFrom(freshAddress(), itemsOrder(lamp.id));
    expect(placed.statusCode).toBe(201);
    expect(
      (
        await until(
          () => listed(ctx.app, lamp.id),
          (p) => p?.reserved === true,
        )
      )?.reserved,
    ).toBe(true);
    ctx.clock.advance(16 * 60_000);
    await ctx.checkoutJobs().releaseExpiredHolds();
    const released = await until(
      () => listed(ctx.app, lamp.id),
      (p) => p?.stock === 1,
    );
    expect(released).toMatchObject({ stock: 1, reserved: false, reservedUntil: null });
  });
});

describe('input that used to end in a 500 (finding 9)', () => {
  it('answers 100 lines of 10,000 units with a 400 and a message', async () => {
    const products = await Promise.all(
      Array.from({ length: 100 }, (_, i) => createProduct(ctx.db, { priceToea: 2_000_000_000, stock: 10_000 + i })),
    );
    const body = orderBody({
      type: 'items',
      items: products.map((product) => ({ productId: product.id, quantity: 10_000 })),
    });
    const response = await postOrderFrom(freshAddress(), body);
    expect(response.statusCode).toBe(400);
    expect(response.json().error.issues[0].message).toContain(`at most ${MAX_UNITS_PER_PRODUCT}`);
  });

  it('refuses an order whose total does not fit the money column with a 400 and a message, not an overflow', async () => {
    const car = await createProduct(ctx.db, { category: 'vehicles', priceToea: 2_000_000_000, stock: 10 });
    const response = await postOrderFrom(freshAddress(), itemsOrder(car.id, 2));
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toBe(checkoutMessages.totalTooLarge);
    // Nothing was held: read from the database (the cached list may not know a product made this instant).
    const [row] = await ctx.db.select({ stock: products.stock }).from(products).where(eq(products.id, car.id));
    expect(row?.stock).toBe(10);
  });

  it('answers 101 lines with a 400 and a message', async () => {
    const items = Array.from({ length: 101 }, (_, i) => ({ productId: i + 1, quantity: 1 }));
    const response = await postOrderFrom(freshAddress(), orderBody({ type: 'items', items }));
    expect(response.statusCode).toBe(400);
    expect(response.json().error.issues[0].message).toBe(checkoutMessages.tooManyLines);
  });

  it('answers a signed webhook about order 1e20 (or membership 1e20) without a 5xx, and records it', async () => {
    const intent = {
      id: 'pi_sim_forged',
      amount: 100,
      currency: 'pgk',
      status: 'succeeded' as const,
      clientSecret: 'x',
      metadata: { kind: 'order', orderId: '1e20' },
    };
    for (const [id, metadata] of [
      ['evt_order_1e20', { kind: 'order', orderId: '1e20' }],
      ['evt_membership_1e20', { kind: 'membership', membershipId: '1e20' }],
      ['evt_order_negative', { kind: 'order', orderId: '-1' }],
    ] as const) {
      const signed = ctx.simulator.signEvent({
        id,
        type: 'payment_intent.succeeded',
        intent: { ...intent, metadata } as never,
      });
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/api/payments/webhook',
        headers: { 'content-type': 'application/json', 'stripe-signature': signed.signatureHeader },
        payload: signed.payload,
      });
      expect(response.statusCode).toBe(200);
      const [seen] = await ctx.db.select().from(processedPaymentEvents).where(eq(processedPaymentEvents.eventId, id));
      expect(seen).toBeDefined();
    }
  });
});

describe('the guest checkout token (finding 11a)', () => {
  it('cannot be worked out from the idempotency key alone: another server key gives another token, a retry the same', async () => {
    const phone = await createProduct(ctx.db, { stock: 10 });
    const body = itemsOrder(phone.id);
    const address = freshAddress();
    const first: CreateOrderResponse = (await postOrderFrom(address, body)).json();
    const retry = await postOrderFrom(address, body);
    expect(retry.statusCode).toBe(200);
    expect(retry.json().checkoutToken).toBe(first.checkoutToken);
    // The old token was an HMAC keyed with the idempotency key: anyone who saw the key could make it.
    const fromKeyAlone = createHmac('sha256', body.idempotencyKey)
      .update('bilum checkout token\nguest')
      .digest('base64url');
    expect(first.checkoutToken).not.toBe(fromKeyAlone);

    const other = await createCheckoutTestApp({ config: { checkoutLimits: limits } });
    try {
      const otherPhone = await createProduct(other.db, { stock: 10 });
      const sameKey = { ...itemsOrder(otherPhone.id), idempotencyKey: body.idempotencyKey };
      const elsewhere: CreateOrderResponse = (await postOrderFrom(address, sameKey, undefined, other.app)).json();
      expect(elsewhere.checkoutToken).not.toBe(first.checkoutToken);
    } finally {
      await other.close();
    }
  });
});

describe('two Premium payments at once (finding 11b)', () => {
  it('places one of two Premium orders sent at once and refuses the other with a message: one charge, one year', async () => {
    const shopper = await signedInShopper(ctx);
    const premium = await createProduct(ctx.db, { isMembership: true, priceToea: 20_050, category: 'accessories' });
    const answers = await Promise.all(
      [freshAddress(), freshAddress()].map((address) => postOrderFrom(address, itemsOrder(premium.id), shopper.cookie)),
    );
    const placed = answers.filter((answer) => answer.statusCode === 201);
    const refused = answers.filter((answer) => answer.statusCode !== 201);
    expect(placed).toHaveLength(1);
    expect(refused.map((answer) => [answer.statusCode, answer.json().error.message])).toEqual([
      [409, checkoutMessages.premiumCheckoutOpen],
    ]);

    const order: CreateOrderResponse = placed[0]!.json();
    expect((await payOrder(ctx, order, { card: card() }, shopper.cookie)).json().status).toBe('succeeded');
    const years = await ctx.db
      .select()
      .from(memberships)
      .where(and(eq(memberships.userId, shopper.user.id), eq(memberships.status, 'completed')));
    expect(years).toHaveLength(1);
    // After the purchase Premium cannot be bought again at once (not a renewal yet).
    expect((await postOrderFrom(freshAddress(), itemsOrder(premium.id), shopper.cookie)).statusCode).toBe(409);
  });

  it('refunds the second of a Premium order and a membership-page payment paid at once: one year, one kept charge', async () => {
    const shopper = await signedInShopper(ctx);
    const premium = await createProduct(ctx.db, { isMembership: true, priceToea: 20_050, category: 'accessories' });
    const order: CreateOrderResponse = (
      await postOrderFrom(freshAddress(), itemsOrder(premium.id), shopper.cookie)
    ).json();
    const page = (
      await ctx.app.inject({
        method: 'POST',
        url: '/api/membership/payment',
        headers: { cookie: shopper.cookie },
        payload: {},
      })
    ).json();
    const pageCard = { number: '4242 4242 4242 4242', expMonth: 12, expYear: 2040, cvc: '123' };

    const [byOrder, byPage] = await Promise.all([
      payOrder(ctx, order, { card: card() }, shopper.cookie),
      ctx.app.inject({
        method: 'POST',
        url: `/api/membership/payment/${page.membershipId}/confirm`,
        headers: { cookie: shopper.cookie },
        payload: { cardholderName: 'Kila Amini', termsAccepted: true, card: pageCard },
      }),
    ]);
    expect([byOrder.statusCode, byPage.statusCode], byOrder.body + byPage.body).toEqual([200, 200]);
    const statuses = [byOrder.json().status, byPage.json().status].sort();
    expect(statuses).toEqual(['refunded', 'succeeded']);
    const refusedOne = byOrder.json().status === 'refunded' ? byOrder : byPage;
    expect(refusedOne.json().error.message).toBe(checkoutMessages.refundedPremiumActive);

    const years = await ctx.db
      .select()
      .from(memberships)
      .where(and(eq(memberships.userId, shopper.user.id), eq(memberships.status, 'completed')));
    expect(years).toHaveLength(1);
    const yearMs = years[0]!.endsAt!.getTime() - years[0]!.startsAt!.getTime();
    expect(yearMs).toBeLessThanOrEqual(366 * 24 * 60 * 60_000);
    // Both cards were charged by the provider; exactly one of the two charges was refunded, in full.
    const refunds = await ctx.db
      .select()
      .from(simulatedRefunds)
      .where(inArray(simulatedRefunds.intentId, [order.payment.intentId, page.payment.intentId]));
    expect(refunds.map((refund) => refund.amount)).toEqual([20_050]);
    const [orderRow] = await ctx.db.select().from(orders).where(eq(orders.id, order.order.id));
    expect(orderRow!.paymentStatus).toBe(byOrder.json().status === 'refunded' ? 'refunded' : 'paid');
  });
});

// Several instances on one database, for the limit that must hold across them.
let database: DatabaseHandle | undefined;
const sharedKey = 'a shared server key of at least 32 characters';
const started: FastifyInstance[] = [];
async function instances(count: number) {
  if (!database) throw new Error('no database');
  for (let i = 0; i < count; i += 1) {
    // Every instance of a shop shares SECRET_KEY (the address is kept as an HMAC under it).
    const app = await buildApp({
      db: database.db,
      // The throttle on placing (per address per window) has its own test; here it must not answer first.
      config: testConfig({ checkoutLimits: { ...limits, ordersPerIp: 10_000 }, secretKey: sharedKey }),
    });
    await app.ready();
    started.push(app);
  }
  return started.slice(-count);
}
afterEach(async () => {
  await Promise.all(started.splice(0).map((app) => app.close()));
  await database?.close();
  database = undefined;
});
