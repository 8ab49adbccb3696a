import {
  type AdminProductVariants,
  addProductMessages,
  catalogAdminMessages,
  MAX_OPTION_VALUE_LENGTH,
  MAX_OPTION_VALUES,
  MAX_PRODUCT_VARIANTS,
  normaliseSku,
  optionCombinations,
  parseKinaInput,
  type ProductVariantsInput,
  productVariantsSchema,
  stockMessages,
  toKinaDecimal,
  valuesKey,
  variantLabel,
  variantMessages,
} from '@bilum/shared';

// The admin's "Options and variants" section (issue 30 step 4, decision 042): what the owner typed, kept as text
// until saved, and the PUT /api/admin/products/{id}/variants body made of it. Pure, so it is tested on its own.

/** An option as the owner types it: its name and its values in order. */
export interface OptionDraft {
  /** Which option this is while the owner edits (React's key): not sent. */
  key: number;
  name: string;
  values: string[];
}

let optionKeys = 0;
const nextOptionKey = () => (optionKeys += 1);

/** The fields of a variant's row, as typed. */
export const rowFields = ['sku', 'price', 'originalPrice', 'stock', 'lowStockThreshold'] as const;
export type RowField = (typeof rowFields)[number];

/** One combination's row: the texts typed, whether it is sold, and what the server knows of it. */
export interface RowDraft extends Record<RowField, string> {
  /** The variant's id once saved: it keeps its stock log and orders. */
  id?: number;
  /** The units the row showed when loaded: the stock typed is sent as a change from this. */
  stockShown?: number;
  image: string | null;
  /** False: left out ("Not sold"); it is not sent, and a saved one is archived. */
  sold: boolean;
}

/**
 * The section's state: the options, and a row for every combination the owner has seen, by its values (a value
 * removed and typed again brings its row back as it was).
 */
export interface VariantDraft {
  options: OptionDraft[];
  rows: Record<string, RowDraft>;
}

/** What a new row starts with: the product form's figures. */
export interface RowDefaults {
  price: string;
  originalPrice: string;
  lowStockThreshold: string;
}

/** Errors by where they show: an option's name or values, a row's field (by the row's values), or the section. */
export interface VariantErrors {
  options: Record<number, { name?: string; values?: string }>;
  rows: Record<string, Partial<Record<RowField | 'values', string>>>;
  general: string[];
}

export const noVariantErrors = (): VariantErrors => ({ options: {}, rows: {}, general: [] });

export function hasVariantErrors(errors: VariantErrors): boolean {
  return (
    errors.general.length > 0 ||
    Object.values(errors.options).some((each) => each.name || each.values) ||
    Object.values(errors.rows).some((row) => Object.values(row).some(Boolean))
  );
}

export const emptyVariantDraft = (): VariantDraft => ({ options: [], rows: {} });

/** The draft of a product as GET /api/admin/products/{id}/variants answers it (prices as kina text). */
export function draftFromAnswer(answer: AdminProductVariants): VariantDraft {
  const rows: Record<string, RowDraft> = {};
  for (const variant of answer.variants) {
    rows[valuesKey(variant.values)] = {
      id: variant.id,
      sku: variant.sku,
      price: toKinaDecimal(variant.price),
      originalPrice: variant.originalPrice === null ? '' : toKinaDecimal(variant.originalPrice),
      stock: String(variant.stock),
      stockShown: variant.stock,
      lowStockThreshold: String(variant.lowStockThreshold),
      image: variant.image,
      sold: true,
    };
  }
  return {
    options: answer.options.map((option) => ({ key: nextOptionKey(), name: option.name, values: [...option.values] })),
    rows,
  };
}

/** The options that make combinations: those with at least one value. */
const optionsWithValues = (draft: VariantDraft) => draft.options.filter((option) => option.values.length > 0);

/** Every combination of the options' values, the first option slowest, as the grid lists them. */
export function draftCombinations(draft: VariantDraft): string[][] {
  const options = optionsWithValues(draft);
  return options.length === 0 ? [] : optionCombinations(options);
}

/** A new combination's row: the product's price and threshold, nothing on hand, a SKU from the shop. */
export function newRow(defaults: RowDefaults): RowDraft {
  return {
    sku: '',
    price: defaults.price,
    originalPrice: defaults.originalPrice,
    stock: '0',
    lowStockThreshold: defaults.lowStockThreshold || '0',
    image: null,
    sold: true,
  };
}

