import {
  catalogAdminMessages as messages,
  catalogCsvColumns,
  categoryMessages,
  categorySlugPattern,
  type CatalogCsvColumn,
  cleanImageUrl,
  csvFlag,
  discountPercentFor,
  type FieldIssue,
  GALLERY_SEPARATOR,
  type ImportRow,
  isImageLocation,
  MAX_CSV_ROWS,
  newProductSchema,
  parseCsvFlag,
  parseKinaInput,
  productConditions,
  productUpdateSchema,
  settleProductPrices,
  stockMessages,
  toKinaDecimal,
} from '@bilum/shared';
import { parse } from 'csv-parse/sync';
import { z } from 'zod';
import type { ProductRow } from '../../db/schema';

// The catalogue CSV, row by row (issue 18): a product's (or, issue 30, a variant's) cells as exported and one
// row of a file checked by the add form's or the edit dialog's rules. The file as a whole, its products with
// options and the writes are in catalog-csv.ts.

export type ProductFields = {
  sku: string;
  name: string;
  category: string;
  description: string;
  priceToea: number;
  originalPriceToea: number | null;
  discountPercentage: number;
  condition: string;
  status: string;
  stock: number;
  lowStockThreshold: number;
  isHot: boolean;
  isAuction: boolean;
  isTopPick: boolean;
  isExclusive: boolean;
  image: string;
  galleryImages: string[];
  /** Issue 30: a variant row's product (its `product_sku`) and its option names and values; '' and [] without. */
  productSku: string;
  options: { name: string; value: string }[];
};

/** The cells of a product as exported (and as an import's changes are shown). */
export function csvCells(fields: ProductFields): Record<CatalogCsvColumn, string> {
  const option = (index: number) => fields.options[index] ?? { name: '', value: '' };
  return {
    sku: fields.sku,
    name: fields.name,
    category: fields.category,
    description: fields.description,
    price: toKinaDecimal(fields.priceToea),
    original_price: fields.originalPriceToea === null ? '' : toKinaDecimal(fields.originalPriceToea),
    discount_percentage: String(fields.discountPercentage),
    condition: fields.condition,
    status: fields.status,
    stock: String(fields.stock),
    low_stock_threshold: String(fields.lowStockThreshold),
    is_hot: csvFlag(fields.isHot),
    is_auction: csvFlag(fields.isAuction),
    is_top_pick: csvFlag(fields.isTopPick),
    is_exclusive: csvFlag(fields.isExclusive),
    image: fields.image,
    gallery_images: fields.galleryImages.join(GALLERY_SEPARATOR),
    product_sku: fields.productSku,
    option1_name: option(0).name,
    option1_value: option(0).value,
    option2_name: option(1).name,
    option2_value: option(1).value,
    option3_name: option(2).name,
    option3_value: option(2).value,
  };
}

/** A product's fields as the file shows them; through one of its variants (`throughVariant`) that variant's row. */
export const fieldsOf = (
  row: ProductRow,
  variant: Pick<ProductFields, 'productSku' | 'options'> = { productSku: '', options: [] },
): ProductFields => ({
  sku: row.sku,
  name: row.name,
  category: row.category,
  description: row.description,
  priceToea: row.priceToea,
  originalPriceToea: row.originalPriceToea,
  // Worked out from the prices, whatever an older row stored.
  discountPercentage: discountPercentFor(row.originalPriceToea, row.priceToea),
  condition: row.condition,
  status: row.status,
  stock: row.stock,
  lowStockThreshold: row.lowStockThreshold,
  isHot: row.isHot,
  isAuction: row.isAuction,
  isTopPick: row.isTopPick,
  isExclusive: row.isExclusive,
  image: row.image ?? '',
  galleryImages: row.galleryImages,
  productSku: variant.productSku,
  options: variant.options,
});

/** What the membership product may change through a file: its text, prices and pictures, nothing of stock. */
const membershipEditable = new Set<CatalogCsvColumn>([
  'sku',
  'name',
  'description',
  'price',
  'original_price',
  'discount_percentage',
  'image',
  'gallery_images',
]);

const keptWhenEmpty = new Set<CatalogCsvColumn>([
  'condition',
  'status',
  'low_stock_threshold',
  'is_hot',
  'is_auction',
  'is_top_pick',
  'is_exclusive',
]);

export const columnLabel: Record<CatalogCsvColumn, string> = Object.fromEntries(
  catalogCsvColumns.map((column) => [column, column]),
) as Record<CatalogCsvColumn, string>;

