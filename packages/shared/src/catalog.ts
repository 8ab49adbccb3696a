import { discountPercentFor } from './product-discount';
import type { ProductOption, ProductVariantChoice } from './variants';

/**
 * The five categories a new shop starts with (migration 0033 seeds them). The shop's categories are the owner's
 * (issue 30, decision 041): the storefront reads them from GET /api/categories, products name theirs by slug.
 */
export const seededCategorySlugs = ['phones', 'computers', 'cameras', 'vehicles', 'accessories'] as const;
/** A category's slug: lower-case letters (a-z), digits and single hyphens between them, at most 60 characters. */
export const categorySlugPattern = /^[a-z0-9]+(-[a-z0-9]+)*$/;
export const MAX_CATEGORY_SLUG_LENGTH = 60;
/** A category's slug, or "all" for every product. */
export type CategoryFilter = string;

export const productConditions = ['New', 'Pre-owned/Working fine', 'Refurbished', 'Used'] as const;
export const productStatuses = ['active', 'inactive', 'sold'] as const;
export type ProductStatus = (typeof productStatuses)[number];
/** What an admin sets and the database keeps: on sale or hidden. "Sold" is never stored (productStatusFor). */
export const storedProductStatuses = ['active', 'inactive'] as const;
export type StoredProductStatus = (typeof storedProductStatuses)[number];

/**
 * The status the shop shows (issue 18): hidden stays hidden; otherwise a product with no units on hand is "sold"
 * (SOLD OUT! on the storefront, Sold in the admin) and restocking puts it back on sale. The membership is not stock.
 */
export function productStatusFor(product: { status: string; stock: number; isMembership: boolean }): ProductStatus {
  if (product.status !== 'active') return 'inactive';
  return !product.isMembership && product.stock <= 0 ? 'sold' : 'active';
}

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
  /** The slug of the product's category (the categories table). */
  category: string;
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
  /**
   * No stock on hand, but units are held by unpaid checkouts that may still give them back: shown "Reserved",
   * not "SOLD OUT!" (decisions.md, second round). Set by the server; always false when stock is on hand.
   */
  reserved: boolean;
  /** While `reserved`: when the first of those holds ends (ISO time), or null when no end is set. */
  reservedUntil: string | null;
  /** The product page's answer only (issue 30): its options in the owner's order; none without options. */
  options?: ProductOption[];
  /** The product page's answer only: its variants on sale, in the owner's order (one, without options). */
  variants?: ProductVariantChoice[];
}

/** Products per page of a storefront list (decisions.md "Lists are paged on the server"; decision 014). */
export const PRODUCT_PAGE_SIZE = 24;
export const MAX_PRODUCT_PAGE_SIZE = 60;
/** The last page number a list answers (at 60 a page: 600,000 products); beyond it the request is refused. */
export const MAX_PRODUCT_PAGE = 10_000;

export interface ProductListQuery {
  q?: string;
  category: CategoryFilter;
  price?: PriceBand;
  feature: ProductFeature;
  sort: SortOrder;
  /** 1-based page number (GET /api/products; the pure rules ignore it). */
  page: number;
  pageSize: number;
}
export type ProductListInput = Partial<ProductListQuery>;

/** A product as a list shows it to the session's shopper (GET /api/products). */
export interface ProductListItem extends Product {
  /**
   * toea: the price this shopper pays when it is the member price (a signed-in active Premium member, below
   * `price`); null for guests, non-members and when it is no lower. Cards show it with `price` struck through.
   */
  memberPrice: number | null;
  /**
   * toea: set when the product's variants on sale have different prices (issue 30): the lowest of them, which is
   * `price` (the card says "from K…", and the price sort and bands go by it); null when they all cost the same.
   */
  priceFrom: number | null;
}

/** One page of a storefront list, with how many products match in all. */
export interface ProductListPage {
  items: ProductListItem[];
  /** Products matching the filters on every page: the spec's item count and "Found N items" toast. */
  total: number;
  page: number;
  pageSize: number;
  /** ceil(total / pageSize); 0 when nothing matches. */
  pageCount: number;
  /**
   * When a search finds nothing: the search text with its words replaced by the closest words of the names of the
   * products the same filters list ("samsnug" -> "samsung"), which finds some (decision 043); else null or absent.
   */
  didYouMean?: string | null;
}

