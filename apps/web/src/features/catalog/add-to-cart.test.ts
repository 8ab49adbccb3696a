import type { Product } from '@bilum/shared';
import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { toLocalCartItem } from '../../lib/local-cart-item';
import { GUEST_CART_KEY, useAddToCart } from './add-to-cart';

vi.mock('sonner', () => ({ toast: { info: vi.fn(), error: vi.fn() } }));

const product: Product = {
  id: 6,
  name: 'itel A70',
  description: 'Budget smartphone',
  category: 'phones',
  price: 29_900,
  originalPrice: null,
  discountPercentage: 0,
  condition: 'New',
  status: 'active',
  stock: 25,
  isHot: true,
  isAuction: false,
  isTopPick: false,
  isExclusive: false,
  isMembership: false,
  image: '/images/products/itel-a70.svg',
  galleryImages: [],
};

afterEach(() => localStorage.clear());

describe('useAddToCart', () => {
  it('keeps the item in the guest cart with the spec’s local cart fields and marks it as in the cart', () => {
    const { result } = renderHook(() => useAddToCart(product.id));
    expect(result.current.inCart).toBe(false);
    act(() => {
      expect(result.current.add(toLocalCartItem(product))).toBe('added');
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

  it('answers "already in cart" for an item that is there and does not add it twice', () => {
    localStorage.setItem(GUEST_CART_KEY, JSON.stringify([toLocalCartItem(product)]));
    const { result } = renderHook(() => useAddToCart(product.id));
    expect(result.current.inCart).toBe(true);
    act(() => {
      expect(result.current.add(toLocalCartItem(product))).toBe('already-in-cart');
    });
    expect(JSON.parse(localStorage.getItem(GUEST_CART_KEY) ?? '[]')).toHaveLength(1);
  });

  it('starts again from an empty cart when the saved cart is unreadable', () => {
    localStorage.setItem(GUEST_CART_KEY, '{not json');
    const { result } = renderHook(() => useAddToCart(product.id));
    expect(result.current.inCart).toBe(false);
    act(() => {
      expect(result.current.add(toLocalCartItem(product))).toBe('added');
    });
    expect(JSON.parse(localStorage.getItem(GUEST_CART_KEY) ?? '[]')).toHaveLength(1);
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
