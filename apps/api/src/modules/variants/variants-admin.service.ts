import {
  type AdminProductVariants,
  catalogAdminMessages,
  type FieldIssue,
  MAX_STOCK,
  type ProductOption,
  type ProductVariants,
  productMessages,
  stockMessages,
  variantLabel,
  variantMessages,
} from '@bilum/shared';
import { and, asc, eq, inArray, isNull, ne } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client';
import { productOptions, productOptionValues, products, productVariants } from '../../db/schema';
import { AppError, isUniqueViolation, notFound } from '../../errors';
import { actorOfCaller, recordActivity, type StaffCaller } from '../audit/audit.service';
import type { CatalogService } from '../catalog/catalog.service';
import { requoteOrdersWithProduct } from '../orders/order-quote';
import { adminActor } from '../stock/stock.service';
import { groupOptions, variantValues } from './variant-lookup';
import { setProductVariants } from './variants.service';

/**
 * The admin's options and variants of a product (issue 30 step 4, decision 042): GET and PUT
 * /api/admin/products/{id}/variants. The rules of the write are setProductVariants'; this adds what the admin's
 * call needs around it: the product must be on the shelf and not the membership, a SKU another product has is
 * refused, a stock typed in the form is a change from the figure it showed, the catalogue's cache is dropped, the
 * unpaid orders holding a variant whose price fell are priced again, and the activity log says what changed.
 */

/** A product's options in the owner's order, each with its values in order. */
async function optionsOf(db: DbExecutor, productId: number): Promise<ProductOption[]> {
  const rows = await db
    .select({ optionId: productOptions.id, option: productOptions.name, value: productOptionValues.value })
    .from(productOptions)
    .innerJoin(productOptionValues, eq(productOptionValues.optionId, productOptions.id))
    .where(eq(productOptions.productId, productId))
    .orderBy(asc(productOptions.position), asc(productOptionValues.position));
  return groupOptions(rows);
}

/** The product's live variants in the owner's order, each with its values in the options' order. */
async function variantsOf(db: DbExecutor, productId: number): Promise<AdminProductVariants['variants']> {
  const rows = await db
    .select({
      id: productVariants.id,
      sku: productVariants.sku,
      price: productVariants.priceToea,
      originalPrice: productVariants.originalPriceToea,
      stock: productVariants.stock,
      lowStockThreshold: productVariants.lowStockThreshold,
      image: productVariants.image,
      values: variantValues,
    })
    .from(productVariants)
    .where(and(eq(productVariants.productId, productId), isNull(productVariants.archivedAt)))
    .orderBy(asc(productVariants.position), asc(productVariants.id));
  return rows.map((row) => ({ ...row, values: row.values ?? [] }));
}

async function answerOf(db: DbExecutor, productId: number): Promise<AdminProductVariants> {
  return { options: await optionsOf(db, productId), variants: await variantsOf(db, productId) };
}

/** The product on the shelf (not deleted), locked for the write when `lock`; 404 otherwise. */
async function shelvedProduct(db: DbExecutor, productId: number, lock = false) {
  const query = db
    .select({ id: products.id, name: products.name, sku: products.sku, isMembership: products.isMembership })
    .from(products)
    .where(and(eq(products.id, productId), isNull(products.archivedAt)));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw notFound(productMessages.notFound);
  return row;
}

const skuTaken = (sku: string, index: number) =>
  new AppError('CONFLICT', variantMessages.skuTaken(sku), undefined, [
    { path: `variants.${index}.sku`, message: variantMessages.skuTaken(sku) },
  ]);

/**
 * 409 on the variant's SKU field when another product (on the shelf) has it as its own SKU: a product with options
 * keeps the SKU it had, which no variant need carry, so the variants' own check (assertVariantSkusFree) cannot see
 * it. (A variant taking its own product's SKU is fine.)
 */
async function assertSkusNotOtherProducts(
  tx: DbExecutor,
  productId: number,
  variants: ProductVariants['variants'],
): Promise<void> {
  const wanted = variants.flatMap((variant, index) => (variant.sku ? [{ sku: variant.sku, index }] : []));
  if (wanted.length === 0) return;
  const [taken] = await tx
    .select({ sku: products.sku })
    .from(products)
    .where(
      and(
        inArray(
          products.sku,
          wanted.map((each) => each.sku),
        ),
        isNull(products.archivedAt),
        ne(products.id, productId),
      ),
    )
    .limit(1);
  if (taken) throw skuTaken(taken.sku, wanted.find((each) => each.sku === taken.sku)!.index);
}

/**
 * The stock each variant is to have: with `stockShown`, what is on hand now plus the change the owner typed (read
 * under the product's row lock, which every stock change takes, so nothing moves before the write); else as typed.
 */
