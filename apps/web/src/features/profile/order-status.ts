import type { MyOrder, OrderPaymentState } from '@bilum/shared';
import type { ShopperOrderStatusKind, ShopperStatusTone } from '@bilum/shared/order-status';

/** Issue 27: a bank transfer or pickup order still waiting for (the rest of) its money. */
export const isPaymentDue = (order: Pick<MyOrder, 'amountDue'>): boolean => order.amountDue > 0;

/** Only the Premium membership (decision 024): a membership is never shipped, so no shipping status or line. */
export function isMembershipOnly(order: { items: readonly { isMembership: boolean }[] }): boolean {
  return order.items.length > 0 && order.items.every((item) => item.isMembership);
}

/** The payment's badge: paid green, given back grey, not completed red, anything still to pay orange. */
export function paymentTone(state: OrderPaymentState): ShopperStatusTone {
  if (state === 'paid' || state === 'over-paid') return 'green';
  if (state === 'refunded') return 'grey';
  if (state === 'not-completed' || state === 'not-completed-refund-due') return 'red';
  return 'orange';
}

/** The statuses that already say where the payment stands (no payment badge beside them). */
export const statusIsPayment = (kind: ShopperOrderStatusKind): boolean =>
  ['awaiting-payment', 'part-paid', 'pay-at-pickup', 'payment-not-completed', 'refunded'].includes(kind);
