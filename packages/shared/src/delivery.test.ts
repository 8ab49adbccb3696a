import { describe, expect, it } from 'vitest';
import { cartSummary } from './cart';
import { contactDetailsSchema } from './contact-details';
import { deliveryQuote, estimatedDeliveryAt, pngProvinces, provinceFromText, zoneCoverage } from './delivery';
import { saveDeliveryZonesSchema } from './delivery.schema';

const zones = [
  { name: 'Port Moresby (NCD)', feeToea: 0, deliveryDays: 2, provinces: ['National Capital District'] },
  {
    name: 'Highlands',
    feeToea: 4_000,
    deliveryDays: 6,
    provinces: [
      'Eastern Highlands',
      'Chimbu (Simbu)',
      'Western Highlands',
      'Jiwaka',
      'Enga',
      'Southern Highlands',
      'Hela',
    ],
  },
  {
    name: 'Everywhere else',
    feeToea: 3_000,
    deliveryDays: 5,
    provinces: pngProvinces.filter(
      (province) =>
        province !== 'National Capital District' &&
        !province.includes('Highlands') &&
        !['Chimbu (Simbu)', 'Jiwaka', 'Enga', 'Hela'].includes(province),
    ),
  },
];
const to = (province: string | null, extra: Partial<Parameters<typeof deliveryQuote>[1]> = {}) =>
  deliveryQuote(zones, { hasPhysicalItems: true, pickup: false, province, isMember: false, ...extra });

describe('the PNG provinces', () => {
  it('are the 22 province-level divisions: 20 provinces, NCD and Bougainville', () => {
    expect(pngProvinces).toHaveLength(22);
    expect(new Set(pngProvinces).size).toBe(22);
    expect(pngProvinces).toContain('National Capital District');
    expect(pngProvinces).toContain('Autonomous Region of Bougainville');
    expect(pngProvinces).toContain('Hela');
    expect(pngProvinces).toContain('Jiwaka');
  });

  it('reads saved free-text states and short forms as the province they name', () => {
    expect(provinceFromText('NCD')).toBe('National Capital District');
    expect(provinceFromText(' morobe province ')).toBe('Morobe');
    expect(provinceFromText('Simbu')).toBe('Chimbu (Simbu)');
    expect(provinceFromText('Oro')).toBe('Northern (Oro)');
    expect(provinceFromText('Bougainville')).toBe('Autonomous Region of Bougainville');
    expect(provinceFromText('Queensland')).toBeNull();
    expect(provinceFromText('')).toBeNull();
  });
});

describe('the delivery fee rule', () => {
  it('charges the fee of the province’s zone', () => {
    expect(to('Enga')).toMatchObject({ shipping: 4_000, freeBecause: null, zone: { name: 'Highlands' } });
    expect(to('Morobe').shipping).toBe(3_000);
  });

  it('is K0.00 in the free zone, for pickup, for a Premium member and for an order with nothing to deliver', () => {
    expect(to('NCD')).toMatchObject({ shipping: 0, freeBecause: 'free-zone' });
    expect(to('Enga', { pickup: true })).toMatchObject({ shipping: 0, freeBecause: 'pickup', zone: null });
    expect(to('Enga', { isMember: true })).toMatchObject({
      shipping: 0,
      freeBecause: 'member',
      zone: { deliveryDays: 6 },
    });
    expect(to('Enga', { hasPhysicalItems: false })).toMatchObject({ shipping: 0, freeBecause: 'nothing-to-deliver' });
  });

  it('has no zone and no fee before a known province is chosen', () => {
    expect(to(null)).toMatchObject({ shipping: 0, zone: null, freeBecause: null });
    expect(to('Atlantis')).toMatchObject({ shipping: 0, zone: null });
  });

  it('adds the fee to the cart total', () => {
    const lines = [{ unitPrice: 10_000, originalPrice: 12_000, quantity: 2, available: true }];
    expect(cartSummary(lines, to('Hela').shipping)).toEqual({
      itemCount: 2,
      subtotal: 24_000,
      savings: 4_000,
      shipping: 4_000,
      discount: 0,
      total: 24_000,
    });
    expect(cartSummary(lines).shipping).toBe(0);
  });

  it('fixes the estimate at dispatch plus the zone’s days', () => {
    expect(estimatedDeliveryAt(new Date('2026-03-01T10:00:00Z'), 6).toISOString()).toBe('2026-03-07T10:00:00.000Z');
  });
});

describe('saving zones', () => {
  it('accepts zones that hold every province exactly once', () => {
    expect(zoneCoverage(zones)).toEqual({ missing: [], duplicated: [], unknown: [] });
    expect(saveDeliveryZonesSchema.safeParse({ zones }).success).toBe(true);
  });

  it('refuses a province left out, a province in two zones, an unknown province and a negative fee', () => {
    const [ncd, highlands, rest] = zones as [(typeof zones)[0], (typeof zones)[0], (typeof zones)[0]];
    const missing = saveDeliveryZonesSchema.safeParse({ zones: [ncd, rest] });
    expect(missing.error?.issues[0]?.message).toMatch(
      /^Every province needs a zone\. Not in any zone: Eastern Highlands/,
    );
    const twice = saveDeliveryZonesSchema.safeParse({
      zones: [ncd, highlands, { ...rest, provinces: [...rest.provinces, 'Enga'] }],
    });
    expect(twice.error?.issues[0]?.message).toBe('A province can be in only one zone. In more than one: Enga.');
    const unknown = saveDeliveryZonesSchema.safeParse({
      zones: [{ ...ncd, provinces: ['Atlantis'] }, highlands, rest],
    });
    expect(unknown.success).toBe(false);
    const negative = saveDeliveryZonesSchema.safeParse({ zones: [{ ...ncd, feeToea: -100 }, highlands, rest] });
    expect(negative.error?.issues[0]?.message).toBe('The delivery fee cannot be negative.');
  });
});

describe('the contact rule with provinces and pickup points', () => {
  const physical = contactDetailsSchema({ hasPhysicalItems: true });
  const delivery = {
    firstName: 'Kila',
    lastName: 'Amini',
    email: 'kila@example.pg',
    countryCode: '+675' as const,
    phone: '7123 4567',
    address: 'Section 5',
    city: 'Mount Hagen',
    postcode: '281',
  };

  it('takes a province from the list or a short form of one', () => {
    expect(physical.parse({ ...delivery, state: 'NCD' }).state).toBe('NCD');
    expect(physical.parse({ ...delivery, state: 'Enga' }).state).toBe('Enga');
    const wrong = physical.safeParse({ ...delivery, state: 'Queensland' });
    expect(wrong.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['state', 'Please choose your province.'],
    ]);
  });

  it('needs a pickup point for pickup, and forgets it for delivery', () => {
    const noPoint = physical.safeParse({ ...delivery, pickup: true });
    expect(noPoint.error?.issues.map((issue) => issue.path.join('.'))).toEqual(['pickupPointId']);
    expect(physical.parse({ ...delivery, pickup: true, pickupPointId: 3 })).toMatchObject({
      pickupPointId: 3,
      state: '',
    });
    expect(physical.parse({ ...delivery, state: 'Enga', pickupPointId: 3 }).pickupPointId).toBeNull();
  });
});
