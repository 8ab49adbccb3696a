import type { CartLine } from '@bilum/shared';
import { beforeEach, describe, expect, it } from 'vitest';
import { checkoutItemsSource, readSignedInCheckoutSelection } from '../../lib/checkout-handoff';
import { handCartToCheckout } from './cart-checkout';

function line(overrides: Partial<CartLine>): CartLine {
  return {
    cartItemId: 1,
    variantId: 100,
    variantLabel: '',
    productId: 41,
    name: 'Samsung Galaxy A05 64GB',
    description: 'A phone.',
    image: null,
    category: 'phones',
    condition: 'New',
    isMembership: false,
    status: 'available',
    quantity: 1,
    maxQuantity: 25,
    unitPrice: 35_910,
    originalPrice: 39_900,
    isMemberPrice: true,
    ...overrides,
  };
}

describe('the cart popup’s Go to Checkout', () => {
  beforeEach(() => sessionStorage.clear());

  it('hands the available server-cart lines to checkout as the whole cart (checkoutType all)', () => {
    const count = handCartToCheckout([
      line({ cartItemId: 7, productId: 41, quantity: 2 }),
      line({ cartItemId: 8, productId: 25, status: 'sold' }),
      line({ cartItemId: 9, productId: 51, isMembership: true, unitPrice: 20_050, originalPrice: null }),
    ]);
    expect(count).toBe(2);
    expect(sessionStorage.getItem('checkoutType')).toBe('all');
    const selection = readSignedInCheckoutSelection();
    expect(selection.lines.map((l) => [l.productId, l.quantity, l.cartItemId])).toEqual([
      [41, 2, 7],
      [51, 1, 9],
    ]);
    expect(checkoutItemsSource(selection)).toEqual({ type: 'cart', cartItemIds: [7, 9] });
  });

  it('hands nothing over when every line is sold out', () => {
    expect(handCartToCheckout([line({ status: 'sold' })])).toBe(0);
    expect(readSignedInCheckoutSelection().lines).toEqual([]);
  });
});
