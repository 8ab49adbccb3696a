import { canonicalCategoryUrl, categoryFromName, categoryUrlParts } from '@bilum/shared';
import type { CategoriesService } from './categories.service';

/**
 * Where a category page's address must be sent (a 301), or null to serve it as asked: the lower-case address of
 * one written in other letters (issue 17), and the slug a renamed category has now for one of its old slugs
 * (issue 30, decision 041), with the rest of the address (filters, sort) kept. Any other address, or a category
 * the shop does not have, is served as asked (the page then answers 404).
 */
export async function canonicalCategoryPageUrl(
  url: string,
  categories: Pick<CategoriesService, 'resolveSlug'>,
): Promise<string | null> {
  const parts = categoryUrlParts(url);
  const slug = parts ? categoryFromName(parts.segment) : null;
  if (!slug) return null;
  const found = slug === 'all' ? null : await categories.resolveSlug(slug);
  // A slug the shop never had is answered as asked (404), not sent to its lower-case spelling first.
  if (found?.kind === 'unknown') return null;
  const now = found?.kind === 'moved' ? found.slug : null;
  return canonicalCategoryUrl(url, () => now);
}
