import {
  type Cart,
  cancelReasonRequired,
  type MyOrder,
  type MyOrders,
  orderInventoryMessages,
  type PlacedOrderResponse,
} from '@bilum/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activityLog, emailOutbox, stockMovements } from '../../db/schema';
import { signedInShopper, type SignedIn } from '../../test/accounts';
import {
  card,
  type CheckoutTestContext,
  createAllMethodsTestApp,
  deliveryContact,
  orderBody,
  payOrder,
  postOrder,
} from '../../test/checkout';
import { createProduct, orderRow as storedOrder, stockOf as stockOfProduct } from '../../test/factories';

/*
 * Issue 27, seams 3 and 4: a bank-transfer or pay-at-pickup order is the shopper's from the moment it is placed (in
 * their order history, its lines out of their cart, back in it if the order ends unpaid), and staff can cancel it
 * before it is paid.
 */

let ctx: CheckoutTestContext;
let admin: SignedIn;
const HOUR = 60 * 60_000;

beforeAll(async () => {
  ({ ctx, admin } = await createAllMethodsTestApp());
});
afterAll(async () => ctx.close());

function staff(method: 'GET' | 'PUT' | 'POST' | 'PATCH', url: string, payload?: object) {
  return ctx.app.inject({ method, url, headers: { cookie: admin.cookie }, ...(payload ? { payload } : {}) });
}

function cancel(orderId: number, reason?: string) {
  return staff('PATCH', `/api/admin/orders/${orderId}`, { status: 'Cancelled', ...(reason ? { reason } : {}) });
}

async function shopperCall(shopper: SignedIn, method: 'GET' | 'POST', url: string, payload?: object) {
  return ctx.app.inject({ method, url, headers: { cookie: shopper.cookie }, ...(payload ? { payload } : {}) });
}

async function cartOf(shopper: SignedIn): Promise<Cart> {
  const response = await shopperCall(shopper, 'GET', '/api/cart');
  expect(response.statusCode).toBe(200);
  return response.json();
}

/** The cart's lines as product id → quantity. */
async function cartLines(shopper: SignedIn): Promise<Record<number, number>> {
  return Object.fromEntries((await cartOf(shopper)).items.map((line) => [line.productId, line.quantity]));
}

async function myOrders(shopper: SignedIn): Promise<MyOrder[]> {
  const response = await shopperCall(shopper, 'GET', '/api/orders/mine');
  expect(response.statusCode).toBe(200);
  return (response.json() as MyOrders).orders;
}

const stockOf = (productId: number) => stockOfProduct(ctx.db, productId);
const orderRow = (id: number) => storedOrder(ctx.db, id);

async function pickupPoint(): Promise<{ id: number; name: string; address: string }> {
  const options = (await ctx.app.inject({ method: 'GET', url: '/api/delivery/options' })).json();
  return options.pickupPoints[0];
}

/** A shopper with these products in the server cart (product, quantity). */
async function shopperWithCart(lines: { price: number; quantity: number; stock?: number }[]) {
  const shopper = await signedInShopper(ctx);
  const bought = [];
  for (const line of lines) {
    const product = await createProduct(ctx.db, { priceToea: line.price, stock: line.stock ?? 5 });
    const added = await shopperCall(shopper, 'POST', '/api/cart/items', {
      productId: product.id,
      quantity: line.quantity,
    });
    expect(added.statusCode).toBe(201);
    bought.push(product);
  }
  return { shopper, products: bought };
}

/** Places the shopper's whole cart with this way to pay. */
async function placeCart(shopper: SignedIn, paymentMethod: 'bank-transfer' | 'pickup' | 'card') {
  const cartItemIds = (await cartOf(shopper)).items.map((line) => line.cartItemId);
  const contact =
    paymentMethod === 'pickup'
      ? { ...deliveryContact, email: shopper.user.email, pickup: true, pickupPointId: (await pickupPoint()).id }
      : { ...deliveryContact, email: shopper.user.email };
  const response = await postOrder(
    ctx,
    orderBody({ type: 'cart', cartItemIds }, { contact, paymentMethod }),
    shopper.cookie,
  );
  expect(response.statusCode).toBe(201);
  return response.json() as PlacedOrderResponse;
}

