import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client';
import {
  discountPercentFor,
  type ProductVariants,
  productMessages,
  stockMessages,
  valuesKey,
  variantMessages,
} from '@bilum/shared';
import {
  type NewProductRow,
  type ProductRow,
  productOptionValues,
  productOptions,
  productVariants,
  products,
  variantOptionValues,
} from '../../db/schema';
import { AppError } from '../../errors';
import { dropVariantCartLines } from '../cart/order-cart-lines';
import { changeStock, type StockActor } from '../stock/stock.service';

/**
 * Product variants (issue 30, decision 042): the one module that writes a product's options and variants. A
 * product without options has one variant with no values (the implicit variant), which mirrors the product's own
 * SKU, prices, low-stock line, picture and archived time; its stock moves only through changeStock (modules/stock).
 */

/**
 * Inserts products and, in the same transaction, each one's implicit variant carrying its SKU, prices, stock,
 * low-stock line and picture. Every product the shop adds comes through here (the admin's form, the CSV import,
 * the seed, the tests' factory), so no product is ever without a variant.
 */
export async function insertProducts(tx: DbExecutor, rows: NewProductRow[]): Promise<ProductRow[]> {
  if (rows.length === 0) return [];
  const inserted = await tx.insert(products).values(rows).returning();
  await tx.insert(productVariants).values(
    inserted.map((product) => ({
      productId: product.id,
      sku: product.sku,
      priceToea: product.priceToea,
      originalPriceToea: product.originalPriceToea,
      stock: product.stock,
      lowStockThreshold: product.lowStockThreshold,
      image: product.image,
      archivedAt: product.archivedAt,
      createdAt: product.createdAt,
      updatedAt: product.updatedAt,
    })),
  );
  return inserted;
}

/** One product and its implicit variant; see insertProducts. */
export async function insertProduct(tx: DbExecutor, row: NewProductRow): Promise<ProductRow> {
  const [product] = await insertProducts(tx, [row]);
  if (!product) throw new Error('products insert returned nothing');
  return product;
}

/**
 * After an admin write to a product without options (its form, the CSV import, deleting it): its implicit variant
 * takes the product's SKU, prices, low-stock line, picture and archived time again. (Stock is not copied: it moves
 * through changeStock, variant and product together.) A product with options keeps its variants as they are.
 * Nothing else is written for the lists: without options the product's variant words stay '' (its search document
 * holds its own SKU, the implicit variant's) and its prices cannot differ.
 */
export async function mirrorImplicitVariant(tx: DbExecutor, productId: number, at: Date): Promise<void> {
  await tx.execute(sql`
    update ${productVariants} v
    set sku = p.sku, price_toea = p.price_toea, original_price_toea = p.original_price_toea,
        low_stock_threshold = p.low_stock_threshold, image = p.image, archived_at = p.archived_at,
        version = v.version + 1, updated_at = ${at}
    from ${products} p
    where v.product_id = p.id and p.id = ${productId}
      and not exists (select 1 from ${productOptions} o where o.product_id = p.id)`);
}

/** A deleted product's variants are archived with it: their SKUs are free again, their orders keep them. */
export async function archiveVariants(tx: DbExecutor, productId: number, at: Date): Promise<void> {
  await tx
    .update(productVariants)
    .set({ archivedAt: at, updatedAt: at })
    .where(and(eq(productVariants.productId, productId), isNull(productVariants.archivedAt)));
}

/** A variant as the owner left it, for the admin's answers and the tests. */
export interface WrittenVariant {
  id: number;
  values: string[];
  sku: string;
  stock: number;
}

