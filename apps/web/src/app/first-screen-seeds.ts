import { type FirstScreenData, type Product, signedOutSession } from '@bilum/shared';
import type { QueryClient } from '@tanstack/react-query';
import { matchPath } from 'react-router';
import { guestCartProductKey } from '../features/cart/cart.api';
import { catalogKeys } from '../features/catalog/catalog.api';
import { type LocalCartItem, toLocalCartItem } from '../lib/local-cart-item';
import { sessionKey } from '../lib/session';

// The landing pages the server renders (packages/shared/src/first-screen.ts), and the data each one shows.

type Seed = { key: readonly unknown[]; data: unknown };
/** The page's queries, and for /guest-cart the cart the browser's storage holds. */
export type FirstScreenSeeds = { queries: Seed[]; guestCart?: LocalCartItem[] };
type Seeder = (params: Record<string, string | undefined>, data: FirstScreenData) => Promise<FirstScreenSeeds | null>;

const productList: Seeder = async (_params, data) => ({
  queries: [{ key: catalogKeys.list({}), data: await data.products() }],
});

const oneProduct: Seeder = async ({ id }, data) => {
  const productId = Number(id);
  const product = Number.isSafeInteger(productId) ? await data.product(productId) : null;
  return product ? { queries: [{ key: catalogKeys.detail(productId), data: product }] } : null;
};

/**
 * A guest's cart, from the cookie the app mirrors it into. Not for a request with a session (the shopper may be
 * signed in: their cart is on the server), nor when a product of the cart is gone (the app says what happened).
 */
const guestCart: Seeder = async (_params, data) => {
  const entries = data.guestCart();
  if (data.hasSession() || entries.length === 0) return null;
  const products = await Promise.all(entries.map((entry) => data.product(entry.productId)));
  if (products.some((product) => product === null)) return null;
  const found = products as Product[];
  return {
    queries: [
      { key: sessionKey, data: signedOutSession },
      ...found.map((product) => ({ key: guestCartProductKey(product.id), data: product })),
    ],
    guestCart: found.map((product, index) => ({ ...toLocalCartItem(product), quantity: entries[index]!.quantity })),
  };
};

/** The guest pages rendered on the server, with the queries their first screen shows. */
const firstScreens: { path: string; seed: Seeder }[] = [
  { path: '/', seed: productList },
  { path: '/category/:categoryName?', seed: productList },
  { path: '/index-item/:id', seed: oneProduct },
  { path: '/indexdetail/:id', seed: oneProduct },
  { path: '/guest-cart', seed: guestCart },
];

/**
 * Puts the data of the page at `pathname` into `queryClient`; null when the page is not one rendered on the
 * server (or its product does not exist: the app shows its own not-found page).
 */
export async function seedFirstScreen(
  queryClient: QueryClient,
  pathname: string,
  data: FirstScreenData,
): Promise<FirstScreenSeeds | null> {
  for (const screen of firstScreens) {
    const match = matchPath(screen.path, pathname);
    if (!match) continue;
    const seeds = await screen.seed(match.params, data);
    for (const { key, data: value } of seeds?.queries ?? []) queryClient.setQueryData(key, value);
    return seeds;
  }
  return null;
}
