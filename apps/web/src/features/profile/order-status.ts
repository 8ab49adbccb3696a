import type { OrderPaymentStatus, ShippingStatus } from '@bilum/shared';

/** The tracking page's badge colours (checkout-and-admin.md 4): delivered green … cancelled red. */
export const shippingBadgeClass: Record<ShippingStatus, string> = {
  Delivered: 'bg-green-100 text-green-800 ring-green-300',
  Dispatched: 'bg-blue-100 text-blue-800 ring-blue-300',
  Processing: 'bg-yellow-100 text-yellow-800 ring-yellow-300',
  Pending: 'bg-orange-100 text-orange-800 ring-orange-300',
  Cancelled: 'bg-red-100 text-red-800 ring-red-300',
};

/** Payment status 'paid' green, anything else orange. */
export function paymentBadgeClass(status: OrderPaymentStatus): string {
  return status === 'paid'
    ? 'bg-green-100 text-green-800 ring-green-300'
    : 'bg-orange-100 text-orange-800 ring-orange-300';
}

export const paymentStatusLabel: Record<OrderPaymentStatus, string> = {
  pending: 'Pending',
  paid: 'Paid',
  failed: 'Failed',
  refunded: 'Refunded',
  cancelled: 'Cancelled',
};

export const badgeClass = 'inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1';
