import { productMessages } from '@bilum/shared';
import { Link, useParams } from 'react-router';
import { Button } from '../../components/ui/button';
import { NotFoundMessage } from '../../components/ui/not-found';
import { Spinner } from '../../components/ui/states';
import { useT } from '../../i18n/react';
import { ApiError } from '../../lib/api-client';
import { useProduct } from './product-detail.api';
import { type Audience, type CatalogPaths, useCatalogPaths } from './catalog-paths';
import { ProductDetail } from './ProductDetail';

function ProductError({ message, paths, onRetry }: { message: string; paths: CatalogPaths; onRetry?: () => void }) {
  const t = useT();
  return (
    <section role="alert" className="mx-auto flex max-w-lg flex-col items-center gap-4 px-4 py-20 text-center">
      <h1 className="text-2xl font-bold text-stone-900">{t('product.detailErrorTitle')}</h1>
      <p className="text-stone-600">{message}</p>
      <div className="flex flex-wrap justify-center gap-2">
        {onRetry && <Button onClick={onRetry}>{t('product.tryAgain')}</Button>}
        <Button asChild variant="outline">
          <Link to={paths.home}>{t('product.backToShop')}</Link>
        </Button>
      </div>
    </section>
  );
}

function ProductNotFound({ paths }: { paths: CatalogPaths }) {
  const t = useT();
  return (
    <NotFoundMessage
      title={t('product.notFoundTitle')}
      message={t('product.notFoundText')}
      linkTo={paths.home}
      linkLabel={t('product.backToShop')}
    />
  );
}

/** Spec's detail routes: /index-item/{id} and /indexdetail/{id} (guests), /item/{id} and /itemdetail/{id}. */
export default function ProductDetailPage({ audience }: { audience: Audience }) {
  const { id = '' } = useParams();
  const t = useT();
  const paths = useCatalogPaths(audience);
  const productId = /^\d{1,9}$/.test(id) && Number(id) > 0 ? Number(id) : null;
  const product = useProduct(productId);

  if (id === '') return <ProductError message={t('product.missingId')} paths={paths} />;
  if (productId === null) return <ProductNotFound paths={paths} />;
  if (product.data) return <ProductDetail product={product.data} audience={audience} paths={paths} />;
  if (product.isPending) return <Spinner label={t('product.loading')} />;
  if (product.error instanceof ApiError && product.error.status === 404) return <ProductNotFound paths={paths} />;
  // The spec's messages are compared in English (ProductFormatError's) and shown in the page's language.
  const message =
    product.error?.message === productMessages.badFormat ? t('product.badFormat') : t('product.loadFailed');
  return <ProductError message={message} paths={paths} onRetry={() => product.refetch()} />;
}
