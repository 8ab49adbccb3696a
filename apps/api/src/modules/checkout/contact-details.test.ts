import { contactMessages, phoneMessages } from '@bilum/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pickupPoints } from '../../db/schema';
import { signedInShopper } from '../../test/accounts';
import { deliveryContact } from '../../test/checkout';
import { createTestApp, type TestContext } from '../../test/test-app';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

function call(method: 'GET' | 'PUT', cookie?: string, payload?: object) {
  return ctx.app.inject({
    method,
    url: '/api/contact-details',
    headers: cookie ? { cookie } : {},
    ...(payload ? { payload } : {}),
  });
}

describe('saved contact details', () => {
  it('answers 401 when signed out', async () => {
    expect((await call('GET')).statusCode).toBe(401);
    expect((await call('PUT', undefined, deliveryContact)).statusCode).toBe(401);
  });

  it('has none at first, then keeps the shopper’s own details with the phone in its stored form', async () => {
    const shopper = await signedInShopper(ctx);
    const other = await signedInShopper(ctx);

    expect((await call('GET', shopper.cookie)).json()).toEqual({ contactDetails: null });
    const saved = await call('PUT', shopper.cookie, { ...deliveryContact, pickupLocation: 'ignored for delivery' });
    const read = await call('GET', shopper.cookie);

    expect(saved.statusCode).toBe(200);
    const expected = {
      firstName: 'Kila',
      lastName: 'Amini',
      email: deliveryContact.email,
      countryCode: '+675',
      phone: '71234567',
      pickup: false,
      pickupLocation: '',
      pickupPointId: null,
      address: deliveryContact.address,
      city: 'Port Moresby',
      state: 'NCD',
      postcode: '111',
      notes: '',
    };
    expect(saved.json().contactDetails).toEqual(expected);
    expect(read.json().contactDetails).toEqual(expected);
    expect((await call('GET', other.cookie)).json()).toEqual({ contactDetails: null });
  });

  it('applies the one delivery-or-pickup rule and the one phone rule', async () => {
    const shopper = await signedInShopper(ctx);

    const noAddress = await call('PUT', shopper.cookie, { ...deliveryContact, city: '', phone: '6123456' });
    const noPoint = await call('PUT', shopper.cookie, { ...deliveryContact, pickup: true, pickupLocation: 'Boroko' });
    const [point] = await ctx.db.select().from(pickupPoints);
    const pickup = await call('PUT', shopper.cookie, { ...deliveryContact, pickup: true, pickupPointId: point?.id });
    const membershipOnly = await call('PUT', shopper.cookie, {
      ...deliveryContact,
      address: '',
      hasPhysicalItems: false,
    });

    expect(noAddress.statusCode).toBe(400);
    expect(noAddress.json().error.issues).toEqual(
      expect.arrayContaining([
        { path: 'city', message: contactMessages.city },
        { path: 'phone', message: phoneMessages.pngStart },
      ]),
    );
    // Issue 19: pickup is at one of the shop's pickup points.
    expect(noPoint.statusCode).toBe(400);
    expect(noPoint.json().error.issues).toEqual([{ path: 'pickupPointId', message: contactMessages.pickupPointId }]);
    expect(pickup.json().contactDetails).toMatchObject({ pickup: true, pickupPointId: point?.id, address: '' });
    expect(membershipOnly.statusCode).toBe(200);
  });
});
