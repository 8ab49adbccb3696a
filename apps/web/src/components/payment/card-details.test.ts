import { describe, expect, it } from 'vitest';
import {
  billingFromContact,
  formatCardNumber,
  formatExpiry,
  isCardComplete,
  parseExpiry,
  toCardPaymentInput,
} from './card-details';

describe('card entry helpers', () => {
  it('groups card digits in fours and keeps only digits', () => {
    expect(formatCardNumber('4242-4242 4242x4242')).toBe('4242 4242 4242 4242');
  });

  it('formats and reads the MM/YY expiry', () => {
    expect(formatExpiry('1228')).toBe('12/28');
    expect(parseExpiry('12/28')).toEqual({ expMonth: 12, expYear: 2028 });
    expect(parseExpiry('13/28')).toBeNull();
  });

  it('calls a card complete only with a number, a month and a CVC', () => {
    expect(isCardComplete({ number: '4242 4242 4242 4242', expiry: '12/30', cvc: '123' })).toBe(true);
    expect(isCardComplete({ number: '4242 4242 4242 4242', expiry: '12/3', cvc: '123' })).toBe(false);
    expect(isCardComplete({ number: '4242', expiry: '12/30', cvc: '123' })).toBe(false);
  });

  it('sends the digits, month, year and CVC with the cardholder name', () => {
    expect(toCardPaymentInput({ number: '4242 4242 4242 4242', expiry: '01/31', cvc: '999' }, 'Kila Rahu')).toEqual({
      card: { number: '4242424242424242', expMonth: 1, expYear: 2031, cvc: '999', name: 'Kila Rahu' },
    });
  });
});

describe('billing details', () => {
  it('sends the contact’s name, e-mail, full phone number and address', () => {
    expect(
      billingFromContact({
        firstName: 'Kila',
        lastName: 'Wari',
        email: 'kila@example.pg',
        countryCode: '+675',
        phone: '7123 4567',
        address: 'Section 5, Lot 12',
        city: 'Port Moresby',
        state: 'NCD',
        postcode: '111',
      }),
    ).toEqual({
      name: 'Kila Wari',
      email: 'kila@example.pg',
      phone: '+67571234567',
      address: { line1: 'Section 5, Lot 12', city: 'Port Moresby', state: 'NCD', postal_code: '111' },
    });
  });

  it('leaves out the address of a pickup order instead of sending blanks', () => {
    const billing = billingFromContact({
      firstName: 'Kila',
      lastName: 'Wari',
      email: 'k@example.pg',
      phone: '71234567',
    });
    expect(billing).toEqual({ name: 'Kila Wari', email: 'k@example.pg', phone: '+67571234567' });
  });
});
