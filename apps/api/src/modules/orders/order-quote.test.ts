import type { CreateOrderResponse, DeliveryZone, OrderConfirmation, PlacedOrderResponse } from '@bilum/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderItems, orders, products, simulatedPaymentIntents } from '../../db/schema';
import { makeMember, type SignedIn, signedInAdmin, signedInShopper } from '../../test/accounts';
import {
  allPaymentMethods,
  card,
  type CheckoutTestContext,
  createCheckoutTestApp,
  deliveryContact,
  orderBody,
  ownership,
  payOrder,
  placeOrder,
  postOrder,
} from '../../test/checkout';
import { createProduct, setProductFigures } from '../../test/factories';
import { transition } from '../order-lifecycle/order-lifecycle';

/*
 * Issue 27, seam 2 (decision 022): no stale price is ever charged. An unpaid order is priced again when its basis
 * changes (Premium, a price, a zone's fee) and before every payment attempt of any method; an attempt for an amount
 * the order no longer costs is refused with 409 PRICE_CHANGED and the new quote, and nothing is charged.
 */

let ctx: CheckoutTestContext;
let admin: SignedIn;

const highlands = { ...deliveryContact, city: 'Mount Hagen', state: 'Western Highlands', postcode: '281' };

beforeAll(async () => {
  ctx = await createCheckoutTestApp();
  admin = await signedInAdmin(ctx);
  expect((await staff('PUT', '/api/admin/settings/payments', allPaymentMethods)).statusCode).toBe(200);
  // The shop's Premium product: its price is what Premium costs on the membership page.
  await createProduct(ctx.db, {
    name: 'Premium Membership (1 year)',
    isMembership: true,
    priceToea: 20_050,
    category: 'accessories',
    stock: 1_000_000,
  });
});
afterAll(async () => ctx.close());

function staff(method: 'GET' | 'PUT' | 'POST', url: string, payload?: object) {
  return ctx.app.inject({ method, url, headers: { cookie: admin.cookie }, ...(payload ? { payload } : {}) });
}

async function orderRow(id: number) {
  const [row] = await ctx.db.select().from(orders).where(eq(orders.id, id));
  if (!row) throw new Error(`no order ${id}`);
  return row;
}

async function intentOf(placed: CreateOrderResponse) {
  const [row] = await ctx.db
    .select()
    .from(simulatedPaymentIntents)
    .where(eq(simulatedPaymentIntents.id, placed.payment.intentId));
  if (!row) throw new Error('no intent');
  return row;
}

/** Anna: signed in, an unpaid card (or bank transfer) order of one K149.00 bag delivered to the Highlands. */
async function annasOrder(paymentMethod: 'card' | 'bank-transfer' = 'card') {
  const anna = await signedInShopper(ctx);
  const bag = await createProduct(ctx.db, { name: 'Bilum bag', priceToea: 14_900, stock: 5 });
  const body = orderBody(
    { type: 'items', items: [{ productId: bag.id, quantity: 1 }] },
    { contact: { ...highlands, email: anna.user.email }, paymentMethod },
  );
  const placed = await placeOrder(ctx, body, anna.cookie);
  expect(placed.order.summary).toMatchObject({ subtotal: 14_900, shipping: 4_000, total: 18_900 });
  return { anna, bag, placed };
}

/** Anna joins Premium on the membership page and pays by card. */
async function joinPremium(shopper: SignedIn) {
  const post = (url: string, payload: object = {}) =>
    ctx.app.inject({ method: 'POST', url, headers: { cookie: shopper.cookie }, payload });
  const started = await post('/api/membership/payment');
  expect(started.statusCode).toBe(201);
  const { membershipId } = started.json();
  const paid = await post(`/api/membership/payment/${membershipId}/confirm`, {
    cardholderName: 'Anna Kewa',
    termsAccepted: true,
    card: card(),
  });
  expect(paid.statusCode).toBe(200);
  expect(paid.json().status).toBe('succeeded');
}

