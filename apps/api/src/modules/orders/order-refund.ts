import { orderInventoryMessages } from '@bilum/shared';
import type { OrderRow } from '../../db/schema';
import { AppError } from '../../errors';
import type { OrdersDeps } from './orders.service';
import { paidToea, recordCancellationRefund, refundedToea } from '../backoffice/refunds.service';

/**
 * Refunds an order the admin cancelled after it was paid, in full, once: the admin's cancel (and its Retry
 * Refund) and the checkout jobs' retry both come here. The idempotency key is the one payment-completion.ts
 * uses, so however many callers race, the provider refunds the payment once. Called outside any transaction (it
 * is a provider call). A failure leaves the order cancelled and paid, to be retried, and throws PAYMENT_FAILED.
 */
export async function refundCancelledOrder(
  deps: Pick<OrdersDeps, 'db' | 'payments' | 'now' | 'log' | 'mailer' | 'settings' | 'shopUrl'>,
  order: OrderRow,
): Promise<void> {
  const { db, payments, log } = deps;
  // Issue 27: the refund is recorded as a refund row with the shopper's e-mail (recordCancellationRefund).
  const settings = await deps.settings.get();
  if (order.paymentMethod !== 'card') {
    // Issue 19: a bank transfer or counter payment has no provider to refund through: staff return the money by
    // hand (bank transfer or cash), and the order reads refunded.
    const amount = paidToea(order) - (await refundedToea(db, order.id));
    await recordCancellationRefund(deps, order, {
      amount,
      idempotencyKey: `bilum-order-${order.id}-refund-cancelled`,
      settings,
    });
    return;
  }
  if (!order.paymentIntentId) {
    log.error({ orderId: order.id }, 'a paid order has no payment intent to refund');
    throw new AppError('PAYMENT_FAILED', orderInventoryMessages.refundFailed(order.id));
  }
  // Issue 21 (decision 018): what partial refunds already returned is not refunded again; only the rest.
  const partly = await refundedToea(db, order.id);
  const left = paidToea(order) - partly;
  try {
    if (left > 0) {
      await payments.refund({
        intentId: order.paymentIntentId,
        ...(partly > 0 ? { amount: left } : {}),
        idempotencyKey: `bilum-order-${order.id}-refund-${order.paymentIntentId}`,
      });
    }
  } catch (error) {
    log.error({ err: error, orderId: order.id }, 'refunding a cancelled order failed');
    throw new AppError('PAYMENT_FAILED', orderInventoryMessages.refundFailed(order.id));
  }
  await recordCancellationRefund(deps, order, {
    amount: left,
    idempotencyKey: `bilum-order-${order.id}-refund-${order.paymentIntentId}`,
    settings,
  });
}
