import { invoiceMessages } from '@bilum/shared';
import { useDocumentTitle } from '../../lib/use-document-title';
import { backToOrders, useOrderIdParam } from './admin-documents';
import { DocumentFrame } from './DocumentFrame';
import { useAdminPackingSlip } from './invoice.api';
import { PackingSlipDocument } from './InvoiceDocument';

/** /order-inventory/:orderId/packing-slip: what to pack and where it goes, no prices (orders.view). */
export default function PackingSlipPage() {
  const orderId = useOrderIdParam();
  useDocumentTitle(`${invoiceMessages.packingSlipTitle} #${orderId}`);
  const slip = useAdminPackingSlip(orderId);
  return (
    <DocumentFrame title={invoiceMessages.packingSlipTitle} query={slip} actions={backToOrders}>
      {slip.data && <PackingSlipDocument slip={slip.data} />}
    </DocumentFrame>
  );
}
