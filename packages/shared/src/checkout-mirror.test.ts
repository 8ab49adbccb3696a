import { describe, expect, it } from 'vitest';
import {
  type CheckoutMirror,
  emptyCheckoutMirror,
  formatCheckoutMirror,
  maxCheckoutMirrorLength,
  parseCheckoutMirror,
} from './checkout-mirror';

const full: CheckoutMirror = {
  checkoutType: 'all',
  guestSingleItem: { productId: 4, quantity: 1, cartItemId: null },
  signedInItems: [
    { productId: 41, quantity: 2, cartItemId: 7 },
    { productId: 51, quantity: 1, cartItemId: 9, variantId: 512 },
  ],
  guestSelected: [],
  attempt: {
    audience: 'member',
    kind: 'all',
    lines: [
      { productId: 41, quantity: 2, cartItemId: 7 },
      { productId: 41, quantity: 1, cartItemId: null, variantId: 413 },
    ],
    code: 'WANTOK-10',
  },
  confirmation: {
    orderId: 1234,
    trackingCode: 'BLM-7K3Q-9XWM-2D4F-8RTA',
    email: 'kōkō.ōkena~x_y@example.pg',
    isGuest: true,
  },
};

describe('the checkout mirror cookie', () => {
  it('reads back what it wrote, in characters a cookie takes and percent-decoding leaves alone', () => {
    const value = formatCheckoutMirror(full);
    expect(value).toMatch(/^[\w.:~-]+$/);
    expect(decodeURIComponent(value)).toBe(value);
    expect(parseCheckoutMirror(value)).toEqual(full);
    // Without a discount code (issue 30), and with one as typed (the server checks it when it quotes).
    const plain = { ...full, attempt: { ...full.attempt!, code: null } };
    expect(parseCheckoutMirror(formatCheckoutMirror(plain))).toEqual(plain);
    const typed = { ...full, attempt: { ...full.attempt!, code: 'kōkō 10%' } };
    expect(parseCheckoutMirror(formatCheckoutMirror(typed))).toEqual(typed);
    // A code longer than anyone may enter is left out, not the checkout.
    const long = { ...full, attempt: { ...full.attempt!, code: 'X'.repeat(65) } };
    expect(parseCheckoutMirror(formatCheckoutMirror(long))?.attempt?.code).toBeNull();
  });

  it('writes nothing for nothing, and removes itself rather than write a value too long for a cookie', () => {
    expect(formatCheckoutMirror(emptyCheckoutMirror)).toBe('');
    const many = Array.from({ length: 51 }, (_, index) => ({ productId: index + 1, quantity: 1, cartItemId: null }));
    expect(formatCheckoutMirror({ ...emptyCheckoutMirror, signedInItems: many })).toBe('');
    const long = { ...full, confirmation: { ...full.confirmation!, email: `${'a'.repeat(2_900)}@example.pg` } };
    expect(formatCheckoutMirror(long)).toBe('');
    expect(maxCheckoutMirrorLength).toBeLessThan(4_000);
  });

  it('reads anything that is not exactly such a value as no mirror', () => {
    for (const value of [
      undefined,
      '',
      'x:1',
      't:z',
      't:a~t:a',
      'm:0.1.0',
      'm:1.0.0',
      'm:1.1',
      'a:xa_1.1.0',
      'a:ma_',
      'a:ma_1.1.0_',
      'a:ma_1.1.0_@@',
      `a:ma_1.1.0_${'WFla'.repeat(30)}`,
      'c:1.m..',
      'c:1.m.@@.QQ',
      `m:${'1.1.0-'.repeat(60)}1.1.0`,
    ]) {
      expect(parseCheckoutMirror(value), String(value)).toBeNull();
    }
    // An order without a known e-mail address is still an order.
    expect(parseCheckoutMirror('c:1.m.QkxN.')?.confirmation).toEqual({
      orderId: 1,
      trackingCode: 'BLM',
      email: '',
      isGuest: false,
    });
  });
});
