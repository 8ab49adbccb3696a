/**
 * Checkout keeps what it is doing in the browser's session storage (the spec's hand-off keys, the attempt under
 * way, the order just placed: apps/web/src/lib/checkout-handoff.ts). The app mirrors the part that decides what
 * the checkout pages show into one cookie, so the server renders /contact-details, /checkout, /guestcheckout and
 * /order-confirmation as the browser will (issue 29). Only ids, quantities and the order's reference: the server
 * takes names and prices from its own catalogue, and nothing secret (no checkout token, no contact details) goes
 * into the cookie. The order's e-mail address is there, as it is on the confirmation page itself.
 */
export const checkoutMirrorCookie = 'bilum_checkout';

export interface MirroredLine {
  productId: number;
  quantity: number;
  /** The signed-in cart's line, or null. */
  cartItemId: number | null;
  /** The variant chosen (issue 30); absent for the product's first (a line handed over before variants). */
  variantId?: number;
}

export interface CheckoutMirror {
  /** `checkoutType`: what the next checkout takes. */
  checkoutType: 'single' | 'all' | null;
  /** `guestCartItem`: a guest's Buy It Now. */
  guestSingleItem: MirroredLine | null;
  /** `cartItemsForCheckout`: what a signed-in shopper takes to checkout. */
  signedInItems: MirroredLine[] | null;
  /** `guestCartItemsForCheckout`: the lines a guest selected in the cart. */
  guestSelected: MirroredLine[] | null;
  /**
   * `checkoutAttempt`: the checkout under way (its order and key stay in the browser), with the discount code the
   * shopper entered (issue 30), so the server's page is priced with it as the browser's will be.
   */
  attempt: {
    audience: 'guest' | 'member';
    kind: 'single' | 'all' | 'cart';
    lines: MirroredLine[];
    code: string | null;
  } | null;
  /** `orderConfirmation`: the order just placed (its checkout token stays in the browser). */
  confirmation: { orderId: number; trackingCode: string; email: string; isGuest: boolean } | null;
}

export const emptyCheckoutMirror: CheckoutMirror = {
  checkoutType: null,
  guestSingleItem: null,
  signedInItems: null,
  guestSelected: null,
  attempt: null,
  confirmation: null,
};

/** Beyond this many lines in a list, or this many characters in all, no cookie is written: the pages then load in the browser. */
const maxLines = 50;
/** A discount code as a shopper may enter it (`enteredCodeSchema`); a longer one is left out of the cookie. */
const maxCodeLength = 64;
export const maxCheckoutMirrorLength = 3_000;

// The value: sections "key:value" joined by "~"; a list's lines joined by "-", a line's fields by "."; text in
// base64url (UTF-8), which neither a cookie nor the server's cookie parser (it percent-decodes) changes.
function encodeText(text: string): string {
  const bytes = new TextEncoder().encode(text);
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function decodeText(text: string): string | null {
  try {
    const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
    return new TextDecoder('utf-8', { fatal: true }).decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)));
  } catch {
    return null;
  }
}

const formatLine = (line: MirroredLine) =>
  `${line.productId}.${line.quantity}.${line.cartItemId ?? 0}${line.variantId === undefined ? '' : `.${line.variantId}`}`;
const formatLines = (lines: readonly MirroredLine[]) => (lines.length === 0 ? 'none' : lines.map(formatLine).join('-'));

const kindCodes = { single: 's', all: 'a', cart: 'c' } as const;

