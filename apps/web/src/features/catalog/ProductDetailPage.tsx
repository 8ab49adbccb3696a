import { productMessages } from '@bilum/shared';
import { Link, useParams } from 'react-router';
import { Button } from '../../components/ui/button';
import { NotFoundMessage } from '../../components/ui/not-found';
import { Spinner } from '../../components/ui/states';
import { ApiError } from '../../lib/api-client';
import { useProduct } from './product-detail.api';
import { type Audience, type CatalogPaths, useCatalogPaths } from './catalog-paths';
import { ProductDetail } from './ProductDetail';

function ProductError({ message, paths, onRetry }: { message: string; paths: CatalogPaths; onRetry?: () => void }) {
  return (
    <section role="alert" className="mx-auto flex max-w-lg flex-col items-center gap-4 px-4 py-20 text-center">
      <h1 className="text-2xl font-bold text-stone-900">{productMessages.detailErrorTitle}</h1>
      <p className="text-stone-600">{message}</p>
      <div className="flex flex-wrap justify-center gap-2">
        {onRetry && <Button onClick={onRetry}>Try again</Button>}
        <Button asChild variant="outline">
          <Link to={paths.home}>Back to shop</Link>
        </Button>
      </div>
    </section>
  );
}

function ProductNotFound({ paths }: { paths: CatalogPaths }) {
  return (
    <NotFoundMessage
      title="Product not found"
      message="This product does not exist or is no longer for sale."
      linkTo={paths.home}
      linkLabel="Back to shop"
    />
  );
}

/** Spec's detail routes: /index-item/{id} and /indexdetail/{id} (guests), /item/{id} and /itemdetail/{id}. */
export default function ProductDetailPage({ audience }: { audience: Audience }) {
  const { id = '' } = useParams();
  const paths = useCatalogPaths(audience);
  const productId = /^\d{1,9}$/.test(id) && Number(id) > 0 ? Number(id) : null;
  const product = useProduct(productId);

  if (id === '') return <ProductError message={productMessages.missingId} paths={paths} />;
  if (productId === null) return <ProductNotFound paths={paths} />;
  if (product.data) return <ProductDetail product={product.data} audience={audience} paths={paths} />;
  if (product.isPending) return <Spinner label="Loading product…" />;
  if (product.error instanceof ApiError && product.error.status === 404) return <ProductNotFound paths={paths} />;
  const message =
    product.error?.message === productMessages.badFormat ? productMessages.badFormat : productMessages.notFound;
  return <ProductError message={message} paths={paths} onRetry={() => product.refetch()} />;
}
