import {
  type CategoryFilter,
  categoryFromName,
  listQueryFromSearch,
  type PriceBand,
  type SortOrder,
} from '@bilum/shared';
import { toQuery } from '../../lib/api-client';
import { type ListQuery, pageSizeFromSearch } from './catalog.api';
import type { CatalogPaths } from './catalog-paths';

/** What a category page filters by: the category from the path, the rest from the query string. */
export interface CategoryFilters {
  category: CategoryFilter;
  q?: string;
  price?: PriceBand;
  sort: SortOrder;
  /** Products per server page, when the address asks for other than the default (`?pageSize=`). */
  pageSize?: number;
}

/**
 * Whether `value` can be a category page's filter: "all" or a category's slug as its address writes it (lower
 * case). Only its shape: whether the shop has such a visible category is the categories list's to say
 * (`useCategories`), and the category page shows not found when it has not.
 */
export function isCategoryFilter(value: string): value is CategoryFilter {
  return categoryFromName(value) === value;
}

export function filtersFromLocation(category: CategoryFilter, search: URLSearchParams): CategoryFilters {
  const { q, price, sort = 'default' } = listQueryFromSearch(search);
  return { category, q, price, sort, pageSize: pageSizeFromSearch(search) };
}

/** What the category page asks the server for (GET /api/products): its filters, one page at a time. */
export function categoryListQuery(filters: CategoryFilters): ListQuery {
  return {
    category: filters.category,
    q: filters.q,
    price: filters.price,
    sort: filters.sort,
    pageSize: filters.pageSize,
  };
}

/** The shareable address of a filtered category page; defaults are left out so plain pages stay plain. */
export function categoryHref(paths: CatalogPaths, filters: CategoryFilters): string {
  const sort = filters.sort === 'default' ? undefined : filters.sort;
  const { q, price, pageSize } = filters;
  return `${paths.category(filters.category)}${toQuery({ q, price, sort, pageSize })}`;
}

/** How many drawer choices differ from the defaults (the category is the page itself, so it does not count). */
export function activeFilterCount(filters: CategoryFilters): number {
  return [filters.price !== undefined, filters.sort !== 'default'].filter(Boolean).length;
}
