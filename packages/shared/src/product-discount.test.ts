import { describe, expect, it } from 'vitest';
import { discountBadge } from './catalog';
import { discountPercentFor, priceForDiscount, productDiscountMessages, settleProductPrices } from './product-discount';

describe('discountPercentFor', () => {
  it('gives the whole percent taken off the original price, rounded half up', () => {
    expect(discountPercentFor(299_900, 249_900)).toBe(17); // 16.67
    expect(discountPercentFor(10_000, 8_750)).toBe(13); // 12.5 rounds up
    expect(discountPercentFor(10_000, 0)).toBe(100);
  });

  it('is 0 without an original price, or when the price is not below it', () => {
    expect(discountPercentFor(null, 5_000)).toBe(0);
    expect(discountPercentFor(0, 5_000)).toBe(0);
    expect(discountPercentFor(5_000, 5_000)).toBe(0);
    expect(discountPercentFor(5_000, 6_000)).toBe(0);
  });
});

describe('priceForDiscount', () => {
  it('takes the percent off the original price, rounded to the whole toea', () => {
    expect(priceForDiscount(299_900, 20)).toBe(239_920);
    expect(priceForDiscount(333, 50)).toBe(167); // 166.5 rounds up
    expect(priceForDiscount(10_000, 0)).toBe(10_000);
    expect(priceForDiscount(10_000, 100)).toBe(0);
  });
});

describe('settleProductPrices', () => {
  it('keeps the prices and works out the figure when no discount is typed', () => {
    expect(settleProductPrices({ price: 249_900, originalPrice: 299_900, discountPercentage: null })).toEqual({
      ok: true,
      price: 249_900,
      originalPrice: 299_900,
      discountPercentage: 17,
    });
  });

  it('keeps a price the admin typed when the discount shown agrees with it', () => {
    // 333 of 1000 is 66.7% off: a figure of 67 agrees, so the price is not moved to 330.
    expect(settleProductPrices({ price: 333, originalPrice: 1_000, discountPercentage: 67 })).toMatchObject({
      price: 333,
      discountPercentage: 67,
    });
  });

  it('lets a typed discount set the current price from the original price', () => {
    expect(settleProductPrices({ price: 249_900, originalPrice: 299_900, discountPercentage: 20 })).toEqual({
      ok: true,
      price: 239_920,
      originalPrice: 299_900,
      discountPercentage: 20,
    });
    expect(settleProductPrices({ price: 5_000, originalPrice: 8_000, discountPercentage: 0 })).toMatchObject({
      price: 8_000,
      discountPercentage: 0,
    });
  });

  it('never stores a figure that disagrees with the prices', () => {
    for (const [price, originalPrice, typed] of [
      [100, 3, 50],
      [7, 9, null],
      [9_999, 10_000, 1],
      [1, 3, 33],
    ] as const) {
      const settled = settleProductPrices({ price, originalPrice, discountPercentage: typed });
      if (!settled.ok) throw new Error('refused');
      expect(settled.discountPercentage).toBe(discountPercentFor(settled.originalPrice, settled.price));
    }
  });

  it('refuses a discount without an original price, and one that leaves less than the minimum', () => {
    expect(settleProductPrices({ price: 5_000, originalPrice: null, discountPercentage: 10 })).toEqual({
      ok: false,
      path: 'discountPercentage',
      message: productDiscountMessages.needsOriginal,
    });
    expect(settleProductPrices({ price: 5_000, originalPrice: 8_000, discountPercentage: 100 }, 1)).toMatchObject({
      ok: false,
      message: productDiscountMessages.priceTooLow,
    });
  });
});

describe('discountBadge', () => {
  it('comes from the prices, not from the stored figure', () => {
    expect(discountBadge({ price: 249_900, originalPrice: 299_900, discountPercentage: 5 })).toBe('-17% OFF');
    expect(discountBadge({ price: 249_900, originalPrice: 299_900, discountPercentage: 0 })).toBe('-17% OFF');
    expect(discountBadge({ price: 9_000, originalPrice: null, discountPercentage: 10 })).toBeNull();
    expect(discountBadge({ price: 9_999, originalPrice: 10_000, discountPercentage: 0 })).toBeNull();
  });
});
