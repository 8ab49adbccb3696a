import { catalogMessages, type ProductListItem } from '@bilum/shared';
import { ErrorState } from '../../components/ui/states';
import { useStartupT } from '../../i18n/react';
import type { DetailBase } from './catalog-paths';
import { ProductCard } from './ProductCard';

export function ProductGrid({ products, detailBase }: { products: ProductListItem[]; detailBase: DetailBase }) {
  const t = useStartupT();
  return (
    <ul
      className="grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4 lg:grid-cols-4 xl:grid-cols-5"
      aria-label={t('grid.label')}
    >
      {products.map((product, index) => (
        <li
          key={product.id}
          data-scroll-anchor={`product-${product.id}`}
          className="flex [contain-intrinsic-size:auto_20rem] [content-visibility:auto]"
        >
          <ProductCard product={product} detailBase={detailBase} eagerImage={index < 2} />
        </li>
      ))}
    </ul>
  );
}

export function ProductGridSkeleton({ count = 10 }: { count?: number }) {
  return (
    <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4 lg:grid-cols-4 xl:grid-cols-5" aria-hidden>
      {Array.from({ length: count }, (_, index) => (
        <li key={index} className="animate-pulse overflow-hidden rounded-xl border border-stone-200 bg-white">
          <div className="aspect-square bg-stone-200" />
          <div className="space-y-2 p-3">
            <div className="h-3 w-4/5 rounded bg-stone-200" />
            <div className="h-3 w-3/5 rounded bg-stone-200" />
            <div className="h-4 w-1/3 rounded bg-stone-300" />
          </div>
        </li>
      ))}
    </ul>
  );
}

/** While a product list has not arrived: the loading skeleton, or the spec's listing error with a retry. */
export function ProductListPending({ query }: { query: { isError: boolean; refetch: () => unknown } }) {
  const t = useStartupT();
  if (query.isError) return <ErrorState message={catalogMessages.listFailed} onRetry={() => query.refetch()} />;
  return (
    <>
      <span role="status" className="sr-only">
        {t('grid.loading')}
      </span>
      <ProductGridSkeleton />
    </>
  );
}
