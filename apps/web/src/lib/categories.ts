import type { PublicCategory } from '@bilum/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from './api-client';

export const categoriesKey = ['categories'] as const;

/** GET /api/categories: the shop's visible categories, in the owner's order (issue 30). */
export interface CategoriesAnswer {
  categories: PublicCategory[];
}

/** A category as menus and pages show it: its address's slug and its name. */
export type ShopCategory = Pick<PublicCategory, 'slug' | 'name'>;

/** The categories of an answer; none for anything that is not one. */
export function categoriesOf(answer: unknown): PublicCategory[] {
  const categories = (answer as Partial<CategoriesAnswer> | null | undefined)?.categories;
  return Array.isArray(categories) ? categories : [];
}

/**
 * The shop's visible categories in the owner's order, for the header, the menus, the footer, the home search and
 * the category pages (the same for every visitor, so kept for a while). While they load, or when the call failed,
 * `categories` is empty: menus then offer "All products" only. The server renders a page with them (seeded on the
 * landing pages, app/first-screen-seeds.ts; answered in-process on the others).
 */
export function useCategories(): { categories: PublicCategory[]; status: 'pending' | 'error' | 'success' } {
  const query = useQuery({
    queryKey: categoriesKey,
    queryFn: ({ signal }) => api<CategoriesAnswer>('/categories', { signal }),
    staleTime: 10 * 60_000,
  });
  return { categories: categoriesOf(query.data), status: query.status };
}

/** The visible category with this slug, or undefined (none such, hidden, or not loaded). */
export function findCategory(categories: readonly ShopCategory[], slug: string): ShopCategory | undefined {
  return categories.find((category) => category.slug === slug);
}
