import {
  catalogAdminMessages as messages,
  catalogCsvColumns,
  type CatalogCsvColumn,
  csvCellText,
  csvOptionColumns,
  csvProductColumns,
  csvSafeCell,
  DEFAULT_LOW_STOCK_THRESHOLD,
  type FieldIssue,
  type ImportPreview,
  type ImportRow,
  MAX_CSV_ROWS,
  MAX_OPTION_NAME_LENGTH,
  MAX_OPTION_VALUE_LENGTH,
  MAX_OPTION_VALUES,
  MAX_PRODUCT_VARIANTS,
  nameWithVariant,
  normaliseSku,
  type ProductOption,
  type ProductVariants,
  productVariantsSchema,
  stockMessages,
  valuesKey,
  variantLabel,
} from '@bilum/shared';
import { stringify } from 'csv-stringify/sync';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client';
import {
  categories,
  type ProductRow,
  productOptionValues,
  productOptions,
  products,
  productVariants,
} from '../../db/schema';
import { AppError } from '../../errors';
import { changedFields } from '../audit/audit.service';
import { requoteOrdersWithProduct } from '../orders/order-quote';
import { changeStock, setStockTo, type StockActor } from '../stock/stock.service';
import { groupOptions, variantValues } from '../variants/variant-lookup';
import { insertProduct, mirrorImplicitVariant, setProductVariants } from '../variants/variants.service';
import {
  columnLabel,
  csvCells,
  csvColumnFor,
  fieldsOf,
  pictureNotice,
  planRow,
  type ProductFields,
  readCsv,
} from './catalog-csv-rows';

/*
 * The catalogue as a CSV file (issue 18), one row per variant (issue 30, decision 042). A product without options
 * is one row, its SKU in `sku`, as before. A product with options is one row per live variant: the product's
 * columns repeated, the variant's SKU, prices, stock, threshold and picture, the product's SKU in `product_sku`
 * (Shopify's Handle) and the variant's values in option1_name/option1_value … option3. The import matches a row by
 * its SKU; rows sharing a `product_sku` are one product's variants.
 */

const notArchived = isNull(products.archivedAt);

/** A live variant of a product with options, as the file shows it. */
interface CsvVariant {
  id: number;
  productId: number;
  sku: string;
  /** One value per option, in the options' order. */
  values: string[];
  priceToea: number;
  originalPriceToea: number | null;
  stock: number;
  lowStockThreshold: number;
  image: string | null;
}

interface CsvOptions {
  options: ProductOption[];
  variants: CsvVariant[];
}

/**
 * The options and live variants of the products that have options (all products on the shelf, or those of
 * `productIds`), each product's in the owner's order. Products without options are not in the map.
 */
async function optionsAndVariants(db: DbExecutor, productIds?: readonly number[]): Promise<Map<number, CsvOptions>> {
  if (productIds && productIds.length === 0) return new Map();
  const optionRows = await db
    .select({
      productId: productOptions.productId,
      optionId: productOptions.id,
      option: productOptions.name,
      value: productOptionValues.value,
    })
    .from(productOptions)
    .innerJoin(productOptionValues, eq(productOptionValues.optionId, productOptions.id))
    .innerJoin(products, eq(products.id, productOptions.productId))
    .where(and(notArchived, productIds ? inArray(productOptions.productId, [...productIds]) : undefined))
    .orderBy(asc(productOptions.productId), asc(productOptions.position), asc(productOptionValues.position));
  const rowsOf = new Map<number, typeof optionRows>();
  for (const row of optionRows) {
    const rows = rowsOf.get(row.productId);
    if (rows) rows.push(row);
    else rowsOf.set(row.productId, [row]);
  }
  if (rowsOf.size === 0) return new Map();
  const found = new Map<number, CsvOptions>(
    [...rowsOf].map(([productId, rows]) => [productId, { options: groupOptions(rows), variants: [] }]),
  );
  const variantRows = await db
    .select({
      id: productVariants.id,
      productId: productVariants.productId,
      sku: productVariants.sku,
      priceToea: productVariants.priceToea,
      originalPriceToea: productVariants.originalPriceToea,
      stock: productVariants.stock,
      lowStockThreshold: productVariants.lowStockThreshold,
      image: productVariants.image,
      values: variantValues,
    })
    .from(productVariants)
    .where(and(inArray(productVariants.productId, [...found.keys()]), isNull(productVariants.archivedAt)))
    .orderBy(asc(productVariants.productId), asc(productVariants.position), asc(productVariants.id));
  for (const row of variantRows) found.get(row.productId)?.variants.push({ ...row, values: row.values ?? [] });
  return found;
}

