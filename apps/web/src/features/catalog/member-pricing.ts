import { memberPrice, type Product, savingsPercent, showsSaving } from '@bilum/shared';
import { useSession } from '../../lib/session';

export interface ShopperPrice {
  /** toea: what this shopper pays (the member price for an active member). */
  finalPrice: number;
  isMemberPrice: boolean;
  /** Whole percent saved by the membership; shown only when the saving is above K0.01. */
  savingPercent: number;
  showSaving: boolean;
}

/** The price the signed-in shopper sees: members get their rate off everything but the membership itself. */
export function useShopperPrice(product: Pick<Product, 'price' | 'isMembership'>): ShopperPrice {
  const { isMember, membership } = useSession();
  const finalPrice = isMember
    ? memberPrice(product.price, membership.discountRate, product.isMembership)
    : product.price;
  return {
    finalPrice,
    isMemberPrice: finalPrice < product.price,
    savingPercent: savingsPercent(product.price, finalPrice),
    showSaving: showsSaving(product.price, finalPrice),
  };
}
