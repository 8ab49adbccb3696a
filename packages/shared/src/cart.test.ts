import { describe, expect, it } from 'vitest';
import { cartSummary } from './cart';
import { memberPrice } from './pricing';

describe('cartSummary', () => {
  it('is all zero for an empty cart', () => {
    expect(cartSummary([])).toEqual({ itemCount: 0, subtotal: 0, savings: 0, shipping: 0, discount: 0, total: 0 });
  });

  it('uses the original price for the subtotal and the unit price for the total', () => {
    const summary = cartSummary([
      { unitPrice: 9_000, originalPrice: 10_000, quantity: 2, available: true },
      { unitPrice: 5_000, originalPrice: null, quantity: 1, available: true },
    ]);
    expect(summary).toEqual({
      itemCount: 3,
      subtotal: 25_000,
      savings: 2_000,
      shipping: 0,
      discount: 0,
      total: 23_000,
    });
  });

  it('leaves out sold-out lines and lines that are not selected', () => {
    const summary = cartSummary([
      { unitPrice: 1_000, originalPrice: null, quantity: 1, available: true, selected: true },
      { unitPrice: 2_000, originalPrice: 3_000, quantity: 1, available: false },
      { unitPrice: 4_000, originalPrice: null, quantity: 1, available: true, selected: false },
    ]);
    expect(summary).toEqual({ itemCount: 1, subtotal: 1_000, savings: 0, shipping: 0, discount: 0, total: 1_000 });
  });

  it('never shows a negative saving when an original price is below the price', () => {
    const summary = cartSummary([{ unitPrice: 5_000, originalPrice: 4_000, quantity: 1, available: true }]);
    expect(summary.savings).toBe(0);
    expect(summary.total).toBe(5_000);
  });

  it('adds member prices rounded to the toea', () => {
    // K10.05 at 10% off is K9.045, rounded half up to K9.05 (905 toea); K0.15 becomes 14 toea (13.5 rounded).
    const lines = [
      { price: 1_005, quantity: 3 },
      { price: 15, quantity: 1 },
    ].map(({ price, quantity }) => ({
      unitPrice: memberPrice(price, 0.1, false),
      originalPrice: price,
      quantity,
      available: true,
    }));
    expect(lines.map((l) => l.unitPrice)).toEqual([905, 14]);
    expect(cartSummary(lines)).toEqual({
      itemCount: 4,
      subtotal: 3_030,
      savings: 301,
      shipping: 0,
      discount: 0,
      total: 2_729,
    });
  });

  it('does not discount the membership product', () => {
    expect(memberPrice(20_050, 0.1, true)).toBe(20_050);
  });
});