/** The product as one of its variants sells it: the row the file shows for that variant. */
function asVariantRow(product: ProductRow, variant: Omit<CsvVariant, 'id' | 'productId' | 'values'>): ProductRow {
  return {
    ...product,
    sku: variant.sku,
    priceToea: variant.priceToea,
    originalPriceToea: variant.originalPriceToea,
    stock: variant.stock,
    lowStockThreshold: variant.lowStockThreshold,
    // A variant without its own picture shows the product's.
    image: variant.image ?? product.image,
  };
}

const optionCells = (options: readonly ProductOption[], values: readonly string[]) =>
  options.map((option, index) => ({ name: option.name, value: values[index] ?? '' }));

const variantFields = (product: ProductRow, own: CsvOptions, variant: CsvVariant): ProductFields =>
  fieldsOf(asVariantRow(product, variant), {
    productSku: product.sku,
    options: optionCells(own.options, variant.values),
  });

/**
 * Every product not deleted as CSV text, one row per live variant (formula-like cells defused), with a UTF-8
 * byte-order mark so Excel reads "Kōkō" as written (issue 27); the import reads it with or without one.
 */
export async function catalogCsv(db: DbExecutor): Promise<string> {
  const rows = await db.select().from(products).where(notArchived).orderBy(asc(products.id));
  const withOptions = await optionsAndVariants(db);
  const lines = rows.flatMap((row) => {
    const own = withOptions.get(row.id);
    const fields = own ? own.variants.map((variant) => variantFields(row, own, variant)) : [fieldsOf(row)];
    return fields.map((each) => {
      const cells = csvCells(each);
      return catalogCsvColumns.map((column) => csvSafeCell(cells[column]));
    });
  });
  return stringify([[...catalogCsvColumns], ...lines], { record_delimiter: 'windows', bom: true });
}

// ---- The import's plan: what each row would change, shared by the preview and the commit. ----

export interface PlannedRow {
  row: ImportRow;
  /** A product without options (or a new one): the product the row updates; null adds one. */
  existing: ProductRow | null;
  fields: ProductFields | null;
  /** A variant row (issue 30): its product's plan, written once for all its rows. */
  group?: PlannedGroup;
}

/** One row of a product with options. */
interface GroupRow {
  planned: PlannedRow;
  /** The live variant it updates (matched by its SKU); null: a new variant. */
  variantId: number | null;
  /** Its values, spelled as the product's options have them. */
  values: string[];
  /** Whether the file gives its stock (else it keeps what is on hand when written). */
  stockGiven: boolean;
}

/** A product with options as the file gives it: its rows, and its options with any new values added. */
interface PlannedGroup {
  productSku: string;
  /** The product on the shelf with this SKU; null: the file adds it. */
  existing: ProductRow | null;
  /** Its options and live variants as planned (an existing product's). */
  current: CsvOptions | null;
  options: ProductOption[];
  rows: GroupRow[];
}

export interface ImportPlan {
  preview: ImportPreview;
  rows: PlannedRow[];
}

type Cells = Partial<Record<CatalogCsvColumn, string>>;

/** A row as read: its SKU, its product's SKU and its option cells checked. */
interface ReadRow {
  line: number;
  cells: Cells;
  sku: string | null;
  /** Set for a variant row: the SKU its product's rows share. */
  productSku: string | null;
  options: { name: string; value: string }[];
  errors: FieldIssue[];
}

