import type { CreateOrderResponse } from '@bilum/shared/checkout.schema';
import type { ContactDetailsInput } from '@bilum/shared/contact-details';
import { afterEach, describe, expect, it } from 'vitest';
import { attemptForContact, type CheckoutAttempt, resolveAttempt, saveAttempt } from './checkout-attempt';
import { localCartItem } from '../../test/local-cart-item';

const contact = (address: string) => ({ firstName: 'Kila', address }) as unknown as ContactDetailsInput;

const created = (orderId: number, checkoutToken: string) =>
  ({ order: { id: orderId }, checkoutToken }) as unknown as CreateOrderResponse;

const line = (productId: number, quantity = 1) => ({
  productId,
  variantId: null,
  quantity,
  cartItemId: null,
  name: `Item ${productId}`,
  image: null,
  previewPrice: 1_000,
  previewOriginalPrice: null,
  isMembership: false,
});

const placedAttempt = (): CheckoutAttempt => ({
  audience: 'guest',
  selection: { kind: 'cart', lines: [line(7)] },
  idempotencyKey: 'first-attempt-key-0001',
  contactJson: JSON.stringify(contact('Section 5, Lot 12')),
  created: created(41, 'token-of-41'),
});

afterEach(() => {
  sessionStorage.clear();
  localStorage.clear();
});

describe('a new checkout attempt names the order it replaces', () => {
  it('replaces the order placed with the old contact details when they change, with its checkout token', () => {
    const first = placedAttempt();

    const edited = attemptForContact(first, contact('Section 9, Lot 3'));

    expect(edited.idempotencyKey).not.toBe(first.idempotencyKey);
    expect(edited.created).toBeNull();
    expect(edited.replaces).toEqual({ orderId: 41, checkoutToken: 'token-of-41' });
    // The same details again: the same attempt and order, nothing replaced.
    expect(attemptForContact(first, contact('Section 5, Lot 12'))).toBe(first);
  });

  it('passes on the order to replace when an attempt made none of its own (its order was refused)', () => {
    const edited = attemptForContact(placedAttempt(), contact('Section 9, Lot 3'));

    const again = attemptForContact(edited, contact('Section 10, Lot 1'));

    expect(again.replaces).toEqual({ orderId: 41, checkoutToken: 'token-of-41' });
  });

  it('replaces the previous attempt’s order when the guest cart’s lines change', () => {
    saveAttempt(placedAttempt());
    localStorage.setItem('guestCartItems', JSON.stringify([localCartItem(7, 1), localCartItem(8, 2)]));

    const { attempt } = resolveAttempt('guest');

    expect(attempt.selection.lines.map((l) => [l.productId, l.quantity])).toEqual([
      [7, 1],
      [8, 2],
    ]);
    expect(attempt.idempotencyKey).not.toBe('first-attempt-key-0001');
    expect(attempt.created).toBeNull();
    expect(attempt.replaces).toEqual({ orderId: 41, checkoutToken: 'token-of-41' });
  });
});
