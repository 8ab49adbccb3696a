// Formats made when first needed, not when a page's code loads: a page's first Intl object loads the browser's
// locale data, a long task on a slow phone (issue 29).
let placedFormat: Intl.DateTimeFormat | undefined;
let dayFormat: Intl.DateTimeFormat | undefined;
let shopDayFormat: Intl.DateTimeFormat | undefined;
let shopTimeFormat: Intl.DateTimeFormat | undefined;

/** The spec's order dates: en-PG long date and short time, e.g. "5 March 2025 at 2:30 pm". */
export function formatDateTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return (placedFormat ??= new Intl.DateTimeFormat('en-PG', { dateStyle: 'long', timeStyle: 'short' })).format(date);
}

/** A day as the shop's e-mails write it, in Port Moresby time ("10 December 2027"): a membership's end date. */
export function formatShopDay(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  shopDayFormat ??= new Intl.DateTimeFormat('en-PG', { dateStyle: 'long', timeZone: 'Pacific/Port_Moresby' });
  return shopDayFormat.format(date);
}

/** A long en-PG date without the time, e.g. "5 March 2026" (membership end dates). */
export function formatLongDate(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return (dayFormat ??= new Intl.DateTimeFormat('en-PG', { dateStyle: 'long' })).format(date);
}

/**
 * A deadline the shop keeps (pay or collect by), in Port Moresby time whatever the browser's zone, as the bank
 * transfer's instructions and e-mails give it (issue 27).
 */
export function formatShopDateTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  shopTimeFormat ??= new Intl.DateTimeFormat('en-PG', {
    dateStyle: 'long',
    timeStyle: 'short',
    timeZone: 'Pacific/Port_Moresby',
  });
  return `${shopTimeFormat.format(date)} (Port Moresby time)`;
}
