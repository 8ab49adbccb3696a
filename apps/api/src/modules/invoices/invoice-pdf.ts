import { formatInvoiceDate, formatKina, formatPhoneNumber, type Invoice, invoiceMessages } from '@bilum/shared';
import { PDFDocument, type PDFFont, type PDFPage, rgb, StandardFonts } from 'pdf-lib';

/**
 * The tax invoice as a PDF (A4), drawn with the PDF standard fonts (Helvetica), so nothing is loaded from
 * anywhere: the same facts as the printable page. Characters the standard fonts cannot show become "?".
 */
const pageSize: [number, number] = [595.28, 841.89];
const margin = 50;
const ink = rgb(0.1, 0.1, 0.1);
const muted = rgb(0.35, 0.35, 0.35);
const rule = rgb(0.75, 0.75, 0.75);

function safeText(font: PDFFont, text: string): string {
  const known = new Set(font.getCharacterSet());
  return [...text.replace(/[\u00a0\u202f]/g, ' ')]
    .map((char) => (known.has(char.codePointAt(0) ?? 0) ? char : '?'))
    .join('');
}

/** Cuts a text to lines of at most `width` points (by words; a word too long is cut). */
function wrap(font: PDFFont, size: number, text: string, width: number): string[] {
  const lines: string[] = [];
  for (const paragraph of text.split('\n')) {
    let line = '';
    for (const word of paragraph.split(/\s+/).filter(Boolean)) {
      const candidate = line === '' ? word : `${line} ${word}`;
      if (font.widthOfTextAtSize(candidate, size) <= width) {
        line = candidate;
        continue;
      }
      if (line !== '') lines.push(line);
      let rest = word;
      while (font.widthOfTextAtSize(rest, size) > width && rest.length > 1) {
        let cut = rest.length - 1;
        while (cut > 1 && font.widthOfTextAtSize(rest.slice(0, cut), size) > width) cut -= 1;
        lines.push(rest.slice(0, cut));
        rest = rest.slice(cut);
      }
      line = rest;
    }
    lines.push(line);
  }
  return lines;
}

export async function renderInvoicePdf(invoice: Invoice): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(`${invoiceMessages.title} ${invoice.invoiceNumber}`);
  pdf.setAuthor(invoice.seller.legalName);
  pdf.setCreator('Bilum');
  pdf.setProducer('Bilum');
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);

  let page: PDFPage = pdf.addPage(pageSize);
  let y = pageSize[1] - margin;
  const right = pageSize[0] - margin;

  const text = (value: string, x: number, options: { font?: PDFFont; size?: number; color?: typeof ink } = {}) => {
    const font = options.font ?? regular;
    page.drawText(safeText(font, value), { x, y, size: options.size ?? 10, font, color: options.color ?? ink });
  };
  const textRight = (value: string, x: number, options: { font?: PDFFont; size?: number } = {}) => {
    const font = options.font ?? regular;
    const size = options.size ?? 10;
    const safe = safeText(font, value);
    page.drawText(safe, { x: x - font.widthOfTextAtSize(safe, size), y, size, font, color: ink });
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
  text(invoice.seller.legalName, margin, { font: bold, size: 14 });
  textRight(invoiceMessages.title, right, { font: bold, size: 18 });
  y -= 16;
  for (const line of wrap(regular, 9, invoice.seller.address, 260)) {
    text(line, margin, { size: 9, color: muted });
    y -= 12;
  }
  text(`TIN ${invoice.seller.tin}`, margin, { size: 9, color: muted });
  y -= 28;

  // The invoice's facts, and the customer.
  const facts: [string, string][] = [
    ['Invoice number', invoice.invoiceNumber],
    ['Date', formatInvoiceDate(invoice.issuedAt)],
    ['Order', `#${invoice.orderId}`],
  ];
  const top = y;
  for (const [label, value] of facts) {
    text(label, margin, { size: 9, color: muted });
    text(value, margin + 90, { font: bold, size: 10 });
    y -= 14;
  }
  const afterFacts = y;
  y = top;
  const column = 320;
  text('Customer', column, { size: 9, color: muted });
  y -= 13;
  const delivery =
    invoice.delivery.kind === 'pickup'
      ? `Pickup: ${invoice.delivery.pickupPoint ?? ''}`
      : invoice.delivery.kind === 'delivery'
        ? `Deliver to: ${invoice.delivery.address ?? ''}`
        : null;
  for (const line of [invoice.customer.name, invoice.customer.email, formatPhoneNumber(invoice.customer.phone)]) {
    text(line, column, { size: 10 });
    y -= 13;
  }
  if (delivery) {
    for (const line of wrap(regular, 9, delivery, right - column)) {
      text(line, column, { size: 9, color: muted });
      y -= 12;
    }
  }
  y = Math.min(y, afterFacts) - 18;

  // The lines.
  const qtyX = 360;
  const unitX = 450;
  const header = () => {
    text('Item', margin, { font: bold, size: 9 });
    textRight('Qty', qtyX, { font: bold, size: 9 });
    textRight('Unit price', unitX, { font: bold, size: 9 });
    textRight('Amount', right, { font: bold, size: 9 });
    y -= 6;
    hr();
    y -= 14;
  };
  header();
  for (const line of invoice.lines) {
    const name = wrap(regular, 10, line.sku ? `${line.name} (${line.sku})` : line.name, qtyX - margin - 40);
    newPageIfBelow(name.length * 13 + 4);
    if (y === pageSize[1] - margin) header();
    textRight(String(line.quantity), qtyX);
    textRight(formatKina(line.unitPrice), unitX);
    textRight(formatKina(line.lineTotal), right);
    for (const part of name) {
      text(part, margin);
      y -= 13;
    }
    y -= 3;
  }
  hr();
  y -= 16;

  // The totals: delivery included, GST included in the total.
  newPageIfBelow(110);
  const totals: [string, string, boolean][] = [
    ['Subtotal', formatKina(invoice.subtotal), false],
    ['Delivery', formatKina(invoice.shipping), false],
    [`Total (${invoice.currency.toUpperCase()})`, formatKina(invoice.total), true],
    [`${invoiceMessages.gstIncluded} (10%)`, formatKina(invoice.gstIncluded), false],
  ];
  for (const [label, value, strong] of totals) {
    textRight(label, unitX, { font: strong ? bold : regular, size: strong ? 12 : 10 });
    textRight(value, right, { font: strong ? bold : regular, size: strong ? 12 : 10 });
    y -= strong ? 18 : 15;
  }
  if (invoice.savings > 0) {
    y -= 4;
    text(`Prices shown after savings of ${formatKina(invoice.savings)}.`, margin, { size: 9, color: muted });
    y -= 12;
  }
  if (invoice.paymentStatus === 'refunded') {
    text('This order has since been refunded.', margin, { font: bold, size: 10 });
    y -= 14;
  }
  y -= 10;
  text('All prices include GST. Paid in full, thank you.', margin, { size: 9, color: muted });

  return pdf.save();
}
