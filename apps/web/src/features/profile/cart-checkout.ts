import type { CartLine } from '@bilum/shared';
import { startSelectedItemsCheckout } from '../../lib/checkout-handoff';
import { serverLineToLocalItem } from '../../lib/server-cart';

/**
 * The cart popup's "Go to Checkout" (the spec's button did nothing): the available lines go to checkout as the
 * signed-in cart selection (checkoutType 'all'); sold-out lines stay behind. Returns how many lines went.
 */
export function handCartToCheckout(lines: CartLine[]): number {
  const items = lines.filter((line) => line.status === 'available').map(serverLineToLocalItem);
  // Storage can be unavailable; checkout then finds no items and returns to the cart, as the spec says.
  startSelectedItemsCheckout(items, true);
  return items.length;
}
