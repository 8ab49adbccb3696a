import { isProductFeature } from '@bilum/shared';
import { type ListQuery, pageSizeFromSearch } from './catalog.api';

/**
 * The home list's query from the page's address: the feature chip, and a page size a link may ask for. The page
 * and the server's first screen (app/first-screen-seeds.ts) both read it here, so they share one cache key.
 */
export function homeListQuery(search: URLSearchParams): ListQuery {
  const requested = search.get('feature');
  return { feature: isProductFeature(requested) ? requested : 'all', pageSize: pageSizeFromSearch(search) };
}
