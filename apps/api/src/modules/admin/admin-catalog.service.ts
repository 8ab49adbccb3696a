import {
  type AdminProduct,
  type AdminProductListQuery,
  type AdminProductListResponse,
  catalogAdminMessages as messages,
  catalogCsvColumns,
  categoryMessages,
  categorySlugPattern,
  type CatalogCsvColumn,
  cleanImageUrl,
  csvCellText,
  csvFlag,
  csvSafeCell,
  discountPercentFor,
  type FieldIssue,
  GALLERY_SEPARATOR,
  type ImportPreview,
  type ImportResult,
  type ImportRow,
  type InventoryPageStats,
  isImageLocation,
  MAX_CSV_ROWS,
  newProductSchema,
  normaliseSku,
  parseCsvFlag,
  parseKinaInput,
  productConditions,
  productUpdateSchema,
  settleProductPrices,
  stockLevel,
  stockMessages,
  toKinaDecimal,
} from '@bilum/shared';
import { parse } from 'csv-parse/sync';
import { z } from 'zod';
import { stringify } from 'csv-stringify/sync';
import { and, asc, count, desc, eq, inArray, isNull, ne, type SQL, sql } from 'drizzle-orm';
import type { Database, DbExecutor } from '../../db/client';
import { categories, type ProductRow, products } from '../../db/schema';
import { AppError, isForeignKeyViolation } from '../../errors';
import { actorOfCaller, changedFields, recordActivity, type StaffCaller } from '../audit/audit.service';
import type { CatalogService } from '../catalog/catalog.service';
import { categoryExists } from '../categories/categories.service';
import { toProduct } from '../catalog/catalog.service';
import { heldProducts } from '../orders/order-holds';
import { requoteOrdersWithProduct } from '../orders/order-quote';
import {
  adminActor,
  changeStock,
  setStockTo,
  type StockActor,
  type StockFigures,
  stockFigures,
  stockLevelCondition,
} from '../stock/stock.service';
import { insertProduct, mirrorImplicitVariant } from '../variants/variants.service';

const notArchived = isNull(products.archivedAt);

/** A product as the inventory shows it: the storefront's fields, its SKU and its stock figures. */
function toAdminProduct(
  row: ProductRow,
  figures: StockFigures | undefined,
  heldUntil: Date | null | undefined,
): AdminProduct {
  return {
    ...toProduct(row, heldUntil),
    sku: row.sku,
    version: row.version,
    lowStockThreshold: row.lowStockThreshold,
    held: figures?.held ?? 0,
    sold: figures?.sold ?? 0,
    stockLevel: stockLevel(row),
  };
}

/** Rows as the inventory shows them (the list, and the answer to every admin write): one mapping for all. */
export async function adminProductRows(db: DbExecutor, rows: readonly ProductRow[]): Promise<AdminProduct[]> {
  const ids = rows.map((row) => row.id);
  const [figures, held] = await Promise.all([stockFigures(db, ids), heldProducts(db, ids)]);
  return rows.map((row) => toAdminProduct(row, figures.get(row.id), held.get(row.id)));
}

// ---- Prices and SKUs: the rules every write of a product follows (the admin forms and the CSV import). ----

/** The prices as saved (`settleProductPrices`, the one discount rule), or a 400 on the discount field. */
export function settledPrices(
  input: { price: number; originalPrice: number | null; discountPercentage: number | null },
  minPrice: number,
) {
  const settled = settleProductPrices(input, minPrice);
  if (!settled.ok) {
    throw new AppError('VALIDATION', settled.message, undefined, [{ path: settled.path, message: settled.message }]);
  }
  return {
    priceToea: settled.price,
    originalPriceToea: settled.originalPrice,
    discountPercentage: settled.discountPercentage,
  };
}

/** 409 on the SKU field when another product (not deleted) already has it. */
export async function assertSkuFree(db: DbExecutor, sku: string, exceptId: number | null): Promise<void> {
  const [row] = await db
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.sku, sku), notArchived, exceptId === null ? undefined : ne(products.id, exceptId)))
    .limit(1);
  if (row) throw skuTaken();
}

