const placedFormat = new Intl.DateTimeFormat('en-PG', { dateStyle: 'long', timeStyle: 'short' });
const dayFormat = new Intl.DateTimeFormat('en-PG', { dateStyle: 'long' });

/** The spec's order dates: en-PG long date and short time, e.g. "5 March 2025 at 2:30 pm". */
export function formatDateTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : placedFormat.format(date);
}

/** A long en-PG date without the time, e.g. "5 March 2026" (membership end dates). */
const shopDayFormat = new Intl.DateTimeFormat('en-PG', { dateStyle: 'long', timeZone: 'Pacific/Port_Moresby' });

/** A day as the shop's e-mails write it, in Port Moresby time ("10 December 2027"): a membership's end date. */
export function formatShopDay(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : shopDayFormat.format(date);
}

export function formatLongDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : dayFormat.format(date);
}

const shopTimeFormat = new Intl.DateTimeFormat('en-PG', {
  dateStyle: 'long',
  timeStyle: 'short',
  timeZone: 'Pacific/Port_Moresby',
});

/**
 * A deadline the shop keeps (pay or collect by), in Port Moresby time whatever the browser's zone, as the bank
 * transfer's instructions and e-mails give it (issue 27).
 */
export function formatShopDateTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : `${shopTimeFormat.format(date)} (Port Moresby time)`;
}
