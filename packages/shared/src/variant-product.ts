import type { Product } from './catalog';
import { discountPercentFor } from './product-discount';
import type { ProductVariantChoice } from './variants';

// Kept apart from catalog.ts and variants.ts: the home page's start-up bundle takes in catalog.ts, and only the
// product page, the carts and checkout need this (bundle-budget.test.ts).

/**
 * The product as one of its variants sells it (issue 30): the variant's price, original price, stock, "Reserved"
 * and picture (the product's own where the variant has none). The product page's price, labels, buttons and cart
 * line read this, so they follow the shopper's choice. A product's hold end is the variant's only when it has one.
 */
export function productAsVariant(product: Product, variant: ProductVariantChoice | undefined): Product {
  if (!variant) return product;
  return {
    ...product,
    price: variant.price,
    originalPrice: variant.originalPrice,
    discountPercentage: discountPercentFor(variant.originalPrice, variant.price),
    stock: variant.stock,
    reserved: variant.reserved,
    reservedUntil: variant.reserved && (product.variants?.length ?? 1) <= 1 ? product.reservedUntil : null,
    image: variant.image ?? product.image,
  };
}