const text = (cells: Cells, column: CatalogCsvColumn) => (cells[column] ?? '').trim();
const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/** The option columns of a row: filled from option1 on, each name with a value, within the lengths. */
function readOptions(cells: Cells, errors: FieldIssue[]): { name: string; value: string }[] {
  const options: { name: string; value: string }[] = [];
  let gap = false;
  for (const [nameColumn, valueColumn] of csvOptionColumns) {
    const name = text(cells, nameColumn);
    const value = text(cells, valueColumn);
    if (name === '' && value === '') {
      gap = true;
      continue;
    }
    if (gap) errors.push({ path: nameColumn, message: messages.optionsOutOfOrder });
    if (name === '') errors.push({ path: nameColumn, message: messages.valueWithoutOption(nameColumn) });
    if (value === '') errors.push({ path: valueColumn, message: messages.optionWithoutValue(valueColumn) });
    if (name.length > MAX_OPTION_NAME_LENGTH) {
      errors.push({ path: nameColumn, message: messages.optionText(MAX_OPTION_NAME_LENGTH) });
    }
    if (value.length > MAX_OPTION_VALUE_LENGTH) {
      errors.push({ path: valueColumn, message: messages.optionText(MAX_OPTION_VALUE_LENGTH) });
    }
    options.push({ name, value });
  }
  return options;
}

function readRow(cells: Cells, line: number): ReadRow {
  const errors: FieldIssue[] = [];
  const sku = normaliseSku(cells.sku ?? '');
  const options = readOptions(cells, errors);
  const productSkuText = text(cells, 'product_sku');
  let productSku: string | null = null;
  if (productSkuText !== '') {
    productSku = normaliseSku(productSkuText);
    if (productSku === null) errors.push({ path: 'product_sku', message: messages.skuFormat });
  }
  if (options.length > 0 && productSkuText === '') {
    errors.push({ path: 'product_sku', message: messages.variantNeedsProductSku });
  }
  // A product without options named by its own SKU in product_sku reads as a product's row.
  if (options.length === 0 && productSku !== null) {
    if (productSku !== sku) errors.push({ path: 'product_sku', message: messages.productSkuWithoutOptions });
    productSku = null;
  }
  return { line, cells, sku, productSku: options.length > 0 ? (productSku ?? '') : null, options, errors };
}

function importRow(read: ReadRow, name: string): ImportRow {
  return {
    line: read.line,
    sku: read.sku ?? text(read.cells, 'sku'),
    name,
    action: 'error',
    changes: [],
    errors: [],
    notices: [],
  };
}

/** The row's changes against what is stored (`before`; null for a new product or variant) and its action. */
function withChanges(row: ImportRow, after: ProductFields, before: ProductFields | null): void {
  const to = csvCells(after);
  const from = before ? csvCells(before) : null;
  row.changes = catalogCsvColumns
    .filter((column) => from === null || from[column] !== to[column])
    .filter((column) => from !== null || to[column] !== '')
    .map((column) => ({ field: columnLabel[column], from: from?.[column] ?? '', to: to[column] }));
  row.action = before ? (row.changes.length > 0 ? 'update' : 'unchanged') : 'create';
}

const finishRow = (row: ImportRow, errors: FieldIssue[]) => {
  row.errors = errors.map((entry) => ({ field: entry.path, message: entry.message }));
  if (errors.length > 0) {
    row.action = 'error';
    row.changes = [];
    row.notices = [];
  }
};

/** What the catalogue holds for the SKUs a file names: products, live variants and the options of both. */
async function catalogueOf(db: DbExecutor, skus: string[]) {
  const productRows =
    skus.length === 0
      ? []
      : await db
          .select()
          .from(products)
          .where(and(notArchived, inArray(products.sku, skus)));
  const variantRows =
    skus.length === 0
      ? []
      : await db
          .select({ id: productVariants.id, sku: productVariants.sku, productId: products.id, name: products.name })
          .from(productVariants)
          .innerJoin(products, eq(products.id, productVariants.productId))
          .where(and(inArray(productVariants.sku, skus), isNull(productVariants.archivedAt)));
  const productIds = [...new Set([...productRows.map((row) => row.id), ...variantRows.map((row) => row.productId)])];
  return {
    productBySku: new Map(productRows.map((row) => [row.sku, row])),
    variantBySku: new Map(variantRows.map((row) => [row.sku, row])),
    withOptions: await optionsAndVariants(db, productIds),
    knownCategories: new Set((await db.select({ slug: categories.slug }).from(categories)).map((row) => row.slug)),
  };
}
type Catalogue = Awaited<ReturnType<typeof catalogueOf>>;

