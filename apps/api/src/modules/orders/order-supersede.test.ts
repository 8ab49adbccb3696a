import {
  type AdminOrdersResponse,
  checkoutMessages,
  type CreateOrderResponse,
  orderInventoryMessages,
  type PaymentResult,
} from '@bilum/shared';
import { and, eq, inArray } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../../config';
import { emailOutbox, memberships, orders, products, simulatedRefunds, stockMovements } from '../../db/schema';
import { signedInAdmin, signedInShopper } from '../../test/accounts';
import {
  card,
  type CheckoutTestContext,
  createCheckoutTestApp,
  deliveryContact,
  orderBody,
  payOrder,
  refreshPayment,
  runDocumentJobs,
} from '../../test/checkout';
import { createProduct } from '../../test/factories';
import { testCardNumbers } from '../payments/test-cards';

/**
 * A new checkout attempt supersedes the one it replaces (issue 16 follow-up): the web sends the previous attempt's
 * order with the new one, and the server releases it in the same transaction, so a shopper who goes back and edits
 * the contact details never piles up held orders. The app runs with the configuration's real checkout limits.
 */
const limits = testConfig().checkoutLimits;
let ctx: CheckoutTestContext;
/** Its simulator's webhooks never arrive: a payment that got through is known to the shop only when it asks. */
let lost: CheckoutTestContext;

beforeAll(async () => {
  ctx = await createCheckoutTestApp({ config: { checkoutLimits: limits } });
  lost = await createCheckoutTestApp({ config: { checkoutLimits: limits }, lostWebhooks: true });
});
afterAll(async () => {
  await ctx.close();
  await lost.close();
});

let addressCounter = 0;
/** A client address of its own for each test, so the per-address limits of one test never meet another's. */
const freshAddress = () => `203.0.113.${++addressCounter}`;
/**
 * The guest of the latest fresh address (issue 28: open card checkouts are counted per shopper, by e-mail and
 * phone), so each test's checkout is a shopper of its own.
 */
const currentGuest = () => ({
  email: `guest-${addressCounter}@example.pg`,
  phone: `7${String(addressCounter).padStart(7, '0').slice(0, 3)} ${String(addressCounter).padStart(7, '0').slice(3)}`,
});

function postOrderFrom(
  c: CheckoutTestContext,
  address: string,
  body: object,
  cookie?: string,
): Promise<LightMyRequestResponse> {
  return c.app.inject({
    method: 'POST',
    url: '/api/orders',
    remoteAddress: address,
    headers: cookie ? { cookie } : {},
    payload: body,
  });
}

async function placeFrom(c: CheckoutTestContext, address: string, body: object, cookie?: string) {
  const response = await postOrderFrom(c, address, body, cookie);
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as CreateOrderResponse;
}

const itemsSource = (productId: number) => ({ type: 'items' as const, items: [{ productId, quantity: 1 }] });

/** The same checkout with the contact details edited: a new key, another address, and the order it replaces. */
function editedBody(productId: number, edit: number, previous: CreateOrderResponse | null, email?: string) {
  return orderBody(itemsSource(productId), {
    contact: {
      ...deliveryContact,
      ...currentGuest(),
      address: `Section ${edit}, Lot ${edit}, Boroko Drive`,
      ...(email ? { email } : {}),
    },
    ...(previous ? { replacesOrder: { orderId: previous.order.id, checkoutToken: previous.checkoutToken } } : {}),
  });
}

async function orderRow(c: CheckoutTestContext, id: number) {
  const [row] = await c.db.select().from(orders).where(eq(orders.id, id));
  if (!row) throw new Error(`no order ${id}`);
  return row;
}

async function stockOf(c: CheckoutTestContext, productId: number): Promise<number> {
  const [row] = await c.db.select({ stock: products.stock }).from(products).where(eq(products.id, productId));
  return row?.stock ?? Number.NaN;
}

async function heldAmong(c: CheckoutTestContext, ids: number[]): Promise<number[]> {
  const rows = await c.db
    .select({ id: orders.id })
    .from(orders)
    .where(and(inArray(orders.id, ids), eq(orders.stockState, 'held')));
  return rows.map((row) => row.id);
}

/** Edits the contact details `edits` times after the first order; every answer must be a new order. */
async function editRepeatedly(c: CheckoutTestContext, productId: number, edits: number, cookie?: string) {
  const address = freshAddress();
  const placed: CreateOrderResponse[] = [];
  for (let edit = 0; edit <= edits; edit += 1) {
    placed.push(await placeFrom(c, address, editedBody(productId, edit, placed.at(-1) ?? null), cookie));
  }
  return placed;
}

