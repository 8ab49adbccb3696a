import { randomUUID } from 'node:crypto';
import type { OrderRefunds } from '@bilum/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../../config';
import { activityLog, orders, products, simulatedRefunds } from '../../db/schema';
import { type SignedIn, signedInAdmin } from '../../test/accounts';
import {
  allPaymentMethods,
  card,
  type CheckoutTestContext,
  createCheckoutTestApp,
  deliveryContact,
  orderBody,
  payOrder,
  placeOrder,
  postOrder,
} from '../../test/checkout';
import { createProduct } from '../../test/factories';
import { signedInStaff } from '../../test/staff';

/** Issue 21 item 2 (decision 018): partial refunds of lines or amounts, never more than was paid. */
let ctx: CheckoutTestContext;
let owner: SignedIn;
let sequence = 0;

beforeAll(async () => {
  const { checkoutLimits } = testConfig();
  ctx = await createCheckoutTestApp({
    config: {
      checkoutLimits: { ...checkoutLimits, ordersPerIp: 1_000, unpaidPerAddress: 1_000, unpaidPerAccount: 1_000 },
    },
  });
  owner = await signedInAdmin(ctx);
});
afterAll(() => ctx.close());

function call(method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, payload?: object, cookie = owner.cookie) {
  return ctx.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });
}

/** A paid card order of 3 x K100.00 (+ K20.00 of a second product). */
async function paidOrder() {
  sequence += 1;
  const bag = await createProduct(ctx.db, { priceToea: 10_000, stock: 10 });
  const strap = await createProduct(ctx.db, { priceToea: 2_000, stock: 10 });
  const placed = await placeOrder(ctx, {
    ...orderBody({
      type: 'items',
      items: [
        { productId: bag.id, quantity: 3 },
        { productId: strap.id, quantity: 1 },
      ],
    }),
    contact: { ...deliveryContact, email: `refunds.${sequence}@example.pg` },
  });
  const paid = await payOrder(ctx, placed, { card: card(), returnUrl: '/guestcheckout' });
  expect(paid.json().status).toBe('succeeded');
  await ctx.simulator.whenEventsDelivered();
  const [row] = await ctx.db.select().from(orders).where(eq(orders.id, placed.order.id));
  if (!row) throw new Error('no order');
  return { id: row.id, order: row, bag, strap };
}

const stockOf = async (productId: number) =>
  (await ctx.db.select({ stock: products.stock }).from(products).where(eq(products.id, productId)))[0]?.stock;

const providerRefunds = (intentId: string | null) =>
  ctx.db
    .select()
    .from(simulatedRefunds)
    .where(eq(simulatedRefunds.intentId, intentId ?? ''));

