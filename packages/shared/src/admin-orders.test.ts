import { describe, expect, it } from 'vitest';
import {
  displayShippingStatus,
  orderTiles,
  searchOrders,
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
  it.each([
    ['Pending', { dispatch: true, deliver: true, cancel: true }],
    ['Processing', { dispatch: true, deliver: true, cancel: true }],
    ['Dispatched', { dispatch: false, deliver: true, cancel: true }],
    ['Delivered', { dispatch: false, deliver: false, cancel: false }],
    ['Cancelled', { dispatch: false, deliver: false, cancel: false }],
    ['unknown', { dispatch: true, deliver: true, cancel: true }],
  ])('%s enables %o', (status, enabled) => {
    expect(shippingActions(status)).toEqual(enabled);
  });
});

describe('shippingTransitionError', () => {
  it('allows what the enabled buttons do, and nothing out of a final status', () => {
    expect(shippingTransitionError(7, 'Pending', 'Dispatched')).toBeNull();
    expect(shippingTransitionError(7, 'Dispatched', 'Delivered')).toBeNull();
    expect(shippingTransitionError(7, 'Dispatched', 'Cancelled')).toBeNull();
    expect(shippingTransitionError(7, 'Delivered', 'Cancelled')).toBe(
      'Order #7 is already Delivered; a delivered order cannot be changed.',
    );
    expect(shippingTransitionError(7, 'Dispatched', 'Pending')).toBe(
      'Order #7 is Dispatched and cannot go back to Pending.',
    );
    expect(shippingTransitionError(7, 'Dispatched', 'Dispatched')).toBe('Order #7 is already Dispatched.');
  });
});

describe('orderTiles', () => {
  it('counts all orders, Pending (unknown included), Dispatched and Delivered', () => {
    const statuses = ['Pending', 'odd', 'Dispatched', 'Delivered', 'Delivered', 'Cancelled', 'Processing'];
    expect(orderTiles(statuses.map((shippingStatus) => ({ shippingStatus })))).toEqual({
      totalOrders: 7,
      pending: 2,
      dispatched: 1,
      delivered: 2,
    });
  });
});

describe('searchOrders', () => {
  const orders = [
    { id: 12, firstName: 'Kila', lastName: 'Amini', trackingCode: 'BLM-ABCD-1234' },
    { id: 120, firstName: 'Mary', lastName: 'Tau', trackingCode: 'BLM-WXYZ-9876' },
  ];
  it('finds by customer name, order id (with or without #) or tracking code', () => {
    expect(searchOrders(orders, 'kila am').map((o) => o.id)).toEqual([12]);
    expect(searchOrders(orders, '  TAU ').map((o) => o.id)).toEqual([120]);
    expect(searchOrders(orders, '#12').map((o) => o.id)).toEqual([12]);
    expect(searchOrders(orders, '120').map((o) => o.id)).toEqual([120]);
    expect(searchOrders(orders, 'wxyz').map((o) => o.id)).toEqual([120]);
    expect(searchOrders(orders, '')).toHaveLength(2);
    expect(searchOrders(orders, 'nobody')).toEqual([]);
  });
});
