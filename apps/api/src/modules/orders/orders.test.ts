import {
  checkoutMessages,
  contactMessages,
  type CreateOrderResponse,
  productMessages,
  trackingMessages,
} from '@bilum/shared';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, pickupPoints, products, simulatedPaymentIntents } from '../../db/schema';
import { makeMember, signedInShopper } from '../../test/accounts';
import {
  type CheckoutTestContext,
  createCheckoutTestApp,
  deliveryContact,
  card,
  orderBody,
  payOrder,
  placeOrder,
  postOrder,
} from '../../test/checkout';
import { testCardNumbers } from '../payments/test-cards';
import { createProduct } from '../../test/factories';

let ctx: CheckoutTestContext;

beforeAll(async () => {
  ctx = await createCheckoutTestApp();
});
afterAll(() => ctx.close());

async function stockOf(productId: number): Promise<number> {
  const [row] = await ctx.db.select({ stock: products.stock }).from(products).where(eq(products.id, productId));
  return row?.stock ?? Number.NaN;
}

describe('placing an order', () => {
  it('prices a guest order on the server, holds its stock for 15 minutes and creates an intent for the total', async () => {
    const phone = await createProduct(ctx.db, { priceToea: 45_000, originalPriceToea: 50_000, stock: 5 });
    const cable = await createProduct(ctx.db, { category: 'accessories', priceToea: 2_550, stock: 10 });

    const placed = await placeOrder(
      ctx,
      orderBody({
        type: 'items',
        items: [
          { productId: phone.id, quantity: 2 },
          { productId: cable.id, quantity: 1 },
        ],
      }),
    );

    expect(placed.order).toMatchObject({
      orderType: 'guest',
      email: deliveryContact.email,
      paymentStatus: 'pending',
      shippingStatus: 'Pending',
      cardLast4: 'N/A',
      summary: { itemCount: 3, subtotal: 102_550, savings: 10_000, shipping: 0, total: 92_550 },
    });
    expect(placed.order.lines.map((line) => [line.productId, line.quantity, line.unitPrice, line.lineTotal])).toEqual([
      [phone.id, 2, 45_000, 90_000],
      [cable.id, 1, 2_550, 2_550],
    ]);
    expect(placed.order.trackingCode).toMatch(/^BLM-[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}$/);
    const holdMs = Date.parse(placed.order.holdExpiresAt ?? '') - ctx.clock.now().getTime();
    expect(holdMs).toBe(15 * 60_000);
    expect(placed.payment).toMatchObject({ amount: 92_550, currency: 'pgk' });
    expect(placed.payment.clientSecret).toContain(placed.payment.intentId);
    expect(placed.checkoutToken.length).toBeGreaterThanOrEqual(40);
    expect(await stockOf(phone.id)).toBe(3);
    expect(await stockOf(cable.id)).toBe(9);

    const intent = await ctx.simulator.retrieveIntent(placed.payment.intentId);
    expect(intent).toMatchObject({ amount: 92_550, currency: 'pgk', metadata: { orderId: String(placed.order.id) } });
  });

  it('ignores prices, totals and member flags sent by the browser', async () => {
    const camera = await createProduct(ctx.db, { category: 'cameras', priceToea: 80_000, stock: 3 });

    const placed = await placeOrder(ctx, {
      ...orderBody({ type: 'items', items: [{ productId: camera.id, quantity: 1, price: 1, unitPrice: 1 } as never] }),
      totalPrice: 1,
      amount: 1,
      isMember: true,
      discountRate: 0.9,
    });

    expect(placed.order.summary.total).toBe(80_000);
    expect(placed.order.lines[0]?.unitPrice).toBe(80_000);
    expect(placed.payment.amount).toBe(80_000);
  });

  it('charges an active member the member price for the selected cart lines', async () => {
    const shopper = await signedInShopper(ctx);
    await makeMember(ctx.db, shopper.user.id);
    const laptop = await createProduct(ctx.db, { category: 'computers', priceToea: 100_000, stock: 2 });
    const add = await ctx.app.inject({
      method: 'POST',
      url: '/api/cart/items',
      headers: { cookie: shopper.cookie },
      payload: { productId: laptop.id, quantity: 2 },
    });
    const cartItemId = add.json().cart.items[0].cartItemId as number;

    const placed = await placeOrder(ctx, orderBody({ type: 'cart', cartItemIds: [cartItemId] }), shopper.cookie);

    expect(placed.order.orderType).toBe('registered');
    expect(placed.order.lines[0]).toMatchObject({ unitPrice: 90_000, originalPrice: 100_000, quantity: 2 });
    expect(placed.order.summary).toMatchObject({ subtotal: 200_000, savings: 20_000, total: 180_000 });
    expect(await stockOf(laptop.id)).toBe(0);
  });

  it('refuses what this shopper cannot buy, with clear messages', async () => {
    const soldOut = await createProduct(ctx.db, { name: 'Gone phone', stock: 0 });
    const inactive = await createProduct(ctx.db, { status: 'inactive' });
    const exclusive = await createProduct(ctx.db, { isExclusive: true });
    const premium = await createProduct(ctx.db, { isMembership: true, priceToea: 20_050, category: 'accessories' });
    const free = await createProduct(ctx.db, { priceToea: 0 });
    const items = (productId: number) => orderBody({ type: 'items', items: [{ productId, quantity: 1 }] });

    const [gone, hidden, members, guestPremium, guestCart, invalid] = await Promise.all([
      postOrder(ctx, items(soldOut.id)),
      postOrder(ctx, items(inactive.id)),
      postOrder(ctx, items(exclusive.id)),
      postOrder(ctx, items(premium.id)),
      postOrder(ctx, orderBody({ type: 'cart', cartItemIds: [1] })),
      postOrder(ctx, items(free.id)),
    ]);

    expect(gone.statusCode).toBe(409);
    expect(gone.json().error).toMatchObject({
      code: 'OUT_OF_STOCK',
      message: 'Sorry, Gone phone is sold out.',
      details: { productId: soldOut.id, quantityAvailable: 0 },
    });
    expect(hidden.statusCode).toBe(409);
    expect(members.statusCode).toBe(403);
    expect(members.json().error.message).toBe('This offer is for Premium members. Join Premium to buy it.');
    expect(guestPremium.statusCode).toBe(401);
    expect(guestPremium.json().error).toMatchObject({
      message: checkoutMessages.membershipNeedsAccount,
      details: { reason: 'membership-needs-account' },
    });
    expect(guestCart.statusCode).toBe(401);
    expect(guestCart.json().error.message).toBe(checkoutMessages.signInForCart);
    expect(invalid.statusCode).toBe(409);
    expect(invalid.json().error).toMatchObject({ code: 'CONFLICT', message: productMessages.actionBlocked });
    const [{ n }] = (await ctx.db.select({ n: count() }).from(orders).where(eq(orders.email, 'nobody'))) as [
      { n: number },
    ];
    expect(n).toBe(0);
  });

  it('says how many are left when more are asked for than are on hand', async () => {
    const drone = await createProduct(ctx.db, { name: 'Drone', stock: 2 });

    const response = await postOrder(ctx, orderBody({ type: 'items', items: [{ productId: drone.id, quantity: 3 }] }));

    expect(response.statusCode).toBe(409);
    expect(response.json().error).toMatchObject({
      code: 'OUT_OF_STOCK',
      message: 'Only 2 of Drone are left.',
      details: { productId: drone.id, quantityAvailable: 2 },
    });
    expect(await stockOf(drone.id)).toBe(2);
  });

  it('applies the delivery-or-pickup rule: physical items need an address or a pickup location', async () => {
    const radio = await createProduct(ctx.db, { stock: 5 });
    const items = { type: 'items' as const, items: [{ productId: radio.id, quantity: 1 }] };

    const noAddress = await postOrder(ctx, {
      ...orderBody(items),
      contact: { ...deliveryContact, address: '', postcode: ' ' },
    });
    const noPickup = await postOrder(ctx, {
      ...orderBody(items),
      contact: { ...deliveryContact, pickup: true, pickupLocation: '' },
    });
    // Issue 19: pickup is at one of the shop's pickup points (the demo's Port Moresby store).
    const [point] = await ctx.db.select().from(pickupPoints);
    const pickup = await postOrder(ctx, {
      ...orderBody(items),
      contact: { ...deliveryContact, pickup: true, pickupLocation: 'ignored', pickupPointId: point?.id },
    });

    expect(noAddress.statusCode).toBe(400);
    expect(noAddress.json().error.issues).toEqual([
      { path: 'contact.address', message: contactMessages.address },
      { path: 'contact.postcode', message: contactMessages.postcode },
    ]);
    expect(noPickup.json().error.issues).toEqual([
      { path: 'contact.pickupPointId', message: contactMessages.pickupPointId },
    ]);
    expect(pickup.statusCode).toBe(201);
    const [row] = await ctx.db.select().from(orders).where(eq(orders.id, pickup.json().order.id));
    expect(row).toMatchObject({
      pickupLocation: `${point?.name}, ${point?.address}`,
      pickupPointId: point?.id,
      address: null,
      phone: '+67571234567',
    });
  });

  it('asks a membership-only order for neither address nor pickup', async () => {
    const shopper = await signedInShopper(ctx);
    const premium = await createProduct(ctx.db, { isMembership: true, priceToea: 20_050, category: 'accessories' });

    const placed = await placeOrder(
      ctx,
      {
        ...orderBody({ type: 'items', items: [{ productId: premium.id, quantity: 1 }] }),
        contact: { ...deliveryContact, address: '', city: '', state: '', postcode: '' },
      },
      shopper.cookie,
    );

    expect(placed.order.summary.total).toBe(20_050);
    expect(placed.order.lines[0]?.isMembership).toBe(true);
  });
});