const skuTaken = () =>
  new AppError('CONFLICT', messages.skuTaken, undefined, [{ path: 'sku', message: messages.skuTaken }]);

/**
 * A product names a category the shop has (issue 30): the forms and the file give a slug, the shop's categories are
 * the owner's. A 400 on the category field otherwise.
 */
export async function assertCategoryKnown(db: DbExecutor, slug: string): Promise<void> {
  if (!(await categoryExists(db, slug))) throw unknownCategory(slug);
}

const unknownCategory = (slug: string) =>
  new AppError('VALIDATION', categoryMessages.unknown(slug), undefined, [
    { path: 'category', message: categoryMessages.unknown(slug) },
  ]);

/** A unique-index violation (two saves of the same SKU at once): the second one is told, not a 500. */
export function isSkuViolation(error: unknown): boolean {
  for (let cause: unknown = error; cause; cause = (cause as { cause?: unknown }).cause) {
    const { code, constraint, message } = cause as { code?: string; constraint?: string; message?: string };
    if (code === '23505' && (constraint === 'products_sku_unique' || /products_sku_unique/.test(message ?? ''))) {
      return true;
    }
  }
  return false;
}

export async function mapProductWriteViolation<T>(category: string | null, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isSkuViolation(error)) throw skuTaken();
    // The category was deleted between the check and the write: its key refuses the product.
    if (isForeignKeyViolation(error)) {
      throw category === null ? new AppError('CONFLICT', messages.importCategoryGone) : unknownCategory(category);
    }
    throw error;
  }
}

// ---- The inventory list: one page, sorted and filtered by the database. ----

const sortColumns = {
  name: sql`lower(${products.name})`,
  price: products.priceToea,
  stock: products.stock,
  created: products.createdAt,
} as const;

/** "active" / "sold" / "inactive" as the shop shows them (`productStatusFor`), as SQL. */
function statusCondition(status: NonNullable<AdminProductListQuery['status']>): SQL {
  if (status === 'inactive') return sql`${products.status} <> 'active'`;
  const soldOut = sql`(not ${products.isMembership} and ${products.stock} <= 0)`;
  return status === 'sold'
    ? sql`(${products.status} = 'active' and ${soldOut})`
    : sql`(${products.status} = 'active' and not ${soldOut})`;
}

const flagColumns = {
  hot: products.isHot,
  auction: products.isAuction,
  topPick: products.isTopPick,
  exclusive: products.isExclusive,
} as const;

/** `%` and `_` typed by the admin are literal characters, not patterns. */
const likeText = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function listConditions(query: AdminProductListQuery): SQL | undefined {
  const term = query.q ? likeText(query.q) : null;
  return and(
    notArchived,
    term === null
      ? undefined
      : sql`(${products.name} ilike ${term} or ${products.sku} ilike ${term} or ${products.category} ilike ${term} or ${products.description} ilike ${term})`,
    query.category ? eq(products.category, query.category) : undefined,
    query.status ? statusCondition(query.status) : undefined,
    query.stock ? stockLevelCondition(query.stock) : undefined,
    query.flag ? eq(flagColumns[query.flag], true) : undefined,
  );
}

/** The stat cards, over every product not deleted (one query). */
async function inventoryStats(db: DbExecutor): Promise<InventoryPageStats> {
  const counted = (condition: SQL) => sql<number>`(count(*) filter (where ${condition}))::int`;
  const [row] = await db
    .select({
      totalProducts: sql<number>`count(*)::int`,
      activeListings: counted(statusCondition('active')),
      soldItems: counted(statusCondition('sold')),
      hotDeals: counted(sql`${products.isHot}`),
      auctionItems: counted(sql`${products.isAuction}`),
      topPicks: counted(sql`${products.isTopPick}`),
      exclusiveOffers: counted(sql`${products.isExclusive}`),
      lowStock: counted(stockLevelCondition('low')),
      outOfStock: counted(stockLevelCondition('out')),
    })
    .from(products)
    .where(notArchived);
  const zero: InventoryPageStats = {
    totalProducts: 0,
    activeListings: 0,
    soldItems: 0,
    hotDeals: 0,
    auctionItems: 0,
    topPicks: 0,
    exclusiveOffers: 0,
    lowStock: 0,
    outOfStock: 0,
  };
  return row ? (Object.fromEntries(Object.entries(row).map(([key, value]) => [key, Number(value)])) as never) : zero;
}

