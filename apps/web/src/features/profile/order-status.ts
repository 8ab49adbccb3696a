import { formatKina, type MyOrder, type OrderPaymentState } from '@bilum/shared';
import type { ShopperOrderStatusKind, ShopperStatusTone } from '@bilum/shared/order-status';
import type { MessageId, Translate } from '../../i18n/i18n';

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

const statusKeys = {
  'awaiting-payment': 'history.status.awaitingPayment',
  'part-paid': 'history.status.partPaid',
  'pay-at-pickup': 'history.status.payAtPickup',
  'payment-not-completed': 'history.status.paymentNotCompleted',
  pending: 'history.status.pending',
  processing: 'history.status.processing',
  'ready-for-pickup': 'history.status.readyForPickup',
  collected: 'history.status.collected',
  dispatched: 'history.status.dispatched',
  delivered: 'history.status.delivered',
  cancelled: 'history.status.cancelled',
  refunded: 'history.status.refunded',
  'premium-active': 'history.status.premiumActive',
} as const satisfies Record<ShopperOrderStatusKind, MessageId>;

/**
 * The order's status for its badge in the page's language: the server sends `shopperOrderStatus`'s English label
 * (packages/shared), whose words the catalogs' `history.status.*` hold ("Part-paid: K40.00 of K240.00 received").
 */
export function translatedStatus(
  order: Pick<MyOrder, 'total' | 'payment'>,
  t: Translate,
): MyOrder['payment']['status'] {
  const { status } = order.payment;
  const label =
    status.kind === 'part-paid'
      ? t(statusKeys['part-paid'], {
          received: formatKina(order.payment.amountReceived),
          total: formatKina(order.total),
        })
      : t(statusKeys[status.kind]);
  return { ...status, label };
}

const paymentStateKeys = {
  paid: 'history.paymentState.paid',
  'over-paid': 'history.paymentState.overPaid',
  'awaiting-payment': 'history.paymentState.awaitingPayment',
  'part-paid': 'history.paymentState.partPaid',
  'pay-at-pickup': 'history.paymentState.payAtPickup',
  'not-completed': 'history.paymentState.notCompleted',
  'not-completed-refund-due': 'history.paymentState.notCompletedRefundDue',
  refunded: 'history.paymentState.refunded',
} as const satisfies Record<OrderPaymentState, MessageId>;

/** The payment's state in the page's language (the English is `orderPaymentStateLabels`, the server's `stateLabel`). */
export const paymentStateLabel = (state: OrderPaymentState, t: Translate): string => t(paymentStateKeys[state]);
