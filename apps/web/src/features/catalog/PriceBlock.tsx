import { productMessages, discountBadge, formatKina, type Product } from '@bilum/shared';
import type { ShopperPrice } from './member-pricing';

/** The detail page's price: the shopper's price, the struck original and discount badge, the member saving. */
export function PriceBlock({ product, pricing }: { product: Product; pricing: ShopperPrice }) {
  const discount = discountBadge(product);
  return (
    <div className="space-y-1">
      {pricing.isMemberPrice && <p className="text-sm font-semibold text-emerald-700">Your member price</p>}
      <p className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <span className="text-3xl font-extrabold text-stone-900">{formatKina(pricing.finalPrice)}</span>
        {pricing.isMemberPrice && (
          <s className="text-lg text-stone-500">
            <span className="sr-only">Regular price </span>
            {formatKina(product.price)}
          </s>
        )}
        {discount && product.originalPrice !== null && !pricing.isMemberPrice && (
          <s className="text-lg text-stone-500">
            <span className="sr-only">was </span>
            {formatKina(product.originalPrice)}
          </s>
        )}
        {discount && (
          <span className="rounded-md bg-brand-600 px-2 py-0.5 text-sm font-bold text-white">{discount}</span>
        )}
      </p>
      {pricing.isMemberPrice && pricing.showSaving && (
        <p className="text-sm font-medium text-emerald-700">{productMessages.memberSaving(pricing.savingPercent)}</p>
      )}
      <p className="text-xs text-stone-500">Price in kina, GST inclusive.</p>
    </div>
  );
}
