import {
  categoryFromName,
  type FirstScreenData,
  type MirroredLine,
  type Product,
  type ProductListPage,
  type PublicCategory,
  signedOutSession,
} from '@bilum/shared';
import type { QueryClient } from '@tanstack/react-query';
import { matchPath } from 'react-router';
import { guestCartProductKey } from '../features/cart/cart.api';
import { catalogKeys, type ListQuery, normaliseListQuery, type ProductPages } from '../features/catalog/catalog.api';
import { categoryListQuery, filtersFromLocation } from '../features/catalog/category-filters';
import { homeListQuery } from '../features/catalog/list-queries';
import type { StorageSnapshot } from '../lib/browser-storage';
import { type CategoriesAnswer, categoriesKey, categoriesOf } from '../lib/categories';
import { checkoutStorageKeys, guestCartStorageKeys, toCheckoutLine } from '../lib/checkout-handoff';
import { GUEST_CART_KEY } from '../lib/guest-cart';
import { type LocalCartItem, toVariantCartItem } from '../lib/local-cart-item';
import type { CheckoutAttempt, ConfirmationHandoff } from '../features/checkout/checkout-attempt';
import { sessionKey } from '../lib/session';

// The landing pages the server renders (packages/shared/src/first-screen.ts), and the data each one shows.

type Seed = { key: readonly unknown[]; data: unknown };
/** The page's queries, and for /guest-cart the cart the browser's storage holds. */
export type FirstScreenSeeds = { queries: Seed[]; guestCart?: LocalCartItem[] };
type Seeder = (
  params: Record<string, string | undefined>,
  data: FirstScreenData,
  search: URLSearchParams,
  /** The shop's visible categories, or null when they were not read (a request with a session, or a failed call). */
  categories: PublicCategory[] | null,
) => Promise<FirstScreenSeeds | null>;

/**
 * The first page of a storefront list, under the key the page's useProductPages uses for a guest (issue 20: the
 * first screen carries the page it shows, the rest loads as the shopper scrolls). Not for a request with a
 * session: a member must not see guest prices in the HTML; the browser asks for that shopper's own list.
 */
function listSeed(query: ListQuery, data: FirstScreenData): Promise<FirstScreenSeeds | null> | null {
  if (data.hasSession()) return null;
  return data.products(normaliseListQuery(query)).then((page: ProductListPage) => {
    const pages: ProductPages = { pages: [page], pageParams: [1] };
    return { queries: [{ key: catalogKeys.list(query, 'guest'), data: pages }] };
  });
}

const homeList: Seeder = async (_params, data, search) => listSeed(homeListQuery(search), data);

const categoryList: Seeder = async ({ categoryName }, data, search, categories) => {
  // An unknown or hidden category shows the app's not-found page (the server answers 404); an address in capitals
  // or an old slug is redirected by the server.
  const category = categoryFromName(categoryName ?? 'all');
  if (!category) return null;
  if (category !== 'all' && categories && !categories.some((known) => known.slug === category)) return null;
  return listSeed(categoryListQuery(filtersFromLocation(category, search)), data);
};

const oneProduct: Seeder = async ({ id }, data) => {
  const productId = Number(id);
  const product = Number.isSafeInteger(productId) ? await data.product(productId) : null;
  return product ? { queries: [{ key: catalogKeys.detail(productId), data: product }] } : null;
};

/**
 * The guest cart the browser mirrors into its cookie, each line with its product (null where it is gone from the
 * catalogue); none for a request with a session (the shopper may be signed in: their cart is on the server).
 */
async function guestCartLines(data: FirstScreenData): Promise<GuestCartLine[]> {
  const entries = data.guestCart();
  if (entries.length === 0 || data.hasSession()) return [];
  const products = await Promise.all(entries.map((entry) => data.product(entry.productId)));
  return entries.map((entry, index) => ({
    quantity: entry.quantity,
    ...(entry.variantId !== undefined ? { variantId: entry.variantId } : {}),
    product: products[index] ?? null,
  }));
}

interface GuestCartLine {
  product: Product | null;
  quantity: number;
  variantId?: number;
}

/** A line of the guest cart whose product the catalogue still has. */
function isFound(line: GuestCartLine): line is GuestCartLine & { product: Product } {
  return line.product !== null;
}

