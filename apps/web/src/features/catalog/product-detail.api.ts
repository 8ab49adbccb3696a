import { type Product, productMessages } from '@bilum/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { cachedListItem, catalogKeys } from './catalog.api';

/** The answer did not have the shape of a product (the spec's "data format issue"). */
export class ProductFormatError extends Error {
  constructor() {
    super(productMessages.badFormat);
    this.name = 'ProductFormatError';
  }
}

function isProduct(value: unknown): value is Product {
  const product = value as Partial<Product> | null;
  return typeof product?.id === 'number' && typeof product.name === 'string' && typeof product.price === 'number';
}

export async function fetchProduct(id: number, signal?: AbortSignal): Promise<Product> {
  const body = await api<{ product?: unknown } | undefined>(`/products/${id}`, { signal });
  if (!isProduct(body?.product)) throw new ProductFormatError();
  return body.product;
}

/** One product; shows the card's data from a loaded list page at once while the detail loads. */
export function useProduct(id: number | null) {
  const queryClient = useQueryClient();
  return useQuery<Product>({
    queryKey: catalogKeys.detail(id ?? 0),
    queryFn: ({ signal }) => fetchProduct(id ?? 0, signal),
    enabled: id !== null,
    placeholderData: () => (id === null ? undefined : cachedListItem(queryClient, id)),
  });
}
