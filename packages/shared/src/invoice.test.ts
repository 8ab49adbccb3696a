import { describe, expect, it } from 'vitest';
import { formatInvoiceNumber, gstIncluded } from './invoice';

describe('gstIncluded (total / 11, to the toea)', () => {
  it('is exact when the amount divides by 11', () => {
    expect(gstIncluded(11_000)).toBe(1_000);
    expect(gstIncluded(0)).toBe(0);
    expect(gstIncluded(11)).toBe(1);
  });

  it('rounds below half a toea down and half or more up', () => {
    // 100 / 11 = 9.0909…
    expect(gstIncluded(100)).toBe(9);
    // 104 / 11 = 9.4545… (just under half)
    expect(gstIncluded(104)).toBe(9);
    // 105 / 11 = 9.5454… (just over half)
    expect(gstIncluded(105)).toBe(10);
    // 6 / 11 = 0.5454…, 5 / 11 = 0.4545…
    expect(gstIncluded(6)).toBe(1);
    expect(gstIncluded(5)).toBe(0);
    // K1,234.56 = 123456 toea: 11223.27…
    expect(gstIncluded(123_456)).toBe(11_223);
    // 123462 / 11 = 11223.818…
    expect(gstIncluded(123_462)).toBe(11_224);
  });

  it('never meets an exact half (11 is odd), and stays exact for large totals', () => {
    for (let amount = 0; amount < 2_000; amount += 1) {
      const exact = amount / 11;
      expect(Math.abs(gstIncluded(amount) - exact)).toBeLessThan(0.5);
    }
    expect(gstIncluded(2_147_483_647)).toBe(195_225_786);
  });

  it('includes delivery: the GST of the order total, not the sum of per-line GST', () => {
    const lines = [105, 105, 105];
    const delivery = 1_500;
    const total = lines.reduce((sum, line) => sum + line, 0) + delivery;
    expect(gstIncluded(total)).toBe(165);
    expect(lines.map(gstIncluded).reduce((a, b) => a + b, 0) + gstIncluded(delivery)).toBe(166);
  });

  it('mirrors negative amounts (credits) and refuses fractions of a toea', () => {
    expect(gstIncluded(-105)).toBe(-10);
    expect(() => gstIncluded(10.5)).toThrow(RangeError);
  });
});

describe('formatInvoiceNumber', () => {
  it('pads to six digits and keeps longer numbers whole', () => {
    expect(formatInvoiceNumber(123)).toBe('INV-000123');
    expect(formatInvoiceNumber(1_234_567)).toBe('INV-1234567');
  });
});
