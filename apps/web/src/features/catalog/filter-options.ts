import { categoryTitle, priceBandLabels, productCategories, sortLabels } from '@bilum/shared';
import { optionsFrom } from '../../components/ui/radio-list';

/** The choices of the category page's filters, for its selects (wide screens) and its drawer (small ones). */
export const categoryOptions = [
  { value: 'all' as const, label: 'All categories' },
  ...productCategories.map((category) => ({ value: category, label: categoryTitle(category) })),
];
export const ANY_PRICE = 'any';
export const priceOptions = [{ value: ANY_PRICE, label: 'Any price' }, ...optionsFrom(priceBandLabels)];
export const sortOptions = optionsFrom(sortLabels);