/** Reads the file into header + records; a file that is not CSV is a file error, not a 500. */
export function readCsv(text: string): { columns: string[]; records: string[][] } | { error: string } {
  try {
    const records = parse(text, {
      bom: true,
      skip_empty_lines: true,
      relax_quotes: false,
      trim: false,
      max_record_size: 100_000,
      to_line: MAX_CSV_ROWS + 2,
    }) as string[][];
    const [header = [], ...rest] = records;
    return { columns: header.map((name) => name.trim().toLowerCase()), records: rest };
  } catch (error) {
    return { error: messages.csvUnreadable(error instanceof Error ? error.message.split('\n')[0]! : 'unknown') };
  }
}

/** The image cell: a picture stored by the shop (a path), never a third-party address (CSP, SSRF). */
export function localImage(value: string): string | null {
  const image = cleanImageUrl(value);
  return image.startsWith('/') && isImageLocation(image) ? image : null;
}

/** The fields of a row checked by the add form's rules (a new product) or the edit dialog's (a change). */
const importedFields = {
  name: true,
  description: true,
  category: true,
  price: true,
  originalPrice: true,
  discountPercentage: true,
  image: true,
  condition: true,
  status: true,
  sku: true,
} as const;
/** A product without a picture (issue 30) is checked by the same rules, but for its picture: it has none. */
const withoutPicture = { image: z.literal('') };
const rowRules = {
  add: newProductSchema.pick(importedFields),
  addWithoutPicture: newProductSchema.pick(importedFields).extend(withoutPicture),
  edit: productUpdateSchema.pick(importedFields),
  editWithoutPicture: productUpdateSchema.pick(importedFields).extend(withoutPicture),
};

/** A row's product as it will be stored, and whether it is kept hidden because it has no picture. */
export interface PlannedFields {
  fields: ProductFields;
  /** A new product without a picture, or a row that would show a hidden one without: hidden (issue 30). */
  hiddenWithoutPicture: boolean;
}

