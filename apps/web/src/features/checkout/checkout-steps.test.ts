import { describe, expect, it } from 'vitest';
import { checkoutStep, guestDetailsConfirmed } from './checkout-steps';

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

describe('guest checkout details confirmed', () => {
  it('with the card on, waits for the card order made for the details', () => {
    expect(guestDetailsConfirmed({ detailsGiven: true, cardOrderMade: false, cardOn: true })).toBe(false);
    expect(guestDetailsConfirmed({ detailsGiven: true, cardOrderMade: true, cardOn: true })).toBe(true);
  });
  it('with the card off, goes on to payment as soon as the details are given (no card order)', () => {
    expect(guestDetailsConfirmed({ detailsGiven: true, cardOrderMade: false, cardOn: false })).toBe(true);
    expect(checkoutStep({ detailsConfirmed: true, orderPaid: false })).toBe(2);
  });
  it('never without the details', () => {
    expect(guestDetailsConfirmed({ detailsGiven: false, cardOrderMade: false, cardOn: false })).toBe(false);
  });
});
