import { type CheckoutMirror, checkoutMirrorCookie, formatCheckoutMirror, type MirroredLine } from '@bilum/shared';
import {
  type KeyValueStorage,
  onSessionStorageWrite,
  readMirrorCookie,
  sessionStore,
  writeMirrorCookie,
} from './browser-storage';
import { type CheckoutLineRef, checkoutStorageKeys, guestCartStorageKeys, readStoredLines } from './checkout-handoff';

/**
 * The browser's side of the checkout mirror (packages/shared/src/checkout-mirror.ts): after every write to a
 * checkout key of session storage, the part that decides what the checkout pages show goes into a cookie, so
 * the server renders those pages as the browser will; the server's side is app/first-screen-seeds.ts.
 */
const mirroredKeys = new Set<string>([
  checkoutStorageKeys.checkoutType,
  checkoutStorageKeys.guestSingleItem,
  checkoutStorageKeys.signedInItems,
  checkoutStorageKeys.attempt,
  checkoutStorageKeys.confirmation,
  guestCartStorageKeys.selected,
]);

/** What storage holds under `key`, or null when it holds nothing or cannot be read (storage refused). */
function storedText(session: KeyValueStorage | undefined, key: string): string | null {
  try {
    return session?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

function parsed(session: KeyValueStorage | undefined, key: string): unknown {
  const text = storedText(session, key);
  try {
    return text ? (JSON.parse(text) as unknown) : null;
  } catch {
    return null;
  }
}

const toMirrored = ({ productId, quantity, cartItemId, variantId }: CheckoutLineRef): MirroredLine => ({
  productId,
  quantity,
  cartItemId,
  ...(variantId !== null ? { variantId } : {}),
});

/**
 * Stored items as checkout reads them (sold ones left out); null when nothing is stored or it is unreadable
 * (checkout then falls back as it would without it).
 */
function storedLines(session: KeyValueStorage | undefined, key: string, single = false): MirroredLine[] | null {
  const text = storedText(session, key);
  return (text ? readStoredLines(text, { single }) : null)?.map(toMirrored) ?? null;
}

function positive(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value > 0;
}

function attemptOf(value: unknown): CheckoutMirror['attempt'] {
  if (typeof value !== 'object' || value === null) return null;
  const { audience, selection, discountCode } = value as {
    audience?: unknown;
    selection?: { kind?: unknown; lines?: unknown };
    discountCode?: unknown;
  };
  const kind = selection?.kind;
  if ((audience !== 'guest' && audience !== 'member') || (kind !== 'single' && kind !== 'all' && kind !== 'cart'))
    return null;
  if (!Array.isArray(selection?.lines)) return null;
  const lines = (selection.lines as Partial<CheckoutLineRef>[]).map((line) =>
    positive(line?.productId) && positive(line.quantity)
      ? {
          productId: line.productId,
          quantity: line.quantity,
          cartItemId: positive(line.cartItemId) ? line.cartItemId : null,
          ...(positive(line.variantId) ? { variantId: line.variantId } : {}),
        }
      : null,
  );
  const code = typeof discountCode === 'string' && discountCode !== '' ? discountCode : null;
  return lines.every((line) => line !== null) ? { audience, kind, lines, code } : null;
}

function confirmationOf(value: unknown): CheckoutMirror['confirmation'] {
  if (typeof value !== 'object' || value === null) return null;
  const { orderId, trackingCode, email, isGuest } = value as Record<string, unknown>;
  if (!positive(orderId) || typeof trackingCode !== 'string' || trackingCode === '') return null;
  return { orderId, trackingCode, email: typeof email === 'string' ? email : '', isGuest: isGuest === true };
}

/** What session storage holds of checkout, as the cookie mirrors it. */
export function currentCheckoutMirror(session: KeyValueStorage | undefined = sessionStore()): CheckoutMirror {
  const type = session?.getItem(checkoutStorageKeys.checkoutType);
  return {
    checkoutType: type === 'single' || type === 'all' ? type : null,
    guestSingleItem: storedLines(session, checkoutStorageKeys.guestSingleItem, true)?.[0] ?? null,
    signedInItems: storedLines(session, checkoutStorageKeys.signedInItems),
    guestSelected: storedLines(session, guestCartStorageKeys.selected),
    attempt: attemptOf(parsed(session, checkoutStorageKeys.attempt)),
    confirmation: confirmationOf(parsed(session, checkoutStorageKeys.confirmation)),
  };
}

/**
 * Writes the cookie from what session storage holds now (a session cookie, as session storage is); not when it
 * already says that (every page load mirrors once).
 */
export function mirrorCheckoutCookie(session: KeyValueStorage | undefined = sessionStore()) {
  const value = formatCheckoutMirror(currentCheckoutMirror(session));
  if (value !== readMirrorCookie(checkoutMirrorCookie)) writeMirrorCookie(checkoutMirrorCookie, value, null);
}

/** Mirrors now (storage of a tab opened before this version) and after every write to a checkout key. */
export function installCheckoutMirror(): () => void {
  mirrorCheckoutCookie();
  return onSessionStorageWrite((key) => {
    if (mirroredKeys.has(key)) mirrorCheckoutCookie();
  });
}