describe('the last unit and retries', () => {
  it('sells the last unit once: of 50 concurrent checkouts exactly one holds it, the others are told it is sold out', async () => {
    const last = await createProduct(ctx.db, { name: 'Last camera', stock: 1 });
    const body = () => orderBody({ type: 'items', items: [{ productId: last.id, quantity: 1 }] });

    const answers = await Promise.all(Array.from({ length: 50 }, () => postOrder(ctx, body())));

    const won = answers.filter((answer) => answer.statusCode === 201);
    const lost = answers.filter((answer) => answer.statusCode !== 201);
    expect(won).toHaveLength(1);
    expect(lost).toHaveLength(49);
    for (const answer of lost) {
      expect(answer.statusCode).toBe(409);
      expect(answer.json().error).toMatchObject({
        code: 'OUT_OF_STOCK',
        message: 'Sorry, Last camera is sold out.',
        details: { productId: last.id, quantityAvailable: 0 },
      });
    }
    expect(await stockOf(last.id)).toBe(0);
    const held = await ctx.db
      .select({ id: orders.id })
      .from(orders)
      .innerJoin(simulatedPaymentIntents, eq(simulatedPaymentIntents.id, orders.paymentIntentId));
    expect(held.map((row) => row.id)).toContain((won[0]?.json() as CreateOrderResponse).order.id);
  });

  it('makes one order and one payment intent for the same idempotency key sent 20 times at once', async () => {
    const tablet = await createProduct(ctx.db, { stock: 1 });
    const body = orderBody({ type: 'items', items: [{ productId: tablet.id, quantity: 1 }] });

    const answers = await Promise.all(Array.from({ length: 20 }, () => postOrder(ctx, body)));

    expect(answers.map((answer) => answer.statusCode).sort((a, b) => a - b)).toEqual([...Array(19).fill(200), 201]);
    const bodies = answers.map((answer) => answer.json() as CreateOrderResponse);
    expect(new Set(bodies.map((b) => b.order.id)).size).toBe(1);
    expect(new Set(bodies.map((b) => b.payment.intentId)).size).toBe(1);
    expect(new Set(bodies.map((b) => b.checkoutToken)).size).toBe(1);
    const intents = await ctx.db
      .select({ id: simulatedPaymentIntents.id })
      .from(simulatedPaymentIntents)
      .where(eq(simulatedPaymentIntents.amount, bodies[0]?.order.summary.total ?? 0));
    const forThisOrder = (await Promise.all(intents.map((intent) => ctx.simulator.retrieveIntent(intent.id)))).filter(
      (intent) => intent.metadata.orderId === String(bodies[0]?.order.id),
    );
    expect(forThisOrder).toHaveLength(1);
    expect(await stockOf(tablet.id)).toBe(0);
  });

  it('refuses the same idempotency key with a different order', async () => {
    const a = await createProduct(ctx.db, { stock: 3 });
    const body = orderBody({ type: 'items', items: [{ productId: a.id, quantity: 1 }] });
    await placeOrder(ctx, body);

    const again = await postOrder(ctx, {
      ...body,
      source: { type: 'items', items: [{ productId: a.id, quantity: 2 }] },
    });

    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(checkoutMessages.idempotencyConflict);
  });
});

