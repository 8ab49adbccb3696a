import { type DeliveryZone, pngProvinces, type SaveDeliveryZonesInput } from '@bilum/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailOutbox, orders } from '../../db/schema';
import { makeMember, type SignedIn, signedInAdmin, signedInShopper } from '../../test/accounts';
import {
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

let ctx: CheckoutTestContext;
let admin: SignedIn;
beforeAll(async () => {
  ctx = await createCheckoutTestApp();
  admin = await signedInAdmin(ctx);
});
afterAll(() => ctx.close());

const highlands = { ...deliveryContact, city: 'Mount Hagen', state: 'Western Highlands', postcode: '281' };
const day = 24 * 60 * 60_000;

function adminCall(
  method: 'GET' | 'PUT' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  payload?: object,
  cookie = admin.cookie,
) {
  return ctx.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });
}

async function zones(): Promise<DeliveryZone[]> {
  return (await adminCall('GET', '/api/admin/delivery-zones')).json().zones;
}

async function pickupPointId(): Promise<number> {
  const options = (await ctx.app.inject({ method: 'GET', url: '/api/delivery/options' })).json();
  return options.pickupPoints[0].id;
}

async function product(priceToea = 10_000) {
  return createProduct(ctx.db, { priceToea, stock: 50 });
}

function quote(items: { productId: number; quantity: number }[], delivery?: object, cookie?: string) {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/checkout/quote',
    headers: cookie ? { cookie } : {},
    payload: { source: { type: 'items', items }, ...(delivery ? { delivery } : {}) },
  });
}

describe('the demo delivery zones and pickup point (migration)', () => {
  it('put every one of the 22 provinces in exactly one zone, NCD free, and offer pickup at the Port Moresby store', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/delivery/options' });
    expect(response.statusCode).toBe(200);
    const options = response.json();
    expect(options.provinces).toEqual([...pngProvinces]);
    const all = options.zones.flatMap((zone: DeliveryZone) => zone.provinces).sort();
    expect(all).toEqual([...pngProvinces].sort());
    const ncd = options.zones.find((zone: DeliveryZone) => zone.provinces.includes('National Capital District'));
    expect(ncd.feeToea).toBe(0);
    expect(options.zones.filter((zone: DeliveryZone) => zone.feeToea > 0).length).toBeGreaterThanOrEqual(4);
    expect(options.pickupPoints).toEqual([
      expect.objectContaining({ name: 'Bilum store, Port Moresby', address: expect.stringContaining('Waigani') }),
    ]);
  });
});

