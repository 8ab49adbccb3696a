import type { Invoice } from '@bilum/shared';
import { renderInvoicePdf } from './invoice-pdf';

/** Runs in the PDF worker thread (pdf/pdf-workers.ts): the tax invoice's PDF. */
export default function drawInvoice(invoice: Invoice): Promise<Uint8Array> {
  return renderInvoicePdf(invoice);
}
