import { formatInvoiceDate, formatKina, formatPhoneNumber, type Invoice } from '@bilum/shared';
import type { ReactNode } from 'react';
import type { Translate } from '../../i18n/i18n';
import { useT } from '../../i18n/react';

/**
 * The printed documents (issue 19): the GST tax invoice and the packing slip. `print-document` marks what the
 * print style sheet keeps (app/styles.css): the page's header, menus and buttons are not printed. The invoice is
 * in the page's language (the shopper's invoice page); the staff's pages give it English (decision 046).
 */
export function Sheet({ children, label }: { children: ReactNode; label: string }) {
  return (
    <article
      aria-label={label}
      className="print-document mx-auto w-full max-w-3xl rounded-2xl border border-stone-200 bg-white p-4 text-stone-900 shadow-xs sm:p-8 print:max-w-none print:rounded-none print:border-0 print:p-0 print:shadow-none"
    >
      {children}
    </article>
  );
}

export function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-col">
      <dt className="text-xs font-medium uppercase tracking-wide text-muted">{label}</dt>
      <dd className="font-semibold">{children}</dd>
    </div>
  );
}

function deliveryText(delivery: Invoice['delivery'], t: Translate): { label: string; value: string } | null {
  if (delivery.kind === 'pickup') return { label: t('invoice.pickupPoint'), value: delivery.pickupPoint ?? '' };
  if (delivery.kind === 'delivery') return { label: t('invoice.deliverTo'), value: delivery.address ?? '' };
  return null;
}

export function Customer({ customer, delivery }: Pick<Invoice, 'customer' | 'delivery'>) {
  const t = useT();
  const where = deliveryText(delivery, t);
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <div>
        <h2 className="text-xs font-medium uppercase tracking-wide text-muted">{t('invoice.customer')}</h2>
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
  const t = useT();
  return (
    <Sheet label={t('invoice.sheetLabel', { number: invoice.invoiceNumber })}>
      <header className="flex flex-col-reverse gap-4 border-b border-stone-200 pb-5 sm:flex-row sm:items-start sm:justify-between">
        <div>
          <p className="text-lg font-bold">{invoice.seller.legalName}</p>
          <p className="mt-1 whitespace-pre-line text-sm text-stone-700">{invoice.seller.address}</p>
          <p className="mt-1 text-sm text-stone-700">{t('invoice.tin', { tin: invoice.seller.tin })}</p>
        </div>
        <h1 className="text-2xl font-extrabold tracking-tight sm:text-right sm:text-3xl">{t('invoice.title')}</h1>
      </header>

      <dl className="mt-5 grid grid-cols-2 gap-4 sm:grid-cols-3">
        <Fact label={t('invoice.invoiceNumber')}>{invoice.invoiceNumber}</Fact>
        <Fact label={t('invoice.date')}>{formatInvoiceDate(invoice.issuedAt)}</Fact>
        <Fact label={t('invoice.order')}>#{invoice.orderId}</Fact>
      </dl>

      <div className="mt-5 border-t border-stone-200 pt-5">
        <Customer customer={invoice.customer} delivery={invoice.delivery} />
      </div>

      <table className="mt-6 w-full border-collapse text-sm">
        <caption className="sr-only">{t('invoice.items')}</caption>
        <thead>
          <tr className="border-b border-stone-300 text-left text-xs uppercase tracking-wide text-muted">
            <th scope="col" className="py-2 pr-2 font-medium">
              {t('invoice.item')}
            </th>
            <th scope="col" className="px-2 py-2 text-right font-medium">
              {t('invoice.qty')}
            </th>
            <th scope="col" className="hidden px-2 py-2 text-right font-medium sm:table-cell print:table-cell">
              {t('invoice.unitPrice')}
            </th>
            <th scope="col" className="py-2 pl-2 text-right font-medium">
              {t('invoice.amount')}
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
                  {t('invoice.each', { price: formatKina(line.unitPrice) })}
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
        <dt>{t('invoice.subtotal')}</dt>
        <dd className="text-right tabular-nums">{formatKina(invoice.subtotal)}</dd>
        {/* Nothing to send (the Premium membership alone, decision 024): no delivery line. */}
        {invoice.delivery.kind !== 'none' && (
          <>
            <dt>{t('invoice.delivery')}</dt>
            <dd className="text-right tabular-nums">{formatKina(invoice.shipping)}</dd>
          </>
        )}
        {/* A discount code (issue 30): named, taken off before the total that GST is worked out on. */}
        {invoice.discount > 0 && (
          <>
            <dt>{t('invoice.discount', { code: invoice.discountCode ?? t('invoice.discountCode') })}</dt>
            <dd className="text-right tabular-nums">−{formatKina(invoice.discount)}</dd>
          </>
        )}
        <dt className="border-t border-stone-300 pt-2 text-base font-bold">
          {t('invoice.total', { currency: invoice.currency.toUpperCase() })}
        </dt>
        <dd className="border-t border-stone-300 pt-2 text-right text-base font-bold tabular-nums">
          {formatKina(invoice.total)}
        </dd>
        <dt>{t('invoice.gstIncluded')} (10%)</dt>
        <dd className="text-right tabular-nums">{formatKina(invoice.gstIncluded)}</dd>
      </dl>

      <footer className="mt-6 space-y-1 border-t border-stone-200 pt-4 text-xs text-stone-700">
        {invoice.savings > 0 && <p>{t('invoice.savings', { amount: formatKina(invoice.savings) })}</p>}
        {invoice.paymentStatus === 'refunded' && (
          <p className="font-semibold text-stone-900">{t('invoice.refunded')}</p>
        )}
        <p>{t('invoice.paidInFull')}</p>
      </footer>
    </Sheet>
  );
}
