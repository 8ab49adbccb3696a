import type { AddCartItemResponse, Cart, CartLine, MergeCartInput, MergeCartResponse } from '@bilum/shared';
import { type QueryClient, useQuery } from '@tanstack/react-query';
import { api } from './api-client';
import { cartLineToLocalItem, type LocalCartItem } from './local-cart-item';
import { useSession } from './session';

/**
 * The signed-in shopper's server cart, shared by the cart page, the header dropdown and the detail pages (one
 * query, so adding on a detail page shows at once in the header). Prices and totals come from the server.
 */
export const serverCartKey = ['cart'] as const;

export const fetchServerCart = (signal?: AbortSignal) => api<Cart>('/cart', { signal });

export interface ServerCartOptions {
  /** Re-read every N ms while the page is open (cart page 30 s, member home 60 s). */
  refetchInterval?: number | false;
  /** 'always' re-reads on every return to the window, however fresh the cart is. */
  refetchOnWindowFocus?: boolean | 'always';
}

/** The server cart, read only for a signed-in shopper. */
export function useServerCart(options: ServerCartOptions = {}) {
  const { isSignedIn } = useSession();
  return useQuery({
    queryKey: serverCartKey,
    queryFn: ({ signal }) => fetchServerCart(signal),
    enabled: isSignedIn,
    refetchInterval: options.refetchInterval ?? false,
    refetchOnWindowFocus: options.refetchOnWindowFocus ?? false,
  });
}

/** POST /api/cart/items: only the product, its variant and the quantity; the server prices the line. */
export async function addToServerCart(client: QueryClient, productId: number, quantity = 1, variantId?: number) {
  const body = { productId, quantity, ...(variantId !== undefined ? { variantId } : {}) };
  const result = await api<AddCartItemResponse>('/cart/items', { method: 'POST', body });
  client.setQueryData(serverCartKey, result.cart);
  return result;
}

/** POST /api/cart/merge: joins the guest cart to the server cart (repeat-safe on the server). */
export async function mergeIntoServerCart(client: QueryClient, items: MergeCartInput['items']) {
  const result = await api<MergeCartResponse>('/cart/merge', { method: 'POST', body: { items } });
  client.setQueryData(serverCartKey, result.cart);
  return result;
}

/** A server cart line in the spec's local cart item shape, for the checkout handoff (`cartItemsForCheckout`). */
export const serverLineToLocalItem = (line: CartLine): LocalCartItem =>
  cartLineToLocalItem(line, line.status === 'available');
