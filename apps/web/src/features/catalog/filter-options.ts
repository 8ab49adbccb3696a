import { priceBands, sortOrders } from '@bilum/shared';
import { englishT, type StartupTranslate } from '../../i18n/i18n';
import type { ShopCategory } from '../../lib/categories';

/**
 * The choices of the category page's filters, for its selects (wide screens) and its drawer (small ones): every
 * product, then the shop's visible categories in the owner's order (`useCategories`).
 */
export function categoryOptions(categories: readonly ShopCategory[], t: StartupTranslate = englishT) {
  return [
    { value: 'all', label: t('search.allCategories') },
    ...categories.map((category) => ({ value: category.slug, label: category.name })),
  ];
}
export const ANY_PRICE = 'any';
export const priceOptions = (t: StartupTranslate = englishT) => [
  { value: ANY_PRICE, label: t('category.anyPrice') },
  ...priceBands.map((band) => ({ value: band, label: t(`price.${band}`) })),
];
export const sortOptions = (t: StartupTranslate = englishT) =>
  sortOrders.map((order) => ({ value: order, label: t(`sort.${order}`) }));
