import { discountPercentFor, formatKina, type Product } from '@bilum/shared';
import { useT } from '../../i18n/react';
import type { ShopperPrice } from './member-pricing';

/**
 * The detail page's price: the shopper's price, the member's regular price struck through, the product's own
 * sale (its original price struck through beside the "-n% OFF" badge measured from it) and the member saving.
 */
export function PriceBlock({ product, pricing }: { product: Product; pricing: ShopperPrice }) {
  const t = useT();
  // The shared `discountBadge`, in the page's language.
  const percentOff = discountPercentFor(product.originalPrice, product.price);
  const discount = percentOff > 0 ? t('product.discount', { percent: percentOff }) : null;
  const sale = discount && product.originalPrice !== null && (
    <span className="flex items-center gap-3">
      <s className="text-lg text-muted">
        <span className="sr-only">{t('product.was')} </span>
        {formatKina(product.originalPrice)}
      </s>
      <span className="rounded-md bg-brand-600 px-2 py-0.5 text-sm font-bold text-white">{discount}</span>
    </span>
  );
  return (
    <div className="space-y-1">
      {pricing.isMemberPrice && (
        <p className="text-sm font-semibold text-emerald-700">{t('product.yourMemberPrice')}</p>
      )}
      <p className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <span className="text-3xl font-extrabold text-stone-900">{formatKina(pricing.finalPrice)}</span>
        {pricing.isMemberPrice && (
          <s className="text-lg text-muted">
            <span className="sr-only">{t('product.regularPrice')} </span>
            {formatKina(product.price)}
          </s>
        )}
        {!pricing.isMemberPrice && sale}
      </p>
      {/* A member's sale line stands apart, so each struck price sits beside what is measured from it. */}
      {pricing.isMemberPrice && sale && <p className="flex flex-wrap items-center gap-x-3 gap-y-1">{sale}</p>}
      {pricing.isMemberPrice && pricing.showSaving && (
        <p className="text-sm font-medium text-emerald-700">
          {t('product.memberSaving', { percent: pricing.savingPercent })}
        </p>
      )}
      <p className="text-xs text-muted">{t('product.priceNote')}</p>
    </div>
  );
}