const cartItem = ({ product, quantity, variantId }: GuestCartLine & { product: Product }): LocalCartItem => ({
  ...toVariantCartItem(product, variantId),
  quantity,
});

/** The browser's storage holding `items` as its guest cart (lib/guest-cart.ts keeps it in local storage). */
export function guestCartSnapshot(items: readonly LocalCartItem[]): StorageSnapshot {
  return { local: items.length > 0 ? { [GUEST_CART_KEY]: JSON.stringify(items) } : {}, session: {} };
}

/**
 * A guest's cart, from the cookie the app mirrors it into. Not when a product of the cart is gone (the app says
 * what happened).
 */
const guestCart: Seeder = async (_params, data) => {
  const lines = await guestCartLines(data);
  const found = lines.filter(isFound);
  if (lines.length === 0 || found.length < lines.length) return null;
  return {
    queries: found.map(({ product }) => ({ key: guestCartProductKey(product.id), data: product })),
    guestCart: found.map(cartItem),
  };
};

/**
 * The shop's visible categories, as GET /api/categories answers them (the header, the footer, the home search and
 * the category pages show them); null when the call failed: the app then asks for them itself.
 */
async function visibleCategories(data: FirstScreenData): Promise<PublicCategory[] | null> {
  const { status, body } = await data.get('/categories');
  if (status !== 200) return null;
  try {
    return categoriesOf(JSON.parse(body));
  } catch {
    return null;
  }
}

/** The guest pages rendered on the server, with the queries their first screen shows. */
const firstScreens: { path: string; seed: Seeder; asAskedWithSession: boolean }[] = [
  { path: '/', seed: homeList, asAskedWithSession: true },
  { path: '/category/:categoryName?', seed: categoryList, asAskedWithSession: true },
  { path: '/index-item/:id', seed: oneProduct, asAskedWithSession: true },
  { path: '/indexdetail/:id', seed: oneProduct, asAskedWithSession: true },
  // A signed-in shopper is sent on to /cart by the app: left to the browser.
  { path: '/guest-cart', seed: guestCart, asAskedWithSession: false },
];

/**
 * The other pages a shopper opens, rendered on the server with the data the page asks for as it renders
 * (entry-server.tsx answers its queries in-process for the request's visitor): sign-in and account pages, the
 * member storefront, the cart and checkout, profile and orders, the static pages. The admin's pages stay in the
 * browser. The not-found page (any address no route has) is rendered too.
 */
const renderedAsAsked = [
  '/track-order',
  '/login',
  '/register',
  '/forgot-password',
  '/verify-otp',
  '/reset-password',
  '/membership-choice',
  '/membership-payment',
  '/membership',
  '/dashboard',
  '/dashboard-category/:categoryName?',
  '/item/:id',
  '/itemdetail/:id',
  '/cart',
  '/profile',
  '/order-history',
  '/terms',
  '/terms-and-conditions',
  '/terms-of-service',
  '/privacy',
  '/privacy-policy',
  '/contact',
];

/**
 * Pages whose content is what the browser's session storage holds (the checkout hand-off, the order just placed):
 * rendered from the queries they ask for with the storage the visitor's cookies mirror (`storageFromCookies`).
 * Without such a cookie the server renders their frame (the header, the signed-in shopper's name and cart) with
 * the loading state in the main part, which the app then fills, rather than a wrong "your cart is empty" or "no
 * recent order".
 */
const renderedFromStorage = ['/contact-details', '/checkout', '/guestcheckout', '/order-confirmation'];

export function isRenderedFromStorage(pathname: string): boolean {
  return renderedFromStorage.some((path) => matchPath(path, pathname) !== null);
}

/** Whether the page at `pathname` is rendered from the queries it asks for (see `renderedAsAsked`). */
export function isRenderedAsAsked(pathname: string, isNotFound: boolean): boolean {
  return isNotFound || renderedAsAsked.some((path) => matchPath(path, pathname) !== null);
}

/**
 * What the visitor's browser holds in storage, from the cookies the app mirrors it into (the guest cart,
 * lib/guest-cart.ts; the checkout, lib/checkout-mirror.ts), in the form the app keeps it, with the names and
 * pictures of the shop's catalogue. Null when a product the checkout names is no longer found: the page is then
 * left to the browser, which says what happened.
 */