async function expectReplacedChain(c: CheckoutTestContext, placed: CreateOrderResponse[]) {
  for (const [index, old] of placed.slice(0, -1).entries()) {
    const next = placed[index + 1]!;
    expect(await orderRow(c, old.order.id)).toMatchObject({
      paymentStatus: 'cancelled',
      shippingStatus: 'Cancelled',
      stockState: 'released',
      holdExpiresAt: null,
      cancelReason: `replaced by order #${next.order.id}`,
    });
    expect((await c.simulator.retrieveIntent(old.payment.intentId)).status).toBe('canceled');
  }
}

describe('a new checkout attempt replaces the previous one', () => {
  it('lets a guest edit the contact details 5 times in a row without meeting the unpaid limits, leaving exactly one held order', async () => {
    const product = await createProduct(ctx.db, { name: 'Edited guest phone', stock: 3 });

    // More edits than the open card checkouts one shopper may have (each edit replaces the one before).
    const placed = await editRepeatedly(ctx, product.id, limits.unpaidPerAccount + 2);

    expect(placed).toHaveLength(limits.unpaidPerAccount + 3);
    const ids = placed.map((answer) => answer.order.id);
    expect(await heldAmong(ctx, ids)).toEqual([placed.at(-1)!.order.id]);
    expect(await stockOf(ctx, product.id)).toBe(2);
    await expectReplacedChain(ctx, placed);
    // The last order is the one to pay, with the last address.
    expect((await payOrder(ctx, placed.at(-1)!, { card: card() })).json().status).toBe('succeeded');
    expect(await stockOf(ctx, product.id)).toBe(2);
  });

  it('lets a signed-in shopper edit the contact details 5 times in a row without meeting the unpaid limits, leaving exactly one held order', async () => {
    const shopper = await signedInShopper(ctx);
    const product = await createProduct(ctx.db, { name: 'Edited shopper camera', stock: 1 });

    // The last unit: each new order can take it only because the order it replaces gives it back first.
    const placed = await editRepeatedly(ctx, product.id, 5, shopper.cookie);

    const ids = placed.map((answer) => answer.order.id);
    expect(await heldAmong(ctx, ids)).toEqual([placed.at(-1)!.order.id]);
    expect(await stockOf(ctx, product.id)).toBe(0);
    await expectReplacedChain(ctx, placed);
  });

  it('gives a Premium buyer who edits the contact details the new order (no 409), and only one Premium order is ever paid', async () => {
    const shopper = await signedInShopper(ctx);
    const premium = await createProduct(ctx.db, { isMembership: true, priceToea: 20_050, category: 'accessories' });
    const address = freshAddress();
    const first = await placeFrom(ctx, address, editedBody(premium.id, 1, null), shopper.cookie);

    // A shopper's own order is proved by the session: no token needed.
    const second = await placeFrom(
      ctx,
      address,
      { ...editedBody(premium.id, 2, null), replacesOrder: { orderId: first.order.id } },
      shopper.cookie,
    );

    const refused = await payOrder(ctx, first, { card: card() }, shopper.cookie);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe(checkoutMessages.orderReplaced(second.order.id));
    expect((await payOrder(ctx, second, { card: card() }, shopper.cookie)).json().status).toBe('succeeded');
    const paid = await ctx.db
      .select({ id: orders.id })
      .from(orders)
      .where(and(eq(orders.userId, shopper.user.id), eq(orders.paymentStatus, 'paid')));
    expect(paid.map((row) => row.id)).toEqual([second.order.id]);
    const years = await ctx.db
      .select()
      .from(memberships)
      .where(and(eq(memberships.userId, shopper.user.id), eq(memberships.status, 'completed')));
    expect(years).toHaveLength(1);
  });

  it('refunds the replaced order’s payment that still got through after 3-D Secure, and the new order keeps its unit', async () => {
    const product = await createProduct(ctx.db, { name: 'Raced tablet', stock: 1 });
    const address = freshAddress();
    const email = 'raced.guest@example.pg';
    const first = await placeFrom(ctx, address, editedBody(product.id, 1, null, email));
    const started = (
      await payOrder(ctx, first, { card: card(testCardNumbers.requiresAuthentication), returnUrl: '/guestcheckout' })
    ).json() as PaymentResult;
    expect(started.status).toBe('requires_action');
    // The shopper approves on the bank's page: the payment is processing and can no longer be cancelled …
    await ctx.simulator.completeAuthentication(first.payment.intentId, true);

    // … while, in another tab, they went back, changed the address and placed the order again.
    const second = await placeFrom(ctx, address, editedBody(product.id, 2, first, email));
    expect(await orderRow(ctx, first.order.id)).toMatchObject({ paymentStatus: 'cancelled', stockState: 'released' });

    // The old payment succeeds; its webhook settles the cancelled order by the rule for a replaced one: refunded.
    ctx.clock.advance(2_000);
    await ctx.simulator.settleProcessingIntents();
    await ctx.simulator.whenEventsDelivered();

    expect(await orderRow(ctx, first.order.id)).toMatchObject({
      paymentStatus: 'refunded',
      shippingStatus: 'Cancelled',
      stockState: 'released',
      cancelReason: `replaced by order #${second.order.id}`,
    });
    const refunds = await ctx.db
      .select()
      .from(simulatedRefunds)
      .where(eq(simulatedRefunds.intentId, first.payment.intentId));
    expect(refunds.map((refund) => refund.amount)).toEqual([first.order.summary.total]);
    const late = await refreshPayment(ctx, first);
    expect(late.status).toBe('refunded');
    expect(late.error?.message).toBe(checkoutMessages.refundedReplaced);
    // The new order still holds the only unit, and is the one that is paid.
    expect(await orderRow(ctx, second.order.id)).toMatchObject({ paymentStatus: 'pending', stockState: 'held' });
    expect(await stockOf(ctx, product.id)).toBe(0);
    expect((await payOrder(ctx, second, { card: card() })).json().status).toBe('succeeded');
    await ctx.simulator.whenEventsDelivered();
    await runDocumentJobs(ctx);
    const mails = await ctx.db.select().from(emailOutbox).where(eq(emailOutbox.to, email));
    expect(mails).toHaveLength(1);
    expect(await stockOf(ctx, product.id)).toBe(0);
  });

  it('refunds a replaced order whose payment had got through before the shop heard of it (a lost webhook)', async () => {
    const product = await createProduct(lost.db, { name: 'Quietly paid radio', stock: 2 });
    const address = freshAddress();
    const first = await placeFrom(lost, address, editedBody(product.id, 1, null));
    await lost.simulator.confirmIntent(first.payment.intentId, { card: card() });

    const second = await placeFrom(lost, address, editedBody(product.id, 2, first));

    // Cancelling the intent found it paid: settling the replaced order refunded it at once.
    expect(await orderRow(lost, first.order.id)).toMatchObject({
      paymentStatus: 'refunded',
      stockState: 'released',
      cancelReason: `replaced by order #${second.order.id}`,
    });
    const refunds = await lost.db
      .select()
      .from(simulatedRefunds)
      .where(eq(simulatedRefunds.intentId, first.payment.intentId));
    expect(refunds).toHaveLength(1);
    expect(await stockOf(lost, product.id)).toBe(1);
    // The reconciliation finds nothing more to do: one refund, never a sale.
    await lost.checkoutJobs().reconcilePayments();
    expect(
      await lost.db.select().from(simulatedRefunds).where(eq(simulatedRefunds.intentId, first.payment.intentId)),
    ).toHaveLength(1);
    expect((await orderRow(lost, first.order.id)).paymentStatus).toBe('refunded');
  });

  it('never touches an order the caller does not own, and answers exactly as without it', async () => {
    const product = await createProduct(ctx.db, { name: 'Someone else’s watch', stock: 20 });
    const victim = await placeFrom(ctx, freshAddress(), editedBody(product.id, 1, null, 'victim@example.pg'));
    const owner = await signedInShopper(ctx);
    const shopperOrder = await placeFrom(ctx, freshAddress(), editedBody(product.id, 1, null), owner.cookie);
    const intruder = await signedInShopper(ctx);
    const own = await placeFrom(ctx, freshAddress(), editedBody(product.id, 1, null));

    const attempts: { replacesOrder: object; cookie?: string }[] = [
      // Another guest's order with a wrong token, with none, and with the caller's own (valid) token.
      { replacesOrder: { orderId: victim.order.id, checkoutToken: 'x'.repeat(victim.checkoutToken.length) } },
      { replacesOrder: { orderId: victim.order.id } },
      { replacesOrder: { orderId: victim.order.id, checkoutToken: own.checkoutToken } },
      // A shopper's order, from a guest with a token and from another signed-in shopper.
      { replacesOrder: { orderId: shopperOrder.order.id, checkoutToken: own.checkoutToken } },
      { replacesOrder: { orderId: shopperOrder.order.id }, cookie: intruder.cookie },
      // An order that does not exist.
      { replacesOrder: { orderId: 999_999_999, checkoutToken: own.checkoutToken } },
    ];
    const plain = await postOrderFrom(ctx, freshAddress(), editedBody(product.id, 9, null));
    for (const [index, attempt] of attempts.entries()) {
      const response = await postOrderFrom(
        ctx,
        freshAddress(),
        { ...editedBody(product.id, 10 + index, null), replacesOrder: attempt.replacesOrder },
        attempt.cookie,
      );
      expect(response.statusCode).toBe(plain.statusCode);
      const body = response.json() as CreateOrderResponse;
      expect(Object.keys(body).sort()).toEqual(Object.keys(plain.json()).sort());
      expect(Object.keys(body.order).sort()).toEqual(Object.keys(plain.json().order).sort());
      expect(response.body).not.toContain(`#${victim.order.id}`);
      expect(response.body).not.toContain('victim@example.pg');
    }

    for (const untouched of [victim, shopperOrder]) {
      expect(await orderRow(ctx, untouched.order.id)).toMatchObject({
        paymentStatus: 'pending',
        shippingStatus: 'Pending',
        stockState: 'held',
        cancelReason: null,
      });
      expect((await ctx.simulator.retrieveIntent(untouched.payment.intentId)).status).toBe('requires_payment_method');
    }
    expect((await payOrder(ctx, victim, { card: card() })).json().status).toBe('succeeded');
  });

  it('returns the replaced order’s units through the stock log and shows it to staff as cancelled, replaced by the new order', async () => {
    const product = await createProduct(ctx.db, { name: 'Logged lamp', stock: 4 });
    const address = freshAddress();
    const first = await placeFrom(ctx, address, editedBody(product.id, 1, null));
    const second = await placeFrom(ctx, address, editedBody(product.id, 2, first));

    const log = await ctx.db
      .select({ change: stockMovements.change, reason: stockMovements.reason, orderId: stockMovements.orderId })
      .from(stockMovements)
      .where(eq(stockMovements.productId, product.id))
      .orderBy(stockMovements.id);
    expect(log.slice(-3)).toEqual([
      { change: -1, reason: 'order-placed', orderId: first.order.id },
      { change: 1, reason: 'order-released', orderId: first.order.id },
      { change: -1, reason: 'order-placed', orderId: second.order.id },
    ]);

    const admin = await signedInAdmin(ctx);
    const answer = await ctx.app.inject({
      method: 'GET',
      url: `/api/admin/orders?payment=unpaid&q=${first.order.id}`,
      headers: { cookie: admin.cookie },
    });
    const shown = (answer.json() as AdminOrdersResponse).orders.find((order) => order.id === first.order.id);
    expect(shown).toMatchObject({
      shippingStatus: 'Cancelled',
      paymentStatus: 'cancelled',
      cancelNote: orderInventoryMessages.replacedBy(second.order.id),
    });
  });

  it('leaves a replaced order alone once it is paid: the new order is placed beside it', async () => {
    const product = await createProduct(ctx.db, { name: 'Paid first', stock: 3 });
    const address = freshAddress();
    const first = await placeFrom(ctx, address, editedBody(product.id, 1, null));
    expect((await payOrder(ctx, first, { card: card() })).json().status).toBe('succeeded');

    const second = await placeFrom(ctx, address, editedBody(product.id, 2, first));

    expect(await orderRow(ctx, first.order.id)).toMatchObject({
      paymentStatus: 'paid',
      stockState: 'sold',
      cancelReason: null,
    });
    expect(await heldAmong(ctx, [first.order.id, second.order.id])).toEqual([second.order.id]);
    expect(await stockOf(ctx, product.id)).toBe(1);
  });

  it('keeps the replaced order when the new one is refused: nothing is released', async () => {
    const product = await createProduct(ctx.db, { name: 'Refused edit', stock: 2 });
    const address = freshAddress();
    const first = await placeFrom(ctx, address, editedBody(product.id, 1, null));

    const refused = await postOrderFrom(ctx, address, {
      ...editedBody(product.id, 2, first),
      source: { type: 'items', items: [{ productId: 999_999_999, quantity: 1 }] },
    });

    expect(refused.statusCode).toBe(404);
    expect(await orderRow(ctx, first.order.id)).toMatchObject({ paymentStatus: 'pending', stockState: 'held' });
    expect(await stockOf(ctx, product.id)).toBe(1);
  });

  it('answers a replaced order id or token out of bounds with a 400 and a message', async () => {
    const product = await createProduct(ctx.db, { name: 'Bounded', stock: 2 });
    for (const replacesOrder of [
      { orderId: 1e20 },
      { orderId: -1 },
      { orderId: 2.5 },
      { orderId: 1, checkoutToken: 'x'.repeat(201) },
    ]) {
      const response = await postOrderFrom(ctx, freshAddress(), {
        ...editedBody(product.id, 1, null),
        replacesOrder,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().error.message).toEqual(expect.any(String));
    }
  });
});
