import { describe, expect, it } from 'vitest';
import {
  canonicalCategoryPath,
  canonicalProductPath,
  matchSitePage,
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
