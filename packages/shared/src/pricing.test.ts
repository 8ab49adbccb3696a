import { describe, expect, it } from 'vitest';
import { memberPrice, memberSavingPercent, savingsPercent, showsSaving } from './pricing';

describe('memberPrice', () => {
  it('takes the member rate off and rounds to the whole toea', () => {
    expect(memberPrice(329_900, 0.1, false)).toBe(296_910);
    expect(memberPrice(15, 0.1, false)).toBe(14);
    expect(memberPrice(25, 0.1, false)).toBe(23);
  });

  it('never discounts the membership product', () => {
    expect(memberPrice(20_050, 0.1, true)).toBe(20_050);
  });

  it('leaves the price alone for a rate of 0 or a rate that is not a fraction', () => {
    expect(memberPrice(10_000, 0, false)).toBe(10_000);
    expect(memberPrice(10_000, -0.1, false)).toBe(10_000);
    expect(memberPrice(10_000, 1.5, false)).toBe(10_000);
    expect(memberPrice(10_000, Number.NaN, false)).toBe(10_000);
  });
});

describe('savingsPercent and showsSaving', () => {
  it('gives the whole percentage saved', () => {
    expect(savingsPercent(329_900, 296_910)).toBe(10);
    expect(savingsPercent(10_000, 10_000)).toBe(0);
    expect(savingsPercent(0, 0)).toBe(0);
    expect(savingsPercent(10_000, 12_000)).toBe(0);
  });

  it('shows the saving only when it is above K0.01', () => {
    expect(showsSaving(10_000, 9_000)).toBe(true);
    expect(showsSaving(100, 98)).toBe(true);
    expect(showsSaving(10, 9)).toBe(false);
    expect(showsSaving(10, 10)).toBe(false);
  });
});

describe('memberSavingPercent', () => {
  const member = { isMember: true, discountRate: 0.1 };
  // A laptop on sale (K3,699.00 -> K3,299.00) at the member price K2,969.10.
  const saleLaptop = { unitPrice: memberPrice(329_900, 0.1, false), quantity: 1, isMemberPrice: true };

  it('is the membership saving alone, not the product sale added to it', () => {
    expect(memberSavingPercent(member, [saleLaptop])).toBe(10);
    expect(memberSavingPercent(member, [saleLaptop, { unitPrice: 35_910, quantity: 2, isMemberPrice: true }])).toBe(10);
  });

  it('is not shown to a guest or a shopper who is not a member, whatever the lines say', () => {
    expect(memberSavingPercent({ isMember: false, discountRate: 0 }, [saleLaptop])).toBeNull();
    expect(memberSavingPercent({ isMember: false, discountRate: 0.1 }, [saleLaptop])).toBeNull();
    expect(memberSavingPercent({ isMember: true, discountRate: 0 }, [saleLaptop])).toBeNull();
  });

  it('leaves out lines not at a member price (the membership itself) and a saving of K0.01 or less', () => {
    expect(memberSavingPercent(member, [{ unitPrice: 20_050, quantity: 1, isMemberPrice: false }])).toBeNull();
    expect(memberSavingPercent(member, [{ unitPrice: 9, quantity: 1, isMemberPrice: true }])).toBeNull();
    expect(memberSavingPercent(member, [{ unitPrice: 18, quantity: 1, isMemberPrice: true }])).toBe(10);
  });
});