describe('the delivery fee, computed by the server', () => {
  it('quotes the zone’s fee for a guest to the Highlands and charges exactly it on the order', async () => {
    const bag = await product(25_000);
    const items = [{ productId: bag.id, quantity: 2 }];
    const quoted = (await quote(items, { pickup: false, province: 'Western Highlands' })).json();
    expect(quoted.summary).toMatchObject({ subtotal: 50_000, shipping: 4_000, total: 54_000 });
    expect(quoted.delivery).toEqual({ zone: 'Highlands', deliveryDays: 6, freeBecause: null });

    const placed = await placeOrder(ctx, { ...orderBody({ type: 'items', items }), contact: highlands });
    expect(placed.order.summary).toMatchObject({ shipping: 4_000, total: 54_000 });
    expect(placed.payment.amount).toBe(54_000);
    const [row] = await ctx.db.select().from(orders).where(eq(orders.id, placed.order.id));
    expect(row).toMatchObject({
      province: 'Western Highlands',
      state: 'Western Highlands',
      deliveryZone: 'Highlands',
      deliveryDays: 6,
      shippingToea: 4_000,
      totalToea: 54_000,
      pickupPointId: null,
    });
  });

  it('ignores a fee, shipping or total sent by the browser', async () => {
    const bag = await product(25_000);
    const body = orderBody({ type: 'items', items: [{ productId: bag.id, quantity: 1 }] });
    const placed = await placeOrder(ctx, {
      ...body,
      contact: { ...highlands, shipping: 0, shippingToea: 0, deliveryFee: 0 },
      shipping: 0,
      summary: { shipping: 0, total: 25_000 },
    });
    expect(placed.order.summary).toMatchObject({ shipping: 4_000, total: 29_000 });
    const quoted = (
      await ctx.app.inject({
        method: 'POST',
        url: '/api/checkout/quote',
        payload: {
          source: { type: 'items', items: [{ productId: bag.id, quantity: 1 }] },
          delivery: { pickup: false, province: 'Enga', shipping: 0, feeToea: 0 },
          summary: { shipping: 0 },
        },
      })
    ).json();
    expect(quoted.summary.shipping).toBe(4_000);
  });

  it('is K0.00 for an active Premium member to the Highlands, while the guest pays it', async () => {
    const bag = await product(25_000);
    const member = await signedInShopper(ctx);
    await makeMember(ctx.db, member.user.id);
    const items = [{ productId: bag.id, quantity: 1 }];
    const memberQuote = (await quote(items, { pickup: false, province: 'Hela' }, member.cookie)).json();
    expect(memberQuote.summary.shipping).toBe(0);
    expect(memberQuote.delivery).toMatchObject({ zone: 'Highlands', freeBecause: 'member' });
    const placed = await placeOrder(
      ctx,
      { ...orderBody({ type: 'items', items }), contact: { ...highlands, email: member.user.email } },
      member.cookie,
    );
    expect(placed.order.summary.shipping).toBe(0);
    expect(placed.order.summary.total).toBe(placed.order.summary.subtotal - placed.order.summary.savings);
    const [row] = await ctx.db.select().from(orders).where(eq(orders.id, placed.order.id));
    expect(row).toMatchObject({ deliveryZone: 'Highlands', deliveryDays: 6, shippingToea: 0 });

    const guest = (await quote(items, { pickup: false, province: 'Hela' })).json();
    expect(guest.summary.shipping).toBe(4_000);
  });

  it('is K0.00 in the free zone (NCD) and for pickup, and K0.00 before a province is chosen', async () => {
    const bag = await product();
    const items = [{ productId: bag.id, quantity: 1 }];
    expect((await quote(items, { pickup: false, province: 'NCD' })).json()).toMatchObject({
      summary: { shipping: 0, total: 10_000 },
      delivery: { zone: 'Port Moresby (NCD)', freeBecause: 'free-zone' },
    });
    expect((await quote(items, { pickup: true, province: 'Enga' })).json().summary.shipping).toBe(0);
    expect((await quote(items)).json().summary).toMatchObject({ shipping: 0, total: 10_000 });

    const ncd = await placeOrder(ctx, orderBody({ type: 'items', items }));
    expect(ncd.order.summary.shipping).toBe(0);
    const point = await pickupPointId();
    const pickup = await placeOrder(ctx, {
      ...orderBody({ type: 'items', items }),
      contact: { ...highlands, pickup: true, pickupPointId: point },
    });
    expect(pickup.order.summary.shipping).toBe(0);
    expect(pickup.order.delivery).toMatchObject({ freeBecause: 'pickup', pickupPoint: 'Bilum store, Port Moresby' });
    const [row] = await ctx.db.select().from(orders).where(eq(orders.id, pickup.order.id));
    expect(row).toMatchObject({
      pickupPointId: point,
      pickupPointName: 'Bilum store, Port Moresby',
      pickupPointAddress: expect.stringContaining('Waigani'),
      pickupLocation: expect.stringMatching(/^Bilum store, Port Moresby, /),
      address: null,
      province: null,
      shippingToea: 0,
    });
  });

  it('needs an open pickup point for pickup and a province from the list for delivery', async () => {
    const bag = await product();
    const body = () => orderBody({ type: 'items', items: [{ productId: bag.id, quantity: 1 }] });
    const noPoint = await postOrder(ctx, {
      ...body(),
      contact: { ...deliveryContact, pickup: true, pickupLocation: 'My cousin’s house' },
    });
    expect(noPoint.statusCode).toBe(400);
    expect(noPoint.json().error.issues).toEqual([
      { path: 'contact.pickupPointId', message: 'Please choose a pickup point for your order.' },
    ]);
    const unknownPoint = await postOrder(ctx, {
      ...body(),
      contact: { ...deliveryContact, pickup: true, pickupPointId: 999_999 },
    });
    expect(unknownPoint.statusCode).toBe(400);
    expect(unknownPoint.json().error.issues[0].path).toBe('contact.pickupPointId');
    const province = await postOrder(ctx, { ...body(), contact: { ...deliveryContact, state: 'Queensland' } });
    expect(province.statusCode).toBe(400);
    expect(province.json().error.issues).toEqual([{ path: 'contact.state', message: 'Please choose your province.' }]);
  });
});