/** Works out what the file would do, row by row, against the catalogue as `db` sees it (nothing is written). */
export async function planImport(db: DbExecutor, csv: string): Promise<ImportPlan> {
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

  const readRows = records.map((record, index) =>
    readRow(
      Object.fromEntries(columns.map((column, at) => [column, csvCellText(record[at] ?? '')])) as Cells,
      index + 2,
    ),
  );
  const wanted = new Set<string>();
  for (const each of readRows) {
    if (each.sku) wanted.add(each.sku);
    if (each.productSku) wanted.add(each.productSku);
  }
  const catalogue = await catalogueOf(db, [...wanted]);

  // A SKU names one row of the file; a product's SKU (product_sku) no other product's row.
  const firstLine = new Map<string, number>();
  const groupLine = new Map<string, number>();
  for (const each of readRows) {
    if (each.productSku && !groupLine.has(each.productSku)) groupLine.set(each.productSku, each.line);
  }
  for (const each of readRows) {
    if (each.sku === null) each.errors.push({ path: 'sku', message: messages.skuFormat });
    else if (firstLine.has(each.sku)) {
      each.errors.push({ path: 'sku', message: messages.skuTwice(firstLine.get(each.sku)!) });
    } else firstLine.set(each.sku, each.line);
  }
  for (const each of readRows) {
    if (each.productSku === null && each.sku !== null && groupLine.has(each.sku)) {
      each.errors.push({ path: 'sku', message: messages.skuTwice(groupLine.get(each.sku)!) });
    }
  }

  const groups = new Map<string, ReadRow[]>();
  for (const each of readRows) {
    if (!each.productSku) continue;
    groups.set(each.productSku, [...(groups.get(each.productSku) ?? []), each]);
  }
  const planned = new Map<ReadRow, PlannedRow>();
  for (const [productSku, members] of groups) {
    for (const [each, plannedRow] of planGroup(productSku, members, catalogue, firstLine))
      planned.set(each, plannedRow);
  }
  for (const each of readRows) {
    rows.push(
      each.productSku === null
        ? planProductRow(each, catalogue)
        : (planned.get(each) ?? unplannedRow(each, catalogue.productBySku.get(each.sku ?? '')?.name ?? '')),
    );
  }
  return finish();
}

/** A variant row that names no product (product_sku empty or no SKU): its errors alone. */
function unplannedRow(read: ReadRow, name: string): PlannedRow {
  const row = importRow(read, (read.cells.name ?? '').trim() || name);
  finishRow(row, read.errors);
  return { row, existing: null, fields: null };
}

/** A product without options (or a row with option errors only): one row, as the file always had them. */
function planProductRow(read: ReadRow, catalogue: Catalogue): PlannedRow {
  const errors = [...read.errors];
  let existing = read.sku === null ? null : (catalogue.productBySku.get(read.sku) ?? null);
  const variant = read.sku === null ? undefined : catalogue.variantBySku.get(read.sku);
  const row = importRow(read, (read.cells.name ?? existing?.name ?? '').trim());
  // A product with options (or one of its variants) is changed by its variants' rows only.
  if (
    (existing && catalogue.withOptions.has(existing.id)) ||
    (!existing && variant && catalogue.withOptions.has(variant.productId))
  ) {
    errors.push({ path: 'sku', message: messages.productHasOptions });
    existing = null;
  }
  let fields: ProductFields | null = null;
  if (errors.length === 0) {
    const result = planRow(read.cells, existing, errors, catalogue.knownCategories);
    if (result && errors.length === 0) {
      fields = result.fields;
      withChanges(row, fields, existing ? fieldsOf(existing) : null);
      if (result.hiddenWithoutPicture) row.notices.push(pictureNotice(row, false));
    }
  }
  finishRow(row, errors);
  return { row, existing, fields: row.action === 'error' ? null : fields };
}

