import type { Product } from './catalog';

/** The add-product form's rules and messages (checkout-and-admin.md 5 "Add product form"). */
export const addProductMessages = {
  nameRequired: 'Product Name is required.',
  descriptionShort: 'Description must be at least 10 characters.',
  descriptionLong: 'Description cannot exceed 500 characters.',
  price: 'Price must be greater than 0.',
  imageRequired: 'Main image URL is required.',
  imageFormat: 'Must be a valid HTTP/HTTPS URL or a relative path (e.g., /assets/images/product.jpg).',
  category: 'Please select a valid category.',
  condition: 'Please select a valid condition.',
  secondaryImage: 'Each secondary image must be a valid HTTP/HTTPS URL or a relative path.',
  // Not in the spec's list, but the rule "at least 0" and "integer 0 to 100" need words when broken.
  originalPrice: 'Original price must be 0 or more.',
  discount: 'Discount must be a whole number from 0 to 100.',
  // Section 8 "Add product".
  added: 'Product added successfully!',
  failed: 'Failed to add product. Please try again.',
  unexpected: 'An unexpected error occurred from the server.',
  network: 'Network error or an unexpected issue. Please check your connection.',
} as const;

/** The edit dialog's required fields (section 5 "Product edit": looser than the add form). */
export const editProductMessages = {
  nameRequired: 'Product Name is required.',
  categoryRequired: 'Please select a valid category.',
  descriptionRequired: 'Description is required.',
  priceRequired: 'Please enter a valid price.',
  imageRequired: 'Image URL is required.',
  conditionRequired: 'Please select a valid condition.',
  originalPrice: 'Please enter a valid original price or leave it empty.',
  discount: 'Please enter a whole number from 0 to 100 or leave it empty.',
} as const;

/** Section 8 "Product inventory" and the page's own texts (section 2). */
export const inventoryMessages = {
  fetchFailedToast: 'Failed to fetch products',
  unexpectedFormat: 'Unexpected response format from product API.',
  networkError: 'Network error occurred while fetching products.',
  networkToastTitle: 'Network Error',
  networkToastText: 'Could not load product data. Please check your connection.',
  retry: 'Retry Fetching Products',
  noMatch: (term: string) => `No products found matching "${term}".`,
  noProducts: "No products available yet. Let's add some!",
  addFirst: 'Add Your First Product',
  confirmDeletionTitle: 'Confirm Deletion',
  confirmDeletion: (name: string) => `Are you sure you want to delete ${name}? This action cannot be undone.`,
  updated: 'Product Updated Successfully',
  updateFailed: 'Update Failed',
  updateUnknown: 'An unknown error occurred.',
  updateNetworkTitle: 'Connection Error',
  updateNetworkText: 'Could not update product. Please Try again.',
  deleted: 'The item was deleted successfully',
  deleteFailed: 'Deletion Failed',
  deleteUnknown: 'An error occurred during deletion.',
  deleteNetworkTitle: 'Network Error',
  deleteNetworkText: 'Could not delete product. Please try again.',
  editTitle: (name: string) => `Edit Product: ${name}`,
} as const;

/** The add form's dropdown (the rule also accepts "Used": both readings of the spec stand). */
export const addFormConditions = ['New', 'Pre-owned/Working fine', 'Refurbished'] as const;

/** Decisions "Image URLs": line breaks and spaces are stripped when an image address is saved. */
export function cleanImageUrl(value: string): string {
  return value.replace(/\s+/g, '');
}

/** An absolute http(s) URL or a path on this site starting with "/" (not "//", which is another host). */
export function isImageLocation(value: string): boolean {
  if (value.startsWith('/')) return !value.startsWith('//');
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

type InventoryProduct = Pick<
  Product,
  'name' | 'category' | 'description' | 'status' | 'isHot' | 'isAuction' | 'isTopPick'
>;

/** The inventory search: the term (case-insensitive) in the name, category or description. */
export function searchInventory<T extends Pick<Product, 'name' | 'category' | 'description'>>(
  products: readonly T[],
  term: string,
): T[] {
  const text = term.trim().toLowerCase();
  if (text === '') return [...products];
  return products.filter((product) =>
    [product.name, product.category, product.description].some((field) => field.toLowerCase().includes(text)),
  );
}

export interface InventoryStats {
  totalProducts: number;
  activeListings: number;
  soldItems: number;
  hotDeals: number;
  auctionItems: number;
  topPicks: number;
}

/** The six stat cards of /product-inventory. */
export function inventoryStats(products: readonly InventoryProduct[]): InventoryStats {
  const count = (test: (product: InventoryProduct) => boolean) => products.filter(test).length;
  return {
    totalProducts: products.length,
    activeListings: count((product) => product.status === 'active'),
    soldItems: count((product) => product.status === 'sold'),
    hotDeals: count((product) => product.isHot),
    auctionItems: count((product) => product.isAuction),
    topPicks: count((product) => product.isTopPick),
  };
}

/** Decisions "Admin display rules": a status the page does not know shows as inactive. */
export function displayedProductStatus(status: string): 'active' | 'inactive' | 'sold' {
  return status === 'active' || status === 'sold' ? status : 'inactive';
}

/** The feature badges of an inventory row: Hot, Auction, Top Pick, Exclusive Member (issue 18), or None. */
export function featureBadges(
  product: Pick<Product, 'isHot' | 'isAuction' | 'isTopPick'> & Partial<Pick<Product, 'isExclusive'>>,
): string[] {
  const badges = [
    product.isHot ? 'Hot' : null,
    product.isAuction ? 'Auction' : null,
    product.isTopPick ? 'Top Pick' : null,
    product.isExclusive ? 'Exclusive Member' : null,
  ].filter((badge): badge is string => badge !== null);
  return badges.length > 0 ? badges : ['None'];
}

/**
 * A price typed by an admin ("1,234.5", "K 99.999") in toea, rounded half up to 2 decimals (section 5: commas
 * stripped, prices rounded to 2 decimals); null when it is not an amount. String arithmetic keeps 1.005 exact.
 */
export function parseKinaInput(input: string): number | null {
  const text = input.trim().replace(/^K/i, '').replace(/[,\s]/g, '');
  const match = /^(\d+)(?:\.(\d*))?$/.exec(text);
  if (!match) return null;
  const [, whole = '0', fraction = ''] = match;
  const digits = fraction.padEnd(3, '0');
  const toea = Number(whole) * 100 + Number(digits.slice(0, 2)) + (Number(digits.charAt(2)) >= 5 ? 1 : 0);
  return Number.isSafeInteger(toea) ? toea : null;
}
