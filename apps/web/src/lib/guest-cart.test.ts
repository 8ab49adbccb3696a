import { cleanup, renderHook } from '@testing-library/react';
import { toast } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  GUEST_CART_KEY,
  parseGuestCart,
  readGuestCart,
  saveGuestCart,
  useGuestCart,
  writeGuestCart,
} from './guest-cart';
import type { LocalCartItem } from './local-cart-item';

vi.mock('sonner', () => ({ toast: { error: vi.fn(), success: vi.fn(), info: vi.fn() } }));

const phone: LocalCartItem = {
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
};

/** A browser storage that refuses every write, as a full (quota exceeded) or disabled one does. */
const fullStorage = {
  getItem: () => null,
  setItem: () => {
    throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
  },
  removeItem: () => {
    throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
  },
};

afterEach(() => {
  cleanup();
  localStorage.clear();
  vi.clearAllMocks();
});

describe('reading the saved guest cart', () => {
  it('is an empty, readable cart when nothing is saved', () => {
    expect(parseGuestCart(null)).toEqual({ items: [], unreadable: false });
  });

  it('reads the spec’s local cart items back as saved', () => {
    expect(parseGuestCart(JSON.stringify([phone]))).toEqual({ items: [phone], unreadable: false });
  });

  it('calls data unreadable when it is not JSON, not a list, or an item names no product', () => {
    expect(parseGuestCart('{not json').unreadable).toBe(true);
    expect(parseGuestCart('{"id":6}').unreadable).toBe(true);
    expect(parseGuestCart(JSON.stringify([phone, { product_name: 'no id' }])).unreadable).toBe(true);
    expect(parseGuestCart(JSON.stringify([phone, 'text'])).unreadable).toBe(true);
  });

  it('turns a price that fails to parse into 0 and a missing quantity into 1', () => {
    const { items } = parseGuestCart(JSON.stringify([{ product_id: '8', product_name: 'Bag', price: 'abc' }]));
    expect(items).toMatchObject([{ id: 8, product_id: 8, price: 0, quantity: 1, originalPrice: null }]);
  });

  it('keeps a product saved twice only once', () => {
    expect(parseGuestCart(JSON.stringify([phone, { ...phone, quantity: 3 }])).items).toEqual([phone]);
  });

  it('keeps two variants of one product as two lines, each with its variant (issue 30)', () => {
    const black = { ...phone, variant_id: 61, variant_label: '256 GB / Black' };
    const blue = { ...phone, variant_id: 62, variant_label: '128 GB / Blue' };
    expect(parseGuestCart(JSON.stringify([black, blue, { ...black, quantity: 4 }])).items).toEqual([black, blue]);
    writeGuestCart([black, { ...blue, quantity: 2 }]);
    expect(document.cookie).toContain('bilum_guest_cart=6.1.61-6.2.62');
    writeGuestCart([]);
  });

  it('treats storage that cannot be read as an empty cart rather than failing', () => {
    const blocked = {
      ...fullStorage,
      getItem: () => {
        throw new DOMException('denied', 'SecurityError');
      },
    };
    expect(readGuestCart(blocked)).toEqual({ items: [], unreadable: false });
  });
});

describe('saving the guest cart', () => {
  it('writes the items under guestCartItems and removes the key for an empty cart', () => {
    expect(writeGuestCart([phone])).toBe(true);
    expect(JSON.parse(localStorage.getItem(GUEST_CART_KEY) ?? 'null')).toEqual([phone]);
    expect(writeGuestCart([])).toBe(true);
    expect(localStorage.getItem(GUEST_CART_KEY)).toBeNull();
  });

  it('mirrors the products and quantities into the cookie the server renders /guest-cart from', () => {
    writeGuestCart([phone, { ...phone, id: 1, product_id: 1, quantity: 3 }]);
    expect(document.cookie).toContain('bilum_guest_cart=6.1-1.3');
    writeGuestCart([]);
    expect(document.cookie).not.toMatch(/bilum_guest_cart=\d/);
  });

  it('mirrors a cart saved before the mirror existed once the app reads it', () => {
    localStorage.setItem(GUEST_CART_KEY, JSON.stringify([{ ...phone, quantity: 2 }]));
    renderHook(() => useGuestCart());
    expect(document.cookie).toContain('bilum_guest_cart=6.2');
    writeGuestCart([]);
  });

  it('answers false instead of throwing when the browser storage is full', () => {
    expect(writeGuestCart([phone], fullStorage)).toBe(false);
  });

  it('says "Could not save cart changes locally." when the browser will not keep the cart', () => {
    vi.stubGlobal('localStorage', fullStorage);
    try {
      expect(saveGuestCart([phone])).toBe(false);
    } finally {
      vi.unstubAllGlobals();
    }
    expect(toast.error).toHaveBeenCalledWith('Could not save cart changes locally.', expect.anything());
  });
});

describe('useGuestCart', () => {
  it('follows changes saved in the same tab', () => {
    const { result, rerender } = renderHook(() => useGuestCart());
    expect(result.current).toEqual([]);
    writeGuestCart([phone]);
    rerender();
    expect(result.current).toEqual([phone]);
  });

  it('resets unreadable saved data with "Error loading saved cart data. Your cart has been reset." and does not crash', () => {
    localStorage.setItem(GUEST_CART_KEY, '[{"broken":');
    const { result } = renderHook(() => useGuestCart());
    expect(result.current).toEqual([]);
    expect(localStorage.getItem(GUEST_CART_KEY)).toBeNull();
    expect(toast.error).toHaveBeenCalledWith(
      'Error loading saved cart data. Your cart has been reset.',
      expect.anything(),
    );
  });
});
