import type { Invoice } from '@bilum/shared';
import type { EmailLocale } from '../mail/email-locale';
import { renderInvoicePdf } from './invoice-pdf';

/** What the worker draws: the invoice, with its labels in the shopper's language (issue 31). */
export interface InvoicePdfInput {
  invoice: Invoice;
  locale: EmailLocale;
}

/** Runs in the PDF worker thread (pdf/pdf-workers.ts): the tax invoice's PDF. */
export default function drawInvoice({ invoice, locale }: InvoicePdfInput): Promise<Uint8Array> {
  return renderInvoicePdf(invoice, locale);
}