/** The rows of one product with options: checked together (options, combinations, SKUs) and each by planRow. */
function planGroup(
  productSku: string,
  members: ReadRow[],
  catalogue: Catalogue,
  firstLine: ReadonlyMap<string, number>,
): Map<ReadRow, PlannedRow> {
  const existing = catalogue.productBySku.get(productSku) ?? null;
  const current = existing ? (catalogue.withOptions.get(existing.id) ?? null) : null;
  const first = members[0]!;
  const names = first.options.map((option) => option.name);
  const groupErrors = new Map<ReadRow, FieldIssue[]>(members.map((each) => [each, [...each.errors]]));
  const issue = (each: ReadRow, path: string, message: string) => groupErrors.get(each)!.push({ path, message });

  // The product the rows name: on the shelf with options, or new (its SKU no variant's and no other row's).
  if (existing && !current) for (const each of members) issue(each, 'option1_name', messages.productWithoutOptions);
  if (!existing) {
    const owner = catalogue.variantBySku.get(productSku);
    const otherRow = firstLine.get(productSku);
    for (const each of members) {
      if (owner) issue(each, 'product_sku', messages.productSkuOfVariant);
      else if (otherRow !== undefined && !members.some((member) => member.line === otherRow)) {
        issue(each, 'product_sku', messages.skuTwice(otherRow));
      }
    }
  }

  // The options: the same names on every row, the product's own when it has options; new values are added.
  const options: ProductOption[] = current
    ? current.options.map((option) => ({ name: option.name, values: [...option.values] }))
    : names.map((name) => ({ name, values: [] }));
  for (const each of members) {
    const theirs = each.options.map((option) => option.name);
    if (current) {
      const ok =
        theirs.length === current.options.length && theirs.every((name, at) => same(name, current.options[at]!.name));
      if (!ok) {
        issue(each, 'option1_name', messages.optionNamesOfProduct(current.options.map((o) => o.name).join(', ')));
      }
    } else if (theirs.length !== names.length || theirs.some((name, at) => !same(name, names[at]!))) {
      issue(each, 'option1_name', messages.optionNamesDiffer(first.line));
    }
  }
  const valuesOf = new Map<ReadRow, string[]>();
  for (const each of members) {
    if (groupErrors.get(each)!.length > 0) continue;
    valuesOf.set(
      each,
      each.options.map(({ value }, at) => {
        const option = options[at]!;
        const known = option.values.find((existingValue) => same(existingValue, value));
        if (known) return known;
        if (option.values.length >= MAX_OPTION_VALUES) {
          issue(each, csvOptionColumns[at]![1], messages.tooManyValues(option.name, MAX_OPTION_VALUES));
        } else option.values.push(value);
        return value;
      }),
    );
  }

  // Each row's variant: a live variant of this product with its SKU, or a new one (a SKU no other product has).
  const variantIdOf = new Map<ReadRow, number | null>();
  for (const each of members) {
    if (each.sku === null) continue;
    const variant = catalogue.variantBySku.get(each.sku);
    const product = catalogue.productBySku.get(each.sku);
    if (variant && variant.productId !== existing?.id) {
      issue(each, 'sku', messages.variantOfAnotherProduct(variant.name));
    } else if (!variant && product && product.id !== existing?.id) {
      issue(each, 'sku', messages.skuTaken);
    } else variantIdOf.set(each, variant?.id ?? null);
  }

  // No combination twice: among the rows, and against the product's variants the file leaves as they are.
  const updated = new Set([...variantIdOf.values()].filter((id): id is number => id !== null));
  const untouched = (current?.variants ?? []).filter((variant) => !updated.has(variant.id));
  const taken = new Map<string, string>(untouched.map((variant) => [valuesKey(variant.values), variant.sku]));
  const rowOf = new Map<string, number>();
  for (const each of members) {
    const values = valuesOf.get(each);
    if (!values) continue;
    const key = valuesKey(values);
    const label = variantLabel(values);
    if (rowOf.has(key)) issue(each, 'option1_value', messages.combinationTwice(label, rowOf.get(key)!));
    else if (taken.has(key)) issue(each, 'option1_value', messages.combinationTaken(label, taken.get(key)!));
    else rowOf.set(key, each.line);
  }
  if (untouched.length + members.length > MAX_PRODUCT_VARIANTS) {
    issue(members.at(-1)!, 'sku', messages.tooManyVariants(MAX_PRODUCT_VARIANTS));
  }

  // Each row by the add form's rules (a new product) or the edit dialog's (a variant of one on the shelf). Cells of
  // the product's columns left empty take the first row's (or keep the product's); an empty picture is the
  // product's.
  const group: PlannedGroup = { productSku, existing, current, options, rows: [] };
  const result = new Map<ReadRow, PlannedRow>();
  let firstFields: ProductFields | null = null;
  for (const each of members) {
    const errors = groupErrors.get(each)!;
    const values = valuesOf.get(each) ?? each.options.map((option) => option.value);
    const variantId = variantIdOf.get(each) ?? null;
    const variant = variantId === null ? undefined : current?.variants.find((one) => one.id === variantId);
    const row = importRow(
      each,
      nameWithVariant((each.cells.name || first.cells.name || existing?.name || '').trim(), variantLabel(values)),
    );
    const cells: Cells = { ...each.cells };
    for (const column of csvProductColumns) {
      if (text(cells, column) !== '') continue;
      if (text(first.cells, column) !== '') cells[column] = first.cells[column];
      else if (existing) delete cells[column];
    }
    if (text(cells, 'image') === '') cells.image = existing ? (existing.image ?? '') : (first.cells.image ?? '');
    const stored = existing
      ? asVariantRow(
          existing,
          variant ?? {
            sku: each.sku ?? '',
            priceToea: existing.priceToea,
            originalPriceToea: existing.originalPriceToea,
            stock: 0,
            lowStockThreshold: DEFAULT_LOW_STOCK_THRESHOLD,
            image: null,
          },
        )
      : null;
    const before = variant && existing && current ? variantFields(existing, current, variant) : null;
    let fields: ProductFields | null = null;
    if (errors.length === 0) {
      const planned = planRow(cells, stored, errors, catalogue.knownCategories, before ?? undefined);
      if (planned && errors.length === 0) {
        fields = { ...planned.fields, productSku, options: optionCells(options, values) };
        const ownCells = csvCells(fields);
        if (firstFields === null) firstFields = fields;
        else {
          const firstCells = csvCells(firstFields);
          for (const column of csvProductColumns) {
            if (ownCells[column] !== firstCells[column]) issue(each, column, messages.productRowsDiffer(first.line));
          }
        }
        if (errors.length === 0) {
          withChanges(row, fields, before);
          // The product is added hidden without a picture: said once, on its first row.
          if (planned.hiddenWithoutPicture && each === first) row.notices.push(pictureNotice(row, false));
        }
      }
    }
    finishRow(row, errors);
    const plannedRow: PlannedRow = { row, existing, fields: row.action === 'error' ? null : fields, group };
    group.rows.push({ planned: plannedRow, variantId, values, stockGiven: each.cells.stock !== undefined });
    result.set(each, plannedRow);
  }

  // The shop's own rules on the whole (setProductVariants writes only what they pass): an issue a row did not
  // already show is put on that row.
  if (group.rows.every((each) => each.planned.fields !== null)) {
    const checked = productVariantsSchema.safeParse(variantsInput(group, new Map()));
    if (!checked.success) {
      // The input lists the product's variants in its order (those of rows among them), then the new rows.
      const owners = [
        ...(current?.variants ?? []).map((variant) => group.rows.find((each) => each.variantId === variant.id)),
        ...group.rows.filter((each) => each.variantId === null),
      ];
      for (const zodIssue of checked.error.issues) {
        const [root, index, field, option] = zodIssue.path;
        const owner = (root === 'variants' && typeof index === 'number' && owners[index]) || group.rows[0]!;
        const column =
          root === 'options'
            ? csvOptionColumns[Number(index)]?.[field === 'name' ? 0 : 1]
            : field === 'values'
              ? csvOptionColumns[typeof option === 'number' ? option : 0]![1]
              : csvColumnFor(String(field ?? 'sku'));
        const { row } = owner.planned;
        row.errors.push({ field: column ?? 'option1_name', message: zodIssue.message });
        row.action = 'error';
        row.changes = [];
        row.notices = [];
        owner.planned.fields = null;
      }
    }
  }
  return result;
}

