import { describe, expect, it } from 'vitest';
import {
  amountOutstanding,
  amountOverpaid,
  amountOwed,
  compactPaymentReference,
  dammCheckDigit,
  dammValid,
  isMistypedPaymentReference,
  paymentReferenceFromDigits,
  paymentReferencePattern,
  noPaymentMethodMessage,
  normalisePaymentReference,
  orderPaymentState,
  parseIsoDate,
  paymentMethodsForOrder,
} from './payment-methods';
import { recordPaymentSchema } from './payment-methods.schema';

describe('orderPaymentState', () => {
  const base = { total: 10_000, amountReceived: 0 } as const;
  it('derives awaiting, part-paid, over-paid and pay at pickup from the status and the amount received', () => {
    expect(orderPaymentState({ ...base, paymentMethod: 'bank-transfer', paymentStatus: 'pending' })).toBe(
      'awaiting-payment',
    );
    expect(
      orderPaymentState({ ...base, paymentMethod: 'bank-transfer', paymentStatus: 'pending', amountReceived: 1 }),
    ).toBe('part-paid');
    expect(
      orderPaymentState({ ...base, paymentMethod: 'bank-transfer', paymentStatus: 'paid', amountReceived: 10_001 }),
    ).toBe('over-paid');
    expect(orderPaymentState({ ...base, paymentMethod: 'pickup', paymentStatus: 'pending' })).toBe('pay-at-pickup');
    expect(orderPaymentState({ ...base, paymentMethod: 'card', paymentStatus: 'pending' })).toBe('awaiting-payment');
    expect(orderPaymentState({ ...base, paymentMethod: 'card', paymentStatus: 'cancelled' })).toBe('not-completed');
  });

  it('never answers a negative outstanding or over-paid amount', () => {
    expect(amountOutstanding({ total: 100, amountReceived: 150 })).toBe(0);
    expect(amountOverpaid({ total: 100, amountReceived: 50 })).toBe(0);
    expect(amountOverpaid({ total: 100, amountReceived: 150 })).toBe(50);
  });

  it('an over-payment refunded is no longer over-paid (refunds give the excess back first); part of it still is', () => {
    const overpaid = {
      ...base,
      paymentMethod: 'bank-transfer',
      paymentStatus: 'paid',
      amountReceived: 11_000,
    } as const;
    expect(orderPaymentState({ ...overpaid, refunded: 1_000 })).toBe('paid');
    expect(orderPaymentState({ ...overpaid, refunded: 2_500 })).toBe('paid');
    expect(orderPaymentState({ ...overpaid, refunded: 400 })).toBe('over-paid');
    expect(amountOverpaid({ ...overpaid, refunded: 400 })).toBe(600);
    expect(amountOverpaid({ ...overpaid, refunded: 2_500 })).toBe(0);
  });

  it('a part-payment of an order that ended unpaid is owed back until refunded (issue 27)', () => {
    const ended = {
      ...base,
      paymentMethod: 'bank-transfer',
      paymentStatus: 'cancelled',
      amountReceived: 4_000,
    } as const;
    expect(orderPaymentState(ended)).toBe('not-completed-refund-due');
    expect(amountOwed(ended)).toBe(4_000);
    expect(amountOwed({ ...ended, refunded: 1_500 })).toBe(2_500);
    expect(orderPaymentState({ ...ended, refunded: 4_000 })).toBe('not-completed');
    // Still held: outstanding, not owed; paid: only the over-payment is owed.
    expect(amountOwed({ ...ended, paymentStatus: 'pending' })).toBe(0);
    expect(amountOwed({ ...ended, paymentStatus: 'paid', amountReceived: 10_500, refunded: 200 })).toBe(300);
  });
});

