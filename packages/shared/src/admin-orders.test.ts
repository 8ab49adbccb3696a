import { describe, expect, it } from 'vitest';
import {
  awaitsPayment,
  displayShippingStatus,
  orderInventoryMessages,
  orderSearch,
  orderTiles,
  shippingActions,
  shippingTransitionError,
} from './admin-orders';

describe('displayShippingStatus', () => {
  it('shows an unknown or missing status as Pending', () => {
    expect(displayShippingStatus('Dispatched')).toBe('Dispatched');
    expect(displayShippingStatus('shipped')).toBe('Pending');
    expect(displayShippingStatus('')).toBe('Pending');
    expect(displayShippingStatus(null)).toBe('Pending');
  });
});

describe('shippingActions', () => {
  const paid = { needsShipping: true, paidAt: '2026-03-05T04:30:00.000Z' };
  it.each([
    ['Pending', { dispatch: true, deliver: true, cancel: true }],
    ['Processing', { dispatch: true, deliver: true, cancel: true }],
    ['Dispatched', { dispatch: false, deliver: true, cancel: true }],
    ['Delivered', { dispatch: false, deliver: false, cancel: false }],
    ['Cancelled', { dispatch: false, deliver: false, cancel: false }],
    ['unknown', { dispatch: true, deliver: true, cancel: true }],
  ])('%s enables %o', (shippingStatus, enabled) => {
    expect(shippingActions({ ...paid, shippingStatus })).toEqual(enabled);
  });

  it('offers only Cancel for an order with nothing to ship, and nothing for an unpaid one', () => {
    expect(shippingActions({ ...paid, shippingStatus: 'Pending', needsShipping: false })).toEqual({
      dispatch: false,
      deliver: false,
      cancel: true,
    });
    expect(shippingActions({ ...paid, shippingStatus: 'Pending', paidAt: null })).toEqual({
      dispatch: false,
      deliver: false,
      cancel: false,
    });
  });
});

describe('shippingTransitionError', () => {
  const order = { id: 7, needsShipping: true, paidAt: '2026-03-05T04:30:00.000Z' };
  it('allows what the enabled buttons do, and nothing out of a final status', () => {
    expect(shippingTransitionError(order, 'Pending', 'Dispatched')).toBeNull();
    expect(shippingTransitionError(order, 'Dispatched', 'Delivered')).toBeNull();
    expect(shippingTransitionError(order, 'Dispatched', 'Cancelled')).toBeNull();
    expect(shippingTransitionError(order, 'Delivered', 'Cancelled')).toBe(
      'Order #7 is already Delivered; a delivered order cannot be changed.',
    );
    expect(shippingTransitionError(order, 'Dispatched', 'Pending')).toBe(
      'Order #7 is Dispatched and cannot go back to Pending.',
    );
    expect(shippingTransitionError(order, 'Dispatched', 'Dispatched')).toBe('Order #7 is already Dispatched.');
  });

  it('refuses to ship an order that holds only a membership, and any change to an unpaid one', () => {
    const membershipOnly = { ...order, needsShipping: false };
    for (const to of ['Processing', 'Dispatched', 'Delivered'] as const) {
      expect(shippingTransitionError(membershipOnly, 'Pending', to)).toBe(orderInventoryMessages.nothingToShip(7));
    }
    expect(shippingTransitionError(membershipOnly, 'Pending', 'Cancelled')).toBeNull();
    expect(shippingTransitionError(membershipOnly, 'Cancelled', 'Delivered')).toBe(
      'Order #7 is already Cancelled; a cancelled order cannot be changed.',
    );
    expect(shippingTransitionError({ ...order, paidAt: null }, 'Pending', 'Cancelled')).toBe(
      orderInventoryMessages.notPaid(7),
    );
  });
});

