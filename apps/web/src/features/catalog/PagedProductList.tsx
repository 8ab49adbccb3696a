import { type ReactNode, useCallback, useEffect, useRef } from 'react';
import { Button } from '../../components/ui/button';
import { useStartupT } from '../../i18n/react';
import { itemsOf, type ProductPages } from './catalog.api';
import type { DetailBase } from './catalog-paths';
import { ProductGrid, ProductListPending } from './ProductGrid';

/** What the list needs of useProductPages (a TanStack infinite query). */
export interface ProductPagesQuery {
  data: ProductPages | undefined;
  /** The last list, shown while the one a new filter asked for loads. */
  isPlaceholderData?: boolean;
  isError: boolean;
  isFetchNextPageError: boolean;
  isFetchingNextPage: boolean;
  hasNextPage: boolean;
  fetchNextPage: () => Promise<unknown>;
  refetch: () => unknown;
}

/** How far below the screen the next page starts loading, so it is there by the time the shopper gets to it. */
const preloadMargin = '600px 0px';

/**
 * Loads the next page when the end of the list comes near the screen, once the shopper has scrolled (a page that
 * merely opened with its end in view loads nothing more: the Show more button is there for that).
 */
function useLoadOnScroll(query: ProductPagesQuery) {
  const near = useRef(false);
  const { hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage } = query;
  const pageCount = query.data?.pages.length ?? 0;
  const loadIfNear = useRef(() => {});
  loadIfNear.current = () => {
    if (near.current && window.scrollY > 0 && hasNextPage && !isFetchingNextPage && !isFetchNextPageError) {
      void fetchNextPage();
    }
  };

  // A ref callback with its own clean-up (React 19), not state: a state set while React attaches the element
  // would render the whole list a second time, at once, in the same long task as the page's hydration (issue 29).
  const watch = useCallback((sentinel: HTMLDivElement | null) => {
    if (!sentinel || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        near.current = entries.some((entry) => entry.isIntersecting);
        loadIfNear.current();
      },
      { rootMargin: preloadMargin },
    );
    observer.observe(sentinel);
    const onScroll = () => loadIfNear.current();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      observer.disconnect();
      window.removeEventListener('scroll', onScroll);
    };
  }, []);

  // A page that arrived and still leaves the end in view (a tall screen, a short page): the next one follows.
  useEffect(() => loadIfNear.current(), [pageCount, isFetchingNextPage]);
  return watch;
}

/**
 * After Show more, keyboard focus moves to the first product the new page added, so the next Tab goes on from
 * there instead of from the button below the list.
 */
function useFocusFirstNew(count: number) {
  const list = useRef<HTMLDivElement>(null);
  const focusFrom = useRef<number | null>(null);
  useEffect(() => {
    const from = focusFrom.current;
    if (from === null || count <= from) return;
    focusFrom.current = null;
    list.current?.querySelectorAll<HTMLAnchorElement>('li a')[from]?.focus();
  }, [count]);
  return { list, focusAfter: (shown: number) => (focusFrom.current = shown) };
}

/**
 * A storefront list, one server page after another (issue 20): the loaded products, a line saying how many of how
 * many are shown, and a "Show more" button; the next page also loads by itself as the shopper scrolls near the
 * end. `empty` is shown when nothing matches.
 */
export function PagedProductList({
  query,
  detailBase,
  empty,
}: {
  query: ProductPagesQuery;
  detailBase: DetailBase;
  empty?: ReactNode;
}) {
  const t = useStartupT();
  const items = itemsOf(query.data);
  const total = query.data?.pages[0]?.total ?? 0;
  const sentinel = useLoadOnScroll(query);
  const { list, focusAfter } = useFocusFirstNew(items.length);

  if (!query.data) return <ProductListPending query={query} />;
  if (items.length === 0 && empty) return empty;
  const showMore = () => {
    if (query.isFetchingNextPage) return;
    focusAfter(items.length);
    void query.fetchNextPage();
  };
  return (
    <div
      ref={list}
      aria-busy={query.isPlaceholderData || undefined}
      className={query.isPlaceholderData ? 'opacity-60 transition-opacity' : undefined}
    >
      <ProductGrid products={items} detailBase={detailBase} />
      <div className="mt-6 flex flex-col items-center gap-3">
        <p className="text-sm text-stone-600">{t('list.showing', { shown: items.length, total })}</p>
        {query.isFetchNextPageError ? (
          <div role="alert" className="flex flex-col items-center gap-2 text-sm text-red-800">
            <p>{t('list.failed')}</p>
            <Button variant="outline" onClick={showMore}>
              {t('list.tryAgain')}
            </Button>
          </div>
        ) : (
          query.hasNextPage && (
            // Not disabled while loading: a disabled button would drop the keyboard focus.
            <Button variant="outline" className="min-w-40" onClick={showMore} aria-busy={query.isFetchingNextPage}>
              {query.isFetchingNextPage ? t('list.loading') : t('list.showMore')}
            </Button>
          )
        )}
        <div ref={sentinel} aria-hidden className="h-px w-full" />
      </div>
    </div>
  );
}
