import type { LocalCartItem } from './local-cart-item';

/**
 * How the product pages hand a purchase to checkout, with the spec's session-storage keys: `checkoutType` is
 * 'single' for Buy It Now (one item, read once by checkout) or 'all' for the cart.
 */
export const checkoutStorageKeys = {
  checkoutType: 'checkoutType',
  /** The single item a guest buys with Buy It Now. */
  guestSingleItem: 'guestCartItem',
  /** The items a signed-in shopper takes to checkout (one for Buy It Now). */
  signedInItems: 'cartItemsForCheckout',
} as const;

function store(key: string, value: string) {
  try {
    sessionStorage.setItem(key, value);
  } catch {
    // Storage can be full or disabled; checkout then falls back to the cart.
  }
}

/** Buy It Now: checkout will take just this item. */
export function startSingleItemCheckout(item: LocalCartItem, forSignedInShopper: boolean) {
  store(checkoutStorageKeys.checkoutType, 'single');
  if (forSignedInShopper) store(checkoutStorageKeys.signedInItems, JSON.stringify([item]));
  else store(checkoutStorageKeys.guestSingleItem, JSON.stringify(item));
}

/** Checkout from the cart: checkout takes the cart's items. */
export function startCartCheckout() {
  store(checkoutStorageKeys.checkoutType, 'all');
}
