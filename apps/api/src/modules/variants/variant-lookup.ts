import { discountPercentFor, type ProductOption, type ProductVariantChoice, stockMessages } from '@bilum/shared';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client';
import { type ProductRow, productOptionValues, productOptions, productVariants } from '../../db/schema';
import { AppError } from '../../errors';

// Which variant a line takes and what it sells at (issue 30, decision 042): read by the cart, the checkout and the
// stock log. Kept apart from variants.service.ts, which writes variants through changeStock, so the stock module
// can ask it.

/** What a cart or order line reads of its variant. */
export interface LineVariant {
  id: number;
  productId: number;
  sku: string;
  /** "256 GB / Black"; '' for the implicit variant. */
  label: string;
  priceToea: number;
  originalPriceToea: number | null;
  stock: number;
  lowStockThreshold: number;
  image: string | null;
  archivedAt: Date | null;
}

/** A variant's values joined in its options' order ("256 GB / Black"); '' for the implicit variant. */
const variantLabelSql = sql<string>`coalesce((
  select string_agg(ov.value, ' / ' order by o.position)
  from variant_option_values vov
  join product_option_values ov on ov.id = vov.option_value_id
  join product_options o on o.id = ov.option_id
  where vov.variant_id = "product_variants"."id"), '')`;

const lineVariantColumns = {
  id: productVariants.id,
  productId: productVariants.productId,
  sku: productVariants.sku,
  label: variantLabelSql,
  priceToea: productVariants.priceToea,
  originalPriceToea: productVariants.originalPriceToea,
  stock: productVariants.stock,
  lowStockThreshold: productVariants.lowStockThreshold,
  image: productVariants.image,
  archivedAt: productVariants.archivedAt,
};

/**
 * The variant a line of each product takes when the shopper did not choose one: the first live variant in the
 * owner's order (for a product without options, its one variant). Products without a live variant are left out.
 */
export async function defaultVariants(tx: DbExecutor, productIds: number[]): Promise<Map<number, LineVariant>> {
  if (productIds.length === 0) return new Map();
  const rows = await tx
    .select(lineVariantColumns)
    .from(productVariants)
    .where(and(inArray(productVariants.productId, [...new Set(productIds)]), isNull(productVariants.archivedAt)))
    .orderBy(asc(productVariants.productId), asc(productVariants.position), asc(productVariants.id));
  const chosen = new Map<number, LineVariant>();
  for (const row of rows) if (!chosen.has(row.productId)) chosen.set(row.productId, row);
  return chosen;
}

/** The product's default variant (see defaultVariants); an archived product's lines keep its archived one. */
export async function defaultVariant(tx: DbExecutor, productId: number): Promise<LineVariant> {
  const variant = (await defaultVariants(tx, [productId])).get(productId);
  if (variant) return variant;
  const [any] = await tx
    .select(lineVariantColumns)
    .from(productVariants)
    .where(eq(productVariants.productId, productId))
    .orderBy(asc(productVariants.position), asc(productVariants.id))
    .limit(1);
  if (any) return any;
  throw new Error(`product ${productId} has no variant`);
}

/** Variants by id (archived ones too: the caller decides what an archived one means). */
export async function variantsByIds(tx: DbExecutor, ids: number[]): Promise<Map<number, LineVariant>> {
  if (ids.length === 0) return new Map();
  const rows = await tx
    .select(lineVariantColumns)
    .from(productVariants)
    .where(inArray(productVariants.id, [...new Set(ids)]));
  return new Map(rows.map((row) => [row.id, row]));
}

/** The live variants of these products, each product's in the owner's order (its implicit one with label ''). */
export async function liveVariantsOf(tx: DbExecutor, productIds: readonly number[]): Promise<LineVariant[]> {
  if (productIds.length === 0) return [];
  return tx
    .select(lineVariantColumns)
    .from(productVariants)
    .where(and(inArray(productVariants.productId, [...new Set(productIds)]), isNull(productVariants.archivedAt)))
    .orderBy(asc(productVariants.productId), asc(productVariants.position), asc(productVariants.id));
}

/**
 * The variant an admin's restock acts on (issue 30): the one named, which must be a live variant of the product;
 * none named, the product's one variant when it has no options. A 400 on `variantId` otherwise, in words.
 */
