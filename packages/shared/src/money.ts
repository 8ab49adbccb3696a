/** Money is an integer number of toea (1 kina = 100 toea). Format only at the edge. */
export type Toea = number;

/**
 * 123450 -> "K1,234.50"; negative amounts keep the sign before the K. Written out rather than with
 * `Intl.NumberFormat('en-PG')`, which it matches: a page's first `Intl` object loads the browser's locale data,
 * one long task (~40-150 ms on a slow phone) on every storefront page's boot (issue 29, decision 031).
 */
export function formatKina(toea: Toea): string {
  const whole = Math.round(Math.abs(toea));
  const sign = toea < 0 ? '-' : '';
  const kina = String(Math.floor(whole / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${sign}K${kina}.${String(whole % 100).padStart(2, '0')}`;
}

/** Parses "1,234.5", "K1234.50" or 1234.5 into toea; returns null when it is not an amount. */
export function parseKina(input: string | number): Toea | null {
  const text = String(input).trim().replace(/^K/i, '').replace(/,/g, '');
  if (!/^\d+(\.\d{0,2})?$/.test(text)) return null;
  const [whole = '0', fraction = ''] = text.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

/** Kina as a plain decimal string for inputs: 123450 -> "1234.50". */
export function toKinaDecimal(toea: Toea): string {
  return (toea / 100).toFixed(2);
}

/** Applies a percentage discount, rounding half up to the whole toea. */
export function applyDiscount(toea: Toea, rate: number): Toea {
  return Math.round(toea * (1 - rate));
}

/**
 * The largest amount a money column holds (PostgreSQL `integer`, 32 bits): K21,474,836.47. A sum is worked out in
 * JavaScript numbers (exact far beyond this) and checked against it before it is written, so a huge order is
 * refused with a message instead of overflowing the column.
 */
export const MAX_STORED_TOEA: Toea = 2_147_483_647;

/** True for a whole amount of toea that fits a money column (0 to MAX_STORED_TOEA). */
export function fitsMoneyColumn(toea: Toea): boolean {
  return Number.isSafeInteger(toea) && toea >= 0 && toea <= MAX_STORED_TOEA;
}
