import { canonicalCategoryUrl, categoryFromName, categoryTitle, type CategoryFilter } from '@bilum/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { Link, useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { Button } from '../../components/ui/button';
import { ArrowLeftIcon } from '../../components/ui/action-icons';
import { PageNotFound } from '../../components/ui/not-found';
import { EmptyState } from '../../components/ui/states';
import { useT } from '../../i18n/react';
import { findCategory, useCategories } from '../../lib/categories';
import { useSession } from '../../lib/session';
import { useDocumentTitle } from '../../lib/use-document-title';
import { firstPageOf, useProductPages } from './catalog.api';
import { type Audience, useCatalogPaths } from './catalog-paths';
import { categoryHref, categoryListQuery, type CategoryFilters, filtersFromLocation } from './category-filters';
import { CategoryToolbar } from './CategoryToolbar';
import { announceResults } from './filter-toasts';
import { PagedProductList } from './PagedProductList';

interface CategoryResultsProps {
  audience: Audience;
  category: CategoryFilter;
  /** The category's name ("All Products" for every product). */
  title: string;
}

function CategoryResults({ audience, category, title }: CategoryResultsProps) {
  useDocumentTitle(title);
  const t = useT();
  const paths = useCatalogPaths(audience);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { isMember } = useSession();
  const [searchParams] = useSearchParams();
  const filters = useMemo(() => filtersFromLocation(category, searchParams), [category, searchParams]);
  const products = useProductPages(categoryListQuery(filters));
  // The count of the list on screen (a new filter's list shows once its first page is there).
  const total = products.data?.pages[0]?.total;
  // A search that found nothing: the words of the products' names closest to it (decision 043).
  const didYouMean = products.data?.pages[0]?.didYouMean;

  const apply = (next: CategoryFilters) => {
    navigate(categoryHref(paths, next));
    // The spec's toast counts what the server found, on every page of the list.
    firstPageOf(queryClient, categoryListQuery(next), isMember ? 'member' : 'guest').then(
      (page) => announceResults(page.total, t),
      () => undefined,
    );
  };
  const reset = () => navigate(categoryHref(paths, { category, sort: 'default', pageSize: filters.pageSize }));

  return (
    <div className="mx-auto max-w-7xl px-4 py-6">
      {audience === 'member' && (
        <Link
          to="/dashboard"
          className="mb-3 inline-flex items-center gap-1 text-sm font-semibold text-brand-700 hover:underline"
        >
          <ArrowLeftIcon className="size-4" />
          {t('category.backToDashboard')}
        </Link>
      )}
      <h1 className="mb-4 text-2xl font-bold text-stone-900 sm:text-3xl">{title}</h1>
      <CategoryToolbar filters={filters} onApply={apply} onReset={reset} />
      {total === undefined ? (
        <div className="mt-5">
          <PagedProductList query={products} detailBase={paths.detailBase} />
        </div>
      ) : (
        <>
          <p role="status" className="my-4 text-sm font-medium text-stone-600">
            {products.isPlaceholderData
              ? filters.q
                ? t('category.searchingFor', { q: filters.q })
                : t('category.searching')
              : filters.q
                ? t('category.itemCountFor', { count: total, q: filters.q })
                : t('category.itemCount', { count: total })}
          </p>
          <PagedProductList
            query={products}
            detailBase={paths.detailBase}
            empty={
              <EmptyState title={t('category.noProducts')}>
                {didYouMean && (
                  <p className="text-base text-stone-800">
                    {t('category.didYouMean')}{' '}
                    <Link
                      to={categoryHref(paths, { ...filters, q: didYouMean })}
                      className="font-semibold text-brand-700 underline hover:no-underline"
                    >
                      {didYouMean}
                    </Link>
                    ?
                  </p>
                )}
                <p className="text-sm text-stone-600">{t('category.tryOther')}</p>
                <Button onClick={reset}>{t('category.resetFiltersAndSearch')}</Button>
              </EmptyState>
            }
          />
        </>
      )}
    </div>
  );
}

/**
 * /category/{slug} and /dashboard-category/{slug}: "all", or one of the shop's visible categories (issue 30), with
 * its name; any other (unknown, hidden, or an old slug the app followed itself) is not found, as the server
 * answers it. The slug is case-insensitive (issue 17): /category/PHONES shows Phones, and the address becomes the
 * canonical one (the server answers such an address with a 301 already; this covers links followed inside the app).
 * Until the categories are known (the server renders the page with them) the list shows under the slug's words,
 * rather than a not-found page that may be wrong; likewise if they cannot be read.
 */
export default function CategoryPage({ audience = 'guest' }: { audience?: Audience }) {
  const { categoryName = 'all' } = useParams();
  const category = categoryFromName(categoryName);
  const { categories, status } = useCategories();
  const { pathname, search, hash } = useLocation();
  const navigate = useNavigate();
  const t = useT();
  const canonical = canonicalCategoryUrl(`${pathname}${search}${hash}`);
  useEffect(() => {
    if (canonical) navigate(canonical, { replace: true });
  }, [canonical, navigate]);
  if (!category) return <PageNotFound />;
  if (category === 'all')
    return <CategoryResults audience={audience} category={category} title={t('category.allProducts')} />;
  const shown = findCategory(categories, category);
  if (!shown && status === 'success') return <PageNotFound />;
  return <CategoryResults audience={audience} category={category} title={shown?.name ?? categoryTitle(category)} />;
}
