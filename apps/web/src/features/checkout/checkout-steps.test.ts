import { describe, expect, it } from 'vitest';
import { checkoutStep } from './checkout-steps';

describe('the checkout step', () => {
  it('starts on the details step', () => {
    expect(checkoutStep({ detailsConfirmed: false, orderPaid: false })).toBe(1);
  });
  it('moves to payment once the details are confirmed', () => {
    expect(checkoutStep({ detailsConfirmed: true, orderPaid: false })).toBe(2);
  });
  it('moves to confirmation once the order is paid', () => {
    expect(checkoutStep({ detailsConfirmed: true, orderPaid: true })).toBe(3);
  });
});