describe('unpaid bank-transfer and pickup orders in the shopper’s order history (issue 27)', () => {
  it('lists a signed-in shopper’s bank-transfer and pickup orders with their state, amount to pay, reference, deadline and pickup place', async () => {
    const { shopper } = await shopperWithCart([{ price: 12_000, quantity: 2 }]);
    const transfer = await placeCart(shopper, 'bank-transfer');
    await shopperCall(shopper, 'POST', '/api/cart/items', {
      productId: (await createProduct(ctx.db, { priceToea: 30_000, stock: 3 })).id,
    });
    const pickup = await placeCart(shopper, 'pickup');
    // A card order whose card was never entered is not an order the shopper placed (as before).
    await shopperCall(shopper, 'POST', '/api/cart/items', {
      productId: (await createProduct(ctx.db, { priceToea: 5_000 })).id,
    });
    const unpaidCard = await placeCart(shopper, 'card');

    const list = await myOrders(shopper);
    expect(list.map((order) => order.id)).toEqual([pickup.order.id, transfer.order.id]);
    expect(list.map((order) => order.id)).not.toContain(unpaidCard.order.id);

    const transferRow = await orderRow(transfer.order.id);
    expect(list[1]).toMatchObject({
      trackingCode: transfer.order.trackingCode,
      paymentMethod: 'bank-transfer',
      paymentStatus: 'pending',
      total: 24_000,
      amountDue: 24_000,
      payBy: transferRow.holdExpiresAt?.toISOString(),
      pickupLocation: null,
      payment: {
        state: 'awaiting-payment',
        stateLabel: 'Awaiting payment',
        reference: transfer.order.paymentReference,
        bankTransfer: {
          reference: transfer.order.paymentReference,
          amountDue: 24_000,
          accountNumber: '1001234567',
          holdExpiresAt: transferRow.holdExpiresAt?.toISOString(),
        },
      },
      items: [expect.objectContaining({ quantity: 2, unitPrice: 12_000, lineTotal: 24_000 })],
    });
    expect(transfer.order.paymentReference).toMatch(/^PAY \d{4} \d{2}$/);

    const point = await pickupPoint();
    const pickupRow = await orderRow(pickup.order.id);
    expect(pickupRow.holdExpiresAt?.getTime()).toBe(pickupRow.placedAt.getTime() + 72 * HOUR);
    expect(list[0]).toMatchObject({
      paymentMethod: 'pickup',
      amountDue: 30_000,
      payBy: pickupRow.holdExpiresAt?.toISOString(),
      pickupLocation: `${point.name}, ${point.address}`,
      payment: { state: 'pay-at-pickup', stateLabel: 'Pay at pickup', bankTransfer: null },
    });

    // A part-paid transfer shows what is still to pay.
    const recorded = await staff('POST', `/api/admin/orders/${transfer.order.id}/payments`, {
      amount: 10_000,
      bankReference: 'BSP 1',
      receivedOn: new Date().toISOString().slice(0, 10),
    });
    expect(recorded.statusCode).toBe(200);
    const partPaid = (await myOrders(shopper)).find((order) => order.id === transfer.order.id);
    expect(partPaid).toMatchObject({ amountDue: 14_000, payment: { state: 'part-paid' } });
    // Issue 27: My Orders and the order history say what was received of what, not just "Awaiting payment".
    expect(partPaid?.payment.status.label).toBe('Part-paid: K100.00 of K240.00 received');
  });

  it('takes the ordered lines out of the server cart when a bank transfer is placed, and leaves a line added since when it is paid', async () => {
    const {
      shopper,
      products: [phone, cable],
    } = await shopperWithCart([
      { price: 40_000, quantity: 1 },
      { price: 1_500, quantity: 3 },
    ]);
    const placed = await placeCart(shopper, 'bank-transfer');
    expect(await cartLines(shopper)).toEqual({});

    // The shopper wants another cable meanwhile: paying the transfer leaves it in the cart.
    await shopperCall(shopper, 'POST', '/api/cart/items', { productId: cable!.id, quantity: 1 });
    const paid = await staff('POST', `/api/admin/orders/${placed.order.id}/payments`, {
      amount: 44_500,
      bankReference: 'BSP 2',
      receivedOn: new Date().toISOString().slice(0, 10),
    });
    expect(paid.statusCode).toBe(200);
    expect((await orderRow(placed.order.id)).paymentStatus).toBe('paid');
    expect(await cartLines(shopper)).toEqual({ [cable!.id]: 1 });
    expect(phone).toBeDefined();
  });

  it('keeps a card order’s lines in the cart until it is paid, as before', async () => {
    const {
      shopper,
      products: [phone],
    } = await shopperWithCart([{ price: 20_000, quantity: 1 }]);
    const placed = await placeCart(shopper, 'card');
    expect(await cartLines(shopper)).toEqual({ [phone!.id]: 1 });
    expect((await myOrders(shopper)).map((order) => order.id)).not.toContain(placed.order.id);
    const paid = await payOrder(ctx, { ...placed, payment: placed.payment! }, { card: card() }, shopper.cookie);
    expect(paid.json().status).toBe('succeeded');
    expect(await cartLines(shopper)).toEqual({});
    expect((await myOrders(shopper)).find((order) => order.id === placed.order.id)).toMatchObject({
      paymentMethod: 'card',
      amountDue: 0,
      payBy: null,
      payment: { state: 'paid' },
    });
  });
});