describe('an unpaid bank-transfer or pickup order (issue 27)', () => {
  const unpaid = { id: 9, needsShipping: true, paidAt: null, shippingStatus: 'Pending' } as const;

  it('awaits payment while pending; a card order never paid does not', () => {
    expect(awaitsPayment({ ...unpaid, paymentMethod: 'bank-transfer', paymentStatus: 'pending' })).toBe(true);
    expect(awaitsPayment({ ...unpaid, paymentMethod: 'pickup', paymentStatus: 'pending' })).toBe(true);
    expect(awaitsPayment({ ...unpaid, paymentMethod: 'card', paymentStatus: 'pending' })).toBe(false);
    expect(awaitsPayment({ ...unpaid, paymentMethod: 'pickup', paymentStatus: 'cancelled' })).toBe(false);
    expect(awaitsPayment({ ...unpaid, paidAt: '2026-03-05T04:30:00.000Z', paymentMethod: 'pickup' })).toBe(false);
  });

  it('may be cancelled, never dispatched or delivered', () => {
    const pickup = { ...unpaid, paymentMethod: 'pickup', paymentStatus: 'pending' } as const;
    expect(shippingActions(pickup)).toEqual({ dispatch: false, deliver: false, cancel: true });
    expect(shippingTransitionError(pickup, 'Pending', 'Cancelled')).toBeNull();
    for (const to of ['Processing', 'Dispatched', 'Delivered'] as const) {
      expect(shippingTransitionError(pickup, 'Pending', to)).toBe(orderInventoryMessages.awaitingPayment(9));
    }
    const card = { ...unpaid, paymentMethod: 'card', paymentStatus: 'pending' } as const;
    expect(shippingActions(card).cancel).toBe(false);
    expect(shippingTransitionError(card, 'Pending', 'Cancelled')).toBe(orderInventoryMessages.notPaid(9));
  });
});

describe('orderTiles', () => {
  it('has one tile per status (unknown counted as Pending), so the tiles add up to Total Orders', () => {
    const groups = [
      { shippingStatus: 'Pending', count: 3 },
      { shippingStatus: 'odd', count: 1 },
      { shippingStatus: 'Processing', count: 2 },
      { shippingStatus: 'Dispatched', count: 1 },
      { shippingStatus: 'Delivered', count: 2 },
      { shippingStatus: 'Cancelled', count: 4 },
    ];
    const tiles = orderTiles(groups);
    expect(tiles).toEqual({ totalOrders: 13, pending: 4, processing: 2, dispatched: 1, delivered: 2, cancelled: 4 });
    const { totalOrders, ...parts } = tiles;
    expect(Object.values(parts).reduce((sum, count) => sum + count, 0)).toBe(totalOrders);
    expect(orderTiles([])).toMatchObject({ totalOrders: 0, pending: 0 });
  });
});

describe('orderSearch', () => {
  it('reads an order number, and the digits of a phone number however it is typed', () => {
    expect(orderSearch('  ')).toBeNull();
    // A short number or "#n" is the order number, not a fragment of some code that contains those digits.
    expect(orderSearch('#12')).toEqual({ text: null, orderId: 12, phoneDigits: null });
    expect(orderSearch('36')).toEqual({ text: null, orderId: 36, phoneDigits: null });
    expect(orderSearch('120')).toEqual({ text: null, orderId: 120, phoneDigits: '120' });
    expect(orderSearch('4827')).toEqual({ text: '4827', orderId: 4827, phoneDigits: '4827' });
    expect(orderSearch(' Kila   AMINI ')).toEqual({ text: 'kila amini', orderId: null, phoneDigits: null });
    expect(orderSearch('7123 4567')?.phoneDigits).toBe('71234567');
    expect(orderSearch('+675 7123 4567')?.phoneDigits).toBe('67571234567');
    expect(orderSearch('+67571234567')?.phoneDigits).toBe('67571234567');
    expect(orderSearch('Kila@Example.PG')).toEqual({ text: 'kila@example.pg', orderId: null, phoneDigits: null });
  });
});
