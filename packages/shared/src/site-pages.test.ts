import { describe, expect, it } from 'vitest';
import {
  categoryPageText,
  canonicalCategoryPath,
  canonicalProductPath,
  matchSitePage,
  shopDescription,
  shopHomeTitle,
  shopPageTitle,
  sitePages,
  sitePageTitle,
  tokPisinPageTexts,
  productIdFromParam,
  robotsDisallowedPaths,
  schemaAvailability,
} from './site-pages';

describe('matchSitePage (issue 20: unknown addresses answer 404)', () => {
  it('finds the app’s pages, with their parameters, in any letters and with one trailing slash', () => {
    expect(matchSitePage('/')?.page.kind).toBe('home');
    expect(matchSitePage('/category/phones')?.params).toEqual({ categoryName: 'phones' });
    expect(matchSitePage('/category')?.params).toEqual({ categoryName: undefined });
    expect(matchSitePage('/Category/Phones/')?.page.kind).toBe('category');
    expect(matchSitePage('/itemdetail/12')).toMatchObject({ page: { kind: 'product' }, params: { id: '12' } });
    expect(matchSitePage('/terms-of-service')?.page.canonical).toBe('/terms');
    expect(matchSitePage('/checkout')?.page.kind).toBe('private');
  });

  it('finds nothing for other addresses', () => {
    for (const path of [
      '/nope',
      '/category/phones/extra',
      '/item',
      '/item/1/2',
      '//',
      '/cart//',
      '/index-item/%E0%A4%A',
    ]) {
      expect(matchSitePage(path), path).toBeNull();
    }
  });
});

describe('canonical addresses', () => {
  it('gives one product address and one category address', () => {
    expect(canonicalProductPath(42)).toBe('/index-item/42');
    expect(canonicalCategoryPath('PHONES')).toBe('/category/phones');
    expect(canonicalCategoryPath(undefined)).toBe('/category/all');
    expect(canonicalCategoryPath('Solar-Lights')).toBe('/category/solar-lights');
    expect(canonicalCategoryPath('not a slug!')).toBeNull();
  });

  it('reads a product id only when it is all digits, as the page does', () => {
    expect(productIdFromParam('12')).toBe(12);
    for (const value of ['1.5', '0', '-1', '1e3', 'abc', '1234567890', undefined]) {
      expect(productIdFromParam(value), String(value)).toBeNull();
    }
  });
});

describe('schemaAvailability', () => {
  const product = { status: 'active' as const, stock: 3, isMembership: false, reserved: false };
  it('is InStock with units on hand, OutOfStock when sold out or reserved, InStock for the membership', () => {
    expect(schemaAvailability(product)).toBe('InStock');
    expect(schemaAvailability({ ...product, stock: 0, status: 'sold' })).toBe('OutOfStock');
    expect(schemaAvailability({ ...product, stock: 0, status: 'sold', reserved: true })).toBe('OutOfStock');
    expect(schemaAvailability({ ...product, stock: 0, isMembership: true })).toBe('InStock');
    expect(schemaAvailability({ ...product, status: 'inactive' })).toBe('OutOfStock');
  });
});

describe('robotsDisallowedPaths', () => {
  it('keeps crawlers out of the API, accounts, checkout and admin, not the storefront', () => {
    expect(robotsDisallowedPaths).toEqual(
      expect.arrayContaining(['/api/', '/checkout', '/cart', '/profile', '/settings']),
    );
    expect(robotsDisallowedPaths.filter((path) => path.includes(':'))).toEqual([]);
    expect(new Set(robotsDisallowedPaths).size).toBe(robotsDisallowedPaths.length);
    for (const open of ['/', '/category', '/index-item', '/terms', '/contact', '/membership']) {
      expect(robotsDisallowedPaths).not.toContain(open);
    }
  });
});

describe('the pages’ titles and descriptions in Tok Pisin (issue 31)', () => {
  it('has Tok Pisin for exactly the shopper pages’ titles and descriptions, and none for the staff’s', () => {
    const shopper = sitePages.filter((page) => !page.staff);
    const english = new Set([
      shopHomeTitle,
      shopDescription,
      'Oops! Page not found',
      'Product not found',
      ...shopper
        .flatMap((page) => [page.title, page.description])
        .filter((text) => text !== undefined && text !== null),
    ]);
    expect(Object.keys(tokPisinPageTexts).sort()).toEqual([...english].sort());
    // The staff's pages: English only, like the rest of the admin.
    const staff = sitePages.filter((page) => page.staff);
    expect(staff.map((page) => page.pattern)).toContain('/order-inventory/:orderId/invoice');
    for (const page of staff) expect(sitePageTitle(page, 'tpi')).toBe(`${page.title} - Bilum`);
    expect(sitePageTitle(matchSitePage('/invoice/7')!.page, 'tpi')).toBe('Takis invois - Bilum');
    for (const text of Object.values(tokPisinPageTexts)) expect(text.trim()).not.toBe('');
  });

  it('keeps English as it was, and writes a Tok Pisin page’s title in Tok Pisin', () => {
    expect(shopPageTitle('Privacy Policy')).toBe('Privacy Policy - Bilum');
    expect(shopPageTitle('Privacy Policy', 'tpi')).toBe('Lo bilong Praivesi - Bilum');
    expect(shopPageTitle(null, 'en')).toBe(shopHomeTitle);
    expect(shopPageTitle(null, 'tpi')).toBe('Bilum – fon, kompiuta, kamera na planti moa long Papua Niugini');
    // A category's name is the owner's: the same in both languages.
    expect(shopPageTitle('Phones', 'tpi')).toBe('Phones - Bilum');
    expect(categoryPageText(null, ['Phones', 'Cameras'], 'tpi')).toEqual({
      title: 'Olgeta Samting',
      description:
        'Baim phones na cameras long kina long Bilum. Mipela i salim long olgeta hap bilong Papua Niugini, o yu kisim long stua long Pot Mosbi.',
    });
    expect(categoryPageText(null, ['Phones', 'Cameras']).description).toBe(
      'Shop phones and cameras in kina at Bilum, with delivery across Papua New Guinea and pickup in Port Moresby.',
    );
  });
});
