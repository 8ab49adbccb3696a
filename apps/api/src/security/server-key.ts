import { createCipheriv, createDecipheriv, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * The server's own secret (issue 16, finding 5): the key of every HMAC that keeps a secret at rest (reset codes and
 * links, checkout tokens). A copy of the database without this key cannot be used to test guesses offline.
 *
 * SECRET_KEY from the environment (every instance of a shop must share it); otherwise generated once into
 * `<DATA_DIR>/server-key` (readable by the owner only) and read back at every start.
 */
export async function resolveServerKey(options: { secretKey: string | undefined; dataDir: string }): Promise<Buffer> {
  if (options.secretKey) return Buffer.from(options.secretKey, 'utf8');
  const file = path.join(options.dataDir, 'server-key');
  try {
    return Buffer.from((await readFile(file, 'utf8')).trim(), 'base64url');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  await mkdir(options.dataDir, { recursive: true });
  const key = randomBytes(32);
  try {
    // `wx`: when two instances start on one data folder at once, the second reads the first one's key.
    await writeFile(file, `${key.toString('base64url')}\n`, { flag: 'wx', mode: 0o600 });
    return key;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return Buffer.from((await readFile(file, 'utf8')).trim(), 'base64url');
  }
}

/** The one helper for secrets at rest: an HMAC-SHA-256 under the server key, separated by purpose. */
export interface SecretHasher {
  /** Hex HMAC of `value` for `purpose` (e.g. "reset-code"); what the database keeps instead of the secret. */
  hash(purpose: string, value: string): string;
  /** Whether `value` hashes to `stored`, compared in constant time. */
  matches(purpose: string, value: string, stored: string): boolean;
  /** A secret derived from `value` (base64url), for tokens the server must be able to give out again. */
  derive(purpose: string, value: string): string;
  /**
   * A secret the server must read back (a staff member's TOTP secret, issue 28), sealed with AES-256-GCM under a
   * key derived from the server key for `purpose`: "v1.<iv>.<tag>.<ciphertext>" in base64url.
   */
  seal(purpose: string, plaintext: string): string;
  /** The plaintext of `seal`, or null when it was sealed under another key or purpose, or changed. */
  open(purpose: string, sealed: string): string | null;
}

export function secretHasher(key: Buffer): SecretHasher {
  const mac = (purpose: string, value: string) => createHmac('sha256', key).update(`${purpose}\n${value}`, 'utf8');
  return {
    hash: (purpose, value) => mac(purpose, value).digest('hex'),
    matches(purpose, value, stored) {
      const a = mac(purpose, value).digest();
      const b = Buffer.from(stored, 'hex');
      return a.length === b.length && timingSafeEqual(a, b);
    },
    derive: (purpose, value) => mac(`derive:${purpose}`, value).digest('base64url'),
    seal(purpose, plaintext) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', mac(`seal:${purpose}`, '').digest(), iv);
      const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
      return ['v1', iv, cipher.getAuthTag(), body]
        .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
        .join('.');
    },
    open(purpose, sealed) {
      const [version, iv, tag, body] = sealed.split('.');
      if (version !== 'v1' || !iv || !tag || body === undefined) return null;
      try {
        const decipher = createDecipheriv(
          'aes-256-gcm',
          mac(`seal:${purpose}`, '').digest(),
          Buffer.from(iv, 'base64url'),
        );
        decipher.setAuthTag(Buffer.from(tag, 'base64url'));
        return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
      } catch {
        return null;
      }
    },
  };
}
