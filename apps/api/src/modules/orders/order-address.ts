import type { OrderRow } from '../../db/schema';

/**
 * The delivery address of an order on one line, or null for a pickup or membership-only order. A module of its
 * own so that e-mails, alerts and invoices can format an order without importing the orders service (which
 * imports them: the import cycles of issue 27).
 */
export function orderAddress(order: Pick<OrderRow, 'address' | 'city' | 'state' | 'postcode'>): string | null {
  const address = [order.address, order.city, order.state, order.postcode].filter(Boolean).join(', ');
  return address === '' ? null : address;
}
