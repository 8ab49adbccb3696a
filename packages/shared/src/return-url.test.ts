import { describe, expect, it } from 'vitest';
import { isSafeReturnUrl, safeReturnUrl, signInPath } from './return-url';

describe('safeReturnUrl', () => {
  it('keeps paths inside the shop, with their query and hash', () => {
    expect(safeReturnUrl('/checkout')).toBe('/checkout');
    expect(safeReturnUrl('/cart?x=1#top')).toBe('/cart?x=1#top');
    expect(safeReturnUrl('/')).toBe('/');
  });

  it('refuses other sites, protocol-relative and backslash tricks, schemes and control characters', () => {
    for (const hostile of [
      'https://evil.example/',
      '//evil.example',
      '/\\evil.example',
      'javascript:alert(1)',
      'evil.example',
      '/\n/evil.example',
      '/\t/evil.example',
      '',
      '  /cart',
    ]) {
      expect(isSafeReturnUrl(hostile), hostile).toBe(false);
      expect(safeReturnUrl(hostile)).toBe('/dashboard');
    }
  });

  it('refuses values that are not strings and uses the given fallback', () => {
    expect(safeReturnUrl(undefined)).toBe('/dashboard');
    expect(safeReturnUrl(['/cart'], '/')).toBe('/');
  });
});

describe('signInPath', () => {
  it('links to /login with the page to come back to', () => {
    expect(signInPath('/cart')).toBe('/login?returnUrl=%2Fcart');
    expect(signInPath('/item/3?x=1')).toBe('/login?returnUrl=%2Fitem%2F3%3Fx%3D1');
    expect(signInPath('//evil.example')).toBe('/login');
  });
});