/**
 * Sets a product's options and variants as the admin's add or edit form sends them (checked by
 * productVariantsSchema), in the caller's transaction, under the product's row lock:
 * - the options and their values are written again in the order given;
 * - a variant with an id (one of the product's live variants) keeps its id, its stock log and its orders, and
 *   takes the new values, SKU, prices, picture and place; one without an id is added (a SKU from the shop's
 *   sequence when none is given);
 * - a live variant left out is archived: its units leave the shelf first (logged), and shoppers' carts drop it;
 * - stock moves through changeStock (logged as `reason` by `actor`), so the product's total stays the sum;
 * - the product takes the cheapest live variant's prices (its cards, price sort and price bands go by this "from"
 *   price), notes whether the others' differ (the cards then say "from K…") and takes its variants' SKUs and
 *   values for the search; with no options, its one variant's SKU, low-stock line and picture as well.
 * A SKU another live variant has is refused (409 on the variant's SKU field).
 */
export async function setProductVariants(
  tx: DbExecutor,
  productId: number,
  input: ProductVariants,
  change: { reason: 'created' | 'admin-edit' | 'import'; actor: StockActor; at: Date },
): Promise<WrittenVariant[]> {
  const { at } = change;
  const [product] = await tx.select({ id: products.id }).from(products).where(eq(products.id, productId)).for('update');
  if (!product) throw new AppError('NOT_FOUND', productMessages.notFound);
  const live = await tx
    .select({ id: productVariants.id, stock: productVariants.stock })
    .from(productVariants)
    .where(and(eq(productVariants.productId, productId), isNull(productVariants.archivedAt)));
  const liveById = new Map(live.map((variant) => [variant.id, variant]));
  input.variants.forEach((variant, index) => {
    if (variant.id !== undefined && !liveById.has(variant.id)) {
      throw new AppError('CONFLICT', variantMessages.variantGone, undefined, [
        { path: `variants.${index}.id`, message: variantMessages.variantGone },
      ]);
    }
  });
  await assertVariantSkusFree(tx, productId, input.variants);

  // The options again, in the order given; their values by option and value for the variants' links.
  await tx.delete(productOptions).where(eq(productOptions.productId, productId));
  const valueIds = new Map<string, number>();
  for (const [index, option] of input.options.entries()) {
    const [row] = await tx
      .insert(productOptions)
      .values({ productId, name: option.name, position: index + 1 })
      .returning({ id: productOptions.id });
    const values = await tx
      .insert(productOptionValues)
      .values(option.values.map((value, at) => ({ optionId: row!.id, value, position: at + 1 })))
      .returning({ id: productOptionValues.id, value: productOptionValues.value });
    for (const value of values) valueIds.set(valuesKey([String(index), value.value]), value.id);
  }

  // Left out: off the shelf, out of the carts, archived.
  const kept = new Set(input.variants.flatMap((variant) => (variant.id === undefined ? [] : [variant.id])));
  const dropped = live.filter((variant) => !kept.has(variant.id));
  for (const variant of dropped) {
    if (variant.stock > 0) {
      await changeStock(tx, { productId, variantId: variant.id, change: -variant.stock, ...change });
    }
  }
  if (dropped.length > 0) {
    const ids = dropped.map((variant) => variant.id);
    await dropVariantCartLines(tx, ids);
    await tx
      .update(productVariants)
      .set({ archivedAt: at, updatedAt: at, version: sql`${productVariants.version} + 1` })
      .where(inArray(productVariants.id, ids));
  }

  const written: WrittenVariant[] = [];
  for (const [index, variant] of input.variants.entries()) {
    const fields = {
      priceToea: variant.price,
      originalPriceToea: variant.originalPrice,
      lowStockThreshold: variant.lowStockThreshold,
      image: variant.image,
      position: index + 1,
      updatedAt: at,
    };
    let id: number;
    let sku: string;
    if (variant.id === undefined) {
      const [row] = await tx
        .insert(productVariants)
        .values({
          productId,
          sku: variant.sku ?? sql`('BLM-' || lpad(nextval('product_sku_seq')::text, 6, '0'))`,
          stock: 0,
          createdAt: at,
          ...fields,
        })
        .returning({ id: productVariants.id, sku: productVariants.sku });
      ({ id, sku } = row!);
    } else {
      const [row] = await tx
        .update(productVariants)
        .set({ ...fields, ...(variant.sku ? { sku: variant.sku } : {}), version: sql`${productVariants.version} + 1` })
        .where(eq(productVariants.id, variant.id))
        .returning({ id: productVariants.id, sku: productVariants.sku });
      ({ id, sku } = row!);
      await tx.delete(variantOptionValues).where(eq(variantOptionValues.variantId, id));
    }
    if (variant.values.length > 0) {
      await tx.insert(variantOptionValues).values(
        variant.values.map((value, option) => ({
          variantId: id,
          optionValueId: valueIds.get(valuesKey([String(option), value]))!,
        })),
      );
    }
    const stockNow = variant.id === undefined ? 0 : liveById.get(variant.id)!.stock;
    if (variant.stock !== stockNow) {
      const moved = await changeStock(tx, { productId, variantId: id, change: variant.stock - stockNow, ...change });
      if (!moved.ok) throw new AppError('CONFLICT', stockMessages.tooMuch);
    }
    written.push({ id, values: variant.values, sku, stock: variant.stock });
  }

  // The product's own figures: the cheapest live variant's prices, whether the others differ ("from" on the cards)
  // and the variants' words for the search; without options, its one variant's fields.
  const cheapest = [...input.variants].sort((a, b) => a.price - b.price)[0]!;
  const only = input.options.length === 0 ? input.variants[0] : undefined;
  await tx
    .update(products)
    .set({
      priceToea: cheapest.price,
      originalPriceToea: cheapest.originalPrice,
      discountPercentage: discountPercentFor(cheapest.originalPrice, cheapest.price),
      variantPricesDiffer: input.variants.some((variant) => variant.price !== cheapest.price),
      variantWords: only ? '' : variantWords(input, written),
      ...(only ? { sku: written[0]!.sku, lowStockThreshold: only.lowStockThreshold } : {}),
      ...(only?.image ? { image: only.image } : {}),
      version: sql`${products.version} + 1`,
      updatedAt: at,
    })
    .where(eq(products.id, productId));
  return written;
}