function stockToSet(
  input: ProductVariants,
  onHand: ReadonlyMap<number, number>,
): { input: ProductVariants; issues: FieldIssue[] } {
  const issues: FieldIssue[] = [];
  const variants = input.variants.map((variant, index) => {
    const { stockShown, ...rest } = variant;
    if (stockShown === undefined || variant.id === undefined || !onHand.has(variant.id)) return rest;
    const now = onHand.get(variant.id)!;
    const stock = now + (variant.stock - stockShown);
    if (stock < 0) issues.push({ path: `variants.${index}.stock`, message: stockMessages.belowZero(now) });
    if (stock > MAX_STOCK) issues.push({ path: `variants.${index}.stock`, message: stockMessages.stockRange });
    return { ...rest, stock };
  });
  return { input: { ...input, variants }, issues };
}

/** The unique index a racing save of the same SKU meets: told as the form's 409, never a 500. */
function takenSkuOf(error: unknown): string | null {
  for (let cause: unknown = error; cause; cause = (cause as { cause?: unknown }).cause) {
    const { constraint, message, detail } = cause as { constraint?: string; message?: string; detail?: string };
    const text = `${constraint ?? ''} ${message ?? ''}`;
    if (/product_variants_sku_unique|products_sku_unique/.test(text)) {
      return /\(sku\)=\(([^)]*)\)/.exec(detail ?? message ?? '')?.[1] ?? '';
    }
  }
  return null;
}

/** What the activity log keeps of a product's options and variants (prices in toea). */
function audited(answer: AdminProductVariants) {
  return {
    options: answer.options,
    variants: answer.variants.map((variant) => ({
      label: variantLabel(variant.values),
      sku: variant.sku,
      priceToea: variant.price,
      originalPriceToea: variant.originalPrice,
      stock: variant.stock,
    })),
  };
}

export function createVariantsAdminService(db: DbExecutor, catalog: Pick<CatalogService, 'invalidate'>) {
  return {
    /** GET /api/admin/products/{id}/variants. */
    async get(productId: number): Promise<AdminProductVariants> {
      await shelvedProduct(db, productId);
      return answerOf(db, productId);
    },

    /** PUT /api/admin/products/{id}/variants: the product's options and variants as the form sends them. */
    async set(admin: StaffCaller, productId: number, body: ProductVariants): Promise<AdminProductVariants> {
      try {
        await db.transaction(async (tx) => {
          const product = await shelvedProduct(tx, productId, true);
          if (product.isMembership && body.options.length > 0) {
            throw new AppError('VALIDATION', variantMessages.membershipNoOptions, undefined, [
              { path: 'options', message: variantMessages.membershipNoOptions },
            ]);
          }
          await assertSkusNotOtherProducts(tx, productId, body.variants);
          const before = await answerOf(tx, productId);
          const { input, issues } = stockToSet(
            body,
            new Map(before.variants.map((variant) => [variant.id, variant.stock])),
          );
          if (issues.length > 0) throw new AppError('VALIDATION', issues[0]!.message, undefined, issues);
          const at = new Date();
          await setProductVariants(tx, productId, input, { reason: 'admin-edit', actor: adminActor(admin), at });
          const after = await answerOf(tx, productId);
          // A lower price reaches the unpaid orders holding the product; a higher one never does (decision 022).
          const priceBefore = new Map(before.variants.map((variant) => [variant.id, variant.price]));
          if (after.variants.some((variant) => priceBefore.get(variant.id) !== variant.price)) {
            await requoteOrdersWithProduct(tx, productId, at);
          }
          const labels = after.options.map((option) => option.name).join(', ');
          await recordActivity(tx, {
            actor: actorOfCaller(admin),
            action: 'product.variants-updated',
            entityType: 'product',
            entityId: productId,
            summary:
              after.options.length > 0
                ? `Saved the options of ${product.name} (${labels}): ${after.variants.length} variant(s)`
                : `Saved ${product.name} without options`,
            before: audited(before),
            after: audited(after),
          });
        });
      } catch (error) {
        if (!isUniqueViolation(error)) throw error;
        const sku = takenSkuOf(error);
        if (sku === null) throw error;
        const index = body.variants.findIndex((variant) => variant.sku === sku);
        if (sku === '' || index < 0) throw new AppError('CONFLICT', catalogAdminMessages.skuTaken);
        throw skuTaken(sku, index);
      } finally {
        // Also after a failure: a write that half-happened must not leave a stale catalogue behind.
        await catalog.invalidate();
      }
      return answerOf(db, productId);
    },
  };
}

export type VariantsAdminService = ReturnType<typeof createVariantsAdminService>;