/** The row of a combination: as typed, else a new one. */
export function rowOf(draft: VariantDraft, values: readonly string[], defaults: RowDefaults): RowDraft {
  return draft.rows[valuesKey(values)] ?? newRow(defaults);
}

/** The grid: each combination with its row. */
export function gridRows(draft: VariantDraft, defaults: RowDefaults) {
  return draftCombinations(draft).map((values) => ({
    key: valuesKey(values),
    values,
    label: variantLabel(values),
    row: rowOf(draft, values, defaults),
  }));
}

// ---- Changes the owner makes. ----

export function addOption(draft: VariantDraft): VariantDraft {
  return { ...draft, options: [...draft.options, { key: nextOptionKey(), name: '', values: [] }] };
}

export function renameOption(draft: VariantDraft, index: number, name: string): VariantDraft {
  return { ...draft, options: draft.options.map((option, at) => (at === index ? { ...option, name } : option)) };
}

export function removeOption(draft: VariantDraft, index: number): VariantDraft {
  return { ...draft, options: draft.options.filter((_, at) => at !== index) };
}

/** Why a value cannot be added to an option, or null when it can. */
export function valueRefusal(option: OptionDraft, value: string): string | null {
  const text = value.trim();
  if (text === '' || text.length > MAX_OPTION_VALUE_LENGTH) return variantMessages.value;
  if (option.values.some((each) => each.toLowerCase() === text.toLowerCase())) {
    return variantMessages.valueTwice(option.name.trim() || 'this option', text);
  }
  if (option.values.length >= MAX_OPTION_VALUES) return variantMessages.tooManyValues;
  return null;
}

export function addValue(draft: VariantDraft, index: number, value: string): VariantDraft {
  const text = value.trim();
  return {
    ...draft,
    options: draft.options.map((option, at) =>
      at === index ? { ...option, values: [...option.values, text] } : option,
    ),
  };
}

export function removeValue(draft: VariantDraft, index: number, value: string): VariantDraft {
  return {
    ...draft,
    options: draft.options.map((option, at) =>
      at === index ? { ...option, values: option.values.filter((each) => each !== value) } : option,
    ),
  };
}

/** Changes one field (or whether it is sold) of a combination's row, keeping what else was typed. */
export function changeRow(
  draft: VariantDraft,
  values: readonly string[],
  defaults: RowDefaults,
  change: Partial<Pick<RowDraft, RowField | 'sold' | 'image'>>,
): VariantDraft {
  const key = valuesKey(values);
  return { ...draft, rows: { ...draft.rows, [key]: { ...rowOf(draft, values, defaults), ...change } } };
}

// ---- The body sent, and the errors put back on the rows. ----

/** The PUT body, or the errors to show; `sentKeys[i]` is the row of the body's variants[i] (for the server's). */
export interface BuiltVariants {
  body: ProductVariantsInput | null;
  sentKeys: string[];
  errors: VariantErrors;
}

const units = (text: string) => (/^\d{1,7}$/.test(text.trim()) ? Number(text.trim()) : null);

/**
 * The body of PUT /api/admin/products/{id}/variants from the draft: the options with values, and each combination
 * on sale with its figures in toea and units. Every refusal lands where it shows (a row's field, an option), in the
 * shop's words; the shared schema then checks the whole as the server will.
 */
