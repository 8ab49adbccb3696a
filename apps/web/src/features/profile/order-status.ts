import type { MyOrder } from '@bilum/shared';

/** Issue 27: a bank transfer or pickup order still waiting for (the rest of) its money. */
export const isPaymentDue = (order: Pick<MyOrder, 'amountDue'>): boolean => order.amountDue > 0;

/** Only the Premium membership (decision 024): a membership is never shipped, so no shipping status or line. */
export function isMembershipOnly(order: { items: readonly { isMembership: boolean }[] }): boolean {
  return order.items.length > 0 && order.items.every((item) => item.isMembership);
}
