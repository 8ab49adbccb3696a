/**
 * GST tax invoices and packing slips (issue 19, docs/decisions/013-tax-invoices.md). Pure rules, no zod: the
 * API, the e-mail's PDF and the printable page all use these.
 */

/** The shop's details printed on every tax invoice, edited in /settings (section "Tax invoice"). */
export interface InvoiceSettings {
  /** The registered business name, e.g. "Bilum Trading Limited". */
  legalName: string;
  /** The IRC Taxpayer Identification Number (GST registration), as written. */
  tin: string;
  /** The business address printed on the invoice, one or more lines. */
  address: string;
}

export const defaultInvoiceSettings: InvoiceSettings = {
  legalName: 'Bilum Trading Limited',
  tin: '500123456',
  address: 'Section 38, Allotment 12, Waigani Drive\nPort Moresby, NCD 111\nPapua New Guinea',
};

/** Papua New Guinea's GST rate is 10%: a price that includes GST holds 1/11 of it as tax. */
export const gstRateNumerator = 1;
export const gstRateDenominator = 11;

/**
 * The GST included in a GST-inclusive amount in toea: amount / 11 rounded to the nearest toea, halves away
 * from zero. Integer arithmetic only, so it is exact for every amount (no float division).
 */
export function gstIncluded(amountToea: number): number {
  if (!Number.isSafeInteger(amountToea)) throw new RangeError(`GST of a non-integer amount: ${amountToea}`);
  const sign = amountToea < 0 ? -1 : 1;
  const amount = Math.abs(amountToea);
  const whole = Math.floor(amount / gstRateDenominator);
  const remainder = amount - whole * gstRateDenominator;
  // Round half up: remainder / 11 >= 1/2  <=>  2 * remainder >= 11.
  const rounded = whole + (2 * remainder >= gstRateDenominator ? 1 : 0);
  return rounded === 0 ? 0 : sign * rounded;
}

/** The invoice number as printed: "INV-000123" (at least six digits). */
export function formatInvoiceNumber(sequence: number): string {
  return `INV-${String(sequence).padStart(6, '0')}`;
}

export const invoiceMessages = {
  title: 'Tax invoice',
  packingSlipTitle: 'Packing slip',
  notPaid: 'The tax invoice is available once the order is paid.',
  notFound: 'We could not find that order.',
  gstIncluded: 'GST included',
  saved: 'Invoice details saved.',
  legalName: 'Please enter the legal name of the business.',
  tin: 'Please enter the TIN (digits, spaces or dashes).',
  address: 'Please enter the business address.',
  /** Staff, on the order (issue 27): its invoice's document job failed a try and will try again. */
  drawRetrying: (reason: string) => `Invoice could not be drawn: ${reason}, retrying.`,
  /** Staff, on the order: the document job gave up; the confirmation e-mail went without the PDF. */
  drawFailed: (reason: string, tries: number) =>
    `Invoice could not be drawn: ${reason}. Gave up after ${tries} tries; the confirmation e-mail was sent without the PDF (the invoice can still be printed).`,
} as const;

/** The date printed on invoices and slips, in Port Moresby's time: "23 November 2026". */
export function formatInvoiceDate(iso: string | Date): string {
  // One formatter, made when first needed: `toLocaleDateString` with options builds a new one every call.
  invoiceDates ??= new Intl.DateTimeFormat('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'Pacific/Port_Moresby',
  });
  return invoiceDates.format(new Date(iso));
}

let invoiceDates: Intl.DateTimeFormat | undefined;
