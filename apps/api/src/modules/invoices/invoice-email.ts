import type { ShopSettings } from '@bilum/shared';
import type { DbExecutor } from '../../db/client';
import type { OrderItemRow, OrderRow } from '../../db/schema';
import type { QueuedEmail } from '../mail/mail.service';
import type { EmailAttachment } from '../mail/mail.transport';
import { orderConfirmationEmail } from '../orders/order-emails';
import { hasInvoice, invoiceOf, invoiceSettingsIn } from './invoice.service';
import { renderInvoicePdf } from './invoice-pdf';

/**
 * The tax invoice PDF of a paid order, for its confirmation e-mail; none while the order has no invoice. Made in
 * the paying transaction and kept with the outbox row, so a retried or delayed send carries the same file.
 */
export async function invoiceAttachments(tx: DbExecutor, order: OrderRow): Promise<EmailAttachment[]> {
  if (!hasInvoice(order)) return [];
  const invoice = await invoiceOf(tx, order, () => invoiceSettingsIn(tx));
  const pdf = await renderInvoicePdf(invoice);
  return [
    {
      filename: `Bilum-tax-invoice-${invoice.invoiceNumber}.pdf`,
      contentType: 'application/pdf',
      contentBase64: Buffer.from(pdf).toString('base64'),
    },
  ];
}

/**
 * The confirmation e-mail of an order that has just become paid, with its tax invoice attached: every path to
 * "paid" (card, a recorded bank transfer, paid at pickup) queues this one.
 */
export async function paidOrderConfirmation(
  tx: DbExecutor,
  input: { order: OrderRow; items: OrderItemRow[]; shopUrl: string; settings: ShopSettings },
): Promise<QueuedEmail> {
  return { ...orderConfirmationEmail(input), attachments: await invoiceAttachments(tx, input.order) };
}
