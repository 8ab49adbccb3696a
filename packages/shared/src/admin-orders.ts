import type { ShippingStatus } from './checkout.schema';

/**
 * Order management (/order-inventory, checkout-and-admin.md "Shipping status (admin)"): the statuses an admin
 * sees, which of Dispatch, Deliver and Cancel are enabled, and the server's transition rule. Delivered and
 * Cancelled are final; nothing goes back to Pending.
 */

const knownStatuses: readonly string[] = ['Pending', 'Processing', 'Dispatched', 'Delivered', 'Cancelled'];

/** The status shown: an unknown value shows as Pending (spec section 6). */
export function displayShippingStatus(status: string | null | undefined): ShippingStatus {
  return knownStatuses.includes(status ?? '') ? (status as ShippingStatus) : 'Pending';
}

export const isFinalShippingStatus = (status: string): boolean => status === 'Delivered' || status === 'Cancelled';

/** Which buttons are enabled: Dispatch unless Dispatched, Delivered or Cancelled; Deliver and Cancel unless final. */
export function shippingActions(status: string | null | undefined): {
  dispatch: boolean;
  deliver: boolean;
  cancel: boolean;
} {
  const shown = displayShippingStatus(status);
  const open = !isFinalShippingStatus(shown);
  return { dispatch: open && shown !== 'Dispatched', deliver: open, cancel: open };
}

/** Where each status may go (the enabling rules above, plus Pending to Processing). */
const allowedNext: Record<ShippingStatus, readonly ShippingStatus[]> = {
  Pending: ['Processing', 'Dispatched', 'Delivered', 'Cancelled'],
  Processing: ['Dispatched', 'Delivered', 'Cancelled'],
  Dispatched: ['Delivered', 'Cancelled'],
  Delivered: [],
  Cancelled: [],
};

/** Null when `from` may become `to`; otherwise the sentence the server answers with (409). */
export function shippingTransitionError(orderId: number, from: ShippingStatus, to: ShippingStatus): string | null {
  if (allowedNext[from].includes(to)) return null;
  if (isFinalShippingStatus(from)) {
    return `Order #${orderId} is already ${from}; a ${from.toLowerCase()} order cannot be changed.`;
  }
  if (from === to) return `Order #${orderId} is already ${from}.`;
  return `Order #${orderId} is ${from} and cannot go back to ${to}.`;
}

export interface OrderTiles {
  totalOrders: number;
  pending: number;
  dispatched: number;
  delivered: number;
}

/** The four summary tiles: Total Orders, Pending (unknown statuses included), Dispatched, Delivered. */
export function orderTiles(orders: readonly { shippingStatus: string }[]): OrderTiles {
  const count = (status: ShippingStatus) =>
    orders.filter((order) => displayShippingStatus(order.shippingStatus) === status).length;
  return {
    totalOrders: orders.length,
    pending: count('Pending'),
    dispatched: count('Dispatched'),
    delivered: count('Delivered'),
  };
}

/** The search: case-insensitive in the customer's name, or the order id ("12", "#12") or tracking code. */
export function searchOrders<T extends { id: number; firstName: string; lastName: string; trackingCode: string }>(
  orders: readonly T[],
  term: string,
): T[] {
  const text = term.trim().toLowerCase().replace(/\s+/g, ' ');
  if (text === '') return [...orders];
  const id = text.replace(/^#/, '');
  return orders.filter(
    (order) =>
      `${order.firstName} ${order.lastName}`.toLowerCase().includes(text) ||
      String(order.id) === id ||
      order.trackingCode.toLowerCase().includes(text),
  );
}

/** Section 8 "Admin orders", plus the server's own sentences. */
export const orderInventoryMessages = {
  fetchFailed: 'Failed to fetch orders',
  fetchNetwork: 'Network error occurred while fetching orders.',
  retry: 'Retry',
  updateFailed: 'Failed to update order status',
  updateNetwork: 'Network error occurred while updating status.',
  updated: (id: number, status: string) => `Order #${id} status updated to ${status}`,
  noMatch: (term: string) => `No orders found matching "${term}".`,
  noOrders: 'No orders available yet. Orders will appear here!',
  noItems: 'No items found for this order. Please check data source.',
  searchPlaceholder: 'Search by customer name or order ID...',
  // The server's own
  notFound: 'Order not found.',
  refundFailed: (id: number) =>
    `Order #${id} was cancelled, but the refund did not go through. Cancel it again to retry the refund.`,
} as const;