describe('admin: delivery zones', () => {
  async function save(payload: SaveDeliveryZonesInput | object, cookie = admin.cookie) {
    return adminCall('PUT', '/api/admin/delivery-zones', payload, cookie);
  }
  const asInput = (list: DeliveryZone[]) =>
    list.map(({ id, name, feeToea, deliveryDays, provinces }) => ({ id, name, feeToea, deliveryDays, provinces }));

  it('refuses shoppers and signed-out callers', async () => {
    const shopper = await signedInShopper(ctx);
    expect((await adminCall('GET', '/api/admin/delivery-zones', undefined, shopper.cookie)).statusCode).toBe(403);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/admin/pickup-points' })).statusCode).toBe(401);
  });

  it('refuses a negative fee, an unknown province, a province left out or in two zones (400), and keeps the zones', async () => {
    const before = await zones();
    const input = asInput(before);
    const negative = await save({
      zones: input.map((zone, index) => (index === 1 ? { ...zone, feeToea: -500 } : zone)),
    });
    expect(negative.statusCode).toBe(400);
    expect(negative.json().error.message).toBe('The delivery fee cannot be negative.');
    const unknown = await save({
      zones: input.map((zone, index) => (index === 0 ? { ...zone, provinces: [...zone.provinces, 'Atlantis'] } : zone)),
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.message).toBe('Unknown province.');
    const leftOut = await save({ zones: input.slice(1) });
    expect(leftOut.statusCode).toBe(400);
    expect(leftOut.json().error.message).toMatch(
      /^Every province needs a zone\. Not in any zone: National Capital District/,
    );
    const twice = await save({
      zones: input.map((zone, index) => (index === 1 ? { ...zone, provinces: [...zone.provinces, 'Enga'] } : zone)),
    });
    expect(twice.statusCode).toBe(400);
    expect(twice.json().error.message).toBe('A province can be in only one zone. In more than one: Enga.');
    const days = await save({ zones: input.map((zone) => ({ ...zone, deliveryDays: 0 })) });
    expect(days.statusCode).toBe(400);
    expect(await zones()).toEqual(before);
  });

  it('saves new fees, days and a moved province; the next quote uses them and the change is in the activity log', async () => {
    const before = await zones();
    const input = asInput(before).map((zone) => ({
      ...zone,
      provinces: zone.provinces.filter((province) => province !== 'Morobe'),
      ...(zone.name === 'Highlands'
        ? { feeToea: 5_500, deliveryDays: 7, provinces: [...zone.provinces, 'Morobe'] }
        : {}),
    }));
    const saved = await save({ zones: input });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().message).toBe('Delivery zones saved.');
    const highlandsZone = saved.json().zones.find((zone: DeliveryZone) => zone.name === 'Highlands');
    expect(highlandsZone).toMatchObject({ feeToea: 5_500, deliveryDays: 7 });
    expect(highlandsZone.provinces).toContain('Morobe');
    const bag = await product();
    const quoted = (await quote([{ productId: bag.id, quantity: 1 }], { pickup: false, province: 'Morobe' })).json();
    expect(quoted.summary.shipping).toBe(5_500);
    const activity = await adminCall('GET', '/api/admin/activity?entityType=settings');
    if (activity.statusCode === 200) {
      expect(activity.json().items[0]).toMatchObject({ action: 'settings.delivery-zones-updated' });
    }
    expect((await save({ zones: asInput(before) })).statusCode).toBe(200);
    expect(await zones()).toEqual(before);
  });
});

