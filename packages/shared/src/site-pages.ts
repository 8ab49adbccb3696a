import { categoryFromName, categoryTitle, type Product, productStatusFor } from './catalog';

/**
 * The pages of the web app as the server knows them (issue 20): which addresses are pages (anything else answers
 * 404), which one of a page's addresses is its canonical one, and the title and description a search engine or a
 * link preview reads before any script runs. apps/web/src/app/router.tsx must route exactly these patterns
 * (apps/web/src/app/site-pages.test.ts checks it): a route added there and not here answers 404.
 */

/** How a page is meant for search engines: listed and indexed, or private (account, checkout, admin). */
export type SitePageKind = 'home' | 'category' | 'product' | 'content' | 'private';

export interface SitePage {
  /** The route pattern, React Router style ("/category/:categoryName?"). */
  pattern: string;
  kind: SitePageKind;
  /** The page's name in the tab ("Phones" gives "Phones - Bilum"); null: the shop's own title. */
  title: string | null;
  description?: string;
  /** The canonical address of a page with several (content pages); none: the page's own. */
  canonical?: string;
}

export const shopName = 'Bilum';
/** The shop's own title and description (index.html, the home pages). */
export const shopHomeTitle = 'Bilum – phones, computers, cameras and more in Papua New Guinea';
export const shopDescription =
  'Shop phones, computers, cameras, vehicles and accessories in kina, delivered across Papua New Guinea.';

/** A page's title in the browser tab and in search results: "Phones - Bilum", "Your Cart - Bilum". */
export function shopPageTitle(page: string | null): string {
  return page === null ? shopHomeTitle : `${page} - ${shopName}`;
}

const privatePage = (pattern: string, title: string): SitePage => ({ pattern, kind: 'private', title });

/** The four addresses of a product page (guest and member, each under two names); the first is the canonical one. */
export const productPageBases = ['/index-item', '/indexdetail', '/item', '/itemdetail'] as const;

/** Every page of the web app. */
export const sitePages: readonly SitePage[] = [
  { pattern: '/', kind: 'home', title: null, description: shopDescription },
  { pattern: '/dashboard', kind: 'home', title: null, description: shopDescription },
  { pattern: '/category/:categoryName?', kind: 'category', title: 'All Products' },
  { pattern: '/dashboard-category/:categoryName?', kind: 'category', title: 'All Products' },
  ...productPageBases.map((base): SitePage => ({ pattern: `${base}/:id`, kind: 'product', title: 'Product' })),
  ...['/terms', '/terms-and-conditions', '/terms-of-service'].map((pattern): SitePage => ({
    pattern,
    kind: 'content',
    title: 'Terms and Conditions',
    canonical: '/terms',
    description: 'The terms of sale, delivery, returns and Premium membership at Bilum, Papua New Guinea.',
  })),
  ...['/privacy', '/privacy-policy'].map((pattern): SitePage => ({
    pattern,
    kind: 'content',
    title: 'Privacy Policy',
    canonical: '/privacy',
    description: 'What Bilum keeps about you, why, for how long, and how to see or delete it.',
  })),
  {
    pattern: '/contact',
    kind: 'content',
    title: 'Contact Us',
    description: 'Call, e-mail or visit Bilum in Port Moresby: questions about products, orders and delivery.',
  },
  {
    pattern: '/membership',
    kind: 'content',
    title: 'Premium Membership',
    description: 'Bilum Premium: member prices on every product and free delivery across Papua New Guinea.',
  },
  {
    pattern: '/track-order',
    kind: 'content',
    title: 'Track Your Order',
    description: 'Follow a Bilum order with its tracking code: paid, dispatched, delivered.',
  },
  privatePage('/login', 'Sign In'),
  privatePage('/register', 'Create Account'),
  privatePage('/forgot-password', 'Forgot Password'),
  privatePage('/verify-otp', 'Verify Code'),
  privatePage('/reset-password', 'Reset Password'),
  privatePage('/membership-choice', 'Choose Membership'),
  privatePage('/logout', 'Logging out'),
  privatePage('/admin-login', 'Admin Sign In'),
  // The second step of a staff sign-in (issue 28).
  privatePage('/admin-login/code', 'Enter your code'),
  privatePage('/admin-login/set-up', 'Set up your second factor'),
  privatePage('/confirm-email', 'Confirm E-mail'),
  privatePage('/cart', 'Your Cart'),
  privatePage('/guest-cart', 'Your Shopping Cart'),
  privatePage('/contact-details', 'Contact Details'),
  privatePage('/checkout', 'Checkout'),
  privatePage('/guestcheckout', 'Guest Checkout'),
  privatePage('/order-confirmation', 'Order Confirmation'),
  // Issue 28: the single-use link that confirms a guest's bank-transfer or pickup order.
  privatePage('/confirm-order/:orderId', 'Confirm your order'),
  privatePage('/membership-payment', 'Premium Membership'),
  privatePage('/membership-success', 'Premium Membership'),
  privatePage('/profile', 'My Profile'),
  privatePage('/order-history', 'Your Order History'),
  privatePage('/entry-option', 'Inventory Dashboard'),
  privatePage('/product-inventory', 'Product Inventory'),
  privatePage('/product-entry', 'Add New Product'),
  // Categories the owner manages (issue 30).
  privatePage('/categories', 'Categories'),
  privatePage('/discount-codes', 'Discount codes'),
  privatePage('/member-status', 'Membership Overview'),
  privatePage('/order-inventory', 'Order Management'),
  privatePage('/settings', 'Shop Settings'),
  // Tax invoices and packing slips (issue 19).
  privatePage('/invoice', 'Tax Invoice'),
  privatePage('/invoice/:orderId', 'Tax Invoice'),
  privatePage('/order-inventory/:orderId/invoice', 'Tax Invoice'),
  privatePage('/order-inventory/:orderId/packing-slip', 'Packing Slip'),
  // Staff, integrations and the activity log (issue 21).
  privatePage('/staff-invite', 'Staff Invitation'),
  privatePage('/integrations', 'Integrations'),
  privatePage('/staff', 'Staff'),
  privatePage('/api-keys', 'API keys'),
  privatePage('/activity', 'Activity'),
  privatePage('/admin-account', 'My account'),
  // The back office (issue 21, decision 018).
  privatePage('/customers', 'Customers'),
  privatePage('/reports', 'Dashboard'),
];