/**
 * The product's options and variants as setProductVariants takes them: its live variants the file leaves alone as
 * they are (their units on hand as `onHand` has them now), those of the file's rows as the rows say, then the new
 * ones. A picture the same as the product's is no picture of the variant's own.
 */
function variantsInput(group: PlannedGroup, onHand: ReadonlyMap<number, number>): ProductVariants {
  const productImage = group.existing ? group.existing.image : group.rows[0]?.planned.fields?.image || null;
  const byVariant = new Map(group.rows.flatMap((each) => (each.variantId === null ? [] : [[each.variantId, each]])));
  const fromRow = (each: GroupRow, id: number | undefined): ProductVariants['variants'][number] => {
    const fields = each.planned.fields!;
    const stock = each.stockGiven || id === undefined ? fields.stock : (onHand.get(id) ?? fields.stock);
    return {
      ...(id === undefined ? {} : { id }),
      values: each.values,
      sku: fields.sku,
      price: fields.priceToea,
      originalPrice: fields.originalPriceToea,
      stock,
      lowStockThreshold: fields.lowStockThreshold,
      image: fields.image === '' || fields.image === productImage ? null : fields.image,
    };
  };
  const variants: ProductVariants['variants'] = (group.current?.variants ?? []).map((variant) => {
    const row = byVariant.get(variant.id);
    if (row) return fromRow(row, variant.id);
    return {
      id: variant.id,
      values: variant.values,
      sku: variant.sku,
      price: variant.priceToea,
      originalPrice: variant.originalPriceToea,
      stock: onHand.get(variant.id) ?? variant.stock,
      lowStockThreshold: variant.lowStockThreshold,
      image: variant.image,
    };
  });
  for (const each of group.rows) if (each.variantId === null) variants.push(fromRow(each, undefined));
  return { options: group.options, variants };
}

