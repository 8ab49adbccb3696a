import type { ShopperStatusTone } from '@bilum/shared/order-status';
import { statusToneClasses } from '../../components/payment/OrderStatusBadge';

/** The tracking page's badge colours (checkout-and-admin.md 4, "Tracking badge colours"): one set for every badge. */
export type BadgeTone = ShopperStatusTone;

export const badgeToneClasses: Record<BadgeTone, string> = statusToneClasses;

/**
 * Delivered green; shipped or in transit blue; processing yellow; pending and awaiting payment orange; cancelled
 * and payment not completed red; else grey.
 */
export function shippingStatusTone(status: string | null | undefined): BadgeTone {
  const normalised = (status ?? '')
    .trim()
    .toLowerCase()
    .replace(/[\s_-]+/g, ' ');
  switch (normalised) {
    case 'delivered':
      return 'green';
    case 'shipped':
    case 'in transit':
    case 'dispatched':
      return 'blue';
    case 'processing':
      return 'yellow';
    case 'pending':
    case 'awaiting payment':
      return 'orange';
    case 'cancelled':
    case 'canceled':
    case 'payment not completed':
      return 'red';
    default:
      return 'grey';
  }
}

/** The badge's words: the status as the server gives it, or 'Status Unknown' when empty. */
export function shippingStatusLabel(status: string | null | undefined): string {
  const text = (status ?? '').trim();
  if (text === '') return 'Status Unknown';
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** Payment 'paid' is green, anything else orange. */
export function paymentStatusTone(status: string | null | undefined): BadgeTone {
  return (status ?? '').trim().toLowerCase() === 'paid' ? 'green' : 'orange';
}