/** Paths robots.txt keeps search engines out of: accounts, checkout, the admin and the API. */
export const robotsDisallowedPaths: readonly string[] = [
  '/api/',
  // robots.txt rules are prefixes: "/invoice" covers "/invoice/:orderId".
  ...new Set(
    sitePages
      .filter((page) => page.kind === 'private')
      .map((page) => page.pattern.split('/:')[0] ?? page.pattern)
      .sort(),
  ),
];

export interface MatchedPage {
  page: SitePage;
  params: Record<string, string | undefined>;
}

/** Matches one pattern the way React Router does for these simple patterns (case-insensitive, one trailing slash). */
function matchPattern(pattern: string, pathname: string): Record<string, string | undefined> | null {
  if (!pathname.startsWith('/')) return null;
  const trimmed = pathname.length > 1 && pathname.endsWith('/') ? pathname.slice(0, -1) : pathname;
  const have = pathname === '/' ? [] : trimmed.split('/').slice(1);
  if (have.some((segment) => segment === '')) return null;
  const want = pattern.split('/').filter(Boolean);
  if (have.length > want.length) return null;
  const params: Record<string, string | undefined> = {};
  for (const [index, part] of want.entries()) {
    const segment = have[index];
    if (part.startsWith(':')) {
      const optional = part.endsWith('?');
      const name = part.slice(1, optional ? -1 : undefined);
      if (segment === undefined) {
        if (!optional) return null;
        params[name] = undefined;
        continue;
      }
      try {
        params[name] = decodeURIComponent(segment);
      } catch {
        return null;
      }
    } else if (segment === undefined || segment.toLowerCase() !== part.toLowerCase()) {
      return null;
    }
  }
  return params;
}

/** The page at `pathname` (no query), or null when the app has no such page (the server answers 404). */
export function matchSitePage(pathname: string): MatchedPage | null {
  for (const page of sitePages) {
    const params = matchPattern(page.pattern, pathname);
    if (params) return { page, params };
  }
  return null;
}

/** A product page's id as its address writes it: digits only, as the page itself accepts; else null (404). */
export function productIdFromParam(value: string | undefined): number | null {
  if (!value || !/^\d{1,9}$/.test(value)) return null;
  const id = Number(value);
  return id > 0 ? id : null;
}

/** The one address search engines list for a product, whichever of its four addresses was opened. */
export function canonicalProductPath(id: number): string {
  return `${productPageBases[0]}/${id}`;
}

/**
 * The one address of a category page (the guest one, lower case, no filters), or null when the name cannot be a
 * category's slug (then the page answers 404; so does a slug the shop has no visible category for). Missing
 * name: all products.
 */
export function canonicalCategoryPath(name: string | undefined): string | null {
  if (name === undefined || name === '') return '/category/all';
  const category = categoryFromName(name);
  return category ? `/category/${category}` : null;
}

/**
 * Title and description of a category page: the category's name (null: all products, described by the names of
 * the shop's visible categories).
 */
export function categoryPageText(
  name: string | null,
  shopCategoryNames: readonly string[],
): { title: string; description: string } {
  const title = name ?? categoryTitle('all');
  const names = shopCategoryNames.map((each) => each.toLowerCase());
  const listed = names.length > 1 ? `${names.slice(0, -1).join(', ')} and ${names.at(-1)}` : (names[0] ?? 'products');
  const what = name === null ? listed : name.toLowerCase();
  return {
    title,
    description: `Shop ${what} in kina at Bilum, with delivery across Papua New Guinea and pickup in Port Moresby.`,
  };
}

/** schema.org availability of a product by the shop's stock rules (see decision 015). */
export type SchemaAvailability = 'InStock' | 'OutOfStock' | 'PreOrder';

/**
 * On sale with units on hand (or the membership, which is not stock): InStock. No units on hand, sold out or
 * reserved by unpaid checkouts: OutOfStock (a reserved unit cannot be bought now, and may never come back). The
 * shop takes no pre-orders, so PreOrder is never given today; it is in the type for when it does.
 */
export function schemaAvailability(
  product: Pick<Product, 'status' | 'stock' | 'isMembership'> & { reserved?: boolean },
): SchemaAvailability {
  const status = productStatusFor({ ...product, status: product.status === 'sold' ? 'active' : product.status });
  if (status === 'active' && !product.reserved) return 'InStock';
  return 'OutOfStock';
}
