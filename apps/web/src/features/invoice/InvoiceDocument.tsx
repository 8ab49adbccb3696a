import {
  formatInvoiceDate,
  formatKina,
  formatPhoneNumber,
  type Invoice,
  invoiceMessages,
  type PackingSlip,
} from '@bilum/shared';
import type { ReactNode } from 'react';

/**
 * The printed documents (issue 19): the GST tax invoice and the packing slip. `print-document` marks what the
 * print style sheet keeps (app/styles.css): the page's header, menus and buttons are not printed.
 */
function Sheet({ children, label }: { children: ReactNode; label: string }) {
  return (
    <article
      aria-label={label}
      className="print-document mx-auto w-full max-w-3xl rounded-2xl border border-stone-200 bg-white p-4 text-stone-900 shadow-xs sm:p-8 print:max-w-none print:rounded-none print:border-0 print:p-0 print:shadow-none"
    >
      {children}
    </article>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-col">
      <dt className="text-xs font-medium uppercase tracking-wide text-muted">{label}</dt>
      <dd className="font-semibold">{children}</dd>
    </div>
  );
}

function deliveryText(delivery: Invoice['delivery']): { label: string; value: string } | null {
  if (delivery.kind === 'pickup') return { label: 'Pickup point', value: delivery.pickupPoint ?? '' };
  if (delivery.kind === 'delivery') return { label: 'Deliver to', value: delivery.address ?? '' };
  return null;
}

function Customer({ customer, delivery }: Pick<Invoice, 'customer' | 'delivery'>) {
  const where = deliveryText(delivery);
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <div>
        <h2 className="text-xs font-medium uppercase tracking-wide text-muted">Customer</h2>
        <p className="mt-1 font-semibold">{customer.name}</p>
        <p className="break-words text-sm">{customer.email}</p>
        <p className="text-sm">{formatPhoneNumber(customer.phone)}</p>
      </div>
      {where && (
        <div>
          <h2 className="text-xs font-medium uppercase tracking-wide text-muted">{where.label}</h2>
          <p className="mt-1 whitespace-pre-line text-sm">{where.value}</p>
        </div>
      )}
    </div>
  );
}

export function InvoiceDocument({ invoice }: { invoice: Invoice }) {
  return (
    <Sheet label={`${invoiceMessages.title} ${invoice.invoiceNumber}`}>
      <header className="flex flex-col-reverse gap-4 border-b border-stone-200 pb-5 sm:flex-row sm:items-start sm:justify-between">
        <div>
          <p className="text-lg font-bold">{invoice.seller.legalName}</p>
          <p className="mt-1 whitespace-pre-line text-sm text-stone-700">{invoice.seller.address}</p>
          <p className="mt-1 text-sm text-stone-700">TIN {invoice.seller.tin}</p>
        </div>
        <h1 className="text-2xl font-extrabold tracking-tight sm:text-right sm:text-3xl">{invoiceMessages.title}</h1>
      </header>

      <dl className="mt-5 grid grid-cols-2 gap-4 sm:grid-cols-3">
        <Fact label="Invoice number">{invoice.invoiceNumber}</Fact>
        <Fact label="Date">{formatInvoiceDate(invoice.issuedAt)}</Fact>
        <Fact label="Order">#{invoice.orderId}</Fact>
      </dl>

      <div className="mt-5 border-t border-stone-200 pt-5">
        <Customer customer={invoice.customer} delivery={invoice.delivery} />
      </div>

      <table className="mt-6 w-full border-collapse text-sm">
        <caption className="sr-only">Items</caption>
        <thead>
          <tr className="border-b border-stone-300 text-left text-xs uppercase tracking-wide text-muted">
            <th scope="col" className="py-2 pr-2 font-medium">
              Item
            </th>
            <th scope="col" className="px-2 py-2 text-right font-medium">
              Qty
            </th>
            <th scope="col" className="hidden px-2 py-2 text-right font-medium sm:table-cell print:table-cell">
              Unit price
            </th>
            <th scope="col" className="py-2 pl-2 text-right font-medium">
              Amount
            </th>
          </tr>
        </thead>
        <tbody>
          {invoice.lines.map((line, index) => (
            <tr key={index} className="border-b border-stone-200 align-top">
              <td className="py-2 pr-2">
                <span className="font-medium">{line.name}</span>
                {line.sku && <span className="block text-xs text-muted">{line.sku}</span>}
                <span className="block text-xs text-stone-700 sm:hidden print:hidden">
                  {formatKina(line.unitPrice)} each
                </span>
              </td>
              <td className="px-2 py-2 text-right tabular-nums">{line.quantity}</td>
              <td className="hidden px-2 py-2 text-right tabular-nums sm:table-cell print:table-cell">
                {formatKina(line.unitPrice)}
              </td>
              <td className="py-2 pl-2 text-right tabular-nums">{formatKina(line.lineTotal)}</td>
            </tr>
          ))}
        </tbody>
      </table>

      <dl className="ml-auto mt-4 grid w-full max-w-xs grid-cols-[1fr_auto] gap-y-1 text-sm [&>dd]:pl-4">
        <dt>Subtotal</dt>
        <dd className="text-right tabular-nums">{formatKina(invoice.subtotal)}</dd>
        {/* Nothing to send (the Premium membership alone, decision 024): no delivery line. */}
        {invoice.delivery.kind !== 'none' && (
          <>
            <dt>Delivery</dt>
            <dd className="text-right tabular-nums">{formatKina(invoice.shipping)}</dd>
          </>
        )}
        {/* A discount code (issue 30): named, taken off before the total that GST is worked out on. */}
        {invoice.discount > 0 && (
          <>
            <dt>Discount ({invoice.discountCode ?? 'code'})</dt>
            <dd className="text-right tabular-nums">−{formatKina(invoice.discount)}</dd>
          </>
        )}
        <dt className="border-t border-stone-300 pt-2 text-base font-bold">Total ({invoice.currency.toUpperCase()})</dt>
        <dd className="border-t border-stone-300 pt-2 text-right text-base font-bold tabular-nums">
          {formatKina(invoice.total)}
        </dd>
        <dt>{invoiceMessages.gstIncluded} (10%)</dt>
        <dd className="text-right tabular-nums">{formatKina(invoice.gstIncluded)}</dd>
      </dl>

      <footer className="mt-6 space-y-1 border-t border-stone-200 pt-4 text-xs text-stone-700">
        {invoice.savings > 0 && <p>Prices shown after savings of {formatKina(invoice.savings)}.</p>}
        {invoice.paymentStatus === 'refunded' && (
          <p className="font-semibold text-stone-900">This order has since been refunded.</p>
        )}
        <p>All prices include GST. Paid in full, thank you.</p>
      </footer>
    </Sheet>
  );
}

export function PackingSlipDocument({ slip }: { slip: PackingSlip }) {
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
