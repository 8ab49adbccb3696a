const placedFormat = new Intl.DateTimeFormat('en-PG', { dateStyle: 'long', timeStyle: 'short' });
const dayFormat = new Intl.DateTimeFormat('en-PG', { dateStyle: 'long' });

/** The spec's order dates: en-PG long date and short time, e.g. "5 March 2025 at 2:30 pm". */
export function formatDateTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : placedFormat.format(date);
}

/** A long en-PG date without the time, e.g. "5 March 2026" (membership end dates). */
export function formatLongDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : dayFormat.format(date);
}
