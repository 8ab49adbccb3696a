import { ErrorState } from '../../components/ui/states';
import { useProducts } from './catalog.api';
import { ProductGrid, ProductGridSkeleton } from './ProductGrid';

export default function HomePage() {
  const products = useProducts();
  return (
    <div className="mx-auto max-w-7xl px-4 py-6">
      <h1 className="mb-4 text-2xl font-bold text-stone-900">Shop all products</h1>
      {products.isPending ? (
        <>
          <span role="status" className="sr-only">
            Loading products…
          </span>
          <ProductGridSkeleton />
        </>
      ) : products.isError ? (
        <ErrorState message="Failed to load products. Please try again later." onRetry={() => products.refetch()} />
      ) : (
        <ProductGrid products={products.data.products} detailBase="/index-item" />
      )}
    </div>
  );
}
