import { describe, expect, it } from 'vitest';
import { formatGuestCartCookie, parseGuestCartCookie } from './first-screen';

describe('the guest cart cookie', () => {
  it('carries product ids and quantities, and reads back what it wrote', () => {
    const entries = [
      { productId: 1, quantity: 2 },
      { productId: 57, quantity: 1 },
    ];
    expect(formatGuestCartCookie(entries)).toBe('1.2-57.1');
    expect(parseGuestCartCookie('1.2-57.1')).toEqual(entries);
    expect(formatGuestCartCookie([])).toBe('');
  });

  it('carries each line’s variant (issue 30): two variants of one product are two lines', () => {
    const entries = [
      { productId: 7, quantity: 1, variantId: 12 },
      { productId: 7, quantity: 2, variantId: 13 },
      { productId: 9, quantity: 1 },
    ];
    expect(formatGuestCartCookie(entries)).toBe('7.1.12-7.2.13-9.1');
    expect(parseGuestCartCookie('7.1.12-7.2.13-9.1')).toEqual(entries);
    expect(parseGuestCartCookie('7.1.12-7.2.12')).toEqual([]);
    expect(parseGuestCartCookie('7.1.0')).toEqual([]);
  });

  it('reads anything else as no cart: junk, zeros, ids out of range, a product twice, too many lines', () => {
    for (const value of [undefined, '', 'abc', '1.2-', '1,2', '0.1', '1.0', '2147483648.1', '1.1-1.2', '1.2;x=1']) {
      expect(parseGuestCartCookie(value), String(value)).toEqual([]);
    }
    const many = Array.from({ length: 101 }, (_, index) => `${index + 1}.1`).join('-');
    expect(parseGuestCartCookie(many)).toEqual([]);
    expect(parseGuestCartCookie(many.split('-').slice(0, 100).join('-'))).toHaveLength(100);
  });
});
