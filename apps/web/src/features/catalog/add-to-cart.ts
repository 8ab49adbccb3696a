import { productMessages } from '@bilum/shared';
import { useCallback, useState } from 'react';
import { toast } from 'sonner';
import type { LocalCartItem } from '../../lib/local-cart-item';

/** The spec's local-storage key for the guest cart. */
export const GUEST_CART_KEY = 'guestCartItems';

function readGuestCart(): LocalCartItem[] {
  try {
    const saved: unknown = JSON.parse(localStorage.getItem(GUEST_CART_KEY) ?? '[]');
    return Array.isArray(saved) ? (saved as LocalCartItem[]) : [];
  } catch {
    return [];
  }
}

function isInGuestCart(productId: number | undefined): boolean {
  return productId !== undefined && readGuestCart().some((item) => item.product_id === productId);
}

export type AddResult = 'added' | 'already-in-cart' | 'failed';

/**
 * Add to Cart for the product pages: keeps the item in the browser's guest cart (`guestCartItems`) and tells
 * the page whether the product is already there. The carts feature (issue 5) replaces the storage behind
 * this hook with the server cart for signed-in shoppers; the pages only use `inCart` and `add`.
 */
export function useAddToCart(productId: number | undefined) {
  const [addedIds, setAddedIds] = useState<number[]>([]);
  const inCart = productId !== undefined && (addedIds.includes(productId) || isInGuestCart(productId));

  const add = useCallback((item: LocalCartItem): AddResult => {
    const cart = readGuestCart();
    if (cart.some((line) => line.product_id === item.product_id)) {
      setAddedIds((ids) => [...ids, item.product_id]);
      toast.info(productMessages.alreadyInCart);
      return 'already-in-cart';
    }
    try {
      localStorage.setItem(GUEST_CART_KEY, JSON.stringify([...cart, item]));
    } catch {
      toast.error('Could not save cart changes locally.');
      return 'failed';
    }
    setAddedIds((ids) => [...ids, item.product_id]);
    return 'added';
  }, []);

  return { inCart, add };
}
