import { describe, expect, it } from 'vitest';
import { evaluateTestCard, passesLuhn } from './test-cards';

const today = new Date('2031-06-15T10:00:00Z');
const card = (number: string, changes: Partial<{ expMonth: number; expYear: number; cvc: string }> = {}) =>
  evaluateTestCard({ number, expMonth: 12, expYear: 2034, cvc: '123', ...changes }, today);

describe('test cards', () => {
  it('4242 4242 4242 4242 succeeds, written with spaces or without', () => {
    expect(card('4242 4242 4242 4242')).toEqual({ kind: 'succeeded', last4: '4242' });
    expect(card('4242424242424242')).toEqual({ kind: 'succeeded', last4: '4242' });
  });

  it('4000 0000 0000 0002 is declined', () => {
    expect(card('4000 0000 0000 0002')).toMatchObject({
      kind: 'failed',
      last4: '0002',
      error: { code: 'card_declined', message: 'Your card was declined.' },
    });
  });

  it('4000 0000 0000 9995 fails for insufficient funds', () => {
    expect(card('4000 0000 0000 9995')).toMatchObject({
      error: { code: 'card_declined', declineCode: 'insufficient_funds', message: 'Your card has insufficient funds.' },
    });
  });

  it('4000 0025 0000 3155 needs authentication', () => {
    expect(card('4000 0025 0000 3155')).toEqual({ kind: 'requires_action', last4: '3155' });
  });

  it('a real card number is declined with a pointer to the test card', () => {
    expect(card('5555 5555 5555 4444')).toMatchObject({
      kind: 'failed',
      error: { message: 'Your card number is not a test card. Use 4242 4242 4242 4242.' },
    });
  });

  it('a number that fails the checksum or is too short is incorrect, and nothing of it is kept', () => {
    for (const number of ['4242 4242 4242 4241', '4242', 'abcd efgh ijkl mnop']) {
      expect(card(number)).toEqual({
        kind: 'failed',
        last4: null,
        error: { code: 'incorrect_number', message: 'Your card number is incorrect.' },
      });
    }
  });

  it('an expiry date in the past is refused; the current month is still valid', () => {
    const expired = { kind: 'failed', error: { message: "Your card's expiration date is in the past." } };
    expect(card('4242424242424242', { expMonth: 5, expYear: 2031 })).toMatchObject(expired);
    expect(card('4242424242424242', { expMonth: 12, expYear: 30 })).toMatchObject(expired);
    expect(card('4242424242424242', { expMonth: 6, expYear: 31 })).toMatchObject({ kind: 'succeeded' });
  });

  it('a month outside 1 to 12 is refused', () => {
    expect(card('4242424242424242', { expMonth: 13 })).toMatchObject({ error: { code: 'invalid_expiry_month' } });
  });

  it('a security code must have 3 or 4 digits', () => {
    const incomplete = { error: { message: "Your card's security code is incomplete." } };
    expect(card('4242424242424242', { cvc: '12' })).toMatchObject(incomplete);
    expect(card('4242424242424242', { cvc: '12a' })).toMatchObject(incomplete);
    expect(card('4242424242424242', { cvc: '1234' })).toMatchObject({ kind: 'succeeded' });
  });

  it('the Luhn check accepts the test numbers and refuses a changed digit', () => {
    expect(passesLuhn('4000002500003155')).toBe(true);
    expect(passesLuhn('4000002500003156')).toBe(false);
  });
});
