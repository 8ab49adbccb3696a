import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

export const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

/** Crockford's base32: no I, L, O or U, so a code read over the phone is not mistaken. */
const alphabet = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** "BLM-7K3Q-9XWM-2D4F-8RTA": 80 random bits, unguessable, readable aloud. */
export function newTrackingCode(): string {
  const bytes = randomBytes(16);
  const chars = Array.from(bytes, (byte) => alphabet.charAt(byte & 31));
  return `BLM-${chars.slice(0, 4).join('')}-${chars.slice(4, 8).join('')}-${chars.slice(8, 12).join('')}-${chars
    .slice(12, 16)
    .join('')}`;
}

/** Upper case without spaces: what a shopper types matches what was printed. */
export function normaliseTrackingCode(input: string): string {
  return input.trim().toUpperCase().replace(/\s+/g, '');
}

/** One order per shopper and idempotency key: a guest's key and a shopper's key never meet. */
export function idempotencyKeyHash(scope: string, key: string): string {
  return sha256(`${scope}\n${key}`);
}

/**
 * The proof that the browser holding this checkout owns the order. Derived from the idempotency key (which only
 * that browser and this request know, and which is stored only hashed), so a retried request gets the same token.
 */
export function checkoutTokenFor(scope: string, key: string): string {
  return createHmac('sha256', key).update(`bilum checkout token\n${scope}`).digest('base64url');
}

export function sameTokenHash(token: string, storedHash: string): boolean {
  const a = Buffer.from(sha256(token), 'hex');
  const b = Buffer.from(storedHash, 'hex');
  return a.length === b.length && timingSafeEqual(a, b);
}
