import type { CartLine } from '@bilum/shared';
import { checkoutStorageKeys, startCartCheckout } from '../../lib/checkout-handoff';
import type { LocalCartItem } from '../../lib/local-cart-item';

/** A server-cart line in the spec's stored cart-item shape (`cartItemsForCheckout`). */
export function toCheckoutItem(line: CartLine): LocalCartItem {
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
    product_status: line.status,
    cart_item_id: line.cartItemId,
  };
}

/**
 * The cart popup's "Go to Checkout" (the spec's button did nothing): the available lines go to checkout as the
 * signed-in cart selection (checkoutType 'all'); sold-out lines stay behind. Returns how many lines went.
 */
export function handCartToCheckout(lines: CartLine[]): number {
  const items = lines.filter((line) => line.status === 'available').map(toCheckoutItem);
  try {
    sessionStorage.setItem(checkoutStorageKeys.signedInItems, JSON.stringify(items));
  } catch {
    // Storage can be unavailable; checkout then finds no items and returns to the cart, as the spec says.
  }
  startCartCheckout();
  return items.length;
}
