/** Where the shop goes after sign-in when no (acceptable) returnUrl is given. */
export const defaultSignInDestination = '/dashboard';

/** Stands for the shop's origin where the caller does not know it: only paths of the shop are then accepted. */
const unknownShopOrigin = 'http://shop.invalid';

/** More rounds of percent-encoding than any honest address carries: such a value is refused. */
const maxDecodeRounds = 5;

// eslint-disable-next-line no-control-regex -- the point is to refuse control characters
const controlCharacters = /[\u0000-\u001f\u007f]/;

/** The value parsed against the shop's origin when it stays on it as a path that is not protocol-relative. */
function onShop(value: string, origin: string): URL | null {
  if (controlCharacters.test(value) || value.trim() !== value) return null;
  // Protocol-relative (`//host`, `/\host`) names a host even when that host is the shop's own: never a path.
  if (/^[/\\][/\\]/.test(value)) return null;
  let url: URL;
  try {
    url = value.startsWith('/') ? new URL(value, `${origin}/`) : new URL(value);
  } catch {
    return null;
  }
  return url.origin === origin && !url.pathname.startsWith('//') ? url : null;
}

/**
 * The one check of every return URL and redirect target in the shop (sign-in, checkout, the 3-D Secure page):
 * the value parsed with the URL parser against the shop's own origin, accepted only when the result is on that
 * origin, and answered as the normalised path + query + hash, which is what the caller must use. A path is
 * resolved against `shopOrigin`, an absolute URL taken as it is (so `http:evil.example` is another host).
 * Refused (null): other origins (`https://evil.example`, `//evil.example`, `/\evil.example`, `\\evil.example`),
 * schemes such as `javascript:`, control characters the parser would drop (`/\t/evil.example`), surrounding
 * spaces, and paths that normalise to a protocol-relative one (`/.//evil.example`, `/%2e%2e//evil.example`),
 * which as a Location header would lead to another site.
 * The path is also judged as it reads once percent-decoded, again and again (issue 28): `/%2F%2Fevil.example`,
 * `/%5C%5Cevil.example` or `/%252F%252Fevil.example` become `//evil.example` for any server, proxy or router
 * that decodes before it redirects, so they are refused too, as are encoded control characters and an encoding
 * that does not decode.
 */
export function shopReturnPath(value: unknown, shopOrigin: string = unknownShopOrigin): string | null {
  if (typeof value !== 'string' || value.length === 0 || value.length > 2000) return null;
  let origin: string;
  try {
    origin = new URL(shopOrigin).origin;
  } catch {
    return null;
  }
  const url = onShop(value, origin);
  if (!url) return null;
  // Judged again as each round of percent-decoding reads; the answer stays the path as the parser normalised it.
  let path = url.pathname;
  for (let round = 0; ; round += 1) {
    let decoded: string;
    try {
      decoded = decodeURIComponent(path);
    } catch {
      return null;
    }
    if (decoded === path) break;
    if (round === maxDecodeRounds || !onShop(decoded, origin)) return null;
    path = decoded;
  }
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
