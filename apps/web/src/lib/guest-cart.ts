import { cartScreenMessages, formatGuestCartCookie, guestCartCookie } from '@bilum/shared';
import { useEffect, useMemo, useSyncExternalStore } from 'react';
import { toast } from 'sonner';
import { type KeyValueStorage, localStore, writeMirrorCookie } from './browser-storage';
import { type LocalCartItem, localLineKey } from './local-cart-item';

/**
 * The guest cart kept in the browser under the spec's key. Convenience data only: the cart page reads the
 * products again from the server, and checkout prices every order itself.
 */
export const GUEST_CART_KEY = 'guestCartItems';

export interface GuestCartRead {
  items: LocalCartItem[];
  /** The saved value was there but is not a cart (not JSON, not a list, or items naming no product). */
  unreadable: boolean;
}

function positiveInt(value: unknown): number | null {
  const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof number === 'number' && Number.isInteger(number) && number > 0 ? number : null;
}

/** Spec: a price that fails to parse becomes 0. */
function toea(value: unknown): number {
  return typeof value === 'number' && Number.isFinite(value) && value >= 0 ? Math.round(value) : 0;
}

function text(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

/** One saved item in the shape the pages use, or null when it names no product. */
function toItem(value: unknown): LocalCartItem | null {
  if (typeof value !== 'object' || value === null) return null;
  const item = value as Record<string, unknown>;
  const productId = positiveInt(item.product_id) ?? positiveInt(item.id);
  if (productId === null) return null;
  const originalPrice = typeof item.originalPrice === 'number' ? toea(item.originalPrice) : null;
  return {
    id: productId,
    product_id: productId,
    product_name: text(item.product_name) || text(item.name),
    price: toea(item.price),
    originalPrice,
    isMemberPrice: item.isMemberPrice === true,
    description: text(item.description),
    condition: text(item.condition),
    category: text(item.category),
    image: typeof item.image === 'string' ? item.image : null,
    isMembership: item.isMembership === true,
    quantity: positiveInt(item.quantity) ?? 1,
    ...(item.product_status === 'sold' ? { product_status: 'sold' as const } : {}),
    ...variantOf(item),
  };
}

/** A saved line's variant (issue 30): its id and name, or nothing for a line saved before variants. */
function variantOf(item: Record<string, unknown>): Pick<LocalCartItem, 'variant_id' | 'variant_label'> {
  const variantId = positiveInt(item.variant_id);
  return variantId === null ? {} : { variant_id: variantId, variant_label: text(item.variant_label) };
}

/** Reads a saved guest cart: nothing saved is an empty cart; a product (and variant) saved twice is kept once. */
export function parseGuestCart(saved: string | null): GuestCartRead {
  if (saved === null || saved === '') return { items: [], unreadable: false };
  let data: unknown;
  try {
    data = JSON.parse(saved);
  } catch {
    return { items: [], unreadable: true };
  }
  if (!Array.isArray(data)) return { items: [], unreadable: true };
  const items = data.map(toItem);
  if (items.some((item) => item === null)) return { items: [], unreadable: true };
  const byLine = new Map<string, LocalCartItem>();
  for (const item of items as LocalCartItem[])
    if (!byLine.has(localLineKey(item))) byLine.set(localLineKey(item), item);
  return { items: [...byLine.values()], unreadable: false };
}

function savedText(storage: KeyValueStorage | undefined): string | null {
  try {
    return storage?.getItem(GUEST_CART_KEY) ?? null;
  } catch {
    return null;
  }
}

const savedGuestCart = () => savedText(localStore());

export function readGuestCart(storage: KeyValueStorage | undefined = localStore()): GuestCartRead {
  return parseGuestCart(savedText(storage));
}

// Same-tab listeners: the storage event only reaches other tabs.
const listeners = new Set<() => void>();
const notify = () => listeners.forEach((listener) => listener());

/**
 * Saves the guest cart (an empty cart removes the key). False when the browser refused (full, disabled):
 * the caller keeps its state and the shopper is told "Could not save cart changes locally."
 */
export function writeGuestCart(
  items: readonly LocalCartItem[],
  storage: KeyValueStorage | undefined = localStore(),
): boolean {
  try {
    if (!storage) return false;
    if (items.length === 0) storage.removeItem(GUEST_CART_KEY);
    else storage.setItem(GUEST_CART_KEY, JSON.stringify(items));
    mirrorGuestCartCookie(items);
    return true;
  } catch {
    return false;
  } finally {
    notify();
  }
}

/**
 * Mirrors the cart's products and quantities into a cookie (packages/shared/src/first-screen.ts), so the server
 * can render /guest-cart for the shopper's next visit; an empty cart removes it.
 */
export function mirrorGuestCartCookie(
  items: readonly LocalCartItem[],
  doc: Document | undefined = globalThis.document,
) {
  const value = formatGuestCartCookie(
    items.map((item) => ({
      productId: item.product_id,
      quantity: item.quantity,
      ...(item.variant_id !== undefined ? { variantId: item.variant_id } : {}),
    })),
  );
  writeMirrorCookie(guestCartCookie, value, 60 * 60 * 24 * 365, doc);
}

/** Writes the cart, telling the shopper when the browser would not keep it. */
export function saveGuestCart(items: readonly LocalCartItem[]): boolean {
  const saved = writeGuestCart(items);
  if (!saved) toast.error(cartScreenMessages.saveFailed, { id: 'guest-cart-save' });
  return saved;
}

/** Removes unreadable saved data and says so once (the spec's reset); never throws. */
export function resetUnreadableGuestCart() {
  writeGuestCart([]);
  toast.error(cartScreenMessages.savedDataUnreadable, { id: 'guest-cart-reset' });
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === GUEST_CART_KEY) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/**
 * The guest cart's items, following changes from this tab and others. Unreadable saved data is reset with the
 * spec's message instead of breaking the page.
 */
export function useGuestCart(): LocalCartItem[] {
  // On the server, localStore() is what the cookie mirror says the browser holds (lib/browser-storage.ts).
  const saved = useSyncExternalStore(subscribe, savedGuestCart, savedGuestCart);
  const read = useMemo(() => parseGuestCart(saved), [saved]);
  useEffect(() => {
    if (read.unreadable) resetUnreadableGuestCart();
  }, [read.unreadable]);
  // A cart saved before the cookie mirror existed, or changed in another tab, is mirrored here too.
  useEffect(() => {
    if (!read.unreadable) mirrorGuestCartCookie(read.items);
  }, [read]);
  return read.items;
}
