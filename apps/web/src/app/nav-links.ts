import { categoryTitle, categoryFilterValues } from '@bilum/shared';

/** The category links of the header and the mobile menu; signed-in shoppers get the member pages. */
export function categoryLinks(isSignedIn: boolean) {
  const base = isSignedIn ? '/dashboard-category' : '/category';
  return categoryFilterValues.map((category) => ({
    to: `${base}/${category}`,
    label: category === 'all' ? 'All products' : categoryTitle(category),
  }));
}

export function homePath(isSignedIn: boolean) {
  return isSignedIn ? '/dashboard' : '/';
}
