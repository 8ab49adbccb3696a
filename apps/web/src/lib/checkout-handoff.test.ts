import { describe, expect, it } from 'vitest';
import {
  checkoutItemsSource,
  clearCheckoutHandoff,
  clearGuestCheckoutStorage,
  readGuestCheckoutSelection,
  readSignedInCheckoutSelection,
} from './checkout-handoff';

class MemoryStorage {
  readonly data = new Map<string, string>();
  constructor(entries: Record<string, unknown> = {}) {
    for (const [key, value] of Object.entries(entries)) {
      this.data.set(key, typeof value === 'string' ? value : JSON.stringify(value));
    }
  }
  getItem(key: string) {
    return this.data.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.data.set(key, value);
  }
  removeItem(key: string) {
    this.data.delete(key);
  }
}

const phone = { id: 4, product_id: 4, product_name: 'Phone', price: 150000, originalPrice: null, quantity: 1 };
const laptop = { id: 7, product_id: 7, product_name: 'Laptop', price: 320000, originalPrice: 350000, quantity: 2 };

describe('reading a guest checkout', () => {
  it('takes the Buy It Now item once and then removes it from session storage', () => {
    const session = new MemoryStorage({ checkoutType: 'single', guestCartItem: phone });
    const local = new MemoryStorage({ guestCartItems: [laptop] });
    const first = readGuestCheckoutSelection(session, local);
    expect(first).toMatchObject({ kind: 'single', unreadable: false });
    expect(first.lines.map((line) => [line.productId, line.quantity])).toEqual([[4, 1]]);
    expect(session.getItem('guestCartItem')).toBeNull();
    expect(session.getItem('checkoutType')).toBeNull();
    // Read again (a reload): the single item is gone, so it is the stored guest cart.
    expect(readGuestCheckoutSelection(session, local).lines.map((line) => line.productId)).toEqual([7]);
  });

  it("takes the selected lines for 'all' and the stored guest cart otherwise", () => {
    const local = new MemoryStorage({ guestCartItems: [phone, laptop] });
    const all = readGuestCheckoutSelection(
      new MemoryStorage({ checkoutType: 'all', guestCartItemsForCheckout: [laptop] }),
      local,
    );
    expect(all.kind).toBe('all');
    expect(all.lines.map((line) => [line.productId, line.quantity])).toEqual([[7, 2]]);
    const cart = readGuestCheckoutSelection(new MemoryStorage({ checkoutType: 'something' }), local);
    expect(cart.kind).toBe('cart');
    expect(cart.lines.map((line) => line.productId)).toEqual([4, 7]);
  });

  it('falls back to the stored guest cart, flagged unreadable, when the handed-over data is not JSON', () => {
    const session = new MemoryStorage({ checkoutType: 'single', guestCartItem: '{not json' });
    const selection = readGuestCheckoutSelection(session, new MemoryStorage({ guestCartItems: [laptop] }));
    expect(selection).toMatchObject({ kind: 'cart', unreadable: true });
    expect(selection.lines.map((line) => line.productId)).toEqual([7]);
    expect(session.getItem('guestCartItem')).toBeNull();
  });

  it('treats items that name no product as unreadable', () => {
    const session = new MemoryStorage({ checkoutType: 'all', guestCartItemsForCheckout: [{ hello: 1 }] });
    const selection = readGuestCheckoutSelection(session, new MemoryStorage({ guestCartItems: [phone] }));
    expect(selection.unreadable).toBe(true);
    expect(selection.lines.map((line) => line.productId)).toEqual([4]);
  });

  it('leaves out sold items but keeps a sold membership', () => {
    const local = new MemoryStorage({
      guestCartItems: [
        { ...phone, product_status: 'sold' },
        { ...laptop, product_id: 9, isMembership: true, product_status: 'sold' },
      ],
    });
    const selection = readGuestCheckoutSelection(new MemoryStorage(), local);
    expect(selection.unreadable).toBe(false);
    expect(selection.lines.map((line) => line.productId)).toEqual([9]);
  });

  it('gives an empty selection for an empty guest cart', () => {
    expect(readGuestCheckoutSelection(new MemoryStorage(), new MemoryStorage()).lines).toEqual([]);
  });
});

describe('reading a signed-in checkout', () => {
  it("takes the server-cart lines for 'all' and asks for them by cart line id", () => {
    const session = new MemoryStorage({
      checkoutType: 'all',
      cartItemsForCheckout: [
        { ...phone, cart_item_id: 31 },
        { ...laptop, cart_item_id: 32 },
      ],
    });
    const selection = readSignedInCheckoutSelection(session);
    expect(selection.kind).toBe('all');
    expect(checkoutItemsSource(selection)).toEqual({ type: 'cart', cartItemIds: [31, 32] });
    // 'all' stays for the next page (contact details, then checkout).
    expect(readSignedInCheckoutSelection(session).lines).toHaveLength(2);
  });

  it('asks for a Buy It Now item by product id and quantity, and reads it only once', () => {
    const session = new MemoryStorage({ checkoutType: 'single', cartItemsForCheckout: [phone] });
    const selection = readSignedInCheckoutSelection(session);
    expect(checkoutItemsSource(selection)).toEqual({ type: 'items', items: [{ productId: 4, quantity: 1 }] });
    expect(readSignedInCheckoutSelection(session).lines).toEqual([]);
  });

  it('gives no lines, flagged unreadable, for data that is not JSON', () => {
    const selection = readSignedInCheckoutSelection(
      new MemoryStorage({ checkoutType: 'all', cartItemsForCheckout: '[oops' }),
    );
    expect(selection).toMatchObject({ lines: [], unreadable: true });
  });

  it('gives no lines when nothing was handed over', () => {
    expect(readSignedInCheckoutSelection(new MemoryStorage({ cartItemsForCheckout: [phone] })).lines).toEqual([]);
  });
});

describe('after a paid guest order', () => {
  it('clears the guest cart, its selection and the handoff', () => {
    const session = new MemoryStorage({ checkoutType: 'all', guestCartItemsForCheckout: [phone] });
    const local = new MemoryStorage({ guestCartItems: [phone], somethingElse: 'kept' });
    clearGuestCheckoutStorage(session, local);
    expect([...session.data.keys()]).toEqual([]);
    expect([...local.data.keys()]).toEqual(['somethingElse']);
  });
});

describe('clearing the signed-in checkout hand-off (after buying Premium on /membership-payment)', () => {
  it('removes cartItemsForCheckout and checkoutType and nothing else', () => {
    const session = new MemoryStorage({
      checkoutType: 'all',
      cartItemsForCheckout: [laptop],
      shippingInfo: { city: 'Lae' },
      guestCartItemsForCheckout: [phone],
    });
    clearCheckoutHandoff(session);
    expect([...session.data.keys()].sort()).toEqual(['guestCartItemsForCheckout', 'shippingInfo']);
  });
});