describe('tracking an order', () => {
  async function track(payload: object) {
    return ctx.app.inject({ method: 'POST', url: '/api/orders/track', payload });
  }

  it('finds a guest order by e-mail and order id, and by tracking code, with every field of the Tracked order', async () => {
    const speaker = await createProduct(ctx.db, { name: 'Speaker', priceToea: 12_000, stock: 4 });
    const placed = await placeOrder(ctx, orderBody({ type: 'items', items: [{ productId: speaker.id, quantity: 2 }] }));

    const byEmail = await track({ email: ' KILA.AMINI@example.pg ', orderId: String(placed.order.id) });
    const byCode = await track({ trackingCode: placed.order.trackingCode.toLowerCase() });

    expect(byEmail.statusCode).toBe(200);
    expect(byCode.json()).toEqual(byEmail.json());
    expect(byEmail.json().order).toMatchObject({
      orderId: placed.order.id,
      trackingCode: placed.order.trackingCode,
      status: trackingMessages.awaitingPayment,
      shippingStatus: 'Pending',
      paymentStatus: 'pending',
      firstName: 'Kila',
      lastName: 'Amini',
      email: deliveryContact.email,
      phone: '+67571234567',
      shippingAddress: 'Section 5, Lot 12, Boroko Drive, Port Moresby, NCD, 111',
      pickupLocation: null,
      estimatedDelivery: null,
      items: [
        {
          productId: speaker.id,
          name: 'Speaker',
          image: speaker.image,
          quantity: 2,
          unitPrice: 12_000,
          lineTotal: 24_000,
        },
      ],
      total: 24_000,
    });
  });

  it('tracks an unpaid order as awaiting payment, a declined or lapsed one as payment not completed, never as placed (issue 17)', async () => {
    const radio = await createProduct(ctx.db, { stock: 6 });
    const buy = () => orderBody({ type: 'items', items: [{ productId: radio.id, quantity: 1 }] });
    const statusOf = async (trackingCode: string) => (await track({ trackingCode })).json().order.status;

    const waiting = await placeOrder(ctx, buy());
    expect(await statusOf(waiting.order.trackingCode)).toBe(trackingMessages.awaitingPayment);

    const declined = await placeOrder(ctx, buy());
    await payOrder(ctx, declined, { card: card(testCardNumbers.declined) });
    expect(await statusOf(declined.order.trackingCode)).toBe(trackingMessages.paymentNotCompleted);

    const paid = await placeOrder(ctx, buy());
    expect((await payOrder(ctx, paid, { card: card() })).json().status).toBe('succeeded');
    expect(await statusOf(paid.order.trackingCode)).toBe('Pending');

    // The hold of the first one ends: the server cancels it, and its tracking says the payment never came.
    ctx.clock.advance(16 * 60_000);
    await ctx.checkoutJobs().releaseExpiredHolds();
    const lapsed = (await track({ trackingCode: waiting.order.trackingCode })).json().order;
    expect(lapsed).toMatchObject({ status: trackingMessages.paymentNotCompleted, paymentStatus: 'cancelled' });
    // Nothing more than before is revealed: the same fields, with or without payment.
    expect(Object.keys(lapsed).sort()).toEqual(
      Object.keys((await track({ trackingCode: paid.order.trackingCode })).json().order).sort(),
    );
  });

  it('finds a member order too, with the estimated delivery stored when it was dispatched', async () => {
    const shopper = await signedInShopper(ctx);
    const lamp = await createProduct(ctx.db, { stock: 4 });
    const placed = await placeOrder(
      ctx,
      orderBody({ type: 'items', items: [{ productId: lamp.id, quantity: 1 }] }),
      shopper.cookie,
    );
    const dispatchedAt = new Date('2026-03-02T01:00:00.000Z');
    // As the admin's Dispatch stores it (admin-orders.test.ts checks that a settings change does not move it).
    const estimatedDeliveryAt = new Date('2026-03-05T01:00:00.000Z');
    await ctx.db
      .update(orders)
      .set({ shippingStatus: 'Dispatched', dispatchedAt, estimatedDeliveryAt })
      .where(eq(orders.id, placed.order.id));

    const response = await track({ email: deliveryContact.email, orderId: placed.order.id });

    expect(response.json().order).toMatchObject({
      shippingStatus: 'Dispatched',
      dispatchedAt: dispatchedAt.toISOString(),
      estimatedDelivery: '2026-03-05T01:00:00.000Z',
    });
  });

  it('answers a wrong e-mail exactly like an unknown order', async () => {
    const fan = await createProduct(ctx.db, { stock: 4 });
    const placed = await placeOrder(ctx, orderBody({ type: 'items', items: [{ productId: fan.id, quantity: 1 }] }));

    const wrongEmail = await track({ email: 'someone.else@example.pg', orderId: placed.order.id });
    const unknownOrder = await track({ email: deliveryContact.email, orderId: 999_999 });
    const unknownCode = await track({ trackingCode: 'BLM-0000-0000-0000-0000' });

    for (const answer of [wrongEmail, unknownOrder, unknownCode]) {
      expect(answer.statusCode).toBe(404);
      expect(answer.body).toBe(JSON.stringify({ error: { code: 'NOT_FOUND', message: trackingMessages.notFound } }));
    }
  });

  it('asks for both the e-mail and the order id', async () => {
    const response = await track({ email: '  ', orderId: '' });

    expect(response.statusCode).toBe(400);
    expect(response.json().error.issues).toEqual([{ path: 'email', message: trackingMessages.invalidInput }]);
  });
});

