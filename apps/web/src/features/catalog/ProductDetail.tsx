import {
  formatKina,
  initialVariant,
  memberPrice,
  PREMIUM_DISCOUNT_RATE,
  type Product,
  type ProductVariantChoice,
  productAsVariant,
  productGallery,
  variantFromParam,
} from '@bilum/shared';
import { useMemo } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ArrowLeftIcon } from '../../components/ui/action-icons';
import { useT } from '../../i18n/react';
import { findCategory, useCategories } from '../../lib/categories';
import { useSession } from '../../lib/session';
import { useDocumentTitle } from '../../lib/use-document-title';
import type { Audience, CatalogPaths } from './catalog-paths';
import { useShopperPrice } from './member-pricing';
import { PriceBlock } from './PriceBlock';
import { ProductBadges } from './ProductBadges';
import { ProductGallery } from './ProductGallery';
import { PurchasePanel } from './PurchasePanel';
import { SaveButton } from './SaveButton';
import { ShareButton } from './ShareButton';
import { VariantChooser } from './VariantChooser';

/**
 * The variant the page shows (issue 30): the one the address names (`?variant=`, so a shared link opens on it),
 * else the first that can be bought; choosing another replaces the address's choice without a new history entry.
 */
function useChosenVariant(product: Product) {
  const [params, setParams] = useSearchParams();
  const variants = useMemo(
    () =>
      (product.variants ?? []).map((variant) => ({
        ...variant,
        available: product.status === 'active' && variant.stock > 0,
      })),
    [product],
  );
  const chosen = initialVariant(variants, variantFromParam(params.get('variant')));
  const choose = (variant: ProductVariantChoice) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.set('variant', String(variant.id));
        return next;
      },
      { replace: true, preventScrollReset: true },
    );
  return { variants, chosen, choose };
}

/** The member detail page's hint for shoppers who are not signed in. */
function SignUpHint({ product }: { product: Product }) {
  const t = useT();
  const price = memberPrice(product.price, PREMIUM_DISCOUNT_RATE, product.isMembership);
  return (
    <p className="rounded-xl bg-brand-50 p-4 text-sm text-stone-700 ring-1 ring-brand-200">
      {price < product.price ? `${t('product.signUp.memberPays', { price: formatKina(price) })} ` : ''}
      <Link to="/register" className="font-semibold text-brand-700 underline">
        {t('product.signUp.createAccount')}
      </Link>{' '}
      {t('product.signUp.or')}{' '}
      <Link to="/login" className="font-semibold text-brand-700 underline">
        {t('product.signUp.signIn')}
      </Link>{' '}
      {t('product.signUp.end')}
    </p>
  );
}

interface ProductDetailProps {
  product: Product;
  audience: Audience;
  paths: CatalogPaths;
}

/** A loaded product: gallery, labels, price, details, the buy buttons and Share. */
export function ProductDetail({ product: offered, audience, paths }: ProductDetailProps) {
  const { isSignedIn } = useSession();
  const t = useT();
  const { variants, chosen, choose } = useChosenVariant(offered);
  // Price, labels, stock, "Reserved", picture and the cart line follow the chosen variant.
  const product = productAsVariant(offered, chosen);
  const options = offered.options ?? [];
  const pricing = useShopperPrice(product);
  // A visible category is named and linked; a hidden one has no page (its products stay on sale), so the link
  // leads to every product instead (decision 041).
  const category = findCategory(useCategories().categories, product.category) ?? {
    slug: 'all',
    name: t('category.allProducts'),
  };
  useDocumentTitle(product.name);

  return (
    <div className="mx-auto max-w-6xl px-4 py-6">
      <Link
        to={paths.home}
        className="inline-flex items-center gap-1 text-sm font-semibold text-brand-700 hover:underline"
      >
        <ArrowLeftIcon className="size-4" />
        {audience === 'member' ? t('product.backToDashboard') : t('product.backToShop')}
      </Link>
      <div className="mt-4 grid gap-8 md:grid-cols-2 md:gap-10">
        <ProductGallery key={`${product.id}:${product.image}`} images={productGallery(product)} name={product.name} />
        <div className="flex min-w-0 flex-col gap-5">
          <div className="space-y-2">
            <ProductBadges product={product} />
            <h1 className="text-2xl font-extrabold leading-tight text-stone-900 sm:text-3xl">{product.name}</h1>
          </div>
          <PriceBlock product={product} pricing={pricing} />
          {options.length > 0 && chosen && (
            <VariantChooser options={options} variants={variants} chosen={chosen} onChoose={choose} />
          )}
          <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-1 text-sm">
            <dt className="font-semibold text-stone-600">{t('product.category')}</dt>
            <dd>
              <Link to={paths.category(category.slug)} className="text-brand-700 hover:underline">
                {category.name}
              </Link>
            </dd>
            <dt className="font-semibold text-stone-600">{t('product.condition')}</dt>
            <dd className="text-stone-900">{product.condition || t('product.conditionNew')}</dd>
          </dl>
          <p className="whitespace-pre-line leading-relaxed text-stone-700">
            {product.description || t('product.noDescription')}
          </p>
          <PurchasePanel product={product} pricing={pricing} variant={chosen} firstVariantId={variants[0]?.id} />
          <div className="flex flex-wrap gap-2">
            {audience === 'member' && <SaveButton productId={product.id} />}
            <ShareButton
              title={product.name}
              text={t('product.shareText', { name: product.name, price: formatKina(product.price) })}
            />
          </div>
          {audience === 'member' && !isSignedIn && <SignUpHint product={product} />}
        </div>
      </div>
    </div>
  );
}