export async function storageFromCookies(data: FirstScreenData): Promise<StorageSnapshot | null> {
  // The header's count and guest checkout: products no longer for sale are left out.
  const lines = await guestCartLines(data);
  const { local } = guestCartSnapshot(lines.filter(isFound).map(cartItem));
  const mirror = data.checkoutMirror();
  if (!mirror) return { local, session: {} };
  const mirrored = [
    ...(mirror.guestSingleItem ? [mirror.guestSingleItem] : []),
    ...(mirror.signedInItems ?? []),
    ...(mirror.guestSelected ?? []),
    ...(mirror.attempt?.lines ?? []),
  ];
  const ids = [...new Set(mirrored.map((line) => line.productId))];
  const products = new Map(await Promise.all(ids.map(async (id) => [id, await data.product(id)] as const)));
  if ([...products.values()].some((product) => product === null)) return null;
  const item = (line: MirroredLine): LocalCartItem => ({
    ...toVariantCartItem(products.get(line.productId)!, line.variantId),
    quantity: line.quantity,
    ...(line.cartItemId !== null ? { cart_item_id: line.cartItemId } : {}),
  });
  const keys = checkoutStorageKeys;
  const session: Record<string, string> = {};
  if (mirror.checkoutType) session[keys.checkoutType] = mirror.checkoutType;
  if (mirror.guestSingleItem) session[keys.guestSingleItem] = JSON.stringify(item(mirror.guestSingleItem));
  if (mirror.signedInItems) session[keys.signedInItems] = JSON.stringify(mirror.signedInItems.map(item));
  if (mirror.guestSelected) session[guestCartStorageKeys.selected] = JSON.stringify(mirror.guestSelected.map(item));
  if (mirror.attempt) {
    const { audience, kind, lines, code } = mirror.attempt;
    // The attempt's order and idempotency key stay in the browser: the server shows the lines, not the order.
    const attempt: CheckoutAttempt = {
      audience,
      selection: { kind, lines: lines.map((line) => toCheckoutLine(item(line))!) },
      idempotencyKey: '',
      contactJson: null,
      created: null,
      replaces: null,
      discountCode: code,
    };
    session[keys.attempt] = JSON.stringify(attempt);
  }
  if (mirror.confirmation) {
    const confirmation: ConfirmationHandoff = { ...mirror.confirmation, checkoutToken: null };
    session[keys.confirmation] = JSON.stringify(confirmation);
  }
  return { local, session };
}

/**
 * Whether `pathname` is one of the guest landing pages above that a request with a session (a member, who sees
 * their own prices) gets rendered from the queries it asks for.
 */
export function isLandingPageAskedWithSession(pathname: string): boolean {
  return firstScreens.some((screen) => screen.asAskedWithSession && matchPath(screen.path, pathname) !== null);
}

/**
 * Puts the data of the page at `url` (path and query) into `queryClient`; null when the page is not one rendered
 * on the server (or its product does not exist: the app shows its own not-found page).
 */
export async function seedFirstScreen(
  queryClient: QueryClient,
  url: string,
  data: FirstScreenData,
): Promise<FirstScreenSeeds | null> {
  const { pathname, searchParams } = new URL(url, 'http://shop.invalid');
  for (const screen of firstScreens) {
    const match = matchPath(screen.path, pathname);
    if (!match) continue;
    // Read for a guest only: an in-process call made for a request with a session makes its rendering the
    // visitor's own (never kept), which these pages are not.
    const categories = data.hasSession() ? null : await visibleCategories(data);
    const found = await screen.seed(match.params, data, searchParams, categories);
    const categoriesSeed: Seed[] =
      categories === null ? [] : [{ key: categoriesKey, data: { categories } satisfies CategoriesAnswer }];
    // A visitor without a session is signed out, with the guest cart their cookie mirrors: the header says so on
    // the server (the cart's count too), and the app takes the page over from the same (decision 034) rather than
    // asking and rendering the header's cart a second time.
    const seeds =
      found && !data.hasSession()
        ? {
            queries: [{ key: sessionKey, data: signedOutSession }, ...found.queries, ...categoriesSeed],
            guestCart: found.guestCart ?? (await guestCartLines(data)).filter(isFound).map(cartItem),
          }
        : found;
    for (const { key, data: value } of seeds?.queries ?? []) queryClient.setQueryData(key, value);
    return seeds;
  }
  return null;
}
