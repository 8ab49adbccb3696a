import { categoryTitle, type PublicCategory, seededCategorySlugs } from '@bilum/shared';

/** The categories a new shop starts with, as GET /api/categories answers them. */
export const seededCategories: PublicCategory[] = seededCategorySlugs.map((slug, index) => ({
  slug,
  name: categoryTitle(slug),
  position: index + 1,
}));
