import type { Product } from '@bilum/shared';

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
}

/** The cart line for one unit of a product at the price the shopper sees. */
export function toLocalCartItem(product: Product, shownPrice: number = product.price): LocalCartItem {
  const isMemberPrice = shownPrice < product.price;
  return {
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
