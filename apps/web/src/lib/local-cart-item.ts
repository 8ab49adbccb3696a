import type { Product, ProductVariantChoice } from '@bilum/shared';
import { productAsVariant, variantLabel } from '@bilum/shared';

/**
 * The spec's local cart item, as kept in browser storage (`guestCartItems`, `guestCartItem`,
 * `cartItemsForCheckout`). Prices are integer toea. Convenience data only: the server prices every order.
 */
export interface LocalCartItem {
  id: number;
  product_id: number;
  product_name: string;
  /** toea: what the shopper is shown as their price (the member price for a member). */
  price: number;
  /** toea: the price before any discount, when there is one. */
  originalPrice: number | null;
  isMemberPrice: boolean;
  description: string;
  condition: string;
  category: string;
  image: string | null;
  isMembership: boolean;
  quantity: number;
  /** 'sold' for a sold-out non-membership line (left out of checkout); missing means available. */
  product_status?: 'available' | 'sold';
  /** The server cart line, for items a signed-in shopper takes from /cart to checkout. */
  cart_item_id?: number;
  /** The variant chosen (issue 30); missing on a line saved before variants (the product's first is sold). */
  variant_id?: number;
  /** The variant's name ("256 GB / Black"); '' or missing for a product without options. */
  variant_label?: string;
}

/** One key per product and variant: the same product in two variants is two lines of a cart. */
export function localLineKey(item: Pick<LocalCartItem, 'product_id' | 'variant_id'>): string {
  return `${item.product_id}:${item.variant_id ?? ''}`;
}

/** The same line: the same product and variant (a line saved before variants is its product's first variant). */
export function sameLocalLine(
  item: Pick<LocalCartItem, 'product_id' | 'variant_id'>,
  productId: number,
  variantId: number | undefined,
  firstVariantId?: number,
): boolean {
  if (item.product_id !== productId) return false;
  return (item.variant_id ?? firstVariantId) === variantId;
}

/**
 * The cart line for one unit of a product at the price the shopper sees; with `variant`, of that variant (the
 * product as the variant sells it: `productAsVariant`).
 */
export function toLocalCartItem(
  product: Product,
  shownPrice: number = product.price,
  variant?: Pick<ProductVariantChoice, 'id' | 'values'>,
): LocalCartItem {
  const isMemberPrice = shownPrice < product.price;
  return {
    ...(variant ? { variant_id: variant.id, variant_label: variantLabel(variant.values) } : {}),
    id: product.id,
    product_id: product.id,
    product_name: product.name,
    price: shownPrice,
    originalPrice: isMemberPrice ? product.price : product.originalPrice,
    isMemberPrice,
    description: product.description,
    condition: product.condition,
    category: product.category,
    image: product.image,
    isMembership: product.isMembership,
    quantity: 1,
  };
}

/**
 * The cart line for a product's variant (`variantId`; a line without one is of the product's first variant and
 * names none), at the variant's price: the server's first screens rebuild the browser's storage with it.
 */
export function toVariantCartItem(product: Product, variantId: number | undefined): LocalCartItem {
  if (variantId === undefined) return toLocalCartItem(product);
  const variant = product.variants?.find((each) => each.id === variantId);
  const sold = productAsVariant(product, variant);
  return variant ? toLocalCartItem(sold, sold.price, variant) : { ...toLocalCartItem(product), variant_id: variantId };
}

/** What a cart line (server or view) carries that the local cart item needs. */
export interface CartLineFields {
  productId: number;
  cartItemId: number | null;
  name: string;
  unitPrice: number;
  originalPrice: number | null;
  isMemberPrice: boolean;
  description: string;
  condition: string;
  category: string;
  image: string | null;
  isMembership: boolean;
  quantity: number;
  variantId?: number;
  variantLabel?: string;
}

/** A cart line in the spec's local cart item shape, for the checkout handoff (`cartItemsForCheckout`). */
export function cartLineToLocalItem(line: CartLineFields, available: boolean): LocalCartItem {
  return {
    id: line.productId,
    product_id: line.productId,
    product_name: line.name,
    price: line.unitPrice,
    originalPrice: line.originalPrice,
    isMemberPrice: line.isMemberPrice,
    description: line.description,
    condition: line.condition,
    category: line.category,
    image: line.image,
    isMembership: line.isMembership,
    quantity: line.quantity,
    product_status: available ? 'available' : 'sold',
    ...(line.cartItemId !== null ? { cart_item_id: line.cartItemId } : {}),
    ...(line.variantId !== undefined ? { variant_id: line.variantId, variant_label: line.variantLabel ?? '' } : {}),
  };
}
