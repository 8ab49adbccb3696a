import type { CheckoutQuote } from '@bilum/shared/checkout.schema';
import { describe, expect, it } from 'vitest';
import type { CheckoutLineRef } from '../../lib/checkout-handoff';
import { lineChanges, purchasableLines, serverLines, unavailableLines } from './checkout-quote';

const handedOver = (productId: number, previewPrice: number, quantity = 1): CheckoutLineRef => ({
  productId,
  variantId: null,
  quantity,
  cartItemId: null,
  name: `Item ${productId}`,
  image: null,
  previewPrice,
  previewOriginalPrice: null,
  isMembership: false,
});

const quoted = (
  productId: number,
  unitPrice: number,
  status: 'available' | 'sold' | 'reserved',
  quantity = 1,
): CheckoutQuote['lines'][number] => ({
  productId,
  variantId: productId * 10,
  cartItemId: null,
  name: `Server item ${productId}`,
  image: null,
  isMembership: false,
  status,
  quantity,
  unitPrice,
  originalPrice: null,
  isMemberPrice: false,
  lineTotal: status === 'available' ? unitPrice * quantity : 0,
});

// The browser's cart: a sold-out camera it still thinks available, and a phone at an old price.
const cart = [handedOver(1, 69_900), handedOver(2, 17_900, 3)];
const quote: CheckoutQuote = {
  lines: [quoted(1, 69_900, 'sold'), quoted(2, 18_900, 'available', 2)],
  summary: { itemCount: 2, subtotal: 37_800, savings: 0, shipping: 0, discount: 0, total: 37_800 },
  delivery: { zone: null, deliveryDays: null, freeBecause: null },
  discountCode: null,
};

describe('checkout from the server’s view of the lines (issue 17, defect 1)', () => {
  it('orders only what the server will sell, at its quantity, and nothing before it has answered', () => {
    expect(purchasableLines(cart, undefined)).toBeNull();
    expect(purchasableLines(cart, quote)?.map((line) => [line.productId, line.quantity, line.previewPrice])).toEqual([
      [2, 2, 18_900],
    ]);
    // Without a quote (it failed) the server still prices and checks the lines when it makes the order.
    expect(purchasableLines(cart, undefined, true)).toHaveLength(2);
  });

  it('lists the sold-out line apart with "SOLD OUT!"', () => {
    expect(unavailableLines(cart, quote)).toEqual([
      { productId: 1, variantId: null, name: 'Server item 1', image: null, quantity: 1, label: 'SOLD OUT!' },
    ]);
  });

  it('reports a price and a quantity that changed since the cart', () => {
    expect(lineChanges(cart, serverLines(null, quote))).toEqual([
      {
        productId: 2,
        variantId: null,
        name: 'Server item 2',
        was: 17_900,
        now: 18_900,
        memberPrice: false,
        quantity: { was: 3, now: 2 },
      },
    ]);
    expect(lineChanges([handedOver(2, 18_900, 2)], serverLines(null, quote))).toEqual([]);
  });

  it('tells two variants of one product apart (issue 30): each line is matched with its own variant', () => {
    const black = { ...handedOver(5, 120_000), variantId: 51, name: 'Phone – 256 GB / Black' };
    const blue = { ...handedOver(5, 100_000), variantId: 52, name: 'Phone – 128 GB / Blue' };
    const variants: CheckoutQuote = {
      ...quote,
      lines: [
        { ...quoted(5, 120_000, 'sold'), variantId: 51, name: 'Phone – 256 GB / Black' },
        { ...quoted(5, 110_000, 'available'), variantId: 52, name: 'Phone – 128 GB / Blue' },
      ],
    };
    expect(purchasableLines([black, blue], variants)?.map((line) => [line.variantId, line.previewPrice])).toEqual([
      [52, 110_000],
    ]);
    expect(unavailableLines([black, blue], variants).map((line) => [line.variantId, line.name])).toEqual([
      [51, 'Phone – 256 GB / Black'],
    ]);
    expect(lineChanges([black, blue], serverLines(null, variants))).toEqual([
      expect.objectContaining({ variantId: 52, was: 100_000, now: 110_000 }),
    ]);
  });
});
