import { describe, expect, it } from 'vitest';
import { catalogPaths } from './catalog-paths';
import { activeFilterCount, categoryHref, filtersFromLocation, isCategoryFilter } from './category-filters';

describe('category page addresses', () => {
  const guest = catalogPaths('guest', false);
  const member = catalogPaths('member', true);

  it('puts the search, price band and sort in the query and leaves the defaults out', () => {
    expect(categoryHref(guest, { category: 'phones', q: 'samsung', price: 'over-1000', sort: 'priceAsc' })).toBe(
      '/category/phones?q=samsung&price=over-1000&sort=priceAsc',
    );
    expect(categoryHref(guest, { category: 'all', sort: 'default' })).toBe('/category/all');
    expect(categoryHref(member, { category: 'cameras', sort: 'nameAsc' })).toBe(
      '/dashboard-category/cameras?sort=nameAsc',
    );
  });

  it('reads the same filters back from an address, so a reload shows the same results', () => {
    const filters = { category: 'phones', q: 'galaxy s', price: '500-1000', sort: 'priceDesc' } as const;
    const href = categoryHref(guest, filters);
    const search = new URLSearchParams(href.split('?')[1]);
    expect(filtersFromLocation('phones', search)).toEqual(filters);
  });

  it('takes "all" and anything shaped like a category’s address; whether the shop has it is the list’s to say', () => {
    expect(['all', 'phones', 'solar-lights', 'boats', 'tvs2'].every(isCategoryFilter)).toBe(true);
    for (const value of ['', 'Phones', 'ALL', 'solar lights', 'solar--lights', '-solar', 'a'.repeat(61)]) {
      expect(isCategoryFilter(value), value).toBe(false);
    }
  });

  it('counts the price band and sort as active drawer filters', () => {
    expect(activeFilterCount({ category: 'phones', sort: 'default' })).toBe(0);
    expect(activeFilterCount({ category: 'phones', price: 'under-500', sort: 'nameAsc' })).toBe(2);
  });
});

describe('catalogPaths', () => {
  it('sends guests to /index-item and signed-in shoppers and member pages to /item', () => {
    expect(catalogPaths('guest', false).detailBase).toBe('/index-item');
    expect(catalogPaths('guest', true).detailBase).toBe('/item');
    expect(catalogPaths('member', false).detailBase).toBe('/item');
    expect(catalogPaths('member', true).home).toBe('/dashboard');
  });
});
