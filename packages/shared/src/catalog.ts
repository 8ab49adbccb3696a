export const productCategories = ['phones', 'computers', 'cameras', 'vehicles', 'accessories'] as const;
export type ProductCategory = (typeof productCategories)[number];
export const categoryFilterValues = ['all', ...productCategories] as const;
export type CategoryFilter = (typeof categoryFilterValues)[number];

export const productConditions = ['New', 'Pre-owned/Working fine', 'Refurbished', 'Used'] as const;
export const productStatuses = ['active', 'inactive', 'sold'] as const;
export type ProductStatus = (typeof productStatuses)[number];

/** Spec: under 500; 500 to 1000 inclusive; over 1000 (kina). */
export const priceBands = ['under-500', '500-1000', 'over-1000'] as const;
export type PriceBand = (typeof priceBands)[number];
export const sortOrders = ['default', 'priceAsc', 'priceDesc', 'nameAsc', 'nameDesc'] as const;
export type SortOrder = (typeof sortOrders)[number];
export const productFeatures = ['all', 'hot-deals', 'auctions', 'top-picks'] as const;
export type ProductFeature = (typeof productFeatures)[number];
export function isProductFeature(value: string | null | undefined): value is ProductFeature {
  return (productFeatures as readonly string[]).includes(value ?? '');
}
/** The home page's filter chips. */
export const featureLabels: Record<ProductFeature, string> = {
  all: 'All',
  'hot-deals': 'Hot Deals',
  auctions: 'Auctions',
  'top-picks': 'Top Picks',
};

export interface Product {
  id: number;
  name: string;
  description: string;
  category: ProductCategory;
  /** toea */
  price: number;
  /** toea */
  originalPrice: number | null;
  discountPercentage: number;
  condition: string;
  status: ProductStatus;
  stock: number;
  isHot: boolean;
  isAuction: boolean;
  isTopPick: boolean;
  isExclusive: boolean;
  isMembership: boolean;
  image: string | null;
  galleryImages: string[];
}

export interface ProductListQuery {
  q?: string;
  category: CategoryFilter;
  price?: PriceBand;
  feature: ProductFeature;
  sort: SortOrder;
}
export type ProductListInput = Partial<ProductListQuery>;

/** Title of a category page: capitalised words, hyphens as spaces; "All Products" when missing or "all". */
export function categoryTitle(categoryName: string | undefined): string {
  if (!categoryName || categoryName === 'all') return 'All Products';
  return categoryName
    .split('-')
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');
}

export function isCategory(value: string | undefined): value is ProductCategory {
  return (productCategories as readonly string[]).includes(value ?? '');
}

export function inPriceBand(priceToea: number, band: PriceBand): boolean {
  if (band === 'under-500') return priceToea < 50_000;
  if (band === '500-1000') return priceToea >= 50_000 && priceToea <= 100_000;
  return priceToea > 100_000;
}

export type FilterableProduct = Pick<
  Product,
  'name' | 'description' | 'category' | 'price' | 'isHot' | 'isAuction' | 'isTopPick'
>;
type Filterable = FilterableProduct;

function hasFeature(product: Filterable, feature: ProductFeature): boolean {
  if (feature === 'hot-deals') return product.isHot;
  if (feature === 'auctions') return product.isAuction;
  if (feature === 'top-picks') return product.isTopPick;
  return true;
}

/**
 * The spec's product filter: search text (case-insensitive) in name or description, category "all" or equal,
 * then the optional price band and feature chip. A missing list gives an empty result.
 */
export function filterProducts<T extends Filterable>(
  products: readonly T[] | null | undefined,
  query: Partial<ProductListQuery>,
): T[] {
  if (!Array.isArray(products)) return [];
  const text = (query.q ?? '').trim().toLowerCase();
  const category = query.category ?? 'all';
  return products.filter(
    (product) =>
      (text === '' || product.name.toLowerCase().includes(text) || product.description.toLowerCase().includes(text)) &&
      (category === 'all' || product.category === category) &&
      (!query.price || inPriceBand(product.price, query.price)) &&
      hasFeature(product, query.feature ?? 'all'),
  );
}

/** Spec: the "-{n}% OFF" badge shows only if discount_percentage > 0 and original_price > price. */
export function discountBadge(product: Pick<Product, 'price' | 'originalPrice' | 'discountPercentage'>): string | null {
  if (product.discountPercentage > 0 && product.originalPrice !== null && product.originalPrice > product.price) {
    return `-${product.discountPercentage}% OFF`;
  }
  return null;
}

/** A product can be bought when it is active with stock, or is the membership product. */
export function isPurchasable(product: Pick<Product, 'status' | 'stock' | 'isMembership' | 'price'>): boolean {
  if (!(product.price > 0)) return false;
  if (product.isMembership) return product.status === 'active';
  return product.status === 'active' && product.stock > 0;
}

export function isSoldOut(product: Pick<Product, 'status' | 'stock' | 'isMembership'>): boolean {
  return !product.isMembership && (product.status === 'sold' || product.stock <= 0);
}

/** Steps through `count` items round: next from the last is the first, previous from the first is the last. */
export function wrapIndex(index: number, count: number): number {
  if (count <= 0) return 0;
  return ((index % count) + count) % count;
}

/** The spec's listing messages (storefront.md section 8), in one place for the API and the web. */
export const catalogMessages = {
  listFailed: 'Failed to load products. Please try again later.',
  noProducts: 'No products found!',
  resetFiltersAndSearch: 'Reset Filters & Search',
  foundItems: (count: number) => `Found ${count} items matching your criteria!`,
  noItemsFound: 'No items found matching your filter criteria.',
  noDescription: 'No description available.',
} as const;

/**
 * The picture of the home page's first hero slide for guests: the page's largest paint. The web shows it and
 * the server preloads it with the home page, so it loads while the scripts do.
 */
export const homeHeroImage = '/images/products/hp-pavilion-15-laptop.svg';