describe('admin: pickup points', () => {
  it('adds, edits, turns off and removes a pickup point; checkout offers only open ones', async () => {
    const created = await adminCall('POST', '/api/admin/pickup-points', {
      name: 'Lae depot',
      address: 'Markham Road, Lae',
      openingHours: 'Mon-Fri 9:00-16:00',
    });
    expect(created.statusCode).toBe(201);
    const point = created.json().pickupPoint;
    const offered = async () =>
      (await ctx.app.inject({ method: 'GET', url: '/api/delivery/options' }))
        .json()
        .pickupPoints.map((p: { name: string }) => p.name);
    expect(await offered()).toContain('Lae depot');

    const blank = await adminCall('PUT', `/api/admin/pickup-points/${point.id}`, {
      name: '',
      address: '',
      openingHours: '',
    });
    expect(blank.statusCode).toBe(400);

    // An order collected there keeps the point's name and address whatever happens to it.
    const bag = await product();
    const placed = await placeOrder(ctx, {
      ...orderBody({ type: 'items', items: [{ productId: bag.id, quantity: 1 }] }),
      contact: { ...deliveryContact, pickup: true, pickupPointId: point.id },
    });

    const off = await adminCall('PUT', `/api/admin/pickup-points/${point.id}`, {
      name: 'Lae depot',
      address: 'Markham Road, Lae',
      openingHours: 'Closed for renovation',
      active: false,
    });
    expect(off.statusCode).toBe(200);
    expect(await offered()).not.toContain('Lae depot');
    const closed = await postOrder(ctx, {
      ...orderBody({ type: 'items', items: [{ productId: bag.id, quantity: 1 }] }),
      contact: { ...deliveryContact, pickup: true, pickupPointId: point.id },
    });
    expect(closed.statusCode).toBe(400);
    expect(closed.json().error.message).toBe('That pickup point is no longer available. Please choose another.');

    expect((await adminCall('DELETE', `/api/admin/pickup-points/${point.id}`)).statusCode).toBe(200);
    expect((await adminCall('DELETE', `/api/admin/pickup-points/${point.id}`)).statusCode).toBe(404);
    const [row] = await ctx.db.select().from(orders).where(eq(orders.id, placed.order.id));
    expect(row).toMatchObject({
      pickupPointId: null,
      pickupPointName: 'Lae depot',
      pickupLocation: 'Lae depot, Markham Road, Lae',
    });
  });
});