describe('payment references and dates', () => {
  it('reads a reference however it is typed, and an earlier release\'s "BLM-nnnnnn" too', () => {
    expect(normalisePaymentReference('PAY482733')).toBe('PAY 4827 33');
    expect(normalisePaymentReference(' pay 4827 33 ')).toBe('PAY 4827 33');
    expect(normalisePaymentReference('482733')).toBe('PAY 4827 33');
    expect(normalisePaymentReference('blm 482 731')).toBe('BLM-482731');
    expect(normalisePaymentReference('482731')).toBe('BLM-482731');
    expect(normalisePaymentReference('BLM-48273')).toBeNull();
  });

  it('makes "PAY dddd dd" with a check digit that catches one wrong digit and two neighbours swapped', () => {
    expect(dammCheckDigit('572')).toBe(4); // the published example of Damm's algorithm
    const reference = paymentReferenceFromDigits('48273');
    expect(reference).toBe('PAY 4827 33');
    expect(reference).toMatch(paymentReferencePattern);
    const digits = '482733';
    for (let i = 0; i < digits.length; i += 1) {
      for (let d = 0; d <= 9; d += 1) {
        const typo = `${digits.slice(0, i)}${d}${digits.slice(i + 1)}`;
        if (typo !== digits) expect(dammValid(typo), typo).toBe(false);
      }
      if (i < digits.length - 1 && digits[i] !== digits[i + 1]) {
        const swapped = `${digits.slice(0, i)}${digits[i + 1]}${digits[i]}${digits.slice(i + 2)}`;
        expect(dammValid(swapped), swapped).toBe(false);
      }
    }
    expect(normalisePaymentReference('PAY 4827 34')).toBeNull();
    expect(isMistypedPaymentReference('pay 4827 34')).toBe(true);
    expect(isMistypedPaymentReference('PAY 4827 33')).toBe(false);
    expect(compactPaymentReference('pay 4827-33')).toBe('PAY482733');
  });

  it('accepts only real calendar dates', () => {
    expect(parseIsoDate('2026-02-28')).not.toBeNull();
    expect(parseIsoDate('2026-02-30')).toBeNull();
    expect(parseIsoDate('28/02/2026')).toBeNull();
  });

  it('refuses an amount of 0, a negative, a fraction or one beyond the money column', () => {
    const valid = { bankReference: 'BSP 1', receivedOn: '2026-01-05' };
    for (const amount of [0, -1, 1.5, 2_147_483_648]) {
      expect(recordPaymentSchema.safeParse({ ...valid, amount }).success).toBe(false);
    }
    expect(recordPaymentSchema.safeParse({ ...valid, amount: 1 }).success).toBe(true);
  });
});

describe('paymentMethodsForOrder', () => {
  const all = { card: true, bankTransfer: true, pickup: true };
  const pickupOnly = { card: false, bankTransfer: false, pickup: true };
  const delivered = { pickup: false, hasPhysicalItems: true };
  const collected = { pickup: true, hasPhysicalItems: true };
  it('offers the methods turned on, pay at pickup only for items collected at a pickup point', () => {
    expect(paymentMethodsForOrder(all, collected)).toEqual(['card', 'bank-transfer', 'pickup']);
    expect(paymentMethodsForOrder(all, delivered)).toEqual(['card', 'bank-transfer']);
    expect(paymentMethodsForOrder(all, { pickup: true, hasPhysicalItems: false })).toEqual(['card', 'bank-transfer']);
    expect(paymentMethodsForOrder(pickupOnly, collected)).toEqual(['pickup']);
  });
  it('offers nothing when only pay at pickup is on and the order is delivered; the message says what helps', () => {
    expect(paymentMethodsForOrder(pickupOnly, delivered)).toEqual([]);
    expect(noPaymentMethodMessage(pickupOnly, delivered)).toContain('Please choose pickup');
    const membershipOnly = { pickup: false, hasPhysicalItems: false };
    expect(paymentMethodsForOrder(pickupOnly, membershipOnly)).toEqual([]);
    expect(noPaymentMethodMessage(pickupOnly, membershipOnly)).not.toContain('pickup');
    expect(noPaymentMethodMessage(pickupOnly, membershipOnly)).toContain('contact us');
  });
});
