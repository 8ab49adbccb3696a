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
  };
}
