import type { Product } from './catalog';

/** The pictures of a product for its gallery: the main image first, then the others, without blanks or repeats. */
export function productGallery(product: Pick<Product, 'image' | 'galleryImages'>): string[] {
  const all = [product.image, ...product.galleryImages].map((src) => (src ?? '').replace(/\s+/g, ''));
  return [...new Set(all.filter((src) => src !== ''))];
}

/** The spec's product detail messages (kept apart from the listing ones so the home page does not load them). */
export const productMessages = {
  detailErrorTitle: 'Error loading product',
  missingId: 'Missing ID from route',
  badFormat: 'Failed to load product details due to data format issue',
  notFound: 'Product not found or an error occurred',
  shareFailed: 'Failed to share.',
  linkCopied: 'Link copied to clipboard!',
  actionBlockedTitle: 'Action Blocked',
  actionBlocked: 'Cannot add to cart',
  alreadyInCart: 'Item Already in Cart',
  memberSaving: (percent: number) => `You save ${percent}% as a valued member!`,
} as const;
