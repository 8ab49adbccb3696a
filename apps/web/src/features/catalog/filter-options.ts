import { priceBandLabels, sortLabels } from '@bilum/shared';
import { optionsFrom } from '../../components/ui/radio-list';
import type { ShopCategory } from '../../lib/categories';

/**
 * The choices of the category page's filters, for its selects (wide screens) and its drawer (small ones): every
 * product, then the shop's visible categories in the owner's order (`useCategories`).
 */
export function categoryOptions(categories: readonly ShopCategory[]) {
  return [
    { value: 'all', label: 'All categories' },
    ...categories.map((category) => ({ value: category.slug, label: category.name })),
  ];
}
export const ANY_PRICE = 'any';
export const priceOptions = [{ value: ANY_PRICE, label: 'Any price' }, ...optionsFrom(priceBandLabels)];
export const sortOptions = optionsFrom(sortLabels);