describe('tracking limits', () => {
  it('rate-limits tracking per address, so order ids cannot be tried one after another', async () => {
    const limited = await createCheckoutTestApp({
      config: { authLimits: { perIp: 3, perAccount: 100, windowMs: 60_000 } },
    });
    try {
      const tries = [];
      for (let i = 1; i <= 4; i++) {
        tries.push(
          await limited.app.inject({
            method: 'POST',
            url: '/api/orders/track',
            payload: { email: 'guess@example.pg', orderId: String(i) },
          }),
        );
      }

      expect(tries.map((answer) => answer.statusCode)).toEqual([404, 404, 404, 429]);
      expect(tries[3]?.json().error.code).toBe('RATE_LIMITED');
    } finally {
      await limited.close();
    }
  });

  it('counts the tracking link (GET) and the form (POST) against the same limit (issue 29)', async () => {
    const limited = await createCheckoutTestApp({
      config: { authLimits: { perIp: 3, perAccount: 100, windowMs: 60_000 } },
    });
    try {
      const answers = [];
      for (const code of ['BLMAAAA0001', 'BLMAAAA0002']) {
        answers.push(await limited.app.inject({ url: `/api/orders/track?tracking_code=${code}` }));
      }
      answers.push(
        await limited.app.inject({
          method: 'POST',
          url: '/api/orders/track',
          payload: { trackingCode: 'BLMAAAA0003' },
        }),
      );
      // The fourth try, by either way, is refused.
      answers.push(await limited.app.inject({ url: '/api/orders/track?tracking_code=BLMAAAA0004' }));
      answers.push(
        await limited.app.inject({
          method: 'POST',
          url: '/api/orders/track',
          payload: { trackingCode: 'BLMAAAA0005' },
        }),
      );

      expect(answers.map((answer) => answer.statusCode)).toEqual([404, 404, 404, 429, 429]);
    } finally {
      await limited.close();
    }
  });
});
