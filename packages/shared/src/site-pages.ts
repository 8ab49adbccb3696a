import { categoryFromName, categoryTitle, type Product, productStatusFor } from './catalog';
import type { Locale } from './locale';

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
  /** A page of the staff (the admin, their sign-in): English in both languages, like the rest of the admin. */
  staff?: true;
}

export const shopName = 'Bilum';
/** The shop's own title and description (index.html, the home pages). */
export const shopHomeTitle = 'Bilum – phones, computers, cameras and more in Papua New Guinea';
export const shopDescription =
  'Shop phones, computers, cameras, vehicles and accessories in kina, delivered across Papua New Guinea.';

/**
 * A page's title in the browser tab and in search results: "Phones - Bilum", "Your Cart - Bilum"; in Tok Pisin
 * "Kat bilong yu - Bilum". `page` is the English name (a page's `title`); a name the Tok Pisin table does not
 * have (a category's, which is the owner's) stays as it is.
 */
export function shopPageTitle(page: string | null, locale: Locale = 'en'): string {
  return page === null ? pageText(shopHomeTitle, locale) : `${pageText(page, locale)} - ${shopName}`;
}

const privatePage = (pattern: string, title: string): SitePage => ({ pattern, kind: 'private', title });
const staffPage = (pattern: string, title: string): SitePage => ({ pattern, kind: 'private', title, staff: true });

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
  staffPage('/admin-login', 'Admin Sign In'),
  // The second step of a staff sign-in (issue 28).
  staffPage('/admin-login/code', 'Enter your code'),
  staffPage('/admin-login/set-up', 'Set up your second factor'),
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
  staffPage('/entry-option', 'Inventory Dashboard'),
  staffPage('/product-inventory', 'Product Inventory'),
  staffPage('/product-entry', 'Add New Product'),
  // Categories the owner manages (issue 30).
  staffPage('/categories', 'Categories'),
  staffPage('/discount-codes', 'Discount codes'),
  staffPage('/member-status', 'Membership Overview'),
  staffPage('/order-inventory', 'Order Management'),
  staffPage('/settings', 'Shop Settings'),
  // Tax invoices and packing slips (issue 19).
  privatePage('/invoice', 'Tax Invoice'),
  privatePage('/invoice/:orderId', 'Tax Invoice'),
  staffPage('/order-inventory/:orderId/invoice', 'Tax Invoice'),
  staffPage('/order-inventory/:orderId/packing-slip', 'Packing Slip'),
  // Staff, integrations and the activity log (issue 21).
  staffPage('/staff-invite', 'Staff Invitation'),
  staffPage('/integrations', 'Integrations'),
  staffPage('/staff', 'Staff'),
  staffPage('/api-keys', 'API keys'),
  staffPage('/activity', 'Activity'),
  staffPage('/admin-account', 'My account'),
  // The back office (issue 21, decision 018).
  staffPage('/customers', 'Customers'),
  staffPage('/reports', 'Dashboard'),
];

/**
 * The shopper pages' titles and descriptions in Tok Pisin (issue 31, decision 046), by their English text above:
 * what the server writes into a Tok Pisin page's head before any script runs. The web app's pages set the same
 * titles from its catalogs (`content.terms.title`…). The staff's pages (`staff`) stay English: `sitePageTitle`
 * gives them theirs (site-pages.test.ts holds the table to exactly the shopper pages' texts).
 */
export const tokPisinPageTexts: Readonly<Record<string, string>> = {
  [shopHomeTitle]: 'Bilum – fon, kompiuta, kamera na planti moa long Papua Niugini',
  [shopDescription]:
    'Baim fon, kompiuta, kamera, ka na ol liklik samting long kina. Mipela i salim long olgeta hap bilong Papua Niugini.',
  'All Products': 'Olgeta Samting',
  Product: 'Samting',
  'Terms and Conditions': 'Ol Lo na Kondisen',
  'The terms of sale, delivery, returns and Premium membership at Bilum, Papua New Guinea.':
    'Ol lo bilong baim samting, salim, bringim bek samting na Premium Memba long Bilum, Papua Niugini.',
  'Privacy Policy': 'Lo bilong Praivesi',
  'What Bilum keeps about you, why, for how long, and how to see or delete it.':
    'Wanem stori Bilum i holim long yu, bilong wanem, inap long wanem taim, na olsem wanem yu ken lukim o rausim.',
  'Contact Us': 'Toktok wantaim mipela',
  'Call, e-mail or visit Bilum in Port Moresby: questions about products, orders and delivery.':
    'Kolim, salim imel o kam lukim Bilum long Pot Mosbi: askim long ol samting, ol oda na salim.',
  'Premium Membership': 'Premium Memba',
  'Bilum Premium: member prices on every product and free delivery across Papua New Guinea.':
    'Bilum Premium: prais bilong memba long olgeta samting na salim nating long olgeta hap bilong Papua Niugini.',
  'Track Your Order': 'Painim oda bilong yu',
  'Follow a Bilum order with its tracking code: paid, dispatched, delivered.':
    'Bihainim oda bilong Bilum wantaim kod bilong painim: yu peim pinis, mipela i salim i go, em i kamap pinis.',
  'Sign In': 'Go insait',
  'Create Account': 'Mekim nupela akaun',
  'Forgot Password': 'Yu lusim tingting long paswod',
  'Verify Code': 'Sekim Kod',
  'Reset Password': 'Senisim Paswod',
  'Choose Membership': 'Makim memba bilong yu',
  'Logging out': 'Yu go ausait nau',
  'Confirm E-mail': 'Tok orait long imel',
  'Your Cart': 'Kat Bilong Yu',
  'Your Shopping Cart': 'Kat Bilong Yu',
  'Contact Details': 'Nem, imel na namba fon',
  Checkout: 'Peim',
  'Guest Checkout': 'Peim olsem gest',
  'Order Confirmation': 'Oda i orait',
  'Confirm your order': 'Tok orait long oda bilong yu',
  'My Profile': 'Profail bilong mi',
  'Your Order History': 'Ol oda bilong yu',
  'Tax Invoice': 'Takis invois',
  // The not-found screens' titles (the server answers 404 with them).
  'Oops! Page not found': 'Sori! Mipela i no painim dispela pes',
  'Product not found': 'Mipela i no painim samting',
};

/** A page's title or description in the page's language: English as written above, or its Tok Pisin. */
export function pageText(english: string, locale: Locale): string {
  return locale === 'tpi' ? (tokPisinPageTexts[english] ?? english) : english;
}

/** A page's title in the tab, in the page's language (the staff's pages: English). */
export function sitePageTitle(page: SitePage, locale: Locale): string {
  return shopPageTitle(page.title, page.staff ? 'en' : locale);
}

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
  locale: Locale = 'en',
): { title: string; description: string } {
  const title = name ?? pageText(categoryTitle('all'), locale);
  const names = shopCategoryNames.map((each) => each.toLowerCase());
  const tokPisin = locale === 'tpi';
  const and = tokPisin ? 'na' : 'and';
  const none = tokPisin ? 'ol samting' : 'products';
  const listed = names.length > 1 ? `${names.slice(0, -1).join(', ')} ${and} ${names.at(-1)}` : (names[0] ?? none);
  const what = name === null ? listed : name.toLowerCase();
  return {
    title,
    description: tokPisin
      ? `Baim ${what} long kina long Bilum. Mipela i salim long olgeta hap bilong Papua Niugini, o yu kisim long stua long Pot Mosbi.`
      : `Shop ${what} in kina at Bilum, with delivery across Papua New Guinea and pickup in Port Moresby.`,
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
