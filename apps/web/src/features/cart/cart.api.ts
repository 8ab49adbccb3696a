import type { Cart, Product } from '@bilum/shared';
import { useMutation, useQueries, useQueryClient } from '@tanstack/react-query';
import { englishT, type MessageId, type Translate } from '../../i18n/i18n';
import { api, ApiError } from '../../lib/api-client';
import { serverCartKey } from '../../lib/server-cart';

/** The cart page's write calls; each answers with the whole cart, which replaces the cached one. */
function useCartMutation<Input>(call: (input: Input) => Promise<Cart>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: (cart) => client.setQueryData(serverCartKey, cart),
  });
}

export const useUpdateQuantity = () =>
  useCartMutation(({ cartItemId, quantity }: { cartItemId: number; quantity: number }) =>
    api<Cart>(`/cart/items/${cartItemId}`, { method: 'PATCH', body: { quantity } }),
  );

export const useRemoveLine = () =>
  useCartMutation((cartItemId: number) => api<Cart>(`/cart/items/${cartItemId}`, { method: 'DELETE' }));

export const useClearCart = () => useCartMutation(() => api<Cart>('/cart', { method: 'DELETE' }));

/** A failed cart read on the cart page, in the spec's words: the network message when the server was not reached. */
export function loadFailureMessage(error: unknown, t: Translate = englishT): string {
  return error instanceof ApiError && error.isNetwork ? t('cart.loadNetwork') : t('cart.loadFailed');
}

/** A failed remove, in the spec's words: the connection message when the server could not be reached. */
export function removeFailure(error: unknown, t: Translate = englishT, titleId: MessageId = 'cart.removeFailed') {
  const title = t(titleId);
  if (error instanceof ApiError && error.isNetwork) return { title, description: t('cart.removeNetwork') };
  const description =
    error instanceof ApiError && error.code !== 'INTERNAL' && error.code !== 'HTTP' ? error.message : undefined;
  return { title, description };
}

/**
 * The guest cart's products as the shop has them now (price, sold or withdrawn), read in parallel. A product
 * that no longer exists answers null; one that cannot be read right now stays undefined (the saved data shows).
 */
/** One product of the guest cart, as /guest-cart reads it again from the server. */
export const guestCartProductKey = (id: number) => ['guest-cart-product', id] as const;

export function useGuestCartProducts(productIds: readonly number[]) {
  const results = useQueries({
    queries: productIds.map((id) => ({
      queryKey: guestCartProductKey(id),
      queryFn: async ({ signal }: { signal: AbortSignal }): Promise<Product | null> => {
        try {
          return (await api<{ product: Product }>(`/products/${id}`, { signal })).product;
        } catch (error) {
          if (error instanceof ApiError && error.status === 404) return null;
          throw error;
        }
      },
      staleTime: 30_000,
    })),
  });
  return new Map(productIds.map((id, index) => [id, results[index]?.data]));
}
