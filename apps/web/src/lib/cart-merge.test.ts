import type { Cart, MergeCartResponse } from '@bilum/shared';
import { toast } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { describeMerge, mergeGuestCartAfterSignIn } from './cart-merge';
import { GUEST_CART_KEY } from './guest-cart';
import { createQueryClient } from './query-client';
import { serverCartKey } from './server-cart';

vi.mock('sonner', () => ({ toast: { error: vi.fn(), success: vi.fn(), warning: vi.fn(), info: vi.fn() } }));

const guestItems = [
  { id: 6, product_id: 6, product_name: 'itel A70', price: 29_900, quantity: 1 },
  { id: 9, product_id: 9, product_name: 'Nissan Navara', price: 8_900_000, quantity: 1 },
];

const emptyCart: Cart = {
  items: [],
  isMember: false,
  discountRate: 0,
  summary: { itemCount: 0, subtotal: 0, savings: 0, shipping: 0, discount: 0, total: 0 },
};

afterEach(() => {
  localStorage.clear();
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

describe('describeMerge', () => {
  it('says how many items moved', () => {
    expect(
      describeMerge({ merged: [{ productId: 6, name: 'itel A70', quantity: 1 }], skipped: [] }, guestItems),
    ).toEqual({
      title: '1 item from your guest cart is now in your cart.',
    });
  });

  it('names each skipped item with its reason, using the guest cart’s names', () => {
    const message = describeMerge(
      {
        merged: [
          { productId: 6, name: 'itel A70', quantity: 1 },
          { productId: 7, name: 'Bag', quantity: 1 },
        ],
        skipped: [
          { productId: 9, reason: 'sold-out' },
          { productId: 12, reason: 'members-only' },
        ],
      },
      guestItems,
    );
    expect(message.title).toBe('2 items from your guest cart are now in your cart.');
    expect(message.description).toBe('Not added: Nissan Navara (sold out), Product 12 (for Premium members only).');
  });

  it('says so when nothing could be added', () => {
    expect(describeMerge({ merged: [], skipped: [{ productId: 9, reason: 'not-found' }] }, guestItems)).toEqual({
      title: 'No items from your guest cart could be added to your cart.',
      description: 'Not added: Nissan Navara (no longer for sale).',
    });
  });
});

describe('mergeGuestCartAfterSignIn', () => {
  it('sends only product ids and quantities, then clears the guest cart and shows the merged cart', async () => {
    localStorage.setItem(GUEST_CART_KEY, JSON.stringify(guestItems));
    const answer: MergeCartResponse = {
      merged: [{ productId: 6, name: 'itel A70', quantity: 1 }],
      skipped: [{ productId: 9, reason: 'sold-out' }],
      cart: emptyCart,
    };
    const fetch = vi.fn(async () => new Response(JSON.stringify(answer), { status: 200 }));
    vi.stubGlobal('fetch', fetch);
    const client = createQueryClient();

    await expect(mergeGuestCartAfterSignIn(client)).resolves.toEqual(answer);

    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/cart/merge');
    expect(JSON.parse(String(init.body))).toEqual({
      items: [
        { productId: 6, quantity: 1 },
        { productId: 9, quantity: 1 },
      ],
    });
    expect(localStorage.getItem(GUEST_CART_KEY)).toBeNull();
    expect(client.getQueryData(serverCartKey)).toEqual(emptyCart);
    expect(toast.warning).toHaveBeenCalledWith('1 item from your guest cart is now in your cart.', {
      description: 'Not added: Nissan Navara (sold out).',
      duration: 6000,
    });
  });

  it('keeps the guest cart when the server could not take it, so nothing is lost', async () => {
    localStorage.setItem(GUEST_CART_KEY, JSON.stringify(guestItems));
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    await expect(mergeGuestCartAfterSignIn(createQueryClient())).resolves.toBeNull();
    expect(JSON.parse(localStorage.getItem(GUEST_CART_KEY) ?? '[]')).toHaveLength(2);
    expect(toast.error).toHaveBeenCalled();
  });

  it('does not call the server when the guest cart is empty', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    await expect(mergeGuestCartAfterSignIn(createQueryClient())).resolves.toBeNull();
    expect(fetch).not.toHaveBeenCalled();
  });
});
