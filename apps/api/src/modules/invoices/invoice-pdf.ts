import { formatInvoiceDate, formatKina, formatPhoneNumber, type Invoice, invoiceMessages } from '@bilum/shared';
import { PDFDocument, type PDFPage, rgb } from 'pdf-lib';
import { type FontWeight, pdfText } from '../../pdf/pdf-text';
import { type EmailLocale, longDayIn } from '../mail/email-locale';

/**
 * The tax invoice as a PDF (A4): the same facts as the printable page. Text is drawn by `pdfText` in the fonts
 * shipped in the repo (apps/api/assets/fonts), so every name a shopper or the shop can type is drawn (issue 27).
 */
const pageSize: [number, number] = [595.28, 841.89];
const margin = 50;
const ink = rgb(0.1, 0.1, 0.1);
const muted = rgb(0.35, 0.35, 0.35);
const rule = rgb(0.75, 0.75, 0.75);

interface TextStyle {
  weight?: FontWeight;
  size?: number;
  color?: typeof ink;
}

/**
 * The invoice's labels (issue 31): the shopper's copy (the confirmation e-mail's attachment) is in the order's
 * language; staff print theirs from the admin (English). Names, addresses, amounts, "TIN" and "GST" stay as they
 * are. In Tok Pisin the title stays "Tax invoice", the words the GST law asks a tax invoice to show prominently
 * (and what an accountant or the IRC looks for), with "Takis invois" under it.
 */
const labels = {
  en: {
    subtitle: null,
    invoiceNumber: 'Invoice number',
    date: 'Date',
    order: 'Order',
    customer: 'Customer',
    pickup: 'Pickup',
    deliverTo: 'Deliver to',
    item: 'Item',
    qty: 'Qty',
    unitPrice: 'Unit price',
    amount: 'Amount',
    subtotal: 'Subtotal',
    delivery: 'Delivery',
    discount: 'Discount',
    code: 'code',
    total: 'Total',
    savings: (amount: string) => `Prices shown after savings of ${amount}.`,
    refunded: 'This order has since been refunded.',
    paid: 'All prices include GST. Paid in full, thank you.',
  },
  tpi: {
    subtitle: 'Takis invois',
    invoiceNumber: 'Invois namba',
    date: 'De',
    order: 'Oda',
    customer: 'Kastama',
    pickup: 'Kisim long stua',
    deliverTo: 'Salim i go long',
    item: 'Samting',
    qty: 'Hamas',
    unitPrice: 'Prais bilong wan',
    amount: 'Mani',
    subtotal: 'Prais bilong ol samting',
    delivery: 'Salim',
    discount: 'I go daun',
    code: 'kod',
    total: 'Olgeta',
    savings: (amount: string) => `Ol prais hia i go daun pinis: yu seivim ${amount}.`,
    refunded: 'Mipela givim bek pinis mani bilong dispela oda.',
    paid: 'Olgeta prais i gat GST insait. Yu peim olgeta pinis, tenkyu.',
  },
} as const satisfies Record<EmailLocale, object>;

/** "GST included" in each language (the English is the shared `invoiceMessages.gstIncluded`). */
const gstIncluded = (locale: EmailLocale) => (locale === 'tpi' ? 'GST i stap insait' : invoiceMessages.gstIncluded);

