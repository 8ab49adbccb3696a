import { type FirstScreenData, firstScreenStateId } from '@bilum/shared';
import { type DehydratedState, hydrate, type QueryClient } from '@tanstack/react-query';
import { matchPath } from 'react-router';
import { catalogKeys } from '../features/catalog/catalog.api';

// The landing pages the server renders (packages/shared/src/first-screen.ts), and the data each one shows.

type Seed = { key: readonly unknown[]; data: unknown };
type Seeder = (params: Record<string, string | undefined>, data: FirstScreenData) => Promise<Seed[] | null>;

const productList: Seeder = async (_params, data) => [{ key: catalogKeys.list({}), data: await data.products() }];

const oneProduct: Seeder = async ({ id }, data) => {
  const productId = Number(id);
  const product = Number.isSafeInteger(productId) ? await data.product(productId) : null;
  return product ? [{ key: catalogKeys.detail(productId), data: product }] : null;
};

/** The guest pages rendered on the server, with the queries their first screen shows. */
const firstScreens: { path: string; seed: Seeder }[] = [
  { path: '/', seed: productList },
  { path: '/category/:categoryName?', seed: productList },
  { path: '/index-item/:id', seed: oneProduct },
  { path: '/indexdetail/:id', seed: oneProduct },
];

/**
 * Puts the data of the page at `pathname` into `queryClient`; false when the page is not one rendered on the
 * server (or its product does not exist: the app shows its own not-found page).
 */
export async function seedFirstScreen(queryClient: QueryClient, pathname: string, data: FirstScreenData) {
  for (const screen of firstScreens) {
    const match = matchPath(screen.path, pathname);
    if (!match) continue;
    const seeds = await screen.seed(match.params, data);
    if (!seeds) return false;
    for (const { key, data: value } of seeds) queryClient.setQueryData(key, value);
    return true;
  }
  return false;
}

/** Seeds the app's query cache with the data the server rendered the page from; true when there was some. */
export function hydrateFirstScreen(queryClient: QueryClient, doc: Document = document): boolean {
  const element = doc.getElementById(firstScreenStateId);
  if (!element?.textContent) return false;
  try {
    hydrate(queryClient, JSON.parse(element.textContent) as DehydratedState);
    return true;
  } catch {
    return false;
  } finally {
    element.remove();
  }
}
