import { describe, expect, it } from 'vitest';
import { contactDetailsSchema, contactMessages, needsDeliveryOrPickup } from './contact-details';
import { phoneMessages } from './phone';

const delivery = {
  firstName: 'Kila',
  lastName: 'Amini',
  email: 'Kila@Example.PG ',
  countryCode: '+675' as const,
  phone: '7123 4567',
  pickup: false,
  address: 'Section 5, Lot 12',
  city: 'Port Moresby',
  state: 'NCD',
  postcode: '111',
};

const physical = contactDetailsSchema({ hasPhysicalItems: true });
const membershipOnly = contactDetailsSchema({ hasPhysicalItems: false });

function messages(result: ReturnType<typeof physical.safeParse>) {
  return result.success ? {} : Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message]));
}

describe('contactDetailsSchema (the one delivery-or-pickup rule)', () => {
  it('accepts delivery with a full address and empties the pickup location', () => {
    const result = physical.parse({ ...delivery, pickupLocation: 'Waigani store' });
    expect(result.email).toBe('kila@example.pg');
    expect(result.pickupLocation).toBe('');
    expect(result.notes).toBe('');
  });

  it('needs street address, city, state and postcode for delivery', () => {
    const result = physical.safeParse({ ...delivery, address: ' ', city: '', state: '', postcode: '' });
    expect(messages(result)).toEqual({
      address: contactMessages.address,
      city: contactMessages.city,
      state: contactMessages.state,
      postcode: contactMessages.postcode,
    });
  });

  it('takes a PNG postcode of three digits only (issue 17: letters were accepted)', () => {
    for (const postcode of ['11A', 'ABC', '1111', '11', '1 1', 'NCD']) {
      expect(messages(physical.safeParse({ ...delivery, postcode }))).toEqual({
        postcode: contactMessages.postcodeFormat,
      });
    }
    expect(physical.parse({ ...delivery, postcode: ' 411 ' }).postcode).toBe('411');
  });

  it('needs a pickup point for pickup (issue 19) and then ignores the address fields', () => {
    const missing = physical.safeParse({ ...delivery, pickup: true, pickupLocation: 'Waigani store' });
    expect(messages(missing)).toEqual({ pickupPointId: contactMessages.pickupPointId });
    const ok = physical.parse({ ...delivery, pickup: true, pickupPointId: 1, address: '' });
    expect(ok).toMatchObject({ pickupPointId: 1, address: '', city: '', state: '', postcode: '' });
  });

  it('asks a membership-only order for neither address nor pickup', () => {
    const result = membershipOnly.safeParse({ ...delivery, address: '', city: '', state: '', postcode: '' });
    expect(result.success).toBe(true);
  });

  it('always needs names, e-mail and a phone number under the one PNG phone rule', () => {
    const result = membershipOnly.safeParse({ ...delivery, firstName: '', lastName: ' ', email: 'nope', phone: '712' });
    expect(messages(result)).toEqual({
      firstName: contactMessages.firstName,
      lastName: contactMessages.lastName,
      email: 'Please enter a valid email address.',
      phone: phoneMessages.pngMobileLength,
    });
    expect(messages(physical.safeParse({ ...delivery, phone: '' }))).toEqual({ phone: phoneMessages.required });
    expect(physical.safeParse({ ...delivery, phone: '+675 321 4567' }).success).toBe(true);
  });

  it('keeps optional notes, trimmed', () => {
    expect(physical.parse({ ...delivery, notes: '  Call before delivery ' }).notes).toBe('Call before delivery');
  });
});

describe('needsDeliveryOrPickup', () => {
  it('is false only when every line is the membership', () => {
    expect(needsDeliveryOrPickup([{ isMembership: true }])).toBe(false);
    expect(needsDeliveryOrPickup([{ isMembership: true }, { isMembership: false }])).toBe(true);
  });
});