export async function renderInvoicePdf(invoice: Invoice, locale: EmailLocale = 'en'): Promise<Uint8Array> {
  const words = labels[locale];
  const pdf = await PDFDocument.create();
  pdf.setTitle(`${invoiceMessages.title} ${invoice.invoiceNumber}`);
  pdf.setAuthor(invoice.seller.legalName);
  pdf.setCreator('Bilum');
  pdf.setProducer('Bilum');
  const fonts = await pdfText(pdf);

  let page: PDFPage = pdf.addPage(pageSize);
  let y = pageSize[1] - margin;
  const right = pageSize[0] - margin;

  const text = (value: string, x: number, style: TextStyle = {}) =>
    fonts.draw(page, value, { x, y, size: style.size ?? 10, weight: style.weight, color: style.color ?? ink });
  const textRight = (value: string, x: number, style: TextStyle = {}) => {
    const size = style.size ?? 10;
    return text(value, x - fonts.width(value, size, style.weight), style);
  };
  const newPageIfBelow = (height: number) => {
    if (y - height >= margin) return;
    page = pdf.addPage(pageSize);
    y = pageSize[1] - margin;
  };
  const hr = () => {
    page.drawLine({ start: { x: margin, y }, end: { x: right, y }, thickness: 0.75, color: rule });
  };

  // The seller.
  await text(invoice.seller.legalName, margin, { weight: 'bold', size: 14 });
  await textRight(invoiceMessages.title, right, { weight: 'bold', size: 18 });
  if (words.subtitle) {
    y -= 14;
    await textRight(words.subtitle, right, { size: 10, color: muted });
    y -= 2;
  } else y -= 16;
  for (const line of fonts.wrap(invoice.seller.address, 9, 260)) {
    await text(line, margin, { size: 9, color: muted });
    y -= 12;
  }
  await text(`TIN ${invoice.seller.tin}`, margin, { size: 9, color: muted });
  y -= 28;

  // The invoice's facts, and the customer.
  const facts: [string, string][] = [
    [words.invoiceNumber, invoice.invoiceNumber],
    [words.date, locale === 'en' ? formatInvoiceDate(invoice.issuedAt) : longDayIn(new Date(invoice.issuedAt), locale)],
    [words.order, `#${invoice.orderId}`],
  ];
  const top = y;
  for (const [label, value] of facts) {
    await text(label, margin, { size: 9, color: muted });
    await text(value, margin + 90, { weight: 'bold', size: 10 });
    y -= 14;
  }
  const afterFacts = y;
  y = top;
  const column = 320;
  await text(words.customer, column, { size: 9, color: muted });
  y -= 13;
  const delivery =
    invoice.delivery.kind === 'pickup'
      ? `${words.pickup}: ${invoice.delivery.pickupPoint ?? ''}`
      : invoice.delivery.kind === 'delivery'
        ? `${words.deliverTo}: ${invoice.delivery.address ?? ''}`
        : null;
  for (const line of [invoice.customer.name, invoice.customer.email, formatPhoneNumber(invoice.customer.phone)]) {
    await text(line, column, { size: 10 });
    y -= 13;
  }
  if (delivery) {
    for (const line of fonts.wrap(delivery, 9, right - column)) {
      await text(line, column, { size: 9, color: muted });
      y -= 12;
    }
  }
  y = Math.min(y, afterFacts) - 18;

  // The lines.
  const qtyX = 360;
  const unitX = 450;
  const header = async () => {
    await text(words.item, margin, { weight: 'bold', size: 9 });
    await textRight(words.qty, qtyX, { weight: 'bold', size: 9 });
    await textRight(words.unitPrice, unitX, { weight: 'bold', size: 9 });
    await textRight(words.amount, right, { weight: 'bold', size: 9 });
    y -= 6;
    hr();
    y -= 14;
  };
  await header();
  for (const line of invoice.lines) {
    const name = fonts.wrap(line.sku ? `${line.name} (${line.sku})` : line.name, 10, qtyX - margin - 40);
    newPageIfBelow(name.length * 13 + 4);
    if (y === pageSize[1] - margin) await header();
    await textRight(String(line.quantity), qtyX);
    await textRight(formatKina(line.unitPrice), unitX);
    await textRight(formatKina(line.lineTotal), right);
    for (const part of name) {
      await text(part, margin);
      y -= 13;
    }
    y -= 3;
  }
  hr();
  y -= 16;

  // The totals: delivery included, GST included in the total.
  newPageIfBelow(110);
  const totals: [string, string, boolean][] = [
    [words.subtotal, formatKina(invoice.subtotal), false],
    // Nothing to send (the Premium membership alone, decision 024): no delivery line.
    ...(invoice.delivery.kind === 'none'
      ? []
      : [[words.delivery, formatKina(invoice.shipping), false] as [string, string, boolean]]),
    // A discount code (issue 30): named, taken off before the total, which GST is worked out on.
    ...(invoice.discount > 0
      ? [
          [`${words.discount} (${invoice.discountCode ?? words.code})`, `-${formatKina(invoice.discount)}`, false] as [
            string,
            string,
            boolean,
          ],
        ]
      : []),
    [`${words.total} (${invoice.currency.toUpperCase()})`, formatKina(invoice.total), true],
    [`${gstIncluded(locale)} (10%)`, formatKina(invoice.gstIncluded), false],
  ];
  for (const [label, value, strong] of totals) {
    await textRight(label, unitX, { weight: strong ? 'bold' : 'regular', size: strong ? 12 : 10 });
    await textRight(value, right, { weight: strong ? 'bold' : 'regular', size: strong ? 12 : 10 });
    y -= strong ? 18 : 15;
  }
  if (invoice.savings > 0) {
    y -= 4;
    await text(words.savings(formatKina(invoice.savings)), margin, { size: 9, color: muted });
    y -= 12;
  }
  if (invoice.paymentStatus === 'refunded') {
    await text(words.refunded, margin, { weight: 'bold', size: 10 });
    y -= 14;
  }
  y -= 10;
  await text(words.paid, margin, { size: 9, color: muted });

  return pdf.save();
}