describe('partial refunds', () => {
  it('refunds lines through the card provider and returns their units to stock when asked', async () => {
    const { id, order, bag } = await paidOrder();
    const before = await stockOf(bag.id);
    const response = await call('POST', `/api/admin/orders/${id}/refunds`, {
      lines: [{ productId: bag.id, quantity: 2 }],
      restock: true,
      reason: 'Two arrived damaged',
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().refund).toMatchObject({
      amount: 20_000,
      kind: 'card',
      status: 'succeeded',
      restocked: true,
    });
    const state = response.json().refunds as OrderRefunds;
    expect(state).toMatchObject({ paid: order.totalToea, refunded: 20_000, refundable: order.totalToea - 20_000 });
    expect(state.lines.find((line) => line.productId === bag.id)?.refundable).toBe(1);
    expect(await stockOf(bag.id)).toBe((before ?? 0) + 2);
    const made = await providerRefunds(order.paymentIntentId);
    expect(made.map((refund) => refund.amount)).toEqual([20_000]);
    const [entry] = await ctx.db
      .select()
      .from(activityLog)
      .where(and(eq(activityLog.entityId, String(id)), eq(activityLog.action, 'order.refunded')));
    expect(entry?.summary).toContain('Two arrived damaged');

    // More of a line than is left: 400 with the reason.
    const tooMany = await call('POST', `/api/admin/orders/${id}/refunds`, {
      lines: [{ productId: bag.id, quantity: 2 }],
      reason: 'Again',
    });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.body).toContain('At most 1 of');
  });

  it('refunds amounts up to what was paid, then nothing is left; bad input is a clear 400', async () => {
    const { id, order } = await paidOrder();
    const over = await call('POST', `/api/admin/orders/${id}/refunds`, {
      amount: order.totalToea + 1,
      reason: 'Too much',
    });
    expect(over.statusCode).toBe(400);
    expect(over.body).toContain('can be refunded');
    for (const body of [
      { reason: 'Neither lines nor amount' },
      { amount: 100, lines: [{ productId: 1, quantity: 1 }], reason: 'Both' },
      { amount: 100, reason: '' },
      { amount: -5, reason: 'Negative' },
      { amount: 100, restock: true, reason: 'Restock without lines' },
    ]) {
      expect((await call('POST', `/api/admin/orders/${id}/refunds`, body)).statusCode, JSON.stringify(body)).toBe(400);
    }
    expect(
      (await call('POST', `/api/admin/orders/${id}/refunds`, { amount: 1_000, reason: 'Goodwill' })).statusCode,
    ).toBe(201);
    const rest = await call('POST', `/api/admin/orders/${id}/refunds`, {
      amount: order.totalToea - 1_000,
      reason: 'The rest',
    });
    expect(rest.statusCode).toBe(201);
    expect(rest.json().refunds.refundable).toBe(0);
    const more = await call('POST', `/api/admin/orders/${id}/refunds`, { amount: 1, reason: 'One more toea' });
    expect(more.statusCode).toBe(409);
    const made = await providerRefunds(order.paymentIntentId);
    expect(made.reduce((sum, refund) => sum + refund.amount, 0)).toBe(order.totalToea);
  });

  it('partial refunds that add up to everything paid make the order refunded; less leaves it paid', async () => {
    const paymentStatusOf = async (orderId: number) =>
      (await ctx.db.select().from(orders).where(eq(orders.id, orderId)))[0]?.paymentStatus;
    const full = await paidOrder();
    const part = Math.round(full.order.totalToea * 0.4);
    const first = await call('POST', `/api/admin/orders/${full.id}/refunds`, { amount: part, reason: 'Forty' });
    expect(first.statusCode, first.body).toBe(201);
    expect(await paymentStatusOf(full.id)).toBe('paid');
    const rest = await call('POST', `/api/admin/orders/${full.id}/refunds`, {
      amount: full.order.totalToea - part,
      reason: 'Sixty',
    });
    expect(rest.statusCode, rest.body).toBe(201);
    expect(await paymentStatusOf(full.id)).toBe('refunded');
    // The admin order view reads it refunded.
    const admin = await call('GET', `/api/admin/orders?payment=all&q=${full.id}`);
    expect(admin.statusCode, admin.body).toBe(200);
    const listed = (admin.json().orders as { id: number; paymentStatus: string }[]).find((o) => o.id === full.id);
    expect(listed?.paymentStatus).toBe('refunded');

    const partly = await paidOrder();
    const only = await call('POST', `/api/admin/orders/${partly.id}/refunds`, {
      amount: Math.round(partly.order.totalToea * 0.4),
      reason: 'Forty only',
    });
    expect(only.statusCode, only.body).toBe(201);
    expect(await paymentStatusOf(partly.id)).toBe('paid');
  });

  it('concurrent refunds never add up to more than was paid', async () => {
    const { id, order } = await paidOrder();
    const share = Math.floor(order.totalToea * 0.4); // two fit, the third does not
    const answers = await Promise.all(
      Array.from({ length: 5 }, (_, index) =>
        call('POST', `/api/admin/orders/${id}/refunds`, { amount: share, reason: `Parallel ${index}` }),
      ),
    );
    const codes = answers.map((answer) => answer.statusCode).sort();
    expect(codes.filter((code) => code === 201)).toHaveLength(2);
    expect(codes.every((code) => code === 201 || code === 400)).toBe(true);
    const made = await providerRefunds(order.paymentIntentId);
    expect(made.reduce((sum, refund) => sum + refund.amount, 0)).toBe(share * 2);
    const state = (await call('GET', `/api/admin/orders/${id}/refunds`)).json() as OrderRefunds;
    expect(state.refunded).toBe(share * 2);
  });

  it('the same refund sent twice (one request id) is made once', async () => {
    const { id, order } = await paidOrder();
    const body = { amount: 500, reason: 'Double click', requestId: randomUUID() };
    const [first, second] = await Promise.all([
      call('POST', `/api/admin/orders/${id}/refunds`, body),
      call('POST', `/api/admin/orders/${id}/refunds`, body),
    ]);
    expect([first?.statusCode, second?.statusCode]).toEqual([201, 201]);
    expect(first?.json().refund.id).toBe(second?.json().refund.id);
    expect(await providerRefunds(order.paymentIntentId)).toHaveLength(1);
  });

  it('cancelling after a partial refund refunds only the rest and does not return units twice', async () => {
    const { id, order, bag } = await paidOrder();
    const before = (await stockOf(bag.id)) ?? 0;
    await call('POST', `/api/admin/orders/${id}/refunds`, {
      lines: [{ productId: bag.id, quantity: 1 }],
      restock: true,
      reason: 'One returned',
    });
    const cancelled = await call('PATCH', `/api/admin/orders/${id}`, {
      status: 'Cancelled',
      reason: 'Rest not wanted',
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(await stockOf(bag.id)).toBe(before + 3);
    const made = await providerRefunds(order.paymentIntentId);
    expect(made.reduce((sum, refund) => sum + refund.amount, 0)).toBe(order.totalToea);
  });

  it('a bank-transfer payment is refunded by recording it; staff without orders.refund are refused', async () => {
    const saved = await call('PUT', '/api/admin/settings/payments', allPaymentMethods);
    expect(saved.statusCode).toBe(200);
    const product = await createProduct(ctx.db, { priceToea: 12_000, stock: 5 });
    const placed = await postOrder(
      ctx,
      orderBody(
        { type: 'items', items: [{ productId: product.id, quantity: 1 }] },
        { contact: { ...deliveryContact, email: 'refunds.bank@example.pg' }, paymentMethod: 'bank-transfer' },
      ),
    );
    expect(placed.statusCode).toBe(201);
    const id = placed.json().order.id as number;
    const [row] = await ctx.db.select().from(orders).where(eq(orders.id, id));
    // Unpaid: nothing to refund.
    expect((await call('POST', `/api/admin/orders/${id}/refunds`, { amount: 100, reason: 'x' })).statusCode).toBe(409);
    const recorded = await call('POST', `/api/admin/orders/${id}/payments`, {
      amount: row?.totalToea,
      bankReference: 'BSP 1',
      receivedOn: new Date().toISOString().slice(0, 10),
    });
    expect(recorded.statusCode, recorded.body).toBeLessThan(300);
    const refund = await call('POST', `/api/admin/orders/${id}/refunds`, { amount: 2_000, reason: 'Price match' });
    expect(refund.statusCode, refund.body).toBe(201);
    expect(refund.json().refund).toMatchObject({ kind: 'recorded', status: 'succeeded', amount: 2_000 });

    const staff = await signedInStaff(ctx, 'staff');
    expect(
      (await call('POST', `/api/admin/orders/${id}/refunds`, { amount: 100, reason: 'x' }, staff.cookie)).statusCode,
    ).toBe(403);
    const manager = await signedInStaff(ctx, 'manager');
    expect((await call('GET', `/api/admin/orders/${id}/refunds`, undefined, manager.cookie)).statusCode).toBe(200);
  });
});
