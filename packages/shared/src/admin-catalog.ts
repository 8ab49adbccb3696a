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
  // Issue 30: the rows of a product with options (one per variant, sharing its product_sku).
  variantNeedsProductSku: 'A row with options names its product in product_sku (the SKU its rows share).',
  productSkuWithoutOptions:
    'A product without options has one row, its SKU in sku: leave product_sku empty, or give the row its options.',
  optionWithoutValue: (column: string) => `Give the row a value of this option in ${column}.`,
  valueWithoutOption: (column: string) => `Name the option of this value in ${column}.`,
  optionsOutOfOrder: 'Fill option1 first, then option2, then option3.',
  productRowsDiffer: (line: number) =>
    `A product’s rows share this column: it differs from line ${line}. Leave it empty or repeat it.`,
  optionNamesDiffer: (line: number) => `The rows of one product name the same options: line ${line} names others.`,
  optionNamesOfProduct: (names: string) =>
    `This product’s options are ${names}; rename or add options on its form, not in the file.`,
  productWithoutOptions:
    'This product has no options: give it its options on its form, then the file can fill its variants.',
  productHasOptions:
    'This product has options: its rows need product_sku and the option columns (export the catalogue to see them).',
  variantOfAnotherProduct: (name: string) => `This SKU is a variant of “${name}”; one SKU names one variant.`,
  productSkuOfVariant: 'This SKU is a variant of another product; a product_sku names a product.',
  combinationTwice: (label: string, line: number) => `The combination ${label} is also on line ${line}.`,
  combinationTaken: (label: string, sku: string) =>
    `The product already sells ${label} as ${sku}; give that row the SKU ${sku} to change it.`,
  importChanged: 'Nothing was imported: a product of the file was changed meanwhile. Preview the file again.',
  tooManyVariants: (max: number) => `A product has at most ${max} variants.`,
  tooManyValues: (name: string, max: number) => `The option "${name}" has at most ${max} values.`,
  optionText: (max: number) => `Option names and values have 1 to ${max} characters.`,
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
  // Issue 30 (decision 042): one row per variant. A product without options leaves these empty; the rows of a
  // product with options share its `product_sku` and each names its variant's values.
  'product_sku',
  'option1_name',
  'option1_value',
  'option2_name',
  'option2_value',
  'option3_name',
  'option3_value',
] as const;
export type CatalogCsvColumn = (typeof catalogCsvColumns)[number];

/** The option columns of the file: option1_name and option1_value up to option3. */
export const csvOptionColumns = [
  ['option1_name', 'option1_value'],
  ['option2_name', 'option2_value'],
  ['option3_name', 'option3_value'],
] as const satisfies readonly (readonly [CatalogCsvColumn, CatalogCsvColumn])[];

/**
 * The columns a product's rows share (issue 30): its name, text, category, state, flags and gallery. The others
 * (SKU, prices, stock, threshold, picture) are each variant's own.
 */
export const csvProductColumns = [
  'name',
  'category',
  'description',
  'condition',
  'status',
  'is_hot',
  'is_auction',
  'is_top_pick',
  'is_exclusive',
  'gallery_images',
] as const satisfies readonly CatalogCsvColumn[];

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