export function buildVariantsBody(draft: VariantDraft, defaults: RowDefaults): BuiltVariants {
  const errors = noVariantErrors();
  draft.options.forEach((option, index) => {
    if (option.name.trim() === '')
      errors.options[index] = { ...errors.options[index], name: variantMessages.optionName };
    if (option.values.length === 0) {
      errors.options[index] = { ...errors.options[index], values: variantMessages.optionWithoutValues };
    }
  });
  const rows = gridRows(draft, defaults);
  const sold = rows.filter((each) => each.row.sold);
  if (rows.length > 0 && sold.length === 0) errors.general.push(variantMessages.noVariants);
  if (sold.length > MAX_PRODUCT_VARIANTS) errors.general.push(variantMessages.tooManyVariants);
  const sentKeys: string[] = [];
  const variants: ProductVariantsInput['variants'] = [];
  for (const { key, values, row } of sold) {
    const rowErrors: VariantErrors['rows'][string] = {};
    const price = parseKinaInput(row.price);
    if (price === null || price < 1) rowErrors.price = addProductMessages.price;
    const originalPrice = row.originalPrice.trim() === '' ? null : parseKinaInput(row.originalPrice);
    if (originalPrice === null && row.originalPrice.trim() !== '')
      rowErrors.originalPrice = addProductMessages.originalPrice;
    const stock = units(row.stock);
    if (stock === null) rowErrors.stock = stockMessages.stockRange;
    const threshold = units(row.lowStockThreshold);
    if (threshold === null) rowErrors.lowStockThreshold = stockMessages.threshold;
    const sku = row.sku.trim() === '' ? undefined : normaliseSku(row.sku);
    if (sku === null) rowErrors.sku = catalogAdminMessages.skuFormat;
    if (Object.keys(rowErrors).length > 0) errors.rows[key] = rowErrors;
    sentKeys.push(key);
    variants.push({
      ...(row.id === undefined ? {} : { id: row.id }),
      values,
      ...(sku ? { sku } : {}),
      price: price ?? 0,
      originalPrice,
      stock: stock ?? 0,
      ...(row.id !== undefined && row.stockShown !== undefined ? { stockShown: row.stockShown } : {}),
      lowStockThreshold: threshold ?? 0,
      image: row.image,
    });
  }
  const body: ProductVariantsInput = {
    options: optionsWithValues(draft).map((option) => ({ name: option.name.trim(), values: option.values })),
    variants,
  };
  if (hasVariantErrors(errors)) return { body: null, sentKeys, errors };
  const checked = productVariantsSchema.safeParse(body);
  if (!checked.success) {
    const issues = checked.error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message }));
    return { body: null, sentKeys, errors: placeIssues(issues, sentKeys, draft) };
  }
  return { body, sentKeys, errors };
}

/**
 * The body for a product whose options were all taken away: one variant without values, with the product form's
 * own figures (already checked by the product form).
 */
export function singleVariantBody(figures: {
  sku?: string | undefined;
  price: number;
  originalPrice: number | null;
  stock: number;
  lowStockThreshold: number;
}): ProductVariantsInput {
  const { sku, ...rest } = figures;
  return { options: [], variants: [{ values: [], ...(sku ? { sku } : {}), ...rest, image: null }] };
}

/**
 * The server's (or the schema's) field issues where they show: `variants.2.price` on the row sent third,
 * `options.1.values.0` on the second option's values; anything else above the grid.
 */
export function placeIssues(
  issues: readonly { path: string; message: string }[],
  sentKeys: readonly string[],
  draft: Pick<VariantDraft, 'options'>,
): VariantErrors {
  const errors = noVariantErrors();
  // The body's options are those with values: their indexes are the draft's with the empty ones left out.
  const optionIndexes = draft.options.flatMap((option, index) => (option.values.length > 0 ? [index] : []));
  for (const { path, message } of issues) {
    const [area, at, field] = path.split('.');
    const index = Number(at);
    if (area === 'options' && Number.isInteger(index) && optionIndexes[index] !== undefined) {
      const option = optionIndexes[index];
      const where = field === 'name' ? 'name' : 'values';
      errors.options[option] = { ...errors.options[option], [where]: message };
      continue;
    }
    const key = area === 'variants' && Number.isInteger(index) ? sentKeys[index] : undefined;
    if (key !== undefined && field !== undefined) {
      const where = (rowFields as readonly string[]).includes(field) ? (field as RowField) : 'values';
      errors.rows[key] = { ...errors.rows[key], [where]: message };
      continue;
    }
    if (!errors.general.includes(message)) errors.general.push(message);
  }
  return errors;
}

/** The cheapest price among the rows on sale (toea), for the product's own price; null when none can be read. */
export function cheapestPrice(draft: VariantDraft, defaults: RowDefaults): number | null {
  const prices = gridRows(draft, defaults)
    .filter((each) => each.row.sold)
    .map((each) => parseKinaInput(each.row.price))
    .filter((price): price is number => price !== null && price > 0);
  return prices.length === 0 ? null : Math.min(...prices);
}

/** A key that is the same for drafts that send the same body: saved only when the owner changed something. */
export function draftSignature(draft: VariantDraft, defaults: RowDefaults): string {
  return JSON.stringify({
    options: optionsWithValues(draft).map(({ name, values }) => ({ name, values })),
    rows: gridRows(draft, defaults).map(({ key, row }) => [key, row.sold ? row : null]),
  });
}
