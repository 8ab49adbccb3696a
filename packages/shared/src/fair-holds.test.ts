import { describe, expect, it } from 'vitest';
import { holdableUnits, shopperEmailKey } from './fair-holds';

describe('shopperEmailKey', () => {
  it('counts the same mailbox once whatever its case, spaces or +tag', () => {
    expect(shopperEmailKey(' Kila+shop1@Example.PG ')).toBe('kila@example.pg');
    expect(shopperEmailKey('kila@example.pg')).toBe('kila@example.pg');
  });

  it('keeps an address that is only a tag as it is', () => {
    expect(shopperEmailKey('+x@example.pg')).toBe('+x@example.pg');
  });
});

describe('holdableUnits', () => {
  it('lets unpaid orders hold half of a product’s units, rounded down', () => {
    expect(holdableUnits({ onHand: 10, held: 0, sharePercent: 50 })).toBe(5);
    expect(holdableUnits({ onHand: 7, held: 3, sharePercent: 50 })).toBe(2);
    expect(holdableUnits({ onHand: 5, held: 5, sharePercent: 50 })).toBe(0);
    expect(holdableUnits({ onHand: 3, held: 0, sharePercent: 50 })).toBe(1);
  });

  it('lets one shopper reserve the last unit of a small shop’s product', () => {
    expect(holdableUnits({ onHand: 1, held: 0, sharePercent: 50 })).toBe(1);
    expect(holdableUnits({ onHand: 2, held: 0, sharePercent: 10 })).toBe(1);
  });

  it('never allows more than is on hand', () => {
    expect(holdableUnits({ onHand: 0, held: 0, sharePercent: 100 })).toBe(0);
    expect(holdableUnits({ onHand: 2, held: 8, sharePercent: 100 })).toBe(2);
  });
});
