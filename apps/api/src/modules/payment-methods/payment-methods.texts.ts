import { amountOutstanding, type PaymentSettings } from '@bilum/shared';
import type { DbExecutor } from '../../db/client';
import type { OrderRow } from '../../db/schema';
import type { Mailer } from '../mail/mail.service';
import { queueOrderText } from '../texts/texts.service';

/*
 * The bank-transfer texts (issue 31, decision 044), queued next to their e-mails (payment-methods.emails.ts): the
 * reference, the amount still due, the shop's bank and account, and until when the order is held.
 */

const bankTransferText = (order: OrderRow, payment: PaymentSettings) => ({
  orderId: order.id,
  amount: amountOutstanding({ total: order.totalToea, amountReceived: order.amountReceivedToea }),
  reference: order.paymentReference ?? '',
  bank: payment.bankName,
  account: payment.bankAccountNumber,
  deadline: order.holdExpiresAt,
});

/** Placed with bank transfer (a guest's once confirmed): how to pay. */
export function queueBankTransferText(
  mailer: Pick<Mailer, 'jobs'>,
  tx: DbExecutor,
  order: OrderRow,
  payment: PaymentSettings,
): Promise<number | null> {
  return queueOrderText(mailer.jobs, tx, order, { kind: 'bank-transfer', ...bankTransferText(order, payment) });
}

/** The one reminder before the hold ends. */
export function queuePaymentReminderText(
  mailer: Pick<Mailer, 'jobs'>,
  tx: DbExecutor,
  order: OrderRow,
  payment: PaymentSettings,
): Promise<number | null> {
  return queueOrderText(mailer.jobs, tx, order, { kind: 'payment-reminder', ...bankTransferText(order, payment) });
}
