import type { Toea } from './money';

/** One cart line as the totals rule sees it (prices in toea, from the server). */
export interface CartTotalLine {
  /** What the shopper pays for one unit (the member price when it applies). */
  unitPrice: Toea;
  /** The price before any discount (the product's original price, or the regular price for a member price). */
  originalPrice: Toea | null;
  quantity: number;
  /** False for a sold-out line: never counted. */
  available: boolean;
  /** Lines the shopper ticked; a missing flag counts as selected. */
  selected?: boolean;
}

export interface CartSummary {
  itemCount: number;
  subtotal: Toea;
  savings: Toea;
  shipping: Toea;
  /** What a discount code took off (issue 30, decision 040): 0 without one. */
  discount: Toea;
  total: Toea;
}

/**
 * The cart's own shipping: K0.00 (spec business constants). Checkout adds the delivery fee of the shopper's zone
 * (`deliveryQuote` in delivery.ts, decision 012), which stays K0.00 for pickup, the free zone and Premium members.
 */
export const CART_SHIPPING_TOEA = 0;

/** The Premium membership product is bought once. */
export const MEMBERSHIP_MAX_QUANTITY = 1;

/**
 * The most units of one product that one order may hold (and a cart line's stepper goes up to): what a shopper
 * could plausibly buy at once. An unpaid order keeps its units from other shoppers until its hold ends, so this
 * bounds how much of a product a single checkout can take off the shelf (issue 16).
 */
export const MAX_UNITS_PER_PRODUCT = 5;

/**
 * The cart totals over available, selected lines: the subtotal uses the original price when there is one, the
 * total the unit price plus `shipping` (the delivery fee the server worked out), and the saving is the difference
 * (never negative).
 */
export function cartSummary(
  lines: readonly CartTotalLine[],
  shipping: Toea = CART_SHIPPING_TOEA,
  /** A discount code's whole discount (lines and delivery), taken off the total. */
  discount: Toea = 0,
): CartSummary {
  let itemCount = 0;
  let subtotal = 0;
  let linesTotal = 0;
  for (const line of lines) {
    if (!line.available || line.selected === false || !(line.quantity > 0)) continue;
    const regular = line.originalPrice ?? line.unitPrice;
    itemCount += line.quantity;
    subtotal += Math.max(regular, line.unitPrice) * line.quantity;
    linesTotal += line.unitPrice * line.quantity;
  }
  return {
    itemCount,
    subtotal,
    savings: subtotal - linesTotal,
    shipping,
    discount,
    total: linesTotal + shipping - discount,
  };
}

/** The spec's cart messages, in one place for the API and the web. */
export const cartMessages = {
  added: 'Item added to cart.',
  alreadyInCart: 'Item already in cart.',
  soldOut: 'This item is sold out.',
  exclusiveForMembers: 'This offer is for Premium members. Join Premium to buy it.',
  itemNotFound: 'Cart item not found.',
  quantityTooHigh: (max: number) => `Only ${max} of this item ${max === 1 ? 'is' : 'are'} available.`,
  quantityTooLow: 'Quantity must be at least 1.',
  perOrderLimit: (max: number) => `You can buy at most ${max} of this item in one order.`,
} as const;

/** The spec's cart screen texts (storefront.md carts, states and error catalogue), used by the web. */
export const cartScreenMessages = {
  emptyCart: 'Your cart feels a little light!',
  noSearchMatch: 'No items found matching your search.',
  soldOut: 'SOLD OUT!',
  /** A line whose units are all held by other shoppers' unpaid checkouts (decisions.md, second round). */
  reserved: 'Reserved',
  cannotCheckoutTitle: 'Cannot checkout',
  cannotCheckout: 'Your cart is empty or no items are selected. Add items to proceed.',
  notSignedIn: 'User not logged in.',
  loadFailed: 'Failed to load cart items.',
  /** The header dropdown's failed read. */
  loadDataFailed: 'Failed to load cart data.',
  /** The cart page's read when the server could not be reached. */
  loadNetwork: 'Failed to load cart. It might be empty or a network issue.',
  removeFailed: 'Failed to remove item',
  clearFailed: 'Failed to clear cart',
  removeNetwork: 'Could not remove item. Please check your connection.',
  updateFailed: 'Failed to update quantity',
  savedDataUnreadable: 'Error loading saved cart data. Your cart has been reset.',
  saveFailed: 'Could not save cart changes locally.',
  addFailedTitle: 'Failed to Add to Cart',
  addFailed: 'An unexpected error occurred.',
  addNetworkTitle: 'Network Error',
  addNetwork: 'Could not add to cart. Please check your connection.',
} as const;

/** Delays and refresh intervals of the carts (decisions.md "Easy to miss"), in milliseconds. */
export const cartTimings = {
  /** "User not logged in." on /cart, then /login. */
  signedOutRedirect: 1500,
  cartPageRefresh: 30_000,
  memberHomeRefresh: 60_000,
  dropdownHideDelay: 200,
} as const;
