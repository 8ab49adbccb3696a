import { z } from 'zod';
import { formatKina } from './money';
import type { PaymentMethod } from './payment-methods';

/**
 * What a shopper is told an order is (issue 27), in one place for tracking, the order history, My Orders and the
 * e-mails: an unpaid order is never shown as placed (issue 17), a part-paid one says what arrived, and a pickup
 * order reads "Ready for pickup" and "Collected", never "Dispatched", "Delivered" or an estimated delivery.
 */
export const shopperOrderStatusKinds = [
  'awaiting-payment',
  'part-paid',
  'pay-at-pickup',
  'payment-not-completed',
  'pending',
  'processing',
  'ready-for-pickup',
  'collected',
  'dispatched',
  'delivered',
  'cancelled',
  'refunded',
  'premium-active',
] as const;
export type ShopperOrderStatusKind = (typeof shopperOrderStatusKinds)[number];

/** Badge colours: done green, on its way blue, being prepared yellow, waiting for the shopper orange, ended red. */
export type ShopperStatusTone = 'green' | 'blue' | 'yellow' | 'orange' | 'red' | 'grey';

export interface ShopperOrderStatus {
  kind: ShopperOrderStatusKind;
  /** "Awaiting payment", "Part-paid: K100.00 of K179.00 received", "Ready for pickup", "Collected", … */
  label: string;
  tone: ShopperStatusTone;
}

export const shopperOrderStatusSchema = z.object({
  kind: z.enum(shopperOrderStatusKinds),
  label: z.string(),
  tone: z.enum(['green', 'blue', 'yellow', 'orange', 'red', 'grey']),
});

export interface ShopperStatusInput {
  paymentMethod: PaymentMethod;
  /** The order's stored statuses (checkout.schema.ts; written out here so this file imports no schema). */
  paymentStatus: 'pending' | 'paid' | 'failed' | 'refunded' | 'cancelled';
  shippingStatus: 'Pending' | 'Processing' | 'Dispatched' | 'Delivered' | 'Cancelled';
  /** toea */
  total: number;
  /** toea recorded as received (bank transfer, counter); 0 for a card. */
  amountReceived: number;
  /** Collected at a pickup point rather than delivered. */
  pickup: boolean;
  /** Only the Premium membership (decision 024): never shipped, so once paid it reads "Premium active". */
  membershipOnly?: boolean;
}

export const shopperStatusLabels = {
  'awaiting-payment': 'Awaiting payment',
  'pay-at-pickup': 'Pay at pickup',
  'payment-not-completed': 'Payment not completed',
  pending: 'Pending',
  processing: 'Processing',
  'ready-for-pickup': 'Ready for pickup',
  collected: 'Collected',
  dispatched: 'Dispatched',
  delivered: 'Delivered',
  cancelled: 'Cancelled',
  refunded: 'Refunded',
  'premium-active': 'Premium active',
} as const satisfies Record<Exclude<ShopperOrderStatusKind, 'part-paid'>, string>;

/** "Part-paid: K100.00 of K179.00 received" */
export const partPaidLabel = (received: number, total: number) =>
  `Part-paid: ${formatKina(received)} of ${formatKina(total)} received`;

const tones: Record<ShopperOrderStatusKind, ShopperStatusTone> = {
  'awaiting-payment': 'orange',
  'part-paid': 'orange',
  'pay-at-pickup': 'orange',
  'payment-not-completed': 'red',
  pending: 'orange',
  processing: 'yellow',
  'ready-for-pickup': 'blue',
  collected: 'green',
  dispatched: 'blue',
  delivered: 'green',
  cancelled: 'red',
  refunded: 'grey',
  'premium-active': 'green',
};

/** The one rule for the words a shopper sees for an order's state. */
export function shopperOrderStatus(order: ShopperStatusInput): ShopperOrderStatus {
  const kind = statusKind(order);
  const label = kind === 'part-paid' ? partPaidLabel(order.amountReceived, order.total) : shopperStatusLabels[kind];
  return { kind, label, tone: tones[kind] };
}

function statusKind(order: ShopperStatusInput): ShopperOrderStatusKind {
  switch (order.paymentStatus) {
    case 'pending':
      if (order.paymentMethod === 'pickup') return 'pay-at-pickup';
      if (order.paymentMethod === 'bank-transfer' && order.amountReceived > 0) return 'part-paid';
      return 'awaiting-payment';
    case 'failed':
    case 'cancelled':
      return 'payment-not-completed';
    case 'refunded':
      return 'refunded';
    default:
      if (order.membershipOnly && order.shippingStatus !== 'Cancelled') return 'premium-active';
      switch (order.shippingStatus) {
        case 'Processing':
          return 'processing';
        case 'Dispatched':
          return order.pickup ? 'ready-for-pickup' : 'dispatched';
        case 'Delivered':
          return order.pickup ? 'collected' : 'delivered';
        case 'Cancelled':
          return 'cancelled';
        default:
          return 'pending';
      }
  }
}
