import { checkoutMirrorCookie, parseCheckoutMirror } from '@bilum/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { readMirrorCookie, renderWithBrowserStorage, sessionStore } from './browser-storage';
import {
  clearSignedInCheckoutStorage,
  readSignedInCheckoutSelection,
  startSelectedItemsCheckout,
} from './checkout-handoff';
import { currentCheckoutMirror, installCheckoutMirror } from './checkout-mirror';
import { localCartItem } from '../test/local-cart-item';

const item = (productId: number, quantity: number, cartItemId?: number) =>
  localCartItem(productId, quantity, cartItemId ? { cart_item_id: cartItemId } : {});

function mirrorCookie() {
  const value = readMirrorCookie(checkoutMirrorCookie);
  return value ? parseCheckoutMirror(value) : null;
}

let uninstall: () => void = () => undefined;
beforeEach(() => {
  sessionStorage.clear();
  uninstall = installCheckoutMirror();
});
afterEach(() => uninstall());

describe('the checkout mirror in the browser', () => {
  it('mirrors every write to checkout’s keys into the cookie, and removes the cookie when checkout is done', () => {
    expect(mirrorCookie()).toBeNull();
    startSelectedItemsCheckout([item(41, 2, 7), { ...item(25, 1, 8), product_status: 'sold' }], true);
    // What checkout will read: the sold line is left out, as checkout leaves it out.
    expect(mirrorCookie()).toMatchObject({
      checkoutType: 'all',
      signedInItems: [{ productId: 41, quantity: 2, cartItemId: 7 }],
    });
    clearSignedInCheckoutStorage();
    expect(mirrorCookie()).toBeNull();
  });

  it('mirrors what a tab already held when the app starts (a tab opened before this version)', () => {
    uninstall();
    sessionStorage.setItem('checkoutType', 'single');
    sessionStorage.setItem('guestCartItem', JSON.stringify(item(4, 1)));
    sessionStorage.setItem(
      'orderConfirmation',
      JSON.stringify({ orderId: 9, trackingCode: 'BLM-1', email: 'a@b.pg', isGuest: true, checkoutToken: 'secret' }),
    );
    uninstall = installCheckoutMirror();
    const mirrored = mirrorCookie();
    expect(mirrored?.guestSingleItem).toEqual({ productId: 4, quantity: 1, cartItemId: null });
    // The checkout token is not mirrored.
    expect(mirrored?.confirmation).toEqual({ orderId: 9, trackingCode: 'BLM-1', email: 'a@b.pg', isGuest: true });
    expect(document.cookie).not.toContain('secret');
  });

  it('writes the cookie only when what it mirrors changed (not on every page load)', () => {
    uninstall();
    sessionStorage.setItem('checkoutType', 'single');
    sessionStorage.setItem('guestCartItem', JSON.stringify(item(4, 1)));
    uninstall = installCheckoutMirror();
    expect(mirrorCookie()?.guestSingleItem).toEqual({ productId: 4, quantity: 1, cartItemId: null });
    const cookieWrites = vi.spyOn(document, 'cookie', 'set');
    try {
      // The next page load of the same tab: storage and cookie agree, nothing is written.
      uninstall();
      uninstall = installCheckoutMirror();
      expect(cookieWrites).not.toHaveBeenCalled();
      sessionStore()?.setItem('guestCartItem', JSON.stringify(item(4, 3)));
      expect(cookieWrites).toHaveBeenCalledTimes(1);
    } finally {
      cookieWrites.mockRestore();
    }
    expect(mirrorCookie()?.guestSingleItem).toEqual({ productId: 4, quantity: 3, cartItemId: null });
  });

  it('leaves out what checkout could not read, as checkout does', () => {
    sessionStorage.setItem('cartItemsForCheckout', 'not json');
    sessionStorage.setItem(
      'checkoutAttempt',
      JSON.stringify({ audience: 'someone', selection: { kind: 'all', lines: [] } }),
    );
    expect(currentCheckoutMirror()).toMatchObject({ signedInItems: null, attempt: null });
  });

  it('on the server, reads what the rendering’s snapshot holds, not the browser’s storage', () => {
    sessionStorage.setItem('checkoutType', 'all');
    sessionStorage.setItem('cartItemsForCheckout', JSON.stringify([item(41, 2, 7)]));
    const onServer = renderWithBrowserStorage(
      { local: {}, session: { checkoutType: 'all', cartItemsForCheckout: JSON.stringify([item(5, 3, 2)]) } },
      () => {
        const read = readSignedInCheckoutSelection();
        sessionStore()?.removeItem('checkoutType');
        return read;
      },
    );
    expect(onServer.lines.map((line) => [line.productId, line.quantity])).toEqual([[5, 3]]);
    // The rendering's writes stay in its snapshot.
    expect(sessionStorage.getItem('checkoutType')).toBe('all');
    expect(readSignedInCheckoutSelection().lines.map((line) => line.productId)).toEqual([41]);
  });
});
