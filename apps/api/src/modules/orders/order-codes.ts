import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { SecretHasher } from '../../security/server-key';

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
 * The proof that the browser holding this checkout owns the order: an HMAC under the server key of the shopper
 * scope and the idempotency key, so a retried request gets the same token, yet knowing the key (or a copy of the
 * database, which keeps only hashes) is not enough to make it (issue 16, finding 11).
 */
export function checkoutTokenFor(secrets: SecretHasher, scope: string, key: string): string {
  return secrets.derive('checkout-token', `${scope}\n${key}`);
}

export function sameTokenHash(token: string, storedHash: string): boolean {
  const a = Buffer.from(sha256(token), 'hex');
  const b = Buffer.from(storedHash, 'hex');
  return a.length === b.length && timingSafeEqual(a, b);
}
