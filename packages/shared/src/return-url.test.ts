import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isSafeReturnUrl, safeReturnUrl, shopReturnPath, signInPath } from './return-url';

const shop = 'https://shop.example.pg';

/** Every trick of the outside audits (issue 16) to turn a return URL into a trip to another site. */
const hostileReturnUrls = [
  'https://evil.example/',
  'http://evil.example',
  'HTTPS://evil.example',
  'https:evil.example',
  'http:evil.example',
  '//evil.example',
  '//evil.example/path',
  '///evil.example',
  '/\\evil.example',
  '\\\\evil.example',
  '\\/evil.example',
  '/.//evil.example',
  '/./\\evil.example',
  '/..//evil.example',
  '/a/..//evil.example',
  '/%2e//evil.example',
  '/%2E%2E//evil.example',
  '/.%2e//evil.example',
  '%2F%2Fevil.example',
  '%2f%2fevil.example',
  '/\t/evil.example',
  '/\n/evil.example',
  '/\r/evil.example',
  '\t//evil.example',
  ' //evil.example',
  '/\u0000/evil.example',
  'java\tscript:alert(1)',
  'javascript:alert(1)',
  'JavaScript:alert(1)//',
  'data:text/html,<script>alert(1)</script>',
  'evil.example',
  'https://shop.example.pg.evil.example/',
  'https://shop.example.pg@evil.example/',
  'http://shop.example.pg/cart',
  '',
  '  /cart',
  '/cart ',
  // Issue 28: encoded slashes, backslashes and control characters, once or many times over.
  '/%2F%2Fevil.example',
  '/%2f%2fevil.example',
  '/%2F/evil.example',
  '/%5C%5Cevil.example',
  '/%5C/evil.example',
  '/%5c%2fevil.example',
  '/%252F%252Fevil.example',
  '/%25252F%25252Fevil.example',
  '/%09/evil.example',
  '/%0A//evil.example',
  '/%00',
  '/%2e%2e%2F%2Fevil.example',
  '/a/%2e%2e/%2F%2Fevil.example',
  '/a/%252e%252e//evil.example',
  '/.%2F%2Fevil.example',
  '/%E0%A4%A',
  '/%2525252525252525252F',
  // Protocol-relative to the shop's own host is still protocol-relative once decoded (found by the property below).
  '/%5Cshop.example.pg',
  '//shop.example.pg/cart',
  '/\\shop.example.pg/cart',
];

describe('shopReturnPath', () => {
  it('keeps paths of the shop, with their query and hash, normalised', () => {
    expect(shopReturnPath('/checkout', shop)).toBe('/checkout');
    expect(shopReturnPath('/cart?x=1#top', shop)).toBe('/cart?x=1#top');
    expect(shopReturnPath('/', shop)).toBe('/');
    expect(shopReturnPath('/a/../cart', shop)).toBe('/cart');
    expect(shopReturnPath('/./cart', shop)).toBe('/cart');
  });

  it('keeps encoded characters that cannot lead off the shop, as the parser normalised them', () => {
    expect(shopReturnPath('/caf%C3%A9', shop)).toBe('/caf%C3%A9');
    expect(shopReturnPath('/products/a%2Fb?q=%2F%2Fx', shop)).toBe('/products/a%2Fb?q=%2F%2Fx');
    expect(shopReturnPath('/search?q=%5C%5C#%2F%2F', shop)).toBe('/search?q=%5C%5C#%2F%2F');
  });

  it('takes an absolute address on the shop’s own origin and answers its path', () => {
    expect(shopReturnPath('https://shop.example.pg/guestcheckout?step=2', shop)).toBe('/guestcheckout?step=2');
    expect(shopReturnPath('https://SHOP.example.pg:443/cart', shop)).toBe('/cart');
  });

  it.each(hostileReturnUrls)('refuses %j', (hostile) => {
    expect(shopReturnPath(hostile, shop)).toBeNull();
    expect(shopReturnPath(hostile)).toBeNull();
    expect(safeReturnUrl(hostile, '/fallback', shop)).toBe('/fallback');
    expect(isSafeReturnUrl(hostile, shop)).toBe(false);
  });

  it('never answers anything a browser would read as another host', () => {
    for (const value of ['/x', '/.//y', '/%2e%2e/%2F/z', '/a\\b', '/%5C%5Cevil.example']) {
      const path = shopReturnPath(value, shop);
      if (path === null) continue;
      expect(path.startsWith('/')).toBe(true);
      expect(path.startsWith('//')).toBe(false);
      expect(new URL(path, shop).origin).toBe(shop);
    }
  });
});

/** Strings made of the pieces the tricks are made of, so that the generator finds them often. */
const trickyPiece = fc.constantFrom(
  '/',
  '//',
  '\\',
  '%2F',
  '%2f',
  '%5C',
  '%25',
  '%2e',
  '.',
  '..',
  '%',
  '2',
  'F',
  '5',
  'C',
  'e',
  ':',
  '@',
  '?',
  '#',
  '\t',
  '\n',
  ' ',
  '%09',
  '%0A',
  'evil.example',
  'https:',
  'javascript:',
  'shop.example.pg',
  'cart',
);
const trickyString = fc.oneof(
  fc.array(trickyPiece, { maxLength: 12 }).map((pieces) => pieces.join('')),
  fc.string({ maxLength: 60, unit: 'binary' }),
);

/** The path read as a server that decodes it until it no longer changes would read it. */
function fullyDecoded(path: string): string {
  let current = path;
  for (let round = 0; round < 20; round += 1) {
    const next = decodeURIComponent(current);
    if (next === current) break;
    current = next;
  }
  return current;
}

describe('safeReturnUrl, whatever string goes in (property)', () => {
  it('answers a path of the shop: one leading slash, never two, and still on the shop once fully decoded', () => {
    fc.assert(
      fc.property(trickyString, (value) => {
        const path = safeReturnUrl(value, '/fallback', shop);
        expect(path.startsWith('/')).toBe(true);
        expect(path.startsWith('//')).toBe(false);
        expect(path.startsWith('/\\')).toBe(false);
        expect(new URL(path, shop).origin).toBe(shop);
        const decoded = fullyDecoded(new URL(path, shop).pathname);
        expect(decoded.startsWith('//') || decoded.startsWith('/\\')).toBe(false);
        expect(new URL(decoded, shop).origin).toBe(shop);
      }),
      { numRuns: 5000 },
    );
  });
});

describe('safeReturnUrl', () => {
  it('refuses values that are not strings and uses the given fallback', () => {
    expect(safeReturnUrl(undefined)).toBe('/dashboard');
    expect(safeReturnUrl(['/cart'], '/')).toBe('/');
    expect(safeReturnUrl({ toString: () => '/cart' }, '/')).toBe('/');
  });

  it('answers the normalised path, not the value as sent', () => {
    expect(safeReturnUrl('/a/../cart', '/')).toBe('/cart');
    expect(isSafeReturnUrl('/a/../cart')).toBe(false);
    expect(isSafeReturnUrl('/cart')).toBe(true);
  });
});

describe('signInPath', () => {
  it('links to /login with the page to come back to', () => {
    expect(signInPath('/cart')).toBe('/login?returnUrl=%2Fcart');
    expect(signInPath('/item/3?x=1')).toBe('/login?returnUrl=%2Fitem%2F3%3Fx%3D1');
    expect(signInPath('//evil.example')).toBe('/login');
    expect(signInPath('/.//evil.example')).toBe('/login');
  });
});
