import { describe, expect, it } from 'vitest';
import { shopperOrderStatus, type ShopperStatusInput } from './order-status';

const order = (over: Partial<ShopperStatusInput>): ShopperStatusInput => ({
  paymentMethod: 'card',
  paymentStatus: 'paid',
  shippingStatus: 'Pending',
  total: 17_900,
  amountReceived: 0,
  pickup: false,
  ...over,
});
const label = (over: Partial<ShopperStatusInput>) => shopperOrderStatus(order(over)).label;

describe('shopperOrderStatus', () => {
  it('an unpaid order is never shown as placed, and a part-paid one says what arrived of what', () => {
    expect(label({ paymentMethod: 'bank-transfer', paymentStatus: 'pending' })).toBe('Awaiting payment');
    expect(label({ paymentMethod: 'bank-transfer', paymentStatus: 'pending', amountReceived: 10_000 })).toBe(
      'Part-paid: K100.00 of K179.00 received',
    );
    expect(label({ paymentMethod: 'pickup', paymentStatus: 'pending', pickup: true })).toBe('Pay at pickup');
    expect(label({ paymentStatus: 'pending' })).toBe('Awaiting payment');
    expect(label({ paymentStatus: 'failed' })).toBe('Payment not completed');
    expect(label({ paymentMethod: 'bank-transfer', paymentStatus: 'cancelled', amountReceived: 500 })).toBe(
      'Payment not completed',
    );
  });

  it('a pickup order reads "Ready for pickup" and "Collected", never "Dispatched" or "Delivered"', () => {
    expect(label({ pickup: true, shippingStatus: 'Dispatched' })).toBe('Ready for pickup');
    expect(label({ pickup: true, shippingStatus: 'Delivered' })).toBe('Collected');
    expect(label({ pickup: true, paymentMethod: 'pickup', shippingStatus: 'Delivered' })).toBe('Collected');
    expect(label({ shippingStatus: 'Dispatched' })).toBe('Dispatched');
    expect(label({ shippingStatus: 'Delivered' })).toBe('Delivered');
  });

  it('reads the rest of a paid order from its shipping, and a refund as refunded', () => {
    expect(label({ shippingStatus: 'Processing' })).toBe('Processing');
    expect(label({ shippingStatus: 'Cancelled' })).toBe('Cancelled');
    expect(label({ paymentStatus: 'refunded', shippingStatus: 'Cancelled' })).toBe('Refunded');
    expect(shopperOrderStatus(order({ pickup: true, shippingStatus: 'Delivered' }))).toEqual({
      kind: 'collected',
      label: 'Collected',
      tone: 'green',
    });
  });

  it('a paid Premium-only order reads "Premium active", never a shipment pending (decision 024)', () => {
    expect(label({ membershipOnly: true })).toBe('Premium active');
    expect(label({ membershipOnly: true, paymentMethod: 'bank-transfer', paymentStatus: 'pending' })).toBe(
      'Awaiting payment',
    );
    expect(label({ membershipOnly: true, shippingStatus: 'Cancelled' })).toBe('Cancelled');
    expect(label({ membershipOnly: true, paymentStatus: 'refunded' })).toBe('Refunded');
  });
});
