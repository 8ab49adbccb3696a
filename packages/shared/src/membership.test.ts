import { describe, expect, it } from 'vitest';
import { addOneYear, canBuyPremium, isInRenewalWindow } from './membership';

describe('membership rules', () => {
  const now = new Date('2025-06-01T00:00:00Z');

  it('offers renewal only in the last 30 days', () => {
    expect(isInRenewalWindow(new Date('2025-07-15T00:00:00Z'), now)).toBe(false);
    expect(isInRenewalWindow(new Date('2025-07-01T00:00:00Z'), now)).toBe(true);
    expect(isInRenewalWindow(new Date('2025-06-02T00:00:00Z'), now)).toBe(true);
    expect(isInRenewalWindow(null, now)).toBe(false);
  });

  it('lets a non-member buy Premium, and a member only in the last 30 days', () => {
    expect(canBuyPremium({ isMember: false, endsAt: null }, now)).toBe(true);
    expect(canBuyPremium({ isMember: true, endsAt: '2025-07-15T00:00:00Z' }, now)).toBe(false);
    expect(canBuyPremium({ isMember: true, endsAt: '2025-06-20T00:00:00Z' }, now)).toBe(true);
  });

  it('adds a calendar year, with 29 February becoming 28 February', () => {
    expect(addOneYear(new Date('2025-06-01T10:00:00Z')).toISOString()).toBe('2026-06-01T10:00:00.000Z');
    expect(addOneYear(new Date('2024-02-29T10:00:00Z')).toISOString()).toBe('2025-02-28T10:00:00.000Z');
  });
});
