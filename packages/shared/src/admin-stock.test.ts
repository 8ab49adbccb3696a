import { describe, expect, it } from 'vitest';
import { productStockLevel, stockLevel } from './admin-stock';

describe('productStockLevel (issue 30)', () => {
  const product = { stock: 11, lowStockThreshold: 3, isMembership: false };
  const variant = (stock: number, lowStockThreshold = 1) => ({ stock, lowStockThreshold });

  it('is low when any variant is at or under its own threshold, whatever the product’s total', () => {
    expect(productStockLevel(product, [variant(5), variant(5), variant(1)])).toBe('low');
    // Sold out while the others have units: that variant needs restocking too.
    expect(productStockLevel(product, [variant(11), variant(0)])).toBe('low');
    expect(productStockLevel(product, [variant(6), variant(5)])).toBe('in');
  });

  it('is out with none on hand, and never either for the membership', () => {
    expect(productStockLevel({ ...product, stock: 0 }, [variant(0), variant(0)])).toBe('out');
    expect(productStockLevel({ ...product, stock: 0, isMembership: true }, [variant(0)])).toBe('in');
  });

  it('reads the product’s own figures without variants, as stockLevel', () => {
    for (const stock of [0, 2, 3, 4]) {
      expect(productStockLevel({ ...product, stock }, [])).toBe(stockLevel({ ...product, stock }));
    }
  });
});