/** What the shopper pays for a list item: the member price when there is one. */
export function shopperPriceOf(item: Pick<ProductListItem, 'price' | 'memberPrice'>): number {
  return item.memberPrice ?? item.price;
}

/** Title of a category page: capitalised words, hyphens as spaces; "All Products" when missing or "all". */
export function categoryTitle(categoryName: string | undefined): string {
  if (!categoryName || categoryName === 'all') return 'All Products';
  return categoryName
    .split('-')
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');
}

/**
 * A category name as an address may write it ("PHONES", "Solar-Lights"): the slug it spells ("phones"), "all",
 * or null when it cannot be a slug. Whether the shop has such a category is the categories table's to say.
 */
export function categoryFromName(name: string | undefined): CategoryFilter | null {
  const lower = (name ?? '').trim().toLowerCase();
  if (lower === 'all') return 'all';
  return lower.length <= MAX_CATEGORY_SLUG_LENGTH && categorySlugPattern.test(lower) ? lower : null;
}

/** The parts of a category page's address: `/category/PHONES/?sort=priceAsc` gives base, segment and the rest. */
export function categoryUrlParts(url: string): { base: string; segment: string; rest: string } | null {
  const match = /^\/(category|dashboard-category)\/([^/?#]+)\/?([?#].*)?$/i.exec(url);
  if (!match) return null;
  const [, base = '', segment = '', rest = ''] = match;
  try {
    return { base: base.toLowerCase(), segment: decodeURIComponent(segment), rest };
  } catch {
    return null;
  }
}

/**
 * Category addresses are case-insensitive (issue 17): the canonical address ("/category/phones", with the query
 * kept) of a category page written in other letters ("/category/PHONES?sort=priceAsc",
 * "/Dashboard-Category/Phones"), or null when `url` is canonical already or cannot be a category's page. `moved`
 * gives the slug a renamed category has now (the server's 301 from an old slug, decision 041).
 */
export function canonicalCategoryUrl(url: string, moved: (slug: string) => string | null = () => null): string | null {
  const parts = categoryUrlParts(url);
  const category = parts ? categoryFromName(parts.segment) : null;
  if (!parts || !category) return null;
  const canonical = `/${parts.base}/${moved(category) ?? category}${parts.rest}`;
  return canonical === url ? null : canonical;
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

/**
 * The "-{n}% OFF" badge: n is worked out from the original and current price (issue 18, `discountPercentFor`), so
 * it never disagrees with the prices shown; no badge when that rounds to 0.
 */
export function discountBadge(product: Pick<Product, 'price' | 'originalPrice' | 'discountPercentage'>): string | null {
  const percent = discountPercentFor(product.originalPrice, product.price);
  return percent > 0 ? `-${percent}% OFF` : null;
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

/**
 * Cannot be bought now because every unit is held by an unpaid checkout (it may come back): "Reserved". A product
 * marked sold, or with no stock and no hold, is sold out instead.
 */
export function isReserved(product: Pick<Product, 'status' | 'stock' | 'isMembership' | 'reserved'>): boolean {
  return product.reserved && product.status !== 'inactive' && isSoldOut(product);
}

/** The label of a product that cannot be bought now: "Reserved" while held by checkouts, else "SOLD OUT!". */
export function unavailableLabel(product: Pick<Product, 'status' | 'stock' | 'isMembership' | 'reserved'>): string {
  return isReserved(product) ? catalogMessages.reserved : catalogMessages.soldOut;
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
  soldOut: 'SOLD OUT!',
  /** decisions.md (second round): units held by an unpaid checkout. */
  reserved: 'Reserved',
  /** The product page, with the time (formatted by the web) the first hold ends. */
  reservedUntil: (time: string) =>
    `Reserved by another shopper's checkout until ${time}. It may become available again then.`,
} as const;

/**
 * The picture of the home page's first hero slide for guests: the page's largest paint. The web shows it and
 * the server preloads it with the home page, so it loads while the scripts do.
 */
export const homeHeroImage = '/images/products/hp-pavilion-15-laptop.svg';