// ---- The import's writes: every row of a valid plan, in the caller's transaction. ----

export interface ImportWritten {
  created: number;
  updated: number;
  notices: string[];
  /** The activity log's entry (issue 21): each written row's changed fields, the first 200. */
  before: Record<string, unknown>[];
  after: Record<string, unknown>[];
}

/** Writes a valid plan (planned inside the same transaction); stock goes through the stock log ('import'). */
export async function writeImport(tx: DbExecutor, plan: ImportPlan, actor: StockActor): Promise<ImportWritten> {
  const at = new Date();
  const written: ImportWritten = { created: 0, updated: 0, notices: [], before: [], after: [] };
  const groupsDone = new Set<PlannedGroup>();
  for (const planned of plan.rows) {
    const { row, fields } = planned;
    if (row.notices.length > 0) written.notices.push(pictureNotice(row, true));
    if (planned.group) {
      if (!groupsDone.has(planned.group)) {
        groupsDone.add(planned.group);
        await writeGroup(tx, planned.group, actor, at, written);
      }
      continue;
    }
    if (!fields || row.action === 'unchanged') continue;
    await writeProductRow(tx, planned, fields, actor, at, written);
  }
  return written;
}

async function writeProductRow(
  tx: DbExecutor,
  { existing }: PlannedRow,
  fields: ProductFields,
  actor: StockActor,
  at: Date,
  written: ImportWritten,
): Promise<void> {
  // The file's own columns, not the product's columns (product_sku and the options are a variant row's).
  const { stock, productSku: _productSku, options: _options, ...fieldValues } = fields;
  // No picture is stored as none (null), as a product added without one always was.
  const values = { ...fieldValues, image: fieldValues.image || null };
  if (written.before.length < 200) {
    const diff = existing ? changedFields(existing as unknown as Record<string, unknown>, { ...values, stock }) : null;
    written.before.push({ sku: existing?.sku ?? fields.sku ?? null, ...(existing ? diff?.before : {}) });
    written.after.push({
      sku: fields.sku ?? existing?.sku ?? null,
      ...(existing ? diff?.after : { ...values, stock }),
    });
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
    if (values.priceToea !== existing.priceToea || values.originalPriceToea !== existing.originalPriceToea) {
      await requoteOrdersWithProduct(tx, existing.id, at);
    }
    written.updated += 1;
  } else {
    const inserted = await insertProduct(tx, { ...values, stock: 0, createdAt: at, updatedAt: at });
    if (stock > 0) await changeStock(tx, { productId: inserted.id, change: stock, reason: 'import', actor, at });
    written.created += 1;
  }
}