// ---- CSV: the export, and the import's plan (what each row would change), shared by preview and commit. ----

type ProductFields = {
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
};

/** The cells of a product as exported (and as an import's changes are shown). */
function csvCells(fields: ProductFields): Record<CatalogCsvColumn, string> {
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
  };
}

const fieldsOf = (row: ProductRow): ProductFields => ({
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

const columnLabel: Record<CatalogCsvColumn, string> = Object.fromEntries(
  catalogCsvColumns.map((column) => [column, column]),
) as Record<CatalogCsvColumn, string>;

interface PlannedRow {
  row: ImportRow;
  existing: ProductRow | null;
  fields: ProductFields | null;
}

interface ImportPlan {
  preview: ImportPreview;
  rows: PlannedRow[];
}

/** Reads the file into header + records; a file that is not CSV is a file error, not a 500. */
function readCsv(text: string): { columns: string[]; records: string[][] } | { error: string } {
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
function localImage(value: string): string | null {
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
interface PlannedFields {
  fields: ProductFields;
  /** A new product without a picture, or a row that would show a hidden one without: hidden (issue 30). */
  hiddenWithoutPicture: boolean;
}

/** One row of the file against the product it names (or none: a new product). */
function planRow(
  cells: Partial<Record<CatalogCsvColumn, string>>,
  existing: ProductRow | null,
  errors: FieldIssue[],
  knownCategories: ReadonlySet<string>,
): PlannedFields | null {
  const base: ProductFields | null = existing ? fieldsOf(existing) : null;
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
  };
  return { fields, hiddenWithoutPicture: keptHidden || (pictureless && !base) };
}

/** The API field names of the shared schemas, as the file's columns. */
function csvColumnFor(field: string): string {
  const byField: Record<string, CatalogCsvColumn> = {
    originalPrice: 'original_price',
    discountPercentage: 'discount_percentage',
    lowStockThreshold: 'low_stock_threshold',
  };
  return byField[field] ?? field;
}

/** A row without a picture, in the preview (what will happen) or the import's answer (what happened). */
function pictureNotice(row: ImportRow, done: boolean): string {
  return row.action === 'create'
    ? messages.addedHiddenWithoutPicture(row.line, row.name, done)
    : messages.keptHiddenWithoutPicture(row.line, row.name, done);
}

/** Works out what the file would do, row by row, against the catalogue as `db` sees it (nothing is written). */
async function planImport(db: DbExecutor, csv: string): Promise<ImportPlan> {
  const fileErrors: string[] = [];
  const rows: PlannedRow[] = [];
  const finish = (): ImportPlan => {
    const summary = { create: 0, update: 0, unchanged: 0, errors: 0 };
    for (const { row } of rows) summary[row.action === 'error' ? 'errors' : row.action] += 1;
    return {
      rows,
      preview: {
        valid: fileErrors.length === 0 && summary.errors === 0 && rows.length > 0,
        fileErrors,
        rows: rows.map((planned) => planned.row),
        summary,
      },
    };
  };

  const read = readCsv(csv);
  if ('error' in read) {
    fileErrors.push(read.error);
    return finish();
  }
  const { columns, records } = read;
  if (records.length > MAX_CSV_ROWS) fileErrors.push(messages.csvTooLarge(MAX_CSV_ROWS));
  if (!columns.includes('sku')) fileErrors.push(messages.csvMissingColumns('sku'));
  const unknown = columns.filter((column) => !(catalogCsvColumns as readonly string[]).includes(column));
  if (unknown.length > 0) fileErrors.push(messages.csvUnknownColumns(unknown.join(', ')));
  if (records.length === 0) fileErrors.push(messages.csvEmpty);
  if (fileErrors.length > 0) return finish();

  const cellsOf = (record: string[]) =>
    Object.fromEntries(columns.map((column, index) => [column, csvCellText(record[index] ?? '')])) as Partial<
      Record<CatalogCsvColumn, string>
    >;
  const skus = records.map((record) => normaliseSku(cellsOf(record).sku ?? ''));
  const wanted = [...new Set(skus.filter((sku): sku is string => sku !== null))];
  const existingRows =
    wanted.length === 0
      ? []
      : await db
          .select()
          .from(products)
          .where(and(notArchived, inArray(products.sku, wanted)));
  const bySku = new Map(existingRows.map((row) => [row.sku, row]));
  const knownCategories = new Set((await db.select({ slug: categories.slug }).from(categories)).map((row) => row.slug));
  const firstLine = new Map<string, number>();

  records.forEach((record, index) => {
    const line = index + 2;
    const cells = cellsOf(record);
    const sku = skus[index] ?? null;
    const errors: FieldIssue[] = [];
    if (sku === null) errors.push({ path: 'sku', message: messages.skuFormat });
    else if (firstLine.has(sku)) errors.push({ path: 'sku', message: messages.skuTwice(firstLine.get(sku)!) });
    else firstLine.set(sku, line);
    const existing = sku === null ? null : (bySku.get(sku) ?? null);
    const planned = errors.length > 0 ? null : planRow(cells, existing, errors, knownCategories);
    const fields = planned?.fields ?? null;
    const row: ImportRow = {
      line,
      sku: sku ?? (cells.sku ?? '').trim(),
      name: (cells.name ?? existing?.name ?? '').trim(),
      action: 'error',
      changes: [],
      errors: errors.map((entry) => ({ field: entry.path, message: entry.message })),
      notices: [],
    };
    if (fields && errors.length === 0) {
      const after = csvCells(fields);
      const before = existing ? csvCells(fieldsOf(existing)) : null;
      row.changes = catalogCsvColumns
        .filter((column) => before === null || before[column] !== after[column])
        .filter((column) => before !== null || after[column] !== '')
        .map((column) => ({ field: columnLabel[column], from: before?.[column] ?? '', to: after[column] }));
      row.action = existing ? (row.changes.length > 0 ? 'update' : 'unchanged') : 'create';
      if (planned?.hiddenWithoutPicture) row.notices.push(pictureNotice(row, false));
    }
    rows.push({ row, existing, fields: row.action === 'error' ? null : fields });
  });
  return finish();
}

/**
 * The catalogue as an owner runs it (issue 18): the inventory's pages, and the CSV export and import. Every write
 * tells the catalogue (storefront cache) that its products changed.
 */
export function createAdminCatalogService(db: Database, catalog: Pick<CatalogService, 'invalidate'>) {
  return {
    /** One page of the inventory with the total that matches and the stat cards. */
    async listPage(query: AdminProductListQuery): Promise<AdminProductListResponse> {
      const where = listConditions(query);
      const descending = query.sort.startsWith('-');
      const column = sortColumns[query.sort.replace('-', '') as keyof typeof sortColumns];
      const order = descending ? [desc(column), desc(products.id)] : [asc(column), asc(products.id)];
      const [rows, [{ total } = { total: 0 }], stats] = await Promise.all([
        db
          .select()
          .from(products)
          .where(where)
          .orderBy(...order)
          .limit(query.pageSize)
          .offset((query.page - 1) * query.pageSize),
        db.select({ total: count() }).from(products).where(where),
        inventoryStats(db),
      ]);
      return {
        items: await adminProductRows(db, rows),
        total: Number(total),
        page: query.page,
        pageSize: query.pageSize,
        stats,
      };
    },

    /**
     * Every product not deleted, as CSV text (formula-like cells defused), with a UTF-8 byte-order mark so Excel
     * reads "Kōkō" as written (issue 27); the import reads it with or without one.
     */
    async exportCsv(): Promise<string> {
      const rows = await db.select().from(products).where(notArchived).orderBy(asc(products.id));
      const lines = rows.map((row) => {
        const cells = csvCells(fieldsOf(row));
        return catalogCsvColumns.map((column) => csvSafeCell(cells[column]));
      });
      return stringify([[...catalogCsvColumns], ...lines], { record_delimiter: 'windows', bom: true });
    },

    /** What the file would do, row by row; nothing is written. */
    async previewImport(csv: string): Promise<ImportPreview> {
      return (await planImport(db, csv)).preview;
    },

    /**
     * Writes the file: checked again inside one transaction, and either every row is written or none (any invalid
     * row, or a failure half-way, leaves the catalogue as it was). Stock goes through the stock log ('import').
     */
    async commitImport(csv: string, caller: StaffCaller): Promise<ImportResult> {
      const actor: StockActor = adminActor(caller);
      try {
        const result = await mapProductWriteViolation(null, () =>
          db.transaction(async (tx) => {
            const plan = await planImport(tx, csv);
            if (!plan.preview.valid) {
              throw new AppError('VALIDATION', messages.importInvalid, { preview: plan.preview });
            }
            const at = new Date();
            let created = 0;
            let updated = 0;
            const notices: string[] = [];
            // The activity log (issue 21): one entry for the file, with each row's changed fields (the first 200).
            const before: Record<string, unknown>[] = [];
            const after: Record<string, unknown>[] = [];
            for (const { row, existing, fields } of plan.rows) {
              if (row.notices.length > 0) notices.push(pictureNotice(row, true));
              if (!fields || row.action === 'unchanged') continue;
              const { stock, ...fieldValues } = fields;
              // No picture is stored as none (null), as a product added without one always was.
              const values = { ...fieldValues, image: fieldValues.image || null };
              if (before.length < 200) {
                const diff = existing
                  ? changedFields(existing as unknown as Record<string, unknown>, { ...fields, image: values.image })
                  : null;
                before.push({ sku: existing?.sku ?? fields.sku ?? null, ...(existing ? diff?.before : {}) });
                after.push({ sku: fields.sku ?? existing?.sku ?? null, ...(existing ? diff?.after : fields) });
              }
              if (existing) {
                await tx
                  .update(products)
                  .set({ ...values, version: sql`${products.version} + 1`, updatedAt: at })
                  .where(eq(products.id, existing.id));
                await mirrorImplicitVariant(tx, existing.id, at);
                if (stock !== existing.stock) {
                  const moved = await setStockTo(tx, { productId: existing.id, stock, reason: 'import', actor, at });
                  if (!moved.ok) throw new AppError('CONFLICT', stockMessages.tooMuch);
                }
                // A lower price reaches the unpaid orders holding it at once, as from the product form (decision 022).
                if (
                  values.priceToea !== existing.priceToea ||
                  values.originalPriceToea !== existing.originalPriceToea
                ) {
                  await requoteOrdersWithProduct(tx, existing.id, at);
                }
                updated += 1;
              } else {
                const inserted = await insertProduct(tx, { ...values, stock: 0, createdAt: at, updatedAt: at });
                if (stock > 0)
                  await changeStock(tx, { productId: inserted.id, change: stock, reason: 'import', actor, at });
                created += 1;
              }
            }
            await recordActivity(tx, {
              actor: actorOfCaller(caller),
              action: 'catalog.imported',
              entityType: 'product',
              entityId: null,
              summary: `Imported a catalogue file: ${created} added, ${updated} updated`,
              before,
              after,
            });
            return { message: messages.imported(created, updated), created, updated, notices };
          }),
        );
        return result;
      } finally {
        await catalog.invalidate();
      }
    },
  };
}

export type AdminCatalogService = ReturnType<typeof createAdminCatalogService>;
