import { type KeyValueStorage, localStore, sessionStore } from './browser-storage';
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
  /** The checkout under way (features/checkout/checkout-attempt.ts). */
  attempt: 'checkoutAttempt',
  /** The order just placed, for /order-confirmation (features/checkout/checkout-attempt.ts). */
  confirmation: 'orderConfirmation',
} as const;

function store(key: string, value: string) {
  try {
    sessionStore()?.setItem(key, value);
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

/**
 * Check out from /cart or /guest-cart: checkout takes the lines the shopper selected (available ones only; server
 * lines carry their `cart_item_id`). Signed in: `cartItemsForCheckout`, then /contact-details; guests:
 * `guestCartItemsForCheckout`, then /guestcheckout. False when the browser would not store them.
 */
export function startSelectedItemsCheckout(items: readonly LocalCartItem[], forSignedInShopper: boolean): boolean {
  const key = forSignedInShopper ? checkoutStorageKeys.signedInItems : guestCartStorageKeys.selected;
  const session = sessionStore();
  if (!session) return false;
  try {
    session.setItem(key, JSON.stringify(items));
    session.setItem(checkoutStorageKeys.checkoutType, 'all');
    return true;
  } catch {
    return false;
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Reading the handoff (checkout's side). The items only say which products and how many; the server prices them.

/** Where the guest's cart and checkout selection live (guestCartItems in local storage, the rest in session). */
export const guestCartStorageKeys = {
  cart: 'guestCartItems',
  selected: 'guestCartItemsForCheckout',
} as const;

/** One line handed to checkout: enough to ask the server for an order and to show a preview before it answers. */
export interface CheckoutLineRef {
  productId: number;
  /** The variant chosen (issue 30); null for a line handed over before variants (the server sells the first). */
  variantId: number | null;
  quantity: number;
  /** The server cart line, when the line came from the signed-in cart. */
  cartItemId: number | null;
  /** The product's name; `variantLabel` names its variant ("256 GB / Black"), shown after it (`nameWithVariant`). */
  name: string;
  variantLabel?: string;
  image: string | null;
  /** toea, as the shopper last saw it; only a preview until the server's order answer arrives. */
  previewPrice: number;
  previewOriginalPrice: number | null;
  isMembership: boolean;
}

/** What POST /api/orders is asked to buy. */
export type CheckoutItemsSource =
  | { type: 'cart'; cartItemIds: number[] }
  | { type: 'items'; items: { productId: number; variantId?: number; quantity: number }[] };

/** One key per product and variant, to match a handed-over line with the server's lines. */
export function checkoutLineKey(line: { productId: number; variantId: number | null }): string {
  return `${line.productId}:${line.variantId ?? ''}`;
}

export interface CheckoutSelection {
  /** 'single' (Buy It Now), 'all' (the selected cart lines) or 'cart' (a guest's whole stored cart). */
  kind: 'single' | 'all' | 'cart';
  lines: CheckoutLineRef[];
  /** True when the handed-over data could not be read (the spec's fallback to the guest cart with a toast). */
  unreadable: boolean;
}

function positiveInt(value: unknown): number | null {
  const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof number === 'number' && Number.isInteger(number) && number > 0 ? number : null;
}

function toeaOrNull(value: unknown): number | null {
  return typeof value === 'number' && Number.isFinite(value) && value >= 0 ? Math.round(value) : null;
}

/**
 * One stored cart item (the spec's field names) as a checkout line; null when it names no product. A sold
 * non-membership item (`product_status` 'sold') is left out, as the spec's checkout does.
 */
export function toCheckoutLine(value: unknown): CheckoutLineRef | null {
  if (typeof value !== 'object' || value === null) return null;
  const item = value as Record<string, unknown>;
  const productId = positiveInt(item.product_id) ?? positiveInt(item.productId) ?? positiveInt(item.id);
  if (productId === null) return null;
  const isMembership = item.isMembership === true;
  if (item.product_status === 'sold' && !isMembership) return null;
  const name =
    typeof item.product_name === 'string' ? item.product_name : typeof item.name === 'string' ? item.name : '';
  return {
    productId,
    variantId: positiveInt(item.variant_id) ?? positiveInt(item.variantId),
    quantity: positiveInt(item.quantity) ?? 1,
    cartItemId: positiveInt(item.cart_item_id),
    name,
    ...(typeof item.variant_label === 'string' && item.variant_label !== ''
      ? { variantLabel: item.variant_label }
      : {}),
    image: typeof item.image === 'string' ? item.image : null,
    previewPrice: toeaOrNull(item.price) ?? 0,
    previewOriginalPrice: toeaOrNull(item.originalPrice),
    isMembership,
  };
}

class UnreadableHandoff extends Error {}

/**
 * A stored item (`single`) or list of items as checkout reads them, sold ones left out; null when the text is not
 * JSON or not items. Checkout and its mirror (checkout-mirror.ts) both read storage through it.
 */
export function readStoredLines(text: string, { single }: { single: boolean }): CheckoutLineRef[] | null {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return null;
  }
  const list = single && !Array.isArray(data) ? [data] : data;
  if (!Array.isArray(list)) return null;
  // Items that name no product at all mean the data is not a cart; sold items are merely left out.
  if (list.some((item) => toCheckoutLine({ ...(item as object), product_status: undefined }) === null)) return null;
  return list.map(toCheckoutLine).filter((line): line is CheckoutLineRef => line !== null);
}

/** Parses a stored item or list of items; throws UnreadableHandoff when it is not JSON or not items. */
function parseLines(text: string | null, { single }: { single: boolean }): CheckoutLineRef[] {
  if (text === null || text === '') return [];
  const lines = readStoredLines(text, { single });
  if (!lines) throw new UnreadableHandoff();
  return lines;
}

function safeGet(storage: KeyValueStorage | undefined, key: string): string | null {
  try {
    return storage?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

function safeRemove(storage: KeyValueStorage | undefined, key: string) {
  try {
    storage?.removeItem(key);
  } catch {
    // Nothing to do when storage is unavailable.
  }
}

/** The handoff's `checkoutType`, or null when nothing was handed over. */
export function readCheckoutType(session: KeyValueStorage | undefined = sessionStore()) {
  const type = safeGet(session, checkoutStorageKeys.checkoutType);
  return type === 'single' || type === 'all' ? type : null;
}

/**
 * A guest's checkout: 'single' is the Buy It Now item (read once, then removed), 'all' the lines selected in the
 * guest cart, anything else the stored guest cart. Unreadable data falls back to the stored guest cart.
 */
export function readGuestCheckoutSelection(
  session: KeyValueStorage | undefined = sessionStore(),
  local: KeyValueStorage | undefined = localStore(),
): CheckoutSelection {
  const type = readCheckoutType(session);
  const storedCart = (): CheckoutLineRef[] => {
    try {
      return parseLines(safeGet(local, guestCartStorageKeys.cart), { single: false });
    } catch {
      return [];
    }
  };
  try {
    if (type === 'single') {
      const lines = parseLines(safeGet(session, checkoutStorageKeys.guestSingleItem), { single: true });
      safeRemove(session, checkoutStorageKeys.guestSingleItem);
      safeRemove(session, checkoutStorageKeys.checkoutType);
      return { kind: 'single', lines: lines.slice(0, 1), unreadable: false };
    }
    const selected = safeGet(session, guestCartStorageKeys.selected);
    if (type === 'all' && selected !== null) {
      return { kind: 'all', lines: parseLines(selected, { single: false }), unreadable: false };
    }
    return {
      kind: 'cart',
      lines: parseLines(safeGet(local, guestCartStorageKeys.cart), { single: false }),
      unreadable: false,
    };
  } catch (error) {
    if (!(error instanceof UnreadableHandoff)) throw error;
    if (type === 'single') {
      safeRemove(session, checkoutStorageKeys.guestSingleItem);
      safeRemove(session, checkoutStorageKeys.checkoutType);
    }
    return { kind: 'cart', lines: storedCart(), unreadable: true };
  }
}

/**
 * A signed-in shopper's checkout, from `cartItemsForCheckout`: one item for 'single' (read once, then removed),
 * the selected server-cart lines for 'all'. Nothing handed over, or unreadable data, gives no lines.
 */
export function readSignedInCheckoutSelection(
  session: KeyValueStorage | undefined = sessionStore(),
): CheckoutSelection {
  const type = readCheckoutType(session);
  const kind = type ?? 'all';
  try {
    const lines = parseLines(safeGet(session, checkoutStorageKeys.signedInItems), { single: false });
    if (type === 'single') {
      safeRemove(session, checkoutStorageKeys.signedInItems);
      safeRemove(session, checkoutStorageKeys.checkoutType);
      return { kind, lines: lines.slice(0, 1), unreadable: false };
    }
    return { kind, lines: type === 'all' ? lines : [], unreadable: false };
  } catch (error) {
    if (!(error instanceof UnreadableHandoff)) throw error;
    if (type === 'single') safeRemove(session, checkoutStorageKeys.signedInItems);
    return { kind, lines: [], unreadable: true };
  }
}

/**
 * What the order is made of: the server-cart lines by id when every line came from the cart (so the server uses
 * its own cart), otherwise product ids and quantities.
 */
export function checkoutItemsSource(selection: Pick<CheckoutSelection, 'kind' | 'lines'>): CheckoutItemsSource {
  const cartItemIds = selection.lines.map((line) => line.cartItemId);
  if (selection.kind === 'all' && cartItemIds.length > 0 && cartItemIds.every((id) => id !== null)) {
    return { type: 'cart', cartItemIds: cartItemIds as number[] };
  }
  return {
    type: 'items',
    items: selection.lines.map(({ productId, variantId, quantity }) => ({
      productId,
      ...(variantId !== null ? { variantId } : {}),
      quantity,
    })),
  };
}

/** After a paid order: the guest cart, its selection and the checkout handoff are gone. */
export function clearGuestCheckoutStorage(
  session: KeyValueStorage | undefined = sessionStore(),
  local: KeyValueStorage | undefined = localStore(),
) {
  safeRemove(local, guestCartStorageKeys.cart);
  for (const key of [
    guestCartStorageKeys.cart,
    guestCartStorageKeys.selected,
    checkoutStorageKeys.guestSingleItem,
    checkoutStorageKeys.checkoutType,
  ]) {
    safeRemove(session, key);
  }
}

/**
 * The signed-in checkout hand-off (`cartItemsForCheckout`, `checkoutType`) is gone; the cart itself stays. After a
 * Premium payment on /membership-payment this is the spec's "clear the cart" (decisions.md, second round).
 */
export function clearCheckoutHandoff(session: KeyValueStorage | undefined = sessionStore()) {
  safeRemove(session, checkoutStorageKeys.signedInItems);
  safeRemove(session, checkoutStorageKeys.checkoutType);
}

/** After a paid signed-in order: the handoff and the contact draft are gone (the spec's clean-up). */
export function clearSignedInCheckoutStorage(session: KeyValueStorage | undefined = sessionStore()) {
  clearCheckoutHandoff(session);
  safeRemove(session, 'shippingInfo');
}

/**
 * Takes a product out of what was handed to checkout (a sold-out line the shopper removed there), so that a
 * reload shows the same lines: the signed-in selection (`cartItemsForCheckout`) or the guest's selection
 * (`guestCartItemsForCheckout`). False when there was no such selection (a guest's whole cart, or Buy It Now,
 * which checkout has already read).
 */
export function dropFromCheckoutHandoff(
  dropped: Pick<CheckoutLineRef, 'productId' | 'variantId'>,
  audience: 'guest' | 'member',
  session: KeyValueStorage | undefined = sessionStore(),
): boolean {
  const key = audience === 'member' ? checkoutStorageKeys.signedInItems : guestCartStorageKeys.selected;
  const text = safeGet(session, key);
  if (text === null || readCheckoutType(session) !== 'all') return false;
  try {
    const list: unknown = JSON.parse(text);
    if (!Array.isArray(list)) return false;
    const kept = list.filter((item) => {
      const line = toCheckoutLine({ ...(item as object), product_status: undefined });
      return !line || checkoutLineKey(line) !== checkoutLineKey(dropped);
    });
    session?.setItem(key, JSON.stringify(kept));
    return true;
  } catch {
    return false;
  }
}