describe('staff cancelling an unpaid order (issue 27)', () => {
  it('cancels an unpaid pickup order with a reason: stock back at once (logged), lines back in the cart merged, shopper e-mailed, activity logged', async () => {
    const {
      shopper,
      products: [phone, case_],
    } = await shopperWithCart([
      { price: 90_000, quantity: 2, stock: 4 },
      { price: 2_500, quantity: 1, stock: 2 },
    ]);
    const placed = await placeCart(shopper, 'pickup');
    expect(await stockOf(phone!.id)).toBe(2);
    expect(await stockOf(case_!.id)).toBe(1);
    expect(await cartLines(shopper)).toEqual({});
    // Put one phone back in the cart meanwhile: the cancelled order's two are merged into that line, not added.
    await shopperCall(shopper, 'POST', '/api/cart/items', { productId: phone!.id, quantity: 1 });

    // Nothing to ship before it is paid.
    const dispatch = await staff('PATCH', `/api/admin/orders/${placed.order.id}`, { status: 'Dispatched' });
    expect(dispatch.statusCode).toBe(409);
    expect(dispatch.json().error.message).toBe(orderInventoryMessages.awaitingPayment(placed.order.id));

    const cancelled = await cancel(placed.order.id, 'Customer phoned: no longer wants the phone');
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json().order).toMatchObject({
      shippingStatus: 'Cancelled',
      paymentStatus: 'cancelled',
      cancelNote: orderInventoryMessages.cancelledBeforePayment,
      history: [
        expect.objectContaining({ toStatus: 'Cancelled', reason: 'Customer phoned: no longer wants the phone' }),
      ],
    });
    expect(await orderRow(placed.order.id)).toMatchObject({
      stockState: 'released',
      paymentStatus: 'cancelled',
      cancelReason: 'admin',
      holdExpiresAt: null,
    });
    expect(await stockOf(phone!.id)).toBe(4);
    expect(await stockOf(case_!.id)).toBe(2);
    const movements = await ctx.db
      .select()
      .from(stockMovements)
      .where(and(eq(stockMovements.orderId, placed.order.id), eq(stockMovements.reason, 'order-cancelled')));
    expect(movements.map((movement) => [movement.productId, movement.change, movement.actorName]).sort()).toEqual(
      [
        [phone!.id, 2, admin.user.fullName || admin.user.email],
        [case_!.id, 1, admin.user.fullName || admin.user.email],
      ].sort(),
    );

    expect(await cartLines(shopper)).toEqual({ [phone!.id]: 2, [case_!.id]: 1 });

    const mail = await ctx.db.select().from(emailOutbox).where(eq(emailOutbox.to, shopper.user.email));
    const told = mail.filter(
      (message) => message.subject === `Your Bilum order #${placed.order.id} has been cancelled`,
    );
    expect(told).toHaveLength(1);
    expect(told[0]?.text).toContain('You have not been charged.');
    expect(told[0]?.text).toContain('back in your cart');
    expect(told[0]?.text).not.toContain('refunded');

    const [entry] = await ctx.db
      .select()
      .from(activityLog)
      .where(
        and(
          eq(activityLog.entityType, 'order'),
          eq(activityLog.entityId, String(placed.order.id)),
          eq(activityLog.action, 'order.cancelled'),
        ),
      );
    expect(entry?.summary).toBe(
      `Order #${placed.order.id}: Pending → Cancelled before payment (stock released, customer e-mailed). ` +
        'Reason: Customer phoned: no longer wants the phone',
    );
    expect(entry?.actorName).toBeTruthy();

    // Still the shopper's order, now cancelled, with nothing to pay.
    expect((await myOrders(shopper)).find((order) => order.id === placed.order.id)).toMatchObject({
      shippingStatus: 'Cancelled',
      paymentStatus: 'cancelled',
      amountDue: 0,
      payBy: null,
      payment: { state: 'not-completed' },
    });
    // Cancelled is final; the expiry job leaves it alone.
    expect((await cancel(placed.order.id, 'again')).statusCode).toBe(409);
  });

  it('refuses to cancel without a reason (400, with the message) and changes nothing', async () => {
    const {
      shopper,
      products: [phone],
    } = await shopperWithCart([{ price: 15_000, quantity: 1, stock: 3 }]);
    const placed = await placeCart(shopper, 'pickup');
    for (const reason of [undefined, '   ']) {
      const refused = await staff('PATCH', `/api/admin/orders/${placed.order.id}`, {
        status: 'Cancelled',
        ...(reason === undefined ? {} : { reason }),
      });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().error).toMatchObject({
        code: 'VALIDATION',
        message: cancelReasonRequired,
        issues: [{ path: 'reason', message: cancelReasonRequired }],
      });
    }
    expect(await orderRow(placed.order.id)).toMatchObject({ stockState: 'held', paymentStatus: 'pending' });
    expect(await stockOf(phone!.id)).toBe(2);
    expect(await cartLines(shopper)).toEqual({});
  });

  it('cancels a part-paid bank transfer and says the money received is to be returned', async () => {
    const { shopper } = await shopperWithCart([{ price: 20_000, quantity: 1 }]);
    const placed = await placeCart(shopper, 'bank-transfer');
    await staff('POST', `/api/admin/orders/${placed.order.id}/payments`, {
      amount: 5_000,
      bankReference: 'BSP 3',
      receivedOn: new Date().toISOString().slice(0, 10),
    });
    const cancelled = await cancel(placed.order.id, 'Customer asked to cancel');
    expect(cancelled.statusCode).toBe(200);
    const [told] = await ctx.db
      .select()
      .from(emailOutbox)
      .where(
        and(
          eq(emailOutbox.to, shopper.user.email),
          eq(emailOutbox.subject, `Your Bilum order #${placed.order.id} has been cancelled`),
        ),
      );
    expect(told?.text).toContain('We received K50.00 from you for this order; we will contact you to return it.');
    const [entry] = await ctx.db
      .select({ summary: activityLog.summary })
      .from(activityLog)
      .where(and(eq(activityLog.entityId, String(placed.order.id)), eq(activityLog.action, 'order.cancelled')));
    expect(entry?.summary).toContain('K50.00 received, to return by hand');
  });
});

