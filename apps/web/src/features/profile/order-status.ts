import type { MyOrder, OrderPaymentState, OrderPaymentStatus, ShippingStatus } from '@bilum/shared';

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

/** The same colours for the payment state's words (issue 27: "Awaiting payment", "Part-paid", "Pay at pickup"). */
export function paymentStateBadgeClass(state: OrderPaymentState): string {
  return paymentBadgeClass(state === 'paid' || state === 'over-paid' ? 'paid' : 'pending');
}

/** Issue 27: a bank transfer or pickup order still waiting for (the rest of) its money. */
export const isPaymentDue = (order: Pick<MyOrder, 'amountDue'>): boolean => order.amountDue > 0;

export const badgeClass = 'inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1';

/** Only the Premium membership (decision 024): a membership is never shipped, so no shipping status or line. */
export function isMembershipOnly(order: { items: readonly { isMembership: boolean }[] }): boolean {
  return order.items.length > 0 && order.items.every((item) => item.isMembership);
}