/** The product's own columns as the file sets them (its first row's), for the products table. */
function productColumns(fields: ProductFields) {
  return {
    name: fields.name,
    category: fields.category,
    description: fields.description,
    condition: fields.condition,
    status: fields.status,
    isHot: fields.isHot,
    isAuction: fields.isAuction,
    isTopPick: fields.isTopPick,
    isExclusive: fields.isExclusive,
    galleryImages: fields.galleryImages,
  };
}

/**
 * A product with options: its own columns, then its options and variants through setProductVariants (which keeps
 * the product's sum, "from" price and search words). Under the product's row lock, the variants it has must be
 * those the plan read (else the file is previewed again), and those the file leaves alone keep their units.
 */
async function writeGroup(
  tx: DbExecutor,
  group: PlannedGroup,
  actor: StockActor,
  at: Date,
  written: ImportWritten,
): Promise<void> {
  const changed = group.rows.filter((each) => each.planned.row.action !== 'unchanged');
  if (changed.length === 0) return;
  const first = group.rows[0]!.planned.fields!;
  for (const { planned } of changed) {
    if (written.before.length >= 200) break;
    const { row } = planned;
    const pick = (side: 'from' | 'to') => Object.fromEntries(row.changes.map((change) => [change.field, change[side]]));
    written.before.push({
      sku: row.sku,
      productSku: group.productSku,
      ...(row.action === 'create' ? {} : pick('from')),
    });
    written.after.push({ sku: row.sku, productSku: group.productSku, ...pick('to') });
  }

  let productId: number;
  let onHand = new Map<number, number>();
  if (group.existing) {
    productId = group.existing.id;
    await tx.select({ id: products.id }).from(products).where(eq(products.id, productId)).for('update');
    const now = (await optionsAndVariants(tx, [productId])).get(productId);
    const ids = (variants: readonly CsvVariant[] | undefined) =>
      JSON.stringify((variants ?? []).map((variant) => variant.id).sort((a, b) => a - b));
    if (ids(group.current?.variants) !== ids(now?.variants)) throw new AppError('CONFLICT', messages.importChanged);
    onHand = new Map((now?.variants ?? []).map((variant) => [variant.id, variant.stock]));
    const own = productColumns(first);
    if (JSON.stringify(own) !== JSON.stringify(productColumns(fieldsOf(group.existing)))) {
      await tx
        .update(products)
        .set({ ...own, version: sql`${products.version} + 1`, updatedAt: at })
        .where(eq(products.id, productId));
    }
    written.updated += 1;
  } else {
    const input = variantsInput(group, onHand);
    const cheapest = [...input.variants].sort((a, b) => a.price - b.price)[0]!;
    const inserted = await insertProduct(tx, {
      ...productColumns(first),
      sku: group.productSku,
      priceToea: cheapest.price,
      originalPriceToea: cheapest.originalPrice,
      stock: 0,
      lowStockThreshold: first.lowStockThreshold,
      image: first.image || null,
      createdAt: at,
      updatedAt: at,
    });
    productId = inserted.id;
    written.created += 1;
  }
  // Only the product's own columns changed: its variants are left as they are.
  const productOnly = new Set<string>(csvProductColumns);
  const variantsChanged = changed.some(
    ({ planned }) =>
      planned.row.action === 'create' || planned.row.changes.some((change) => !productOnly.has(change.field)),
  );
  if (!variantsChanged) return;
  const pricesBefore = new Map(
    (group.current?.variants ?? []).map((variant) => [variant.id, [variant.priceToea, variant.originalPriceToea]]),
  );
  const input = variantsInput(group, onHand);
  await setProductVariants(tx, productId, input, { reason: 'import', actor, at });
  // A lower price reaches the unpaid orders holding it at once, as from the product form (decision 022).
  const repriced = input.variants.some(
    (variant) =>
      variant.id !== undefined &&
      JSON.stringify(pricesBefore.get(variant.id)) !== JSON.stringify([variant.price, variant.originalPrice]),
  );
  if (group.existing && repriced) await requoteOrdersWithProduct(tx, productId, at);
}