describe('an unpaid order that ends by itself (issue 27)', () => {
  it('puts a bank transfer’s lines back in the cart when its hold expires, and keeps it in the history as cancelled', async () => {
    const {
      shopper,
      products: [phone],
    } = await shopperWithCart([{ price: 50_000, quantity: 1, stock: 1 }]);
    const placed = await placeCart(shopper, 'bank-transfer');
    expect(await cartLines(shopper)).toEqual({});
    expect(await stockOf(phone!.id)).toBe(0);

    ctx.clock.advance(48 * HOUR + 60_000);
    await ctx.checkoutJobs().releaseExpiredHolds();
    expect(await orderRow(placed.order.id)).toMatchObject({ paymentStatus: 'cancelled', stockState: 'released' });
    expect(await stockOf(phone!.id)).toBe(1);
    expect(await cartLines(shopper)).toEqual({ [phone!.id]: 1 });
    const [told] = await ctx.db
      .select()
      .from(emailOutbox)
      .where(
        and(
          eq(emailOutbox.to, shopper.user.email),
          eq(emailOutbox.subject, `Your Bilum order #${placed.order.id} was cancelled`),
        ),
      );
    expect(told?.text).toContain('The items are back in your cart');
    expect((await myOrders(shopper)).find((order) => order.id === placed.order.id)).toMatchObject({
      shippingStatus: 'Cancelled',
      amountDue: 0,
      payBy: null,
    });
    // Once: a second run changes nothing.
    await ctx.checkoutJobs().releaseExpiredHolds();
    expect(await cartLines(shopper)).toEqual({ [phone!.id]: 1 });
  });
});
