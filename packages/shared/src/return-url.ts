/** Where the shop goes after sign-in when no (acceptable) returnUrl is given. */
export const defaultSignInDestination = '/dashboard';

/** Stands for the shop's origin where the caller does not know it: only paths of the shop are then accepted. */
const unknownShopOrigin = 'http://shop.invalid';

/**
 * The one check of every return URL and redirect target in the shop (sign-in, checkout, the 3-D Secure page):
 * the value parsed with the URL parser against the shop's own origin, accepted only when the result is on that
 * origin, and answered as the normalised path + query + hash, which is what the caller must use. A path is
 * resolved against `shopOrigin`, an absolute URL taken as it is (so `http:evil.example` is another host).
 * Refused (null): other origins (`https://evil.example`, `//evil.example`, `/\evil.example`, `\\evil.example`),
 * schemes such as `javascript:`, control characters the parser would drop (`/\t/evil.example`), surrounding
 * spaces, and paths that normalise to a protocol-relative one (`/.//evil.example`, `/%2e%2e//evil.example`),
 * which as a Location header would lead to another site.
 */
export function shopReturnPath(value: unknown, shopOrigin: string = unknownShopOrigin): string | null {
  if (typeof value !== 'string' || value.length === 0 || value.length > 2000) return null;
  // eslint-disable-next-line no-control-regex -- the point is to refuse control characters
  if (/[\u0000-\u001f\u007f]/.test(value) || value.trim() !== value) return null;
  let origin: string;
  let url: URL;
  try {
    origin = new URL(shopOrigin).origin;
    url = value.startsWith('/') ? new URL(value, `${origin}/`) : new URL(value);
  } catch {
    return null;
  }
  if (url.origin !== origin || url.pathname.startsWith('//')) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** The return URL as a path of the shop (shopReturnPath), or `fallback` when it is not one. */
export function safeReturnUrl(
  value: unknown,
  fallback: string = defaultSignInDestination,
  shopOrigin: string = unknownShopOrigin,
): string {
  return shopReturnPath(value, shopOrigin) ?? fallback;
}

/** True when `value` is already exactly the path shopReturnPath would answer, so it may be used as it is. */
export function isSafeReturnUrl(value: unknown, shopOrigin: string = unknownShopOrigin): value is string {
  return typeof value === 'string' && shopReturnPath(value, shopOrigin) === value;
}

/** The sign-in page that comes back to `path` afterwards. */
export function signInPath(path: string): string {
  return isSafeReturnUrl(path) && path !== '/login' ? `/login?returnUrl=${encodeURIComponent(path)}` : '/login';
}
