import type { CartLine, Product } from '@bilum/shared';
import { describe, expect, it } from 'vitest';
import { readSignedInCheckoutSelection, startSelectedItemsCheckout } from '../../lib/checkout-handoff';
import {
  type CartViewLine,
  checkoutItems,
  fromGuestItem,
  fromServerLine,
  matchesSearch,
  selectedKeys,
  selectionSummary,
  toggleAll,
} from './cart-lines';

function serverLine(overrides: Partial<CartLine>): CartLine {
  return {
    cartItemId: 1,
    variantId: 100,
    variantLabel: '',
    productId: 10,
    name: 'Samsung Galaxy A15',
    description: 'Phone',
    image: null,
    category: 'phones',
    condition: 'New',
    isMembership: false,
    status: 'available',
    quantity: 1,
    maxQuantity: 5,
    unitPrice: 50_000,
    originalPrice: null,
    isMemberPrice: false,
    ...overrides,
  };
}

const phone = fromServerLine(serverLine({ cartItemId: 1, productId: 10, unitPrice: 45_000, originalPrice: 50_000 }));
const laptop = fromServerLine(
  serverLine({
    cartItemId: 2,
    productId: 11,
    name: 'HP Laptop',
    category: 'computers',
    unitPrice: 200_000,
    quantity: 2,
  }),
);
const soldTruck = fromServerLine(
  serverLine({
    cartItemId: 3,
    productId: 12,
    name: 'Nissan Navara',
    category: 'vehicles',
    status: 'sold',
    unitPrice: 8_900_000,
  }),
);
const lines: CartViewLine[] = [phone, laptop, soldTruck];

describe('cart selection', () => {
  it('starts with every available line ticked and never ticks a sold-out line', () => {
    expect([...selectedKeys(lines, new Set())]).toEqual(['line:1', 'line:2']);
  });

  it('totals only the ticked, available lines (the totals follow the checkboxes)', () => {
    expect(selectionSummary(lines, selectedKeys(lines, new Set()))).toMatchObject({
      itemCount: 3,
      subtotal: 450_000,
      savings: 5_000,
      total: 445_000,
    });
    expect(selectionSummary(lines, selectedKeys(lines, new Set(['line:2'])))).toMatchObject({
      itemCount: 1,
      subtotal: 50_000,
      total: 45_000,
    });
    // Even if a sold line were somehow ticked, it is not counted.
    expect(selectionSummary(lines, new Set(['line:3'])).total).toBe(0);
  });

  it('select all unticks everything when all is ticked, and ticks everything otherwise', () => {
    const none = toggleAll(lines, new Set());
    expect(selectedKeys(lines, none).size).toBe(0);
    const all = toggleAll(lines, new Set(['line:2']));
    expect([...selectedKeys(lines, all)]).toEqual(['line:1', 'line:2']);
  });

  it('keeps a shopper’s choice when the cart is read again and ticks lines that arrive later', () => {
    const unticked = new Set(['line:2']);
    const refreshed = [...lines, fromServerLine(serverLine({ cartItemId: 4, productId: 13 }))];
    expect([...selectedKeys(refreshed, unticked)]).toEqual(['line:1', 'line:4']);
  });
});

describe('cart search', () => {
  it('matches every word in the name, description, category or condition, ignoring case', () => {
    expect(matchesSearch(laptop, '  hp COMPUTERS ')).toBe(true);
    expect(matchesSearch(laptop, 'hp phones')).toBe(false);
    expect(matchesSearch(laptop, '')).toBe(true);
  });
});

describe('the checkout handoff from the cart', () => {
  it('hands over only the ticked available lines, with their cart item ids, for checkout to read', () => {
    const items = checkoutItems(lines, new Set(['line:2', 'line:3']));
    expect(items).toEqual([expect.objectContaining({ product_id: 11, quantity: 2, cart_item_id: 2 })]);
    sessionStorage.clear();
    expect(startSelectedItemsCheckout(items, true)).toBe(true);
    expect(sessionStorage.getItem('checkoutType')).toBe('all');
    const selection = readSignedInCheckoutSelection();
    expect(selection.lines.map((line) => [line.productId, line.quantity, line.cartItemId])).toEqual([[11, 2, 2]]);
  });

  it('stores a guest’s selection under guestCartItemsForCheckout', () => {
    sessionStorage.clear();
    startSelectedItemsCheckout(checkoutItems([phone], new Set(['line:1'])), false);
    expect(JSON.parse(sessionStorage.getItem('guestCartItemsForCheckout') ?? '[]')).toHaveLength(1);
    expect(sessionStorage.getItem('cartItemsForCheckout')).toBeNull();
  });
});

describe('guest cart lines', () => {
  const saved = {
    id: 12,
    product_id: 12,
    product_name: 'Nissan Navara',
    price: 8_000_000,
    originalPrice: null,
    isMemberPrice: false,
    description: '',
    condition: 'Pre-owned',
    category: 'vehicles',
    image: null,
    isMembership: false,
    quantity: 1,
  };
  const product = {
    id: 12,
    name: 'Nissan Navara NP300',
    description: 'Diesel 4x4',
    category: 'vehicles',
    price: 8_900_000,
    originalPrice: null,
    status: 'active',
    stock: 1,
    isMembership: false,
    image: null,
  } as unknown as Product;

  it('takes the shop’s current price and name over the saved ones', () => {
    expect(fromGuestItem(saved, product)).toMatchObject({
      name: 'Nissan Navara NP300',
      unitPrice: 8_900_000,
      available: true,
    });
  });

  it('is sold out when the product has sold, or is gone, since it was added', () => {
    expect(fromGuestItem(saved, { ...product, status: 'sold', stock: 0 }).available).toBe(false);
    expect(fromGuestItem(saved, null).available).toBe(false);
    expect(fromGuestItem(saved).available).toBe(true);
  });
});
