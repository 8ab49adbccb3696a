import {
  MAX_PRODUCT_PAGE_SIZE,
  type ProductListInput,
  type ProductListItem,
  type ProductListPage,
} from '@bilum/shared';
import {
  type InfiniteData,
  infiniteQueryOptions,
  keepPreviousData,
  type QueryClient,
  useInfiniteQuery,
} from '@tanstack/react-query';
import { api, toQuery } from '../../lib/api-client';
import { useSession } from '../../lib/session';

/**
 * What a storefront list asks the server for (GET /api/products, decision 014), without the page number: the
 * filters of the page's address. Only the values that differ from the defaults, so one list has one cache key
 * whether the server rendered it or the browser asked for it.
 */
export type ListQuery = Omit<ProductListInput, 'page'>;

/** Whose prices a list shows: the server answers a signed-in Premium member's list with member prices. */
export type ListViewer = 'guest' | 'member';

export const catalogKeys = {
  lists: ['products', 'list'] as const,
  list: (query: ListQuery, viewer: ListViewer) => ['products', 'list', normaliseListQuery(query), viewer] as const,
  detail: (id: number) => ['products', 'detail', id] as const,
};

export type ProductPages = InfiniteData<ProductListPage>;

/** Drops defaults and empty values, in one order, so equal lists have equal keys and addresses. */
export function normaliseListQuery(query: ListQuery): ListQuery {
  const normal: ListQuery = {};
  if (query.q?.trim()) normal.q = query.q.trim();
  if (query.category && query.category !== 'all') normal.category = query.category;
  if (query.price) normal.price = query.price;
  if (query.feature && query.feature !== 'all') normal.feature = query.feature;
  if (query.sort && query.sort !== 'default') normal.sort = query.sort;
  if (query.pageSize !== undefined) normal.pageSize = query.pageSize;
  return normal;
}

/**
 * A page size from the page's address (`?pageSize=12`), when the server accepts it: lets a link or a test ask for
 * smaller pages; otherwise the server's default (24).
 */
export function pageSizeFromSearch(search: { get(name: string): string | null }): number | undefined {
  const text = search.get('pageSize');
  if (!text || !/^\d{1,3}$/.test(text)) return undefined;
  const size = Number(text);
  return size >= 1 && size <= MAX_PRODUCT_PAGE_SIZE ? size : undefined;
}

export function fetchProductPage(query: ListQuery, page: number, signal?: AbortSignal) {
  const { q, category, price, feature, sort, pageSize } = normaliseListQuery(query);
  return api<ProductListPage>(
    `/products${toQuery({ q, category, price, feature, sort, page: page > 1 ? page : undefined, pageSize })}`,
    { signal },
  );
}

/** The page after `last`, while there is one. */
export function nextPageOf(last: ProductListPage): number | undefined {
  return last.items.length > 0 && last.page < last.pageCount ? last.page + 1 : undefined;
}

export function productPagesOptions(query: ListQuery, viewer: ListViewer) {
  return infiniteQueryOptions({
    queryKey: catalogKeys.list(query, viewer),
    queryFn: ({ pageParam, signal }) => fetchProductPage(query, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: nextPageOf,
    // The loaded pages outlive a visit to a product (Back shows them all again, at the same place).
    gcTime: 30 * 60_000,
  });
}

/** One list's loaded pages, as the shopper scrolls or taps Show more; a new filter keeps the last list shown. */
export function useProductPages(query: ListQuery) {
  const { isMember } = useSession();
  return useInfiniteQuery({
    ...productPagesOptions(query, isMember ? 'member' : 'guest'),
    placeholderData: keepPreviousData,
  });
}

/** The first page of a list (from the cache when it is there): its total is what a filter toast reports. */
export async function firstPageOf(client: QueryClient, query: ListQuery, viewer: ListViewer) {
  const pages = await client.ensureInfiniteQueryData(productPagesOptions(query, viewer));
  return pages.pages[0]!;
}

/** Every product of the loaded pages, each once (a product that moved between pages while loading shows once). */
export function itemsOf(pages: ProductPages | undefined): ProductListItem[] {
  const seen = new Set<number>();
  const items: ProductListItem[] = [];
  for (const page of pages?.pages ?? []) {
    for (const item of page.items) {
      if (seen.has(item.id)) continue;
      seen.add(item.id);
      items.push(item);
    }
  }
  return items;
}

/** A product from any list page in the cache (the card's data, shown at once while the detail page loads). */
export function cachedListItem(client: QueryClient, id: number): ProductListItem | undefined {
  for (const [, pages] of client.getQueriesData<ProductPages>({ queryKey: catalogKeys.lists })) {
    for (const page of pages?.pages ?? []) {
      const item = page.items.find((product) => product.id === id);
      if (item) return item;
    }
  }
  return undefined;
}
