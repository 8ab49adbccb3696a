import { formatInvoiceDate, invoiceMessages, type PackingSlip } from '@bilum/shared';
import { useDocumentTitle } from '../../lib/use-document-title';
import { backToOrders, useOrderIdParam } from './admin-documents';
import { DocumentFrame } from './DocumentFrame';
import { useAdminPackingSlip } from './invoice.api';
import { Customer, Fact, Sheet } from './InvoiceDocument';

/** The packing slip: staff only, so English whatever the language of the rest of the site (issue 31). */
function PackingSlipDocument({ slip }: { slip: PackingSlip }) {
  const units = slip.lines.reduce((sum, line) => sum + line.quantity, 0);
  return (
    <Sheet label={`${invoiceMessages.packingSlipTitle} for order #${slip.orderId}`}>
      <header className="flex flex-col-reverse gap-3 border-b border-stone-200 pb-5 sm:flex-row sm:items-start sm:justify-between">
        <p className="text-lg font-bold">{slip.shopName}</p>
        <h1 className="text-2xl font-extrabold tracking-tight sm:text-3xl">{invoiceMessages.packingSlipTitle}</h1>
      </header>
      <dl className="mt-5 grid grid-cols-2 gap-4 sm:grid-cols-3">
        <Fact label="Order">#{slip.orderId}</Fact>
        <Fact label="Date">{formatInvoiceDate(slip.placedAt)}</Fact>
        <Fact label="Units">{units}</Fact>
      </dl>
      <div className="mt-5 border-t border-stone-200 pt-5">
        <Customer customer={slip.customer} delivery={slip.delivery} />
      </div>
      <table className="mt-6 w-full border-collapse text-sm">
        <caption className="sr-only">Items to pack</caption>
        <thead>
          <tr className="border-b border-stone-300 text-left text-xs uppercase tracking-wide text-muted">
            <th scope="col" className="w-10 py-2 pr-2 font-medium">
              <span className="sr-only">Packed</span>
            </th>
            <th scope="col" className="py-2 pr-2 font-medium">
              Item
            </th>
            <th scope="col" className="px-2 py-2 font-medium">
              SKU
            </th>
            <th scope="col" className="py-2 pl-2 text-right font-medium">
              Qty
            </th>
          </tr>
        </thead>
        <tbody>
          {slip.lines.map((line, index) => (
            <tr key={index} className="border-b border-stone-200 align-top">
              <td className="py-2 pr-2">
                <span aria-hidden className="inline-block size-4 rounded-sm border border-stone-500" />
              </td>
              <td className="py-2 pr-2 font-medium">{line.name}</td>
              <td className="px-2 py-2 font-mono text-xs">{line.sku ?? '—'}</td>
              <td className="py-2 pl-2 text-right text-base font-bold tabular-nums">{line.quantity}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {slip.notes && (
        <section className="mt-5 rounded-lg border border-stone-300 p-3">
          <h2 className="text-xs font-medium uppercase tracking-wide text-muted">Notes from the customer</h2>
          <p className="mt-1 whitespace-pre-line text-sm">{slip.notes}</p>
        </section>
      )}
    </Sheet>
  );
}

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
