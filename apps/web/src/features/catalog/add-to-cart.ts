import { cartScreenMessages, productMessages } from '@bilum/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { toast } from 'sonner';
import { ApiError } from '../../lib/api-client';
import { readGuestCart, saveGuestCart, useGuestCart } from '../../lib/guest-cart';
import type { LocalCartItem } from '../../lib/local-cart-item';
import { addToServerCart, useServerCart } from '../../lib/server-cart';
import { useSession } from '../../lib/session';

/** The spec's local-storage key for the guest cart. */
export { GUEST_CART_KEY } from '../../lib/guest-cart';

export type AddResult = 'added' | 'already-in-cart' | 'failed';

/** A failed server add, in the spec's words. */
function toastAddFailure(error: unknown) {
  if (error instanceof ApiError && error.isNetwork) {
    toast.error(cartScreenMessages.addNetworkTitle, { description: cartScreenMessages.addNetwork });
    return;
  }
  const message =
    error instanceof ApiError && error.code !== 'INTERNAL' && error.code !== 'HTTP'
      ? error.message
      : cartScreenMessages.addFailed;
  toast.error(cartScreenMessages.addFailedTitle, { description: message });
}

/**
 * Add to Cart for the product pages. Signed-in shoppers use the server cart (only the product id and the
 * quantity are sent; the server prices the line), and the in-cart flag comes from it; guests keep the item in
 * the browser's guest cart (`guestCartItems`).
 */
export function useAddToCart(productId: number | undefined) {
  const client = useQueryClient();
  const { isSignedIn } = useSession();
  const serverCart = useServerCart();
  const guestCart = useGuestCart();
  const [answeredInCart, setAnsweredInCart] = useState<number[]>([]);
  const [pending, setPending] = useState(false);

  const inCart =
    productId !== undefined &&
    (answeredInCart.includes(productId) ||
      (isSignedIn
        ? (serverCart.data?.items.some((line) => line.productId === productId) ?? false)
        : guestCart.some((item) => item.product_id === productId)));

  const add = useCallback(
    async (item: LocalCartItem): Promise<AddResult> => {
      const markInCart = () => setAnsweredInCart((ids) => [...ids, item.product_id]);
      if (!isSignedIn) {
        const { items } = readGuestCart();
        if (items.some((line) => line.product_id === item.product_id)) {
          markInCart();
          toast.info(productMessages.alreadyInCart);
          return 'already-in-cart';
        }
        if (!saveGuestCart([...items, item])) return 'failed';
        markInCart();
        return 'added';
      }
      setPending(true);
      try {
        const result = await addToServerCart(client, item.product_id, 1);
        markInCart();
        if (result.alreadyInCart) {
          toast.info(productMessages.alreadyInCart);
          return 'already-in-cart';
        }
        return 'added';
      } catch (error) {
        toastAddFailure(error);
        return 'failed';
      } finally {
        setPending(false);
      }
    },
    [client, isSignedIn],
  );

  return { inCart, add, pending };
}