/** The cookie's value for `mirror`; '' when there is nothing to mirror or it would not fit (the cookie is removed). */
export function formatCheckoutMirror(mirror: CheckoutMirror): string {
  const lists = [mirror.signedInItems, mirror.guestSelected, mirror.attempt?.lines].filter((list) => list != null);
  if (lists.some((list) => list.length > maxLines)) return '';
  const sections: string[] = [];
  if (mirror.checkoutType) sections.push(`t:${kindCodes[mirror.checkoutType]}`);
  if (mirror.guestSingleItem) sections.push(`g:${formatLine(mirror.guestSingleItem)}`);
  if (mirror.signedInItems) sections.push(`m:${formatLines(mirror.signedInItems)}`);
  if (mirror.guestSelected) sections.push(`s:${formatLines(mirror.guestSelected)}`);
  if (mirror.attempt) {
    const { audience, kind, lines, code } = mirror.attempt;
    const codePart = code && code.length <= maxCodeLength ? `_${encodeText(code)}` : '';
    sections.push(`a:${audience === 'guest' ? 'g' : 'm'}${kindCodes[kind]}_${formatLines(lines)}${codePart}`);
  }
  if (mirror.confirmation) {
    const { orderId, trackingCode, email, isGuest } = mirror.confirmation;
    sections.push(`c:${orderId}.${isGuest ? 'g' : 'm'}.${encodeText(trackingCode)}.${encodeText(email)}`);
  }
  const value = sections.join('~');
  return value.length > maxCheckoutMirrorLength ? '' : value;
}

const id = (text: string | undefined) => {
  const number = Number(text);
  return /^\d{1,10}$/.test(text ?? '') && number >= 1 && number <= 2_147_483_647 ? number : null;
};

function parseLine(text: string): MirroredLine | null {
  const match = /^(\d{1,10})\.(\d{1,4})\.(\d{1,10})(?:\.(\d{1,10}))?$/.exec(text);
  if (!match) return null;
  const productId = id(match[1]);
  const quantity = Number(match[2]);
  const cartItem = Number(match[3]);
  const variantId = match[4] === undefined ? null : id(match[4]);
  if (productId === null || quantity < 1 || cartItem > 2_147_483_647) return null;
  if (match[4] !== undefined && variantId === null) return null;
  const line = { productId, quantity, cartItemId: cartItem === 0 ? null : cartItem };
  return variantId === null ? line : { ...line, variantId };
}

function parseLines(text: string): MirroredLine[] | null {
  if (text === 'none') return [];
  const lines = text.split('-').map(parseLine);
  if (lines.length > maxLines || lines.some((line) => line === null)) return null;
  return lines as MirroredLine[];
}

const kindOf = (code: string | undefined) =>
  code === 's' ? 'single' : code === 'a' ? 'all' : code === 'c' ? 'cart' : null;

/** The mirror a cookie value holds; null for anything that is not exactly such a value. */
export function parseCheckoutMirror(value: string | undefined): CheckoutMirror | null {
  if (!value || value.length > maxCheckoutMirrorLength) return null;
  const mirror: CheckoutMirror = { ...emptyCheckoutMirror };
  const seen = new Set<string>();
  for (const section of value.split('~')) {
    const key = section.slice(0, 2);
    const body = section.slice(2);
    if (seen.has(key)) return null;
    seen.add(key);
    if (key === 't:') {
      const type = kindOf(body);
      if (type !== 'single' && type !== 'all') return null;
      mirror.checkoutType = type;
    } else if (key === 'g:') {
      mirror.guestSingleItem = parseLine(body);
      if (!mirror.guestSingleItem) return null;
    } else if (key === 'm:' || key === 's:') {
      const lines = parseLines(body);
      if (!lines) return null;
      if (key === 'm:') mirror.signedInItems = lines;
      else mirror.guestSelected = lines;
    } else if (key === 'a:') {
      const match = /^([gm])([sac])_([\d.-]+|none)(?:_([\w-]{1,400}))?$/.exec(body);
      const lines = match ? parseLines(match[3]!) : null;
      const kind = kindOf(match?.[2]);
      const code = match?.[4] === undefined ? null : decodeText(match[4]);
      if (!match || !lines || !kind) return null;
      if (match[4] !== undefined && (!code || code.length > maxCodeLength)) return null;
      mirror.attempt = { audience: match[1] === 'g' ? 'guest' : 'member', kind, lines, code };
    } else if (key === 'c:') {
      const match = /^(\d{1,10})\.([gm])\.([\w-]{1,200})\.([\w-]{0,400})$/.exec(body);
      const orderId = id(match?.[1]);
      const trackingCode = match ? decodeText(match[3]!) : null;
      const email = match ? decodeText(match[4]!) : null;
      if (orderId === null || !trackingCode || email === null) return null;
      mirror.confirmation = { orderId, trackingCode, email, isGuest: match![2] === 'g' };
    } else {
      return null;
    }
  }
  return mirror;
}
