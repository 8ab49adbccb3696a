import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { toast } from 'sonner';
import type { Translate } from '../../i18n/i18n';
import { useT } from '../../i18n/react';
import { ApiError } from '../../lib/api-client';
import { readGuestCart, saveGuestCart, useGuestCart } from '../../lib/guest-cart';
import { type LocalCartItem, localLineKey, sameLocalLine } from '../../lib/local-cart-item';
import { addToServerCart, useServerCart } from '../../lib/server-cart';
import { useSession } from '../../lib/session';

/** The spec's local-storage key for the guest cart. */
export { GUEST_CART_KEY } from '../../lib/guest-cart';

export type AddResult = 'added' | 'already-in-cart' | 'failed';

/** A failed server add, in the spec's words. */
function toastAddFailure(error: unknown, t: Translate) {
  if (error instanceof ApiError && error.isNetwork) {
    toast.error(t('cart.addNetworkTitle'), { description: t('cart.addNetwork') });
    return;
  }
  const message =
    error instanceof ApiError && error.code !== 'INTERNAL' && error.code !== 'HTTP'
      ? error.message
      : t('cart.addFailed');
  toast.error(t('cart.addFailedTitle'), { description: message });
}

/** The product (and variant) a product page sells: the variant chosen, and its product's first variant. */
export interface CartTarget {
  productId: number;
  /** The variant chosen (issue 30); undefined where the page does not know the product's variants. */
  variantId?: number;
  /** A guest line saved before variants holds this one. */
  firstVariantId?: number;
}

/**
 * Add to Cart for the product pages. Signed-in shoppers use the server cart (only the product, its variant and
 * the quantity are sent; the server prices the line), and the in-cart flag comes from it; guests keep the item
 * in the browser's guest cart (`guestCartItems`). The same product in another variant is another line.
 */
export function useAddToCart(target: CartTarget | undefined) {
  const t = useT();
  const client = useQueryClient();
  const { isSignedIn } = useSession();
  const serverCart = useServerCart();
  const guestCart = useGuestCart();
  const [answeredInCart, setAnsweredInCart] = useState<string[]>([]);
  const [pending, setPending] = useState(false);

  const inCart =
    target !== undefined &&
    (answeredInCart.includes(localLineKey({ product_id: target.productId, variant_id: target.variantId })) ||
      (isSignedIn
        ? (serverCart.data?.items.some(
            (line) =>
              line.productId === target.productId &&
              (target.variantId === undefined || line.variantId === target.variantId),
          ) ?? false)
        : guestCart.some((item) =>
            target.variantId === undefined
              ? item.product_id === target.productId
              : sameLocalLine(item, target.productId, target.variantId, target.firstVariantId),
          )));
  const firstVariantId = target?.firstVariantId;

  const add = useCallback(
    async (item: LocalCartItem): Promise<AddResult> => {
      const markInCart = () => setAnsweredInCart((keys) => [...keys, localLineKey(item)]);
      if (!isSignedIn) {
        const { items } = readGuestCart();
        if (items.some((line) => sameLocalLine(line, item.product_id, item.variant_id, firstVariantId))) {
          markInCart();
          toast.info(t('product.itemAlreadyInCart'));
          return 'already-in-cart';
        }
        if (!saveGuestCart([...items, item])) return 'failed';
        markInCart();
        return 'added';
      }
      setPending(true);
      try {
        const result = await addToServerCart(client, item.product_id, 1, item.variant_id);
        markInCart();
        if (result.alreadyInCart) {
          toast.info(t('product.itemAlreadyInCart'));
          return 'already-in-cart';
        }
        return 'added';
      } catch (error) {
        toastAddFailure(error, t);
        return 'failed';
      } finally {
        setPending(false);
      }
    },
    [client, isSignedIn, firstVariantId, t],
  );

  return { inCart, add, pending };
}
