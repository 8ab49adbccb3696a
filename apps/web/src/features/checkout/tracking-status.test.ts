import { describe, expect, it } from 'vitest';
import { paymentStatusTone, shippingStatusLabel, shippingStatusTone } from './tracking-status';

describe('the tracking badge colours', () => {
  it.each([
    ['Delivered', 'green'],
    ['shipped', 'blue'],
    ['In Transit', 'blue'],
    ['in_transit', 'blue'],
    ['Dispatched', 'blue'],
    ['processing', 'yellow'],
    ['Pending', 'orange'],
    ['Cancelled', 'red'],
    ['on hold', 'grey'],
    ['', 'grey'],
  ])('shows shipping status %j as %s', (status, tone) => {
    expect(shippingStatusTone(status)).toBe(tone);
  });

  it("shows payment 'paid' green and anything else orange", () => {
    expect(paymentStatusTone('paid')).toBe('green');
    expect(paymentStatusTone('Paid')).toBe('green');
    expect(paymentStatusTone('pending')).toBe('orange');
    expect(paymentStatusTone('failed')).toBe('orange');
  });

  it("reads 'Status Unknown' for an empty status", () => {
    expect(shippingStatusLabel('')).toBe('Status Unknown');
    expect(shippingStatusLabel(null)).toBe('Status Unknown');
    expect(shippingStatusLabel('dispatched')).toBe('Dispatched');
  });
});
