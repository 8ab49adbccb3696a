import type { SavedProducts } from '@bilum/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from './api-client';

/**
 * The signed-in shopper's saved list ("My Saved List"), used by the product detail page's favourites button and
 * by the profile's My List popup.
 */
export const savedProductsKey = ['saved-products'] as const;

export function useSavedProducts(enabled = true) {
  return useQuery({
    queryKey: savedProductsKey,
    queryFn: () => api<SavedProducts>('/saved-products'),
    enabled,
  });
}

/** Saves (`save: true`) or removes a product; the answer is the new list. */
export function useToggleSaved() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ productId, save }: { productId: number; save: boolean }) =>
      save
        ? (await api<{ list: SavedProducts }>('/saved-products', { method: 'POST', body: { productId } })).list
        : api<SavedProducts>(`/saved-products/${productId}`, { method: 'DELETE' }),
    onSuccess: (list) => client.setQueryData(savedProductsKey, list),
  });
}