/** One row of the file against the product it names (or none: a new product). */
export function planRow(
  cells: Partial<Record<CatalogCsvColumn, string>>,
  existing: ProductRow | null,
  errors: FieldIssue[],
  knownCategories: ReadonlySet<string>,
  /** A variant row (issue 30): its product SKU and option values as stored, for the row's changes. */
  variant?: Pick<ProductFields, 'productSku' | 'options'>,
): PlannedFields | null {
  const base: ProductFields | null = existing ? fieldsOf(existing, variant) : null;
  const issue = (field: string, message: string) => errors.push({ path: field, message });
  // An empty cell of a column with a default keeps the product's value (or takes the add form's default).
  const has = (column: CatalogCsvColumn) =>
    cells[column] !== undefined && !(keptWhenEmpty.has(column) && (cells[column] ?? '').trim() === '');
  const text = (column: CatalogCsvColumn) => (cells[column] ?? '').trim();

  if (existing?.isMembership) {
    for (const column of catalogCsvColumns) {
      if (has(column) && !membershipEditable.has(column)) {
        const before = csvCells(fieldsOf(existing))[column];
        if (text(column) !== before) issue(column, messages.membershipLocked);
      }
    }
  }

  // Each cell in the shop's own types; a missing column keeps the product's value (or the add form's default).
  const price = has('price') ? parseKinaInput(text('price')) : (base?.priceToea ?? null);
  if (has('price') && price === null) issue('price', 'Price must be an amount in kina, e.g. 1249.50.');
  const originalPrice = has('original_price')
    ? text('original_price') === ''
      ? null
      : parseKinaInput(text('original_price'))
    : (base?.originalPriceToea ?? null);
  if (has('original_price') && text('original_price') !== '' && originalPrice === null) {
    issue('original_price', 'Original price must be an amount in kina, or empty.');
  }
  let discount: number | null = null;
  if (has('discount_percentage') && text('discount_percentage') !== '') {
    const value = text('discount_percentage').replace(/%$/, '');
    if (/^\d{1,3}$/.test(value) && Number(value) <= 100) discount = Number(value);
    else issue('discount_percentage', 'Discount must be a whole number from 0 to 100, or empty.');
  }
  const units = (column: 'stock' | 'low_stock_threshold', fallback: number | undefined, message: string) => {
    if (!has(column)) return fallback;
    const value = text(column);
    if (/^\d{1,7}$/.test(value)) return Number(value);
    issue(column, message);
    return undefined;
  };
  const stock = units('stock', base?.stock, stockMessages.stockRange);
  const lowStockThreshold = units('low_stock_threshold', base?.lowStockThreshold ?? 3, stockMessages.threshold);
  const flag = (column: 'is_hot' | 'is_auction' | 'is_top_pick' | 'is_exclusive', fallback: boolean) => {
    if (!has(column)) return fallback;
    const value = parseCsvFlag(text(column));
    if (value === null) issue(column, messages.flag);
    return value ?? fallback;
  };
  const image = has('image') ? localImage(text('image')) : base?.image || null;
  if (has('image') && text('image') !== '' && image === null) issue('image', messages.imageNotLocal);
  // No picture in the row, for a new product or one that has none yet (issue 30): added or kept hidden, never
  // shown without a picture. A product that has a picture keeps the rule that its picture cannot be emptied.
  const pictureless = image === null && !(has('image') && text('image') !== '') && !base?.image;
  const gallery = has('gallery_images')
    ? text('gallery_images')
        .split('|')
        .map((entry) => entry.trim())
        .filter((entry) => entry !== '')
    : (base?.galleryImages ?? []);
  const galleryImages = gallery.map((entry) => localImage(entry));
  if (galleryImages.some((entry) => entry === null)) issue('gallery_images', messages.imageNotLocal);
  const category = has('category') ? text('category').toLowerCase() : base?.category;
  const conditionText = has('condition') ? text('condition') : (base?.condition ?? 'New');
  const condition =
    productConditions.find((known) => known.toLowerCase() === conditionText.toLowerCase()) ?? conditionText;
  const status = has('status') ? text('status').toLowerCase() : (base?.status ?? 'active');
  if (stock === undefined && !base && !has('stock')) issue('stock', stockMessages.stockRequired);

  // The same rules as the add form (a new product) or the edit dialog (a change), on the assembled product.
  const body = {
    name: has('name') ? (cells.name ?? '') : (base?.name ?? ''),
    description: has('description') ? (cells.description ?? '') : (base?.description ?? ''),
    category: category ?? '',
    price: price ?? 0,
    originalPrice,
    discountPercentage: discount,
    image: image ?? '',
    condition,
    status,
    sku: has('sku') ? text('sku') : (base?.sku ?? ''),
    isHot: flag('is_hot', base?.isHot ?? false),
    isAuction: flag('is_auction', base?.isAuction ?? false),
    isTopPick: flag('is_top_pick', base?.isTopPick ?? false),
    isExclusive: flag('is_exclusive', base?.isExclusive ?? false),
  };
  const checked = base
    ? pictureless
      ? rowRules.editWithoutPicture.safeParse(body)
      : rowRules.edit.safeParse(body)
    : pictureless
      ? rowRules.addWithoutPicture.safeParse(body)
      : rowRules.add.safeParse(body);
  // A slug the shop has no category for (issue 30): named, rather than the form's "select a valid category".
  if (category && categorySlugPattern.test(category) && !knownCategories.has(category)) {
    issue('category', categoryMessages.unknown(category));
  }
  const known = new Set(errors.map((entry) => entry.path));
  if (!checked.success) {
    for (const zodIssue of checked.error.issues) {
      const field = csvColumnFor(String(zodIssue.path[0] ?? ''));
      if (!known.has(field)) issue(field, zodIssue.message);
    }
  }
  if (errors.length > 0 || !checked.success || price === null || stock === undefined) return null;
  // Shown only with a picture: a new product, or a hidden one the row would show, stays hidden without one. (One
  // already on sale without a picture, from before, is left as it is.)
  const keptHidden = pictureless && checked.data.status === 'active' && (!base || base.status !== 'active');
  const settled = settleProductPrices({ price, originalPrice, discountPercentage: discount }, base ? 0 : 1);
  if (!settled.ok) {
    issue('discount_percentage', settled.message);
    return null;
  }
  const fields: ProductFields = {
    sku: checked.data.sku ?? '',
    name: checked.data.name,
    category: checked.data.category,
    description: checked.data.description,
    priceToea: settled.price,
    originalPriceToea: settled.originalPrice,
    discountPercentage: settled.discountPercentage,
    condition: checked.data.condition,
    status: keptHidden ? 'inactive' : checked.data.status,
    stock,
    lowStockThreshold: lowStockThreshold ?? 3,
    isHot: body.isHot,
    isAuction: body.isAuction,
    isTopPick: body.isTopPick,
    isExclusive: body.isExclusive,
    image: checked.data.image,
    galleryImages: galleryImages.filter((entry): entry is string => entry !== null),
    // A variant row's are set by its product's plan (catalog-csv.ts).
    productSku: base?.productSku ?? '',
    options: base?.options ?? [],
  };
  return { fields, hiddenWithoutPicture: keptHidden || (pictureless && !base) };
}

/** The API field names of the shared schemas, as the file's columns. */
export function csvColumnFor(field: string): string {
  const byField: Record<string, CatalogCsvColumn> = {
    originalPrice: 'original_price',
    discountPercentage: 'discount_percentage',
    lowStockThreshold: 'low_stock_threshold',
  };
  return byField[field] ?? field;
}

/** A row without a picture, in the preview (what will happen) or the import's answer (what happened). */
export function pictureNotice(row: ImportRow, done: boolean): string {
  return row.action === 'create'
    ? messages.addedHiddenWithoutPicture(row.line, row.name, done)
    : messages.keptHiddenWithoutPicture(row.line, row.name, done);
}
