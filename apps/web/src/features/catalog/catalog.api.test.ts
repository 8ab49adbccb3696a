import type { ProductListPage } from '@bilum/shared';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import {
  cachedListItem,
  catalogKeys,
  itemsOf,
  nextPageOf,
  normaliseListQuery,
  pageSizeFromSearch,
  type ProductPages,
} from './catalog.api';
import { categoryListQuery, filtersFromLocation } from './category-filters';
import { homeListQuery } from './list-queries';
import { testProduct } from './test-product';

const page = (at: number, pageCount: number, ids: number[]): ProductListPage => ({
  items: ids.map((id) => ({ ...testProduct, id, memberPrice: null, priceFrom: null })),
  total: pageCount * 2,
  page: at,
  pageSize: 2,
  pageCount,
});

describe('the storefront list’s query and cache key', () => {
  it('leaves out defaults and empty values, so the server’s first screen and the browser share one key', () => {
    expect(normaliseListQuery({ category: 'all', feature: 'all', sort: 'default', q: '  ' })).toEqual({});
    expect(
      catalogKeys.list({ sort: 'priceAsc', q: ' sam ', category: 'phones', price: 'over-1000', pageSize: 6 }, 'guest'),
    ).toEqual([
      'products',
      'list',
      { q: 'sam', category: 'phones', price: 'over-1000', sort: 'priceAsc', pageSize: 6 },
      'guest',
    ]);
    // A member's list is another list: the server answers it with member prices.
    expect(catalogKeys.list({}, 'member')).not.toEqual(catalogKeys.list({}, 'guest'));
  });

  it('takes a page size from the address only when the server accepts it (1 to 60)', () => {
    const size = (text: string) => pageSizeFromSearch(new URLSearchParams(text));
    expect(size('pageSize=6')).toBe(6);
    expect(size('pageSize=60')).toBe(60);
    for (const bad of ['', 'pageSize=0', 'pageSize=61', 'pageSize=abc', 'pageSize=2.5', 'pageSize=-1']) {
      expect(size(bad), bad).toBeUndefined();
    }
  });

  it('reads the home and category lists from their addresses', () => {
    expect(normaliseListQuery(homeListQuery(new URLSearchParams('feature=hot-deals&sort=priceAsc')))).toEqual({
      feature: 'hot-deals',
    });
    expect(normaliseListQuery(homeListQuery(new URLSearchParams('feature=nope')))).toEqual({});
    const filters = filtersFromLocation(
      'cameras',
      new URLSearchParams('q=canon&price=under-500&sort=nameAsc&pageSize=4'),
    );
    expect(normaliseListQuery(categoryListQuery(filters))).toEqual({
      q: 'canon',
      category: 'cameras',
      price: 'under-500',
      sort: 'nameAsc',
      pageSize: 4,
    });
  });
});

describe('the loaded pages', () => {
  it('ask for the next page until the last', () => {
    expect(nextPageOf(page(1, 3, [1, 2]))).toBe(2);
    expect(nextPageOf(page(3, 3, [5, 6]))).toBeUndefined();
    expect(nextPageOf(page(1, 0, []))).toBeUndefined();
  });

  it('list each product once, in page order', () => {
    const pages: ProductPages = { pages: [page(1, 2, [1, 2]), page(2, 2, [2, 3])], pageParams: [1, 2] };
    expect(itemsOf(pages).map((item) => item.id)).toEqual([1, 2, 3]);
    expect(itemsOf(undefined)).toEqual([]);
  });

  it('give a product page the card’s data from any list in the cache, not just the first page of home', () => {
    const client = new QueryClient();
    client.setQueryData<ProductPages>(catalogKeys.list({ category: 'phones' }, 'guest'), {
      pages: [page(1, 2, [1, 2]), page(2, 2, [3, 4])],
      pageParams: [1, 2],
    });
    expect(cachedListItem(client, 4)?.id).toBe(4);
    expect(cachedListItem(client, 9)).toBeUndefined();
  });
});
