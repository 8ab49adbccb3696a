import type { CreateOrderInput, CreateOrderResponse } from '@bilum/shared/checkout.schema';
import type { ContactDetailsInput } from '@bilum/shared/contact-details';
import { sessionStore } from '../../lib/browser-storage';
import {
  type CheckoutSelection,
  checkoutStorageKeys,
  readCheckoutType,
  readGuestCheckoutSelection,
  readSignedInCheckoutSelection,
} from '../../lib/checkout-handoff';

/** An earlier attempt's unpaid order, which the next order of this checkout replaces (the server releases it). */
export type ReplacedOrderRef = NonNullable<CreateOrderInput['replacesOrder']>;

/**
 * One checkout attempt, kept in session storage so that a reload, the 3-D Secure redirect and a double click all
 * find the same order: what is being bought, the idempotency key made once for it, and the order the server made.
 */
export interface CheckoutAttempt {
  audience: 'guest' | 'member';
  selection: Pick<CheckoutSelection, 'kind' | 'lines'>;
  idempotencyKey: string;
  /** The contact details the order was placed with; other details need a new order (and a new key). */
  contactJson: string | null;
  created: CreateOrderResponse | null;
  /**
   * The order of the attempt this one took over from (other contact details or lines): sent with this attempt's
   * order, so the server releases its hold rather than leaving it to count against the shopper's limits.
   */
  replaces?: ReplacedOrderRef | null;
  /** The discount code the shopper applied (issue 30): the quote and the order are priced with it. */
  discountCode?: string | null;
}

const attemptKey = checkoutStorageKeys.attempt;
const confirmationKey = checkoutStorageKeys.confirmation;

export function newIdempotencyKey(): string {
  if (typeof crypto !== 'undefined' && 'randomUUID' in crypto) return crypto.randomUUID();
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}-${Math.random().toString(36).slice(2)}`;
}

function read<T>(key: string): T | null {
  try {
    const text = sessionStore()?.getItem(key);
    return text ? (JSON.parse(text) as T) : null;
  } catch {
    return null;
  }
}

function write(key: string, value: unknown) {
  try {
    sessionStore()?.setItem(key, JSON.stringify(value));
  } catch {
    // Storage full or blocked: the attempt then lives only as long as the page.
  }
}

export function loadAttempt(audience: CheckoutAttempt['audience']): CheckoutAttempt | null {
  const attempt = read<CheckoutAttempt>(attemptKey);
  return attempt?.audience === audience ? attempt : null;
}

export function saveAttempt(attempt: CheckoutAttempt) {
  write(attemptKey, attempt);
}

export function clearAttempt() {
  try {
    sessionStore()?.removeItem(attemptKey);
  } catch {
    // Nothing to clear.
  }
}

/** What the next attempt replaces: this attempt's order if it made one, else what this attempt was to replace. */
export function orderToReplace(attempt: CheckoutAttempt): ReplacedOrderRef | null {
  const created = attempt.created;
  if (!created) return attempt.replaces ?? null;
  return { orderId: created.order.id, checkoutToken: created.checkoutToken };
}

const sameLines = (a: CheckoutAttempt['selection'], b: CheckoutAttempt['selection']) =>
  JSON.stringify(a.lines.map((l) => [l.productId, l.quantity, l.cartItemId])) ===
  JSON.stringify(b.lines.map((l) => [l.productId, l.quantity, l.cartItemId]));

/**
 * What this checkout buys: a fresh handoff from the cart or Buy It Now wins; otherwise the attempt already under
 * way (a reload, the way back from 3-D Secure, contact details then checkout). Returns whether the handed-over
 * data was unreadable, for the spec's error toast.
 */
export function resolveAttempt(audience: CheckoutAttempt['audience']): {
  attempt: CheckoutAttempt;
  unreadable: boolean;
} {
  const saved = loadAttempt(audience);
  // A guest's whole stored cart is read again (it may have changed); a handed-over selection is kept.
  if (saved && readCheckoutType() === null && saved.selection.kind !== 'cart')
    return { attempt: saved, unreadable: false };
  const selection = audience === 'guest' ? readGuestCheckoutSelection() : readSignedInCheckoutSelection();
  const picked = { kind: selection.kind, lines: selection.lines };
  const attempt: CheckoutAttempt =
    saved && sameLines(saved.selection, picked)
      ? { ...saved, selection: picked }
      : {
          audience,
          selection: picked,
          idempotencyKey: newIdempotencyKey(),
          contactJson: null,
          created: null,
          replaces: saved ? orderToReplace(saved) : null,
        };
  if (attempt.selection.lines.length > 0) saveAttempt(attempt);
  return { attempt, unreadable: selection.unreadable };
}

/** The order for these contact details: the one already made, or a new key for a new order that replaces it. */
export function attemptForContact(attempt: CheckoutAttempt, contact: ContactDetailsInput): CheckoutAttempt {
  const contactJson = JSON.stringify(contact);
  if (attempt.contactJson === contactJson) return attempt;
  return {
    ...attempt,
    contactJson,
    created: null,
    idempotencyKey: newIdempotencyKey(),
    replaces: orderToReplace(attempt),
  };
}

/**
 * The attempt with another discount code (or none): an order already made without it is replaced by a new one (a
 * new key) that has it, as for other contact details.
 */
export function attemptWithCode(attempt: CheckoutAttempt, discountCode: string | null): CheckoutAttempt {
  if ((attempt.discountCode ?? null) === discountCode) return attempt;
  return {
    ...attempt,
    discountCode,
    created: null,
    idempotencyKey: newIdempotencyKey(),
    replaces: orderToReplace(attempt),
  };
}

/** What the confirmation page needs, kept so that it survives a reload. */
export interface ConfirmationHandoff {
  orderId: number;
  trackingCode: string;
  email: string;
  isGuest: boolean;
  checkoutToken: string | null;
}

export function saveConfirmation(confirmation: ConfirmationHandoff) {
  write(confirmationKey, confirmation);
}

export function loadConfirmation(): ConfirmationHandoff | null {
  return read<ConfirmationHandoff>(confirmationKey);
}