describe('the estimated delivery', () => {
  function setStatus(id: number, status: string) {
    return adminCall('PATCH', `/api/admin/orders/${id}`, { status });
  }
  const track = async (trackingCode: string) =>
    (await ctx.app.inject({ method: 'POST', url: '/api/orders/track', payload: { trackingCode } })).json().order;

  it('is the order’s zone days from dispatch, fixed then; a pickup order has none (ready for pickup)', async () => {
    const bag = await product();
    const items = [{ productId: bag.id, quantity: 1 }];
    const placed = await placeOrder(ctx, { ...orderBody({ type: 'items', items }), contact: highlands });
    expect((await payOrder(ctx, placed, { card: card(), returnUrl: '/guestcheckout' })).json().status).toBe(
      'succeeded',
    );
    await ctx.simulator.whenEventsDelivered();
    expect(await track(placed.order.trackingCode)).toMatchObject({
      estimatedDelivery: null,
      deliveryZone: 'Highlands',
      deliveryDays: 6,
      shipping: 4_000,
    });

    expect((await setStatus(placed.order.id, 'Dispatched')).statusCode).toBe(200);
    const [row] = await ctx.db.select().from(orders).where(eq(orders.id, placed.order.id));
    const promised = new Date((row?.dispatchedAt as Date).getTime() + 6 * day).toISOString();
    expect((await track(placed.order.trackingCode)).estimatedDelivery).toBe(promised);

    // The Highlands' days change after dispatch: the promise does not move.
    const before = await zones();
    const changed = before.map(({ id, name, feeToea, deliveryDays, provinces }) => ({
      id,
      name,
      feeToea,
      provinces,
      deliveryDays: name === 'Highlands' ? 12 : deliveryDays,
    }));
    expect((await adminCall('PUT', '/api/admin/delivery-zones', { zones: changed })).statusCode).toBe(200);
    expect((await track(placed.order.trackingCode)).estimatedDelivery).toBe(promised);
    expect((await setStatus(placed.order.id, 'Delivered')).statusCode).toBe(200);
    expect((await track(placed.order.trackingCode)).estimatedDelivery).toBe(promised);

    // An order placed after the change is promised the new days.
    const later = await placeOrder(ctx, { ...orderBody({ type: 'items', items }), contact: highlands });
    await payOrder(ctx, later, { card: card(), returnUrl: '/guestcheckout' });
    await ctx.simulator.whenEventsDelivered();
    const dispatched = await setStatus(later.order.id, 'Dispatched');
    const [laterRow] = await ctx.db.select().from(orders).where(eq(orders.id, later.order.id));
    expect(dispatched.json().order.estimatedDelivery).toBe(
      new Date((laterRow?.dispatchedAt as Date).getTime() + 12 * day).toISOString(),
    );
    const restore = before.map(({ id, name, feeToea, deliveryDays, provinces }) => ({
      id,
      name,
      feeToea,
      deliveryDays,
      provinces,
    }));
    expect((await adminCall('PUT', '/api/admin/delivery-zones', { zones: restore })).statusCode).toBe(200);

    // Pickup: dispatched to the pickup point, no delivery date.
    const pickup = await placeOrder(ctx, {
      ...orderBody({ type: 'items', items }),
      contact: { ...deliveryContact, pickup: true, pickupPointId: await pickupPointId() },
    });
    await payOrder(ctx, pickup, { card: card(), returnUrl: '/guestcheckout' });
    await ctx.simulator.whenEventsDelivered();
    expect((await setStatus(pickup.order.id, 'Dispatched')).statusCode).toBe(200);
    expect(await track(pickup.order.trackingCode)).toMatchObject({
      estimatedDelivery: null,
      shippingStatus: 'Dispatched',
      status: 'Ready for pickup',
      pickupLocation: expect.stringMatching(/^Bilum store, Port Moresby/),
    });
    // Issue 27: collected reads "Collected", never "Delivered" with an estimate to be confirmed.
    expect((await setStatus(pickup.order.id, 'Delivered')).statusCode).toBe(200);
    expect(await track(pickup.order.trackingCode)).toMatchObject({ estimatedDelivery: null, status: 'Collected' });
    const subjects = (
      await ctx.db.select().from(emailOutbox).where(eq(emailOutbox.to, deliveryContact.email)).orderBy(emailOutbox.id)
    )
      .map((mail) => mail.subject)
      .filter((subject) => subject.startsWith(`Your Bilum order #${pickup.order.id}:`));
    expect(subjects).toEqual([
      `Your Bilum order #${pickup.order.id}: Ready for pickup`,
      `Your Bilum order #${pickup.order.id}: Collected`,
    ]);
  });
});
