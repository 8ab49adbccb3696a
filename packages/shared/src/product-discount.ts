import type { Toea } from './money';

/**
 * A product's discount is worked out from its prices, never typed apart from them (issue 18): the "-N% OFF" badge,
 * the inventory's figure and the stored `discount_percentage` all come from these rules, so they cannot disagree.
 */

/** The whole percent (rounded half up) taken off `originalPrice` to give `price`; 0 when nothing is taken off. */
export function discountPercentFor(originalPrice: Toea | null, price: Toea): number {
  if (originalPrice === null || !(originalPrice > 0) || !(price < originalPrice)) return 0;
  return Math.round(((originalPrice - Math.max(price, 0)) * 100) / originalPrice);
}

/** The price after taking `percent` (0 to 100) off `originalPrice`, rounded half up to the whole toea. */
export function priceForDiscount(originalPrice: Toea, percent: number): Toea {
  return Math.round((originalPrice * (100 - percent)) / 100);
}

export const productDiscountMessages = {
  needsOriginal: 'Enter the original price to apply a discount.',
  priceTooLow: 'This discount leaves a price below the minimum.',
} as const;

export interface ProductPrices {
  price: Toea;
  originalPrice: Toea | null;
  /** As sent by the admin: null or a figure that agrees with the prices changes nothing. */
  discountPercentage: number | null;
}

export type SettledPrices =
  | { ok: true; price: Toea; originalPrice: Toea | null; discountPercentage: number }
  | { ok: false; path: 'discountPercentage'; message: string };

/**
 * The prices as saved. A discount that disagrees with the two prices is the admin's typed discount: it sets the
 * current price from the original price. Otherwise the prices stand. Either way the stored figure is
 * `discountPercentFor(original, price)`. `minPrice`: the lowest current price the form allows (1 toea to add).
 */
export function settleProductPrices(input: ProductPrices, minPrice: Toea = 0): SettledPrices {
  const { originalPrice } = input;
  let { price } = input;
  const typed = input.discountPercentage;
  if (typed !== null && typed !== discountPercentFor(originalPrice, price)) {
    if (typed > 0 && (originalPrice === null || !(originalPrice > 0))) {
      return { ok: false, path: 'discountPercentage', message: productDiscountMessages.needsOriginal };
    }
    // A typed 0 with an original price above the current one: the product is no longer on sale.
    price = originalPrice === null ? price : priceForDiscount(originalPrice, typed);
    if (price < minPrice)
      return { ok: false, path: 'discountPercentage', message: productDiscountMessages.priceTooLow };
  }
  return { ok: true, price, originalPrice, discountPercentage: discountPercentFor(originalPrice, price) };
}
