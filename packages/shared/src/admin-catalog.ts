/** The catalogue as an owner runs it (issue 18): SKUs, the inventory's server-side list, and CSV export/import. */

/** Upper case letters, digits, and "-", "_" or "." between them; 1 to 40 characters. */
const skuPattern = /^[A-Z0-9](?:[A-Z0-9._-]{0,38}[A-Z0-9])?$/;

export const catalogAdminMessages = {
  skuFormat: 'SKU must be 1 to 40 letters or digits, with "-", "_" or "." between them.',
  skuTaken: 'This SKU is already used by another product.',
  skuTwice: (line: number) => `This SKU is also on line ${line} of the file.`,
  csvEmpty: 'The file has no product rows.',
  csvTooLarge: (rows: number) => `The file has more than ${rows} product rows; split it into smaller files.`,
  csvUnreadable: (reason: string) => `The file could not be read as CSV: ${reason}`,
  csvMissingColumns: (columns: string) => `The file is missing the column(s): ${columns}.`,
  csvUnknownColumns: (columns: string) => `The file has column(s) the shop does not know: ${columns}.`,
  importInvalid: 'Nothing was imported: fix the rows with errors and try again.',
  importCategoryGone: 'Nothing was imported: a category the file names was deleted meanwhile. Preview the file again.',
  imported: (created: number, updated: number) =>
    `Import complete: ${created} product(s) added, ${updated} product(s) updated.`,
  imageNotLocal: 'Use a picture stored by the shop (an address starting with "/"); upload other pictures first.',
  /**
   * A row without a picture (issue 30): the product is imported hidden. `row` is the file's row as a spreadsheet
   * numbers it (the header is row 1); the preview says what will happen, the import what happened.
   */
  addedHiddenWithoutPicture: (row: number, name: string, done: boolean) =>
    `Row ${row}: no picture, so "${name}" ${done ? 'was' : 'will be'} added hidden; add a picture to show it.`,
  keptHiddenWithoutPicture: (row: number, name: string, done: boolean) =>
    `Row ${row}: no picture, so "${name}" ${done ? 'stayed' : 'stays'} hidden; add a picture to show it.`,
  flag: 'Use yes or no.',
  membershipLocked: 'The Premium membership product can only change its price, text and picture here.',
  premiumUnavailable: 'Premium membership is not on sale at the moment.',
  added: 'Product added successfully!',
  viewAdded: 'View the new product',
  discardTitle: 'Discard this product?',
  discardText: 'What you typed on this form will be lost.',
} as const;

/** A SKU as stored: spaces trimmed, upper case; null when it is not a valid SKU. */
export function normaliseSku(value: string): string | null {
  const sku = value.trim().toUpperCase();
  return skuPattern.test(sku) ? sku : null;
}

/** The most product rows one CSV file may carry. */
export const MAX_CSV_ROWS = 5000;
/** The largest CSV text accepted (characters). */
export const MAX_CSV_CHARS = 5_000_000;

/** The columns of the exported file, in order; an imported file needs `sku` and may leave others out. */
export const catalogCsvColumns = [
  'sku',
  'name',
  'category',
  'description',
  'price',
  'original_price',
  'discount_percentage',
  'condition',
  'status',
  'stock',
  'low_stock_threshold',
  'is_hot',
  'is_auction',
  'is_top_pick',
  'is_exclusive',
  'image',
  'gallery_images',
] as const;
export type CatalogCsvColumn = (typeof catalogCsvColumns)[number];

/** Gallery pictures share one cell, separated by this. */
export const GALLERY_SEPARATOR = ' | ';

/**
 * A cell a spreadsheet would run as a formula (starting with =, +, -, @, or a tab or carriage return) gets a
 * leading apostrophe, so an exported file opened in a spreadsheet never runs what a product's text holds
 * (CSV/formula injection, OWASP). The import takes that apostrophe off again.
 */
export function csvSafeCell(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

/** The text of an imported cell: a leading apostrophe put there by `csvSafeCell` is removed. */
export function csvCellText(value: string): string {
  return /^'[=+\-@\t\r]/.test(value) ? value.slice(1) : value;
}

/** "yes"/"no" (also true/false, 1/0, y/n), any case; null when it is none of them. */
export function parseCsvFlag(value: string): boolean | null {
  const text = value.trim().toLowerCase();
  if (['yes', 'y', 'true', '1'].includes(text)) return true;
  if (['no', 'n', 'false', '0', ''].includes(text)) return false;
  return null;
}

export const csvFlag = (value: boolean) => (value ? 'yes' : 'no');
