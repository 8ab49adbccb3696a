import {
  categoryFromName,
  type PriceBand,
  priceBands,
  type Product,
  productFeatures,
  type ProductListInput,
  type ProductListQuery,
  type SortOrder,
  sortOrders,
  filterProducts,
  type FilterableProduct,
} from './catalog';

// Search, sort and the category page's address: apart from catalog.ts so that the home page's bundle,
// which only filters, does not carry them.

export const priceBandLabels: Record<PriceBand, string> = {
  'under-500': 'Under K500',
  '500-1000': 'K500 to K1,000',
  'over-1000': 'Over K1,000',
};

export const sortLabels: Record<SortOrder, string> = {
  default: 'Featured',
  priceAsc: 'Price: low to high',
  priceDesc: 'Price: high to low',
  nameAsc: 'Name: A to Z',
  nameDesc: 'Name: Z to A',
};

// Made when first needed: a page's first Intl object loads the browser's locale data (a long task), and the
// storefront's category page imports this module without sorting by name at first (issue 29).
let collator: Intl.Collator | undefined;
const compareNames = (a: string, b: string) =>
  (collator ??= new Intl.Collator('en', { sensitivity: 'base', numeric: true })).compare(a, b);

/** Sorts a copy; "default" keeps the given order. */
export function sortProducts<T extends Pick<Product, 'name' | 'price'>>(products: readonly T[], sort: SortOrder): T[] {
  const copy = [...products];
  switch (sort) {
    case 'priceAsc':
      return copy.sort((a, b) => a.price - b.price);
    case 'priceDesc':
      return copy.sort((a, b) => b.price - a.price);
    case 'nameAsc':
      return copy.sort((a, b) => compareNames(a.name, b.name));
    case 'nameDesc':
      return copy.sort((a, b) => compareNames(b.name, a.name));
    default:
      return copy;
  }
}

export function queryProducts<T extends FilterableProduct>(
  products: readonly T[],
  query: Partial<ProductListQuery>,
): T[] {
  return sortProducts(filterProducts(products, query), query.sort ?? 'default');
}

function pick<T extends string>(allowed: readonly T[], value: string | null | undefined): T | undefined {
  return (allowed as readonly string[]).includes(value ?? '') ? (value as T) : undefined;
}

/**
 * Reads a catalogue query from a page address (`?q=&category=&price=&feature=&sort=`), keeping only values the
 * shop knows, so a hand-edited or old link still shows a page instead of an error.
 */
export function listQueryFromSearch(params: { get(name: string): string | null }): ProductListInput {
  const query: ProductListInput = {};
  const q = (params.get('q') ?? '').trim().slice(0, 100);
  if (q) query.q = q;
  const category = categoryFromName(params.get('category') ?? undefined);
  if (category) query.category = category;
  const price = pick(priceBands, params.get('price'));
  if (price) query.price = price;
  const feature = pick(productFeatures, params.get('feature'));
  if (feature) query.feature = feature;
  const sort = pick(sortOrders, params.get('sort'));
  if (sort) query.sort = sort;
  return query;
}
