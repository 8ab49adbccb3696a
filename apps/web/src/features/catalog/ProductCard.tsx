import { discountPercentFor, formatKina, isReserved, isSoldOut, type ProductListItem } from '@bilum/shared';
import { Link } from 'react-router';
import { ProductImage } from '../../components/ui/product-image';
import { useStartupT } from '../../i18n/react';
import type { DetailBase } from './catalog-paths';
import { ProductBadges } from './ProductBadges';

interface ProductCardProps {
  /** A list item: `memberPrice` is set when the server answered for a signed-in Premium member. */
  product: ProductListItem;
  /** Guests go to /index-item/{id}, signed-in shoppers to /item/{id}. */
  detailBase: DetailBase;
  eagerImage?: boolean;
}

export function ProductCard({ product, detailBase, eagerImage }: ProductCardProps) {
  const t = useStartupT();
  // The shared `discountBadge` and `unavailableLabel` in the page's language (en.json holds their English).
  const percentOff = discountPercentFor(product.originalPrice, product.price);
  const discount = percentOff > 0 ? t('product.discount', { percent: percentOff }) : null;
  const soldOut = isSoldOut(product);
  // Variants at different prices (issue 30): "from" the cheapest one's, as the member price of it for a member.
  const shownPrice = formatKina(product.memberPrice ?? product.priceFrom ?? product.price);
  return (
    <article className="group relative flex w-full flex-col overflow-hidden rounded-xl border border-stone-200 bg-white shadow-sm transition hover:-translate-y-0.5 hover:shadow-md focus-within:ring-2 focus-within:ring-focus">
      <div className="relative aspect-square overflow-hidden bg-stone-100">
        <ProductImage
          src={product.image}
          alt={product.name}
          eager={eagerImage}
          width={300}
          height={300}
          // The grid's columns (ProductGrid): 2 on a phone, 3 from sm, then at most 300 px.
          sizes="(max-width: 639px) 50vw, (max-width: 1023px) 33vw, 300px"
          className="size-full transition duration-300 group-hover:scale-105"
        />
        <ProductBadges product={product} className="absolute left-2 top-2 max-w-[85%] flex-col" />
        {discount && !soldOut && (
          <span className="absolute bottom-2 right-2 rounded-md bg-brand-600 px-2 py-0.5 text-xs font-bold text-white">
            {discount}
          </span>
        )}
        {soldOut && (
          <span className="absolute inset-x-0 bottom-0 bg-stone-900/80 py-1 text-center text-xs font-bold tracking-wide text-white">
            {isReserved(product) ? t('product.reserved') : t('product.soldOut')}
          </span>
        )}
        <span
          aria-hidden
          className="absolute inset-0 flex items-center justify-center bg-ink/40 text-sm font-semibold text-white opacity-0 transition group-hover:opacity-100"
        >
          {t('card.clickForDetails')}
        </span>
      </div>
      <div className="flex flex-1 flex-col gap-1 p-3">
        <h3 className="line-clamp-2 text-sm font-semibold leading-snug text-stone-900">
          <Link to={`${detailBase}/${product.id}`} className="after:absolute after:inset-0 focus:outline-none">
            {product.name}
          </Link>
        </h3>
        <p className="line-clamp-3 text-xs text-stone-600">{product.description || t('card.noDescription')}</p>
        <div className="mt-auto flex flex-wrap items-baseline gap-x-2 pt-2">
          {product.memberPrice !== null && (
            <span className="w-full text-xs font-semibold text-emerald-700">{t('card.memberPrice')}</span>
          )}
          <span className="text-base font-bold text-stone-900">
            {product.priceFrom !== null ? t('card.from', { price: shownPrice }) : shownPrice}
          </span>
          {/* As on the product page: a member's price beside the regular one struck, else the sale's original. */}
          {product.memberPrice !== null ? (
            <s className="text-xs text-muted">
              <span className="sr-only">{t('card.regularPrice')} </span>
              {formatKina(product.price)}
            </s>
          ) : (
            discount &&
            product.originalPrice !== null && (
              <s className="text-xs text-muted">
                <span className="sr-only">{t('card.was')} </span>
                {formatKina(product.originalPrice)}
              </s>
            )
          )}
        </div>
      </div>
    </article>
  );
}
