import type { StartupTranslate } from '../i18n/i18n';
import type { ShopCategory } from '../lib/categories';

/**
 * The category links of the header and the mobile menu: "All products", then the shop's visible categories in the
 * owner's order (`useCategories`); signed-in shoppers get the member pages.
 */
export function categoryLinks(isSignedIn: boolean, categories: readonly ShopCategory[], t: StartupTranslate) {
  const base = isSignedIn ? '/dashboard-category' : '/category';
  return [
    { to: `${base}/all`, label: t('nav.allProducts') },
    ...categories.map((category) => ({ to: `${base}/${category.slug}`, label: category.name })),
  ];
}

export function homePath(isSignedIn: boolean) {
  return isSignedIn ? '/dashboard' : '/';
}
