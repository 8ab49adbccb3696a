import { invoiceMessages } from '@bilum/shared';
import { useDocumentTitle } from '../../lib/use-document-title';
import { backToOrders, useOrderIdParam } from './admin-documents';
import { DocumentFrame } from './DocumentFrame';
import { useAdminInvoice } from './invoice.api';
import { InvoiceDocument } from './InvoiceDocument';

/** /order-inventory/:orderId/invoice: staff print the tax invoice (orders.view), in English (the admin's language). */
export default function AdminInvoicePage() {
  const orderId = useOrderIdParam();
  useDocumentTitle(`${invoiceMessages.title} #${orderId}`);
  const invoice = useAdminInvoice(orderId);
  return (
    <DocumentFrame title={invoiceMessages.title} query={invoice} actions={backToOrders}>
      {invoice.data && <InvoiceDocument invoice={invoice.data} />}
    </DocumentFrame>
  );
}
