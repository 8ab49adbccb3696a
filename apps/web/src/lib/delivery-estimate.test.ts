import type { DeliveryOptions } from '@bilum/shared/delivery.schema';
import { describe, expect, it } from 'vitest';
import { estimateDelivery } from './delivery-estimate';

const options = {
  provinces: [],
  zones: [
    { name: 'Port Moresby', feeToea: 0, deliveryDays: 2, provinces: ['National Capital District'] },
    { name: 'Highlands', feeToea: 4_000, deliveryDays: 5, provinces: ['Eastern Highlands', 'Western Highlands'] },
  ],
  pickupPoints: [],
} as unknown as DeliveryOptions;

describe('estimateDelivery', () => {
  it('prices the province by its zone, free for members, for pickup and in a free zone', () => {
    expect(estimateDelivery(options, { pickup: false, province: 'Eastern Highlands' }, false)).toEqual({
      shipping: 4_000,
      note: 'Highlands, about 5 days',
    });
    expect(estimateDelivery(options, { pickup: false, province: 'Eastern Highlands' }, true)).toEqual({
      shipping: 0,
      note: 'Free delivery for Premium members',
    });
    expect(estimateDelivery(options, { pickup: true, province: null }, false)).toEqual({
      shipping: 0,
      note: 'Free: you pick it up',
    });
    expect(estimateDelivery(options, { pickup: false, province: 'National Capital District' }, false)).toEqual({
      shipping: 0,
      note: 'Free delivery: Port Moresby',
    });
  });

  it('knows nothing before a province is chosen, or for a province in no zone', () => {
    expect(estimateDelivery(options, { pickup: false, province: null }, false)).toBeNull();
    expect(estimateDelivery(options, { pickup: false, province: 'Gulf' }, false)).toBeNull();
  });
});
