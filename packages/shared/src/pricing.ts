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

/** A priced line as the member saving sees it (toea). */
export interface MemberSavingLine {
  unitPrice: Toea;
  quantity: number;
  /** True when the unit price is the member price (never for the membership product). */
  isMemberPrice: boolean;
}

/**
 * The N of "You save N% as a valued member!": what the membership alone saves on the lines priced for a member,
 * measured from their price before the membership discount (member price / (1 - rate)), so a product's own sale
 * is never added in. Null when the line is not shown: a guest or non-member, no valid rate, or a membership saving
 * of K0.01 or less.
 */
export function memberSavingPercent(
  membership: { isMember: boolean; discountRate: number },
  lines: readonly MemberSavingLine[],
): number | null {
  const { isMember, discountRate } = membership;
  if (!isMember || !(discountRate > 0) || discountRate >= 1) return null;
  let paid = 0;
  let regular = 0;
  for (const line of lines) {
    if (!line.isMemberPrice || !(line.quantity > 0)) continue;
    paid += line.unitPrice * line.quantity;
    regular += Math.round(line.unitPrice / (1 - discountRate)) * line.quantity;
  }
  return showsSaving(regular, paid) ? savingsPercent(regular, paid) : null;
}
