/** Where the shop goes after sign-in when no (acceptable) returnUrl is given. */
export const defaultSignInDestination = '/dashboard';

/**
 * A returnUrl may only be a path inside the shop: it starts with a single "/", is not protocol-relative
 * ("//evil.example" or "/\evil.example", which browsers treat alike), carries no scheme and no control
 * characters. Anything else falls back, so a crafted link cannot send a shopper to another site after sign-in.
 */
export function isSafeReturnUrl(value: unknown): value is string {
  if (typeof value !== 'string' || value.length === 0 || value.length > 2000) return false;
  if (!value.startsWith('/')) return false;
  const second = value.charAt(1);
  if (second === '/' || second === '\\') return false;
  // eslint-disable-next-line no-control-regex -- the point is to refuse control characters
  if (/[\u0000-\u001f\u007f]/.test(value)) return false;
  // Resolving against a dummy origin must keep that origin: no scheme or host can hide in the path.
  try {
    return new URL(value, 'http://shop.invalid').origin === 'http://shop.invalid';
  } catch {
    return false;
  }
}

export function safeReturnUrl(value: unknown, fallback: string = defaultSignInDestination): string {
  return isSafeReturnUrl(value) ? value : fallback;
}

/** The sign-in page that comes back to `path` afterwards. */
export function signInPath(path: string): string {
  return isSafeReturnUrl(path) && path !== '/login' ? `/login?returnUrl=${encodeURIComponent(path)}` : '/login';
}
