import { phoneSearchDigits } from './admin-members';
import type { OrderPaymentStatus, ShippingStatus } from './checkout.schema';
import type { PaymentMethod } from './payment-methods';

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

/**
 * What an admin may do with an order depends on more than its status: an order that was never paid (a declined
 * card, an abandoned checkout) has nothing to handle, and an order that holds only a membership has nothing to
 * ship (issue 17), so it may only be cancelled (and refunded). A bank-transfer or pay-at-pickup order awaiting its
 * payment (issue 27) may be cancelled, not shipped.
 */
export interface ShippableOrder {
  id: number;
  shippingStatus: string;
  /** False when every line is a membership: nothing to dispatch or deliver. */
  needsShipping: boolean;
  /** Null for an order that was never paid. */
  paidAt: string | null;
  /** How it is paid and where its payment stands (issue 27: an unpaid bank transfer or pickup may be cancelled). */
  paymentMethod?: PaymentMethod;
  paymentStatus?: OrderPaymentStatus;
}

/**
 * A bank-transfer or pay-at-pickup order still waiting for (the rest of) its money, its units held for the shopper
 * (issue 27): a real order the shopper placed, which staff may cancel. A card order that was never paid is not.
 */
export const awaitsPayment = (order: Pick<ShippableOrder, 'paidAt' | 'paymentMethod' | 'paymentStatus'>): boolean =>
  order.paidAt === null &&
  order.paymentMethod !== undefined &&
  order.paymentMethod !== 'card' &&
  order.paymentStatus === 'pending';

/** Which buttons are enabled: Dispatch unless Dispatched, Delivered or Cancelled; Deliver and Cancel unless final. */
export function shippingActions(order: Omit<ShippableOrder, 'id'>): {
  dispatch: boolean;
  deliver: boolean;
  cancel: boolean;
} {
  const shown = displayShippingStatus(order.shippingStatus);
  const open = order.paidAt !== null && !isFinalShippingStatus(shown);
  const ships = open && order.needsShipping;
  return { dispatch: ships && shown !== 'Dispatched', deliver: ships, cancel: open || awaitsPayment(order) };
}

/** Where each status may go (the enabling rules above, plus Pending to Processing). */
const allowedNext: Record<ShippingStatus, readonly ShippingStatus[]> = {
  Pending: ['Processing', 'Dispatched', 'Delivered', 'Cancelled'],
  Processing: ['Dispatched', 'Delivered', 'Cancelled'],
  Dispatched: ['Delivered', 'Cancelled'],
  Delivered: [],
  Cancelled: [],
};

/** Null when the order may go from `from` to `to`; otherwise the sentence the server answers with (409). */
export function shippingTransitionError(
  order: Omit<ShippableOrder, 'shippingStatus'>,
  from: ShippingStatus,
  to: ShippingStatus,
): string | null {
  const orderId = order.id;
  // Issue 27: nothing to ship before the money is in, but the shopper's hold can be ended.
  if (awaitsPayment(order)) return to === 'Cancelled' ? null : orderInventoryMessages.awaitingPayment(orderId);
  if (order.paidAt === null) return orderInventoryMessages.notPaid(orderId);
  if (!order.needsShipping && to !== 'Cancelled' && !isFinalShippingStatus(from)) {
    return orderInventoryMessages.nothingToShip(orderId);
  }
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
  processing: number;
  dispatched: number;
  delivered: number;
  cancelled: number;
}

/**
 * The summary tiles: Total Orders and one tile per shipping status, so the tiles partition the orders they count
 * and add up to the total (issue 17). `groups` are counts per stored status; an unknown status counts as Pending.
 */
export function orderTiles(groups: readonly { shippingStatus: string; count: number }[]): OrderTiles {
  const tiles: OrderTiles = { totalOrders: 0, pending: 0, processing: 0, dispatched: 0, delivered: 0, cancelled: 0 };
  for (const { shippingStatus, count } of groups) {
    const key = displayShippingStatus(shippingStatus).toLowerCase() as Lowercase<ShippingStatus>;
    tiles[key] += count;
    tiles.totalOrders += count;
  }
  return tiles;
}

/** Which orders the list shows by payment: paid ones (the default), unpaid ones (declined, abandoned), or all. */
export const adminOrderPaymentViews = ['paid', 'unpaid', 'all'] as const;
export type AdminOrderPaymentView = (typeof adminOrderPaymentViews)[number];

export interface OrderSearch {
  /**
   * Lower-cased, spaces collapsed: matched in the customer's name, e-mail, tracking code and payment reference.
   * Null when the term is an order number ("#36", or a bare number of at most three digits): a short number is
   * the order the staff member means, not any code that happens to contain those digits.
   */
  text: string | null;
  /** The order number when the term is one ("12", "#12"). */
  orderId: number | null;
  /** The digits to find in the stored phone number when the term looks like a phone number, else null. */
  phoneDigits: string | null;
}

/**
 * The order search (issue 17), run by the server in SQL: case-insensitive in the customer's name, e-mail and
 * tracking code, the order number ("12", "#12"), and the phone number however it is typed ("7123 4567",
 * "+675 7123 4567" and "+67571234567" all find "+67571234567"). Null for an empty term (no filter).
 */
export function orderSearch(term: string): OrderSearch | null {
  const text = term.trim().toLowerCase().replace(/\s+/g, ' ');
  if (text === '') return null;
  const number = text.replace(/^#\s*/, '');
  const orderId = /^\d{1,9}$/.test(number) ? Number(number) : null;
  const onlyOrderNumber = orderId !== null && (text.startsWith('#') || number.length <= 3);
  return {
    text: onlyOrderNumber ? null : text,
    orderId,
    phoneDigits: phoneSearchDigits(text),
  };
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
  noUnpaid: 'No unpaid checkouts.',
  noItems: 'No items found for this order. Please check data source.',
  searchPlaceholder: 'Search by customer name or order ID...',
  searchHint: 'Finds a name, e-mail, phone number, tracking code, payment reference or order number.',
  /** Issue 27: a "PAY" reference whose check digit does not fit: a digit was mistyped. */
  mistypedReference: (term: string) =>
    `"${term}" is not a payment reference we issue: one of its digits is mistyped. Check it against the bank statement.`,
  // The server's own
  notFound: 'Order not found.',
  notPaid: (id: number) => `Order #${id} was never paid, so there is nothing to dispatch, deliver or cancel.`,
  awaitingPayment: (id: number) =>
    `Order #${id} is not paid yet: record its payment before dispatching or delivering it, or cancel it.`,
  nothingToShip: (id: number) =>
    `Order #${id} holds only a membership, so there is nothing to dispatch or deliver; it can only be cancelled.`,
  refundFailed: (id: number) =>
    `Order #${id} was cancelled, but the refund did not go through. Cancel it again to retry the refund.`,
  // Why the shop itself cancelled an unpaid order (AdminOrder.cancelNote)
  replacedBy: (id: number) => `Replaced by order #${id}: the customer changed their checkout before paying.`,
  holdExpired: 'Not paid before its reservation ended; the stock went back.',
  cancelledBeforePayment: 'Cancelled by staff before it was paid; the stock went back.',
  refundedUnhonourable: 'Paid after it could no longer be honoured; the payment was refunded in full.',
} as const;