/**
 * The words a product with options is found by besides its name, description and SKU (the search document,
 * migration 0037): its live variants' SKUs, then the option values some live variant has, in the options' order
 * ("256 GB", "Blue"). A value no variant is sold in finds nothing.
 */
function variantWords(input: ProductVariants, written: readonly WrittenVariant[]): string {
  const values = input.options.flatMap((option, index) =>
    option.values.filter((value) => input.variants.some((variant) => variant.values[index] === value)),
  );
  return [...written.map((variant) => variant.sku), ...values].join(' ');
}

/** 409 on the variant's SKU field when a live variant of another product, or another of this one, has it. */
async function assertVariantSkusFree(
  tx: DbExecutor,
  productId: number,
  variants: ProductVariants['variants'],
): Promise<void> {
  const wanted = variants.flatMap((variant, index) =>
    variant.sku ? [{ sku: variant.sku, index, id: variant.id }] : [],
  );
  if (wanted.length === 0) return;
  const taken = await tx
    .select({ id: productVariants.id, productId: productVariants.productId, sku: productVariants.sku })
    .from(productVariants)
    .where(
      and(
        inArray(
          productVariants.sku,
          wanted.map((each) => each.sku),
        ),
        isNull(productVariants.archivedAt),
      ),
    );
  const ownIds = new Set(variants.map((variant) => variant.id));
  for (const row of taken) {
    const holder = wanted.find((each) => each.sku === row.sku)!;
    // The variant keeping its own SKU, or one of this product's being left out (archived first, so it frees it).
    if (holder.id === row.id || (row.productId === productId && !ownIds.has(row.id))) continue;
    throw new AppError('CONFLICT', variantMessages.skuTaken(row.sku), undefined, [
      { path: `variants.${holder.index}.sku`, message: variantMessages.skuTaken(row.sku) },
    ]);
  }
}
