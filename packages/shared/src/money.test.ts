import { describe, expect, it } from 'vitest';
import { applyDiscount, formatKina, parseKina, toKinaDecimal } from './money';

describe('formatKina', () => {
  it('shows toea as kina with a K, thousands separators and two decimals', () => {
    expect(formatKina(123450)).toBe('K1,234.50');
    expect(formatKina(0)).toBe('K0.00');
    expect(formatKina(5)).toBe('K0.05');
    expect(formatKina(20050)).toBe('K200.50');
    expect(formatKina(1_000_000_00)).toBe('K1,000,000.00');
  });

  it('puts the sign before the K for negative amounts', () => {
    expect(formatKina(-2500)).toBe('-K25.00');
  });

  it('writes what Intl.NumberFormat en-PG wrote, without loading the locale data at boot', () => {
    const intl = new Intl.NumberFormat('en-PG', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    const amounts = [0, 1, 9, 10, 99, 100, 101, 999, 99_999, 100_000, 123_456_789, 2_147_483_647];
    for (let toea = 7; toea < 1e13; toea = toea * 13 + 5) amounts.push(toea);
    for (const toea of amounts) {
      expect(formatKina(toea)).toBe(`K${intl.format(toea / 100)}`);
      expect(formatKina(-toea)).toBe(toea === 0 ? 'K0.00' : `-K${intl.format(toea / 100)}`);
    }
  });
});

describe('parseKina', () => {
  it('reads kina amounts into whole toea without float error', () => {
    expect(parseKina('1,234.5')).toBe(123450);
    expect(parseKina('K200.50')).toBe(20050);
    expect(parseKina('0.30')).toBe(30);
    expect(parseKina(19.99)).toBe(1999);
    expect(parseKina('7')).toBe(700);
  });

  it('refuses what is not an amount, or has fractions of a toea', () => {
    expect(parseKina('abc')).toBeNull();
    expect(parseKina('1.234')).toBeNull();
    expect(parseKina('-5')).toBeNull();
    expect(parseKina('')).toBeNull();
  });
});

describe('toKinaDecimal and applyDiscount', () => {
  it('formats for inputs and rounds a discount to the whole toea', () => {
    expect(toKinaDecimal(123450)).toBe('1234.50');
    expect(applyDiscount(199999, 0.1)).toBe(179999);
    expect(applyDiscount(15, 0.1)).toBe(14);
    expect(applyDiscount(20050, 0)).toBe(20050);
  });
});