export async function variantForRestock(
  tx: DbExecutor,
  productId: number,
  variantId: number | undefined,
): Promise<LineVariant> {
  const refused = (message: string) => new AppError('VALIDATION', message, undefined, [{ path: 'variantId', message }]);
  if (variantId === undefined) {
    const [option] = await tx
      .select({ id: productOptions.id })
      .from(productOptions)
      .where(eq(productOptions.productId, productId))
      .limit(1);
    if (option) throw refused(stockMessages.variantRequired);
    return defaultVariant(tx, productId);
  }
  const variant = (await variantsByIds(tx, [variantId])).get(variantId);
  if (variant?.productId !== productId || variant.archivedAt !== null) {
    throw refused(stockMessages.variantNotOfProduct);
  }
  return variant;
}

/**
 * The variant (issue 30) the lines ask for, each by its id or, without one, the product's default: undefined for an
 * id that is not a live variant of that product.
 */
export async function chosenVariants(
  tx: DbExecutor,
  lines: readonly { productId: number; variantId?: number | null }[],
): Promise<(LineVariant | undefined)[]> {
  const named = await variantsByIds(
    tx,
    lines.flatMap((line) => (line.variantId ? [line.variantId] : [])),
  );
  const defaults = await defaultVariants(
    tx,
    lines.filter((line) => !line.variantId).map((line) => line.productId),
  );
  return lines.map((line) => {
    if (!line.variantId) return defaults.get(line.productId);
    const variant = named.get(line.variantId);
    return variant && variant.productId === line.productId && variant.archivedAt === null ? variant : undefined;
  });
}

/**
 * The product as one of its variants sells it: that variant's prices, stock, low-stock line, SKU and picture (the
 * product's when it has none). Every rule that reads a product row (price, member price, sold out, the stepper's
 * top) then reads the variant's, and the implicit variant's are the product's own.
 */
export function throughVariant(row: ProductRow, variant: LineVariant): ProductRow {
  return {
    ...row,
    sku: variant.sku,
    priceToea: variant.priceToea,
    originalPriceToea: variant.originalPriceToea,
    discountPercentage:
      variant.priceToea === row.priceToea && variant.originalPriceToea === row.originalPriceToea
        ? row.discountPercentage
        : discountPercentFor(variant.originalPriceToea, variant.priceToea),
    stock: variant.stock,
    lowStockThreshold: variant.lowStockThreshold,
    image: variant.image ?? row.image,
  };
}

/**
 * A selected product variant's option values, in its options' order (null when it has none): one subquery for
 * every read of variants (the storefront's choice, the admin's editor, the catalogue CSV).
 */
export const variantValues = sql<string[] | null>`(
  select array_agg(ov.value order by o.position)
  from variant_option_values vov
  join product_option_values ov on ov.id = vov.option_value_id
  join product_options o on o.id = ov.option_id
  where vov.variant_id = "product_variants"."id")`;

/** One product's option rows, read in the owner's order (option, then value), as options each with its values. */
export function groupOptions(rows: readonly { optionId: number; option: string; value: string }[]): ProductOption[] {
  const options: (ProductOption & { id: number })[] = [];
  for (const row of rows) {
    const last = options.at(-1);
    if (last?.id === row.optionId) last.values.push(row.value);
    else options.push({ id: row.optionId, name: row.option, values: [row.value] });
  }
  return options.map(({ name, values }) => ({ name, values }));
}

/**
 * A product's options and live variants as its page offers them (issue 30): options and values in the owner's
 * order, each variant's values in the options' order; `held` says which variants' units unpaid checkouts hold.
 */
export async function productChoice(
  tx: DbExecutor,
  productId: number,
  held: (variantIds: number[]) => Promise<Map<number, Date | null>>,
): Promise<{ options: ProductOption[]; variants: ProductVariantChoice[] }> {
  const optionRows = await tx
    .select({ optionId: productOptions.id, option: productOptions.name, value: productOptionValues.value })
    .from(productOptions)
    .innerJoin(productOptionValues, eq(productOptionValues.optionId, productOptions.id))
    .where(eq(productOptions.productId, productId))
    .orderBy(asc(productOptions.position), asc(productOptionValues.position));
  const options = groupOptions(optionRows);
  const variantRows = await tx
    .select({
      id: productVariants.id,
      sku: productVariants.sku,
      price: productVariants.priceToea,
      originalPrice: productVariants.originalPriceToea,
      stock: productVariants.stock,
      image: productVariants.image,
      values: variantValues,
    })
    .from(productVariants)
    .where(and(eq(productVariants.productId, productId), isNull(productVariants.archivedAt)))
    .orderBy(asc(productVariants.position), asc(productVariants.id));
  const holds = await held(variantRows.filter((row) => row.stock <= 0).map((row) => row.id));
  return {
    options,
    variants: variantRows.map((row) => ({
      ...row,
      values: row.values ?? [],
      reserved: row.stock <= 0 && holds.has(row.id),
    })),
  };
}