describe('an unpaid order is paid at its quote (issue 27, seam 2)', () => {
  it('Anna joins Premium with an unpaid card order: K189.00 becomes K134.10 with free delivery', async () => {
    const { anna, placed } = await annasOrder();
    await joinPremium(anna);

    // Priced again when Premium started: member price, free delivery, the line's price with it.
    const row = await orderRow(placed.order.id);
    expect(row).toMatchObject({ subtotalToea: 14_900, savingsToea: 1_490, shippingToea: 0, totalToea: 13_410 });
    const [line] = await ctx.db.select().from(orderItems).where(eq(orderItems.orderId, placed.order.id));
    expect(line).toMatchObject({ unitPriceToea: 13_410, originalPriceToea: 14_900 });

    // The page still showing K189.00 pays: refused with the new quote, nothing charged.
    const stale = await payOrder(ctx, placed, { card: card(), expectedTotalToea: 18_900 }, anna.cookie);
    expect(stale.statusCode).toBe(409);
    const error = stale.json().error;
    expect(error.code).toBe('PRICE_CHANGED');
    expect(error.message).toBe(
      'The price of your order changed: now K134.10 (was K189.00) because your Premium member prices now apply and delivery is free for Premium members. Pay K134.10.',
    );
    expect(error.details.quote).toMatchObject({ shipping: 0, total: 13_410 });
    expect(error.details.quote.lines).toEqual([expect.objectContaining({ unitPrice: 13_410, quantity: 1 })]);
    expect(error.details.order.summary).toMatchObject({ shipping: 0, total: 13_410 });
    expect((await intentOf(placed)).status).toBe('requires_payment_method');
    expect((await orderRow(placed.order.id)).paymentStatus).toBe('pending');

    // Paying the amount shown now charges K134.10: the intent's amount followed the quote.
    const paid = await payOrder(ctx, placed, { card: card(), expectedTotalToea: 13_410 }, anna.cookie);
    expect(paid.statusCode).toBe(200);
    expect(paid.json().status).toBe('succeeded');
    expect(await intentOf(placed)).toMatchObject({ status: 'succeeded', amount: 13_410 });
    expect(await orderRow(placed.order.id)).toMatchObject({ paymentStatus: 'paid', totalToea: 13_410 });
  });

  it('a membership started any other way is priced in before the payment too (no page amount: the quote is charged)', async () => {
    const { anna, placed } = await annasOrder();
    await makeMember(ctx.db, anna.user.id);
    const paid = await payOrder(ctx, placed, { card: card() }, anna.cookie);
    expect(paid.json().status).toBe('succeeded');
    expect(await intentOf(placed)).toMatchObject({ status: 'succeeded', amount: 13_410 });
  });

  it('a price raised after placing: the order is charged the placed price', async () => {
    const { anna, bag, placed } = await annasOrder();
    await setProductFigures(ctx.db, bag.id, { priceToea: 19_900 });
    const paid = await payOrder(ctx, placed, { card: card(), expectedTotalToea: 18_900 }, anna.cookie);
    expect(paid.statusCode).toBe(200);
    expect(paid.json().status).toBe('succeeded');
    expect(await intentOf(placed)).toMatchObject({ amount: 18_900 });
    expect((await orderRow(placed.order.id)).totalToea).toBe(18_900);
  });

  it('staff lower a price: the held orders with it fall at once, and a stale page is refused', async () => {
    const guestBag = await createProduct(ctx.db, { name: 'Guest bag', priceToea: 60_000, stock: 5 });
    const placed = await placeOrder(
      ctx,
      orderBody({ type: 'items', items: [{ productId: guestBag.id, quantity: 1 }] }),
    );
    expect(placed.order.summary.total).toBe(60_000);
    const edited = await staff('PUT', `/api/admin/products/${guestBag.id}`, {
      name: guestBag.name,
      category: 'phones',
      description: 'A bag',
      price: 55_000,
      originalPrice: null,
      discountPercentage: null,
      image: guestBag.image,
      condition: 'New',
      status: 'active',
      isHot: false,
      isAuction: false,
      isTopPick: false,
      version: guestBag.version,
    });
    expect(edited.statusCode).toBe(200);
    expect((await orderRow(placed.order.id)).totalToea).toBe(55_000);
    const stale = await payOrder(ctx, placed, { card: card(), expectedTotalToea: 60_000 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error.message).toBe(
      'The price of your order changed: now K550.00 (was K600.00) because a price in your order went down. Pay K550.00.',
    );
    const paid = await payOrder(ctx, placed, { card: card(), expectedTotalToea: 55_000 });
    expect(paid.json().status).toBe('succeeded');
    expect(await intentOf(placed)).toMatchObject({ amount: 55_000 });
  });

  it('a catalogue import that lowers a price reaches the held orders at once', async () => {
    const importedBag = await createProduct(ctx.db, { name: 'Imported bag', priceToea: 40_000, stock: 5 });
    const placed = await placeOrder(
      ctx,
      orderBody({ type: 'items', items: [{ productId: importedBag.id, quantity: 1 }] }),
    );
    expect(placed.order.summary.total).toBe(40_000);
    const [onHand] = await ctx.db
      .select({ stock: products.stock })
      .from(products)
      .where(eq(products.id, importedBag.id));
    const csv = [
      'sku,name,price,stock,category,description,image',
      `${importedBag.sku},Imported bag,350.00,${onHand?.stock},phones,${importedBag.description},${importedBag.image}`,
    ].join('\n');
    const imported = await staff('POST', '/api/admin/products/import', { csv });
    expect(imported.statusCode).toBe(200);
    expect((await orderRow(placed.order.id)).totalToea).toBe(35_000);
    const paid = await payOrder(ctx, placed, { card: card(), expectedTotalToea: 35_000 });
    expect(paid.json().status).toBe('succeeded');
    expect(await intentOf(placed)).toMatchObject({ amount: 35_000 });
  });

  it('staff lower a zone’s fee: the held orders delivered there pay the new fee', async () => {
    const { placed } = await annasOrder();
    const zones: DeliveryZone[] = (await staff('GET', '/api/admin/delivery-zones')).json().zones;
    const input = zones.map(({ id, name, feeToea, deliveryDays, provinces }) => ({
      id,
      name,
      feeToea: name === 'Highlands' ? 2_500 : feeToea,
      deliveryDays,
      provinces,
    }));
    expect((await staff('PUT', '/api/admin/delivery-zones', { zones: input })).statusCode).toBe(200);
    expect(await orderRow(placed.order.id)).toMatchObject({ shippingToea: 2_500, totalToea: 17_400 });
    // Put back for the other tests.
    const restored = input.map((zone) => (zone.name === 'Highlands' ? { ...zone, feeToea: 4_000 } : zone));
    expect((await staff('PUT', '/api/admin/delivery-zones', { zones: restored })).statusCode).toBe(200);
    // A fee that rose again does not reach the order.
    expect((await orderRow(placed.order.id)).totalToea).toBe(17_400);
  });

  it('a bank transfer: after Anna joins, the amount due is K134.10 and staff record exactly it', async () => {
    const { anna, placed } = await annasOrder('bank-transfer');
    await joinPremium(anna);
    const confirmation = await ctx.app.inject({
      method: 'GET',
      url: `/api/orders/${placed.order.id}/confirmation`,
      headers: ownership(placed, anna.cookie),
    });
    expect((confirmation.json() as OrderConfirmation).payment.bankTransfer).toMatchObject({ amountDue: 13_410 });
    const recorded = await staff('POST', `/api/admin/orders/${placed.order.id}/payments`, {
      amount: 13_410,
      bankReference: 'BSP 1',
      receivedOn: new Date().toISOString().slice(0, 10),
    });
    expect(recorded.statusCode).toBe(200);
    expect(await orderRow(placed.order.id)).toMatchObject({ paymentStatus: 'paid', amountReceivedToea: 13_410 });
  });

  it('staff recording a transfer priced the order again first (a membership started by hand)', async () => {
    const { anna, placed } = await annasOrder('bank-transfer');
    await makeMember(ctx.db, anna.user.id);
    const recorded = await staff('POST', `/api/admin/orders/${placed.order.id}/payments`, {
      amount: 13_410,
      bankReference: 'BSP 2',
      receivedOn: new Date().toISOString().slice(0, 10),
    });
    expect(recorded.statusCode).toBe(200);
    expect(await orderRow(placed.order.id)).toMatchObject({ paymentStatus: 'paid', totalToea: 13_410 });
  });

  it('placing an order for a total the page no longer shows is refused with the quote, and nothing is held', async () => {
    const shopper = await signedInShopper(ctx);
    await makeMember(ctx.db, shopper.user.id);
    const bag = await createProduct(ctx.db, { priceToea: 14_900, stock: 5 });
    const items = { type: 'items' as const, items: [{ productId: bag.id, quantity: 1 }] };
    const contact = { ...highlands, email: shopper.user.email };
    // The card form said K229.00; the order costs K134.10 for this member.
    const refused = await postOrder(ctx, orderBody(items, { contact, expectedTotalToea: 22_900 }), shopper.cookie);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toMatchObject({
      code: 'PRICE_CHANGED',
      details: { was: 22_900, quote: { shipping: 0, total: 13_410 } },
    });
    const [row] = await ctx.db.select({ stock: products.stock }).from(products).where(eq(products.id, bag.id));
    expect(row?.stock).toBe(5);
    // The same amount by bank transfer or card: both placed at K134.10.
    const transfer = await postOrder(
      ctx,
      orderBody(items, { contact, expectedTotalToea: 13_410, paymentMethod: 'bank-transfer' }),
      shopper.cookie,
    );
    expect(transfer.statusCode).toBe(201);
    expect((transfer.json() as PlacedOrderResponse).order.summary.total).toBe(13_410);
    const byCard = await postOrder(ctx, orderBody(items, { contact, expectedTotalToea: 13_410 }), shopper.cookie);
    expect(byCard.statusCode).toBe(201);
    expect((byCard.json() as CreateOrderResponse).payment.amount).toBe(13_410);
  });

  it('only a requote changes an order’s line prices (the lifecycle refuses them with any other event)', async () => {
    const { placed } = await annasOrder();
    const [line] = await ctx.db.select().from(orderItems).where(eq(orderItems.orderId, placed.order.id));
    await expect(
      ctx.db.transaction((tx) =>
        transition(tx, placed.order.id, {
          event: 'decline-card',
          actor: 'provider',
          at: new Date(),
          set: { paymentStatus: 'failed' },
          linePrices: [{ id: line!.id, unitPriceToea: 1, originalPriceToea: null, discountToea: 0 }],
        }),
      ),
    ).rejects.toThrow(/only a requote changes an order's line prices/);
    const [after] = await ctx.db.select().from(orderItems).where(eq(orderItems.id, line!.id));
    expect(after?.unitPriceToea).toBe(14_900);
  });

  it('an amount that is not a whole number of toea is a 400, never a 5xx', async () => {
    const { anna, placed } = await annasOrder();
    const response = await payOrder(ctx, placed, { card: card(), expectedTotalToea: 'K189' }, anna.cookie);
    expect(response.statusCode).toBe(400);
  });
});
