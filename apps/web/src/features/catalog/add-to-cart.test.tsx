import { type Cart, type SessionState, signedOutSession } from '@bilum/shared';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { toast } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { toLocalCartItem } from '../../lib/local-cart-item';
import { createQueryClient } from '../../lib/query-client';
import { sessionKey } from '../../lib/session';
import { GUEST_CART_KEY, useAddToCart } from './add-to-cart';
import { emptyCart, shopper } from '../../test/shopper';
import { testProduct } from './test-product';

vi.mock('sonner', () => ({ toast: { info: vi.fn(), error: vi.fn() } }));

/** Renders the hook for a guest or a signed-in shopper; `answers` are the API's replies by "METHOD path". */
function renderAddToCart(
  productId: number,
  session: SessionState = signedOutSession,
  answers: Record<string, () => Response> = {},
) {
  const client = createQueryClient();
  client.setQueryData(sessionKey, session);
  const fetch = vi.fn(async (url: string, init?: RequestInit) => {
    const answer = answers[`${init?.method ?? 'GET'} ${url}`];
    if (!answer) return new Response(JSON.stringify(session.user ? emptyCart : session), { status: 200 });
    return answer();
  });
  vi.stubGlobal('fetch', fetch);
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  return { ...renderHook(() => useAddToCart({ productId }), { wrapper }), fetch, client };
}

const product = testProduct;

afterEach(() => {
  localStorage.clear();
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

describe('useAddToCart for a guest', () => {
  it('keeps the item in the guest cart with the spec’s local cart fields and marks it as in the cart', async () => {
    const { result } = renderAddToCart(product.id);
    expect(result.current.inCart).toBe(false);
    await act(async () => {
      expect(await result.current.add(toLocalCartItem(product))).toBe('added');
    });
    expect(result.current.inCart).toBe(true);
    expect(JSON.parse(localStorage.getItem(GUEST_CART_KEY) ?? '[]')).toEqual([
      {
        id: 6,
        product_id: 6,
        product_name: 'itel A70',
        price: 29_900,
        originalPrice: null,
        isMemberPrice: false,
        description: 'Budget smartphone',
        condition: 'New',
        category: 'phones',
        image: '/images/products/itel-a70.svg',
        isMembership: false,
        quantity: 1,
      },
    ]);
  });

  it('answers "already in cart" for an item that is there and does not add it twice', async () => {
    localStorage.setItem(GUEST_CART_KEY, JSON.stringify([toLocalCartItem(product)]));
    const { result } = renderAddToCart(product.id);
    expect(result.current.inCart).toBe(true);
    await act(async () => {
      expect(await result.current.add(toLocalCartItem(product))).toBe('already-in-cart');
    });
    expect(toast.info).toHaveBeenCalledWith('Item Already in Cart');
    expect(JSON.parse(localStorage.getItem(GUEST_CART_KEY) ?? '[]')).toHaveLength(1);
  });

  it('starts again from an empty cart when the saved cart is unreadable', async () => {
    localStorage.setItem(GUEST_CART_KEY, '{not json');
    const { result } = renderAddToCart(product.id);
    expect(result.current.inCart).toBe(false);
    await act(async () => {
      expect(await result.current.add(toLocalCartItem(product))).toBe('added');
    });
    expect(JSON.parse(localStorage.getItem(GUEST_CART_KEY) ?? '[]')).toHaveLength(1);
  });
});

describe('useAddToCart for a signed-in shopper', () => {
  const cartWith = (productId: number): Cart => ({
    ...emptyCart,
    items: [
      {
        cartItemId: 40,
        variantId: 4000,
        variantLabel: '',
        productId,
        name: 'itel A70',
        description: '',
        image: null,
        category: 'phones',
        condition: 'New',
        isMembership: false,
        status: 'available',
        quantity: 1,
        maxQuantity: 25,
        unitPrice: 29_900,
        originalPrice: null,
        isMemberPrice: false,
      },
    ],
  });
  const json =
    (body: unknown, status = 200) =>
    () =>
      new Response(JSON.stringify(body), { status });

  it('adds to the server cart with only the product id and quantity, never a price, and not to the browser', async () => {
    const { result, fetch } = renderAddToCart(product.id, shopper, {
      'POST /api/cart/items': json({ alreadyInCart: false, message: 'Item added to cart.', cart: cartWith(6) }, 201),
    });
    await act(async () => {
      expect(await result.current.add(toLocalCartItem(product, 1))).toBe('added');
    });
    const post = fetch.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({ productId: 6, quantity: 1 });
    expect(localStorage.getItem(GUEST_CART_KEY)).toBeNull();
    expect(result.current.inCart).toBe(true);
  });

  it('takes the in-cart flag from the server cart', async () => {
    const { result } = renderAddToCart(product.id, shopper, { 'GET /api/cart': json(cartWith(6)) });
    expect(result.current.inCart).toBe(false);
    await waitFor(() => expect(result.current.inCart).toBe(true));
    const other = renderAddToCart(99, shopper, { 'GET /api/cart': json(cartWith(6)) });
    await waitFor(() => expect(other.fetch).toHaveBeenCalled());
    expect(other.result.current.inCart).toBe(false);
  });

  it('shows "Item Already in Cart" on the server’s already-in-cart answer', async () => {
    const { result } = renderAddToCart(product.id, shopper, {
      'POST /api/cart/items': json({ alreadyInCart: true, message: 'Item already in cart.', cart: cartWith(6) }),
    });
    await act(async () => {
      expect(await result.current.add(toLocalCartItem(product))).toBe('already-in-cart');
    });
    expect(toast.info).toHaveBeenCalledWith('Item Already in Cart');
    expect(result.current.inCart).toBe(true);
  });

  it('says "Failed to Add to Cart" with the server’s message, or "Network Error" when the server cannot be reached', async () => {
    const refused = renderAddToCart(product.id, shopper, {
      'POST /api/cart/items': json({ error: { code: 'OUT_OF_STOCK', message: 'This item is sold out.' } }, 409),
    });
    await act(async () => {
      expect(await refused.result.current.add(toLocalCartItem(product))).toBe('failed');
    });
    expect(toast.error).toHaveBeenCalledWith('Failed to Add to Cart', { description: 'This item is sold out.' });
    refused.unmount();

    const offline = renderAddToCart(product.id, shopper, {
      'POST /api/cart/items': () => {
        throw new TypeError('Failed to fetch');
      },
    });
    await act(async () => {
      expect(await offline.result.current.add(toLocalCartItem(product))).toBe('failed');
    });
    expect(toast.error).toHaveBeenCalledWith('Network Error', {
      description: 'Could not add to cart. Please check your connection.',
    });
    expect(offline.result.current.inCart).toBe(false);
  });

  it('says "An unexpected error occurred." when the server fails without a message', async () => {
    const { result } = renderAddToCart(product.id, shopper, {
      'POST /api/cart/items': () => new Response('', { status: 502 }),
    });
    await act(async () => {
      await result.current.add(toLocalCartItem(product));
    });
    expect(toast.error).toHaveBeenCalledWith('Failed to Add to Cart', { description: 'An unexpected error occurred.' });
  });
});

describe('toLocalCartItem', () => {
  it('records a member price with the shelf price as the original', () => {
    expect(toLocalCartItem(product, 26_910)).toMatchObject({
      price: 26_910,
      originalPrice: 29_900,
      isMemberPrice: true,
    });
  });
});
