import type { Product, ProductListInput } from '@bilum/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, toQuery } from '../../lib/api-client';

export const catalogKeys = {
  list: (query: ProductListInput) => ['products', 'list', query] as const,
  detail: (id: number) => ['products', 'detail', id] as const,
};

export type ProductList = { products: Product[]; count: number };

export function fetchProducts(query: ProductListInput, signal?: AbortSignal) {
  return api<ProductList>(`/products${toQuery(query)}`, { signal });
}

export function useProducts(query: ProductListInput = {}) {
  return useQuery({
    queryKey: catalogKeys.list(query),
    queryFn: ({ signal }) => fetchProducts(query, signal),
    placeholderData: keepPreviousData,
  });
}
