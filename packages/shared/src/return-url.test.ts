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
];

describe('shopReturnPath', () => {
  it('keeps paths of the shop, with their query and hash, normalised', () => {
    expect(shopReturnPath('/checkout', shop)).toBe('/checkout');
    expect(shopReturnPath('/cart?x=1#top', shop)).toBe('/cart?x=1#top');
    expect(shopReturnPath('/', shop)).toBe('/');
    expect(shopReturnPath('/a/../cart', shop)).toBe('/cart');
    expect(shopReturnPath('/./cart', shop)).toBe('/cart');
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
