import type { MergeCartResponse } from '@bilum/shared';
import type { QueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { readGuestCart, writeGuestCart } from './guest-cart';
import type { LocalCartItem } from './local-cart-item';
import { mergeIntoServerCart } from './server-cart';

type SkipReason = MergeCartResponse['skipped'][number]['reason'];

const skipReasons: Record<SkipReason, string> = {
  'sold-out': 'sold out',
  'members-only': 'for Premium members only',
  'not-found': 'no longer for sale',
  invalid: 'cannot be bought right now',
};

function plural(count: number, word: string) {
  return `${count} ${word}${count === 1 ? '' : 's'}`;
}

/**
 * What the shopper is told after their guest cart joined their account cart: how many items moved, and which
 * were left out and why (the guest cart's own names, since a skipped product may be gone from the shop).
 */
export function describeMerge(
  result: Pick<MergeCartResponse, 'merged' | 'skipped'>,
  guestItems: readonly Pick<LocalCartItem, 'product_id' | 'product_name'>[],
): { title: string; description?: string } {
  const nameOf = (productId: number) =>
    guestItems.find((item) => item.product_id === productId)?.product_name || `Product ${productId}`;
  const title =
    result.merged.length > 0
      ? `${plural(result.merged.length, 'item')} from your guest cart ${result.merged.length === 1 ? 'is' : 'are'} now in your cart.`
      : 'No items from your guest cart could be added to your cart.';
  if (result.skipped.length === 0) return { title };
  const left = result.skipped.map((skip) => `${nameOf(skip.productId)} (${skipReasons[skip.reason]})`);
  return { title, description: `Not added: ${left.join(', ')}.` };
}

/**
 * After sign-in or registration: moves the guest cart into the account's cart. The guest cart is cleared only
 * once the server has taken it, so a failure loses nothing (the next sign-in tries again); the server keeps
 * each product once, so trying twice doubles nothing.
 */
export async function mergeGuestCartAfterSignIn(client: QueryClient): Promise<MergeCartResponse | null> {
  const { items } = readGuestCart();
  if (items.length === 0) return null;
  try {
    const result = await mergeIntoServerCart(
      client,
      items.map((item) => ({
        productId: item.product_id,
        quantity: item.quantity,
        ...(item.variant_id !== undefined ? { variantId: item.variant_id } : {}),
      })),
    );
    writeGuestCart([]);
    const message = describeMerge(result, items);
    (result.skipped.length > 0 ? toast.warning : toast.success)(message.title, {
      description: message.description,
      duration: 6000,
    });
    return result;
  } catch {
    toast.error('Your guest cart could not be moved to your account.', {
      description: 'It is still saved on this device; we will try again next time you sign in.',
      duration: 6000,
    });
    return null;
  }
}
