import { applyDiscount, type Toea } from './money';

/**
 * The price a shopper pays: price x (1 - rate) rounded to the whole toea for an active member, except for the
 * membership product itself, which is never discounted. A rate outside 0..1 is treated as no discount.
 */
export function memberPrice(priceToea: Toea, discountRate: number, isMembership: boolean): Toea {
  if (isMembership || !(discountRate > 0) || discountRate >= 1) return priceToea;
  return applyDiscount(priceToea, discountRate);
}

/** The whole percentage saved going from `originalToea` to `finalToea` (0 when nothing is saved). */
export function savingsPercent(originalToea: Toea, finalToea: Toea): number {
  if (!(originalToea > 0) || finalToea >= originalToea) return 0;
  return Math.round(((originalToea - finalToea) / originalToea) * 100);
}

/** Spec: the savings line shows only when the saving is above K0.01 (more than one toea). */
export function showsSaving(originalToea: Toea, finalToea: Toea): boolean {
  return originalToea - finalToea > 1;
}
