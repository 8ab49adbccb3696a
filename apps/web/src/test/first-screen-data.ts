import type { FirstScreenData, GuestCartEntry, Product, ProductListInput } from '@bilum/shared';
import { vi } from 'vitest';
import { testProduct } from '../features/catalog/test-product';
import { seededCategories } from './categories';

/** What the API server gives the first-screen renderer (apps/api/src/plugins/first-screen.ts), in tests. */
export const laptop: Product = {
  ...testProduct,
  id: 1,
  name: 'HP Pavilion 15 Laptop',
  category: 'computers',
  price: 329_900,
  image: '/images/products/hp-pavilion-15-laptop.svg',
};
export const catalogue = [laptop, testProduct];

export function fakeData(
  visitor: { session?: boolean; cart?: GuestCartEntry[]; api?: Record<string, unknown> } = {},
): FirstScreenData & { calls: string[]; queries: ProductListInput[] } {
  const calls: string[] = [];
  const queries: ProductListInput[] = [];
  return {
    calls,
    queries,
    // The API's answers for this visitor, as the server asks for them in-process (the shop's categories unless
    // `api` says otherwise); 404 for any other path.
    get: vi.fn(async (path: string) => {
      calls.push(`get ${path}`);
      const answer = ({ '/categories': { categories: seededCategories }, ...visitor.api } as Record<string, unknown>)[
        path
      ];
      return answer === undefined
        ? { status: 404, body: JSON.stringify({ error: { code: 'NOT_FOUND', message: 'No such thing' } }) }
        : { status: 200, body: JSON.stringify(answer) };
    }),
    hasSession: () => visitor.session ?? false,
    guestCart: () => visitor.cart ?? [],
    checkoutMirror: () => null,
    // As GET /api/products answers a guest: one page of the category asked for.
    products: vi.fn(async (query: ProductListInput = {}) => {
      calls.push('products');
      queries.push(query);
      const { category = 'all', page = 1, pageSize = 24 } = query;
      const matching = catalogue.filter((product) => category === 'all' || product.category === category);
      const items = matching
        .slice((page - 1) * pageSize, page * pageSize)
        .map((product) => ({ ...product, memberPrice: null, priceFrom: null }));
      const pageCount = Math.ceil(matching.length / pageSize);
      return { items, total: matching.length, page, pageSize, pageCount };
    }),
    product: vi.fn(async (id: number) => {
      calls.push(`product ${id}`);
      return catalogue.find((product) => product.id === id) ?? null;
    }),
  };
}
