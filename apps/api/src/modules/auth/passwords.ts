import { createHash, randomBytes, randomInt } from 'node:crypto';
import argon2 from 'argon2';

/** OWASP's argon2id minimum: 19 MiB of memory, 2 iterations, 1 lane (facts.md). */
const argonOptions = { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return argon2.hash(password, argonOptions);
}

/** A hash of nothing anyone knows, checked when there is no account, so both answers take as long. */
let decoyHash: Promise<string> | null = null;

/** Checks a password against a stored hash; with no hash it still does the work and answers false. */
export async function verifyPassword(storedHash: string | null | undefined, password: string): Promise<boolean> {
  decoyHash ??= hashPassword(randomBytes(16).toString('hex'));
  const hash = storedHash ?? (await decoyHash);
  try {
    return (await argon2.verify(hash, password)) && storedHash != null;
  } catch {
    return false;
  }
}

/** An opaque random secret of 32 bytes (256 bits) for cookies and links. */
export function randomToken(): string {
  return randomBytes(32).toString('base64url');
}

/** A uniformly random code of `length` digits, e.g. "048213". */
export function randomDigits(length: number): string {
  return Array.from({ length }, () => randomInt(10)).join('');
}

/**
 * Session tokens (256 random bits) are stored only as their SHA-256, so a copy of the database cannot be used to
 * sign in. Anything that can be guessed (a 6-digit reset code) is kept as an HMAC under the server key instead
 * (`SecretHasher` in security/server-key.ts).
 */
export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}
