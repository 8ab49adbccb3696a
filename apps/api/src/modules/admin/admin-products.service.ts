import type { AdminProduct, NewProduct, ProductUpdate, RestockInput, StockMovementsResponse } from '@bilum/shared';
import { nameWithVariant, productMessages, restockReasonLabels, stockMessages, variantMessages } from '@bilum/shared';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client';
import { productOptions, type ProductRow, products } from '../../db/schema';
import { AppError, notFound } from '../../errors';
import { actorOfCaller, changedFields, recordActivity, type StaffCaller } from '../audit/audit.service';
import { type CatalogService } from '../catalog/catalog.service';
import { adminActor, changeStock, type StockChangeResult, stockMovementsOf } from '../stock/stock.service';
import { requoteOrdersWithProduct } from '../orders/order-quote';
import type { ImagesService } from '../uploads/images.service';
import {
  adminProductRows,
  assertCategoryKnown,
  assertSkuFree,
  mapProductWriteViolation,
  settledPrices,
} from './admin-catalog.service';
import { archiveVariants, insertProduct, mirrorImplicitVariant } from '../variants/variants.service';
import { variantForRestock } from '../variants/variant-lookup';

const notArchived = isNull(products.archivedAt);

/** What the activity log shows of a product (issue 21): the fields an admin edits, prices in toea. */
function auditedProduct(row: ProductRow) {
  return {
    name: row.name,
    sku: row.sku,
    description: row.description,
    category: row.category,
    priceToea: row.priceToea,
    originalPriceToea: row.originalPriceToea,
    discountPercentage: row.discountPercentage,
    condition: row.condition,
    status: row.status,
    lowStockThreshold: row.lowStockThreshold,
    isHot: row.isHot,
    isAuction: row.isAuction,
    isTopPick: row.isTopPick,
    isExclusive: row.isExclusive,
    image: row.image,
    galleryImages: row.galleryImages,
    stock: row.stock,
  };
}
const priceFields = new Set(['priceToea', 'originalPriceToea', 'discountPercentage']);

/** A refused stock change in the admin's words: below 0 is a bad figure (400), over the maximum too. */
function assertStockChanged(result: StockChangeResult, change: number): void {
  if (result.ok) return;
  const message = change < 0 ? stockMessages.belowZero(result.stock) : stockMessages.tooMuch;
  throw new AppError('VALIDATION', message, { stock: result.stock }, [{ path: 'stock', message }]);
}

/**
 * The admin's product inventory. Every write goes through `write()`, which tells the catalogue that its
 * products changed, so the storefront shows the change at once (no stale list after an edit or a delete).
 */
export function createAdminProductsService(
  db: DbExecutor,
  catalog: Pick<CatalogService, 'invalidate'>,
  /** Picture addresses on other sites are fetched once and stored, before anything is written (issue 18). */
  images: Pick<ImagesService, 'localise'>,
) {
  /** Rows as the inventory shows them: the product, its version and threshold, units held and sold, its level. */
  function adminProducts(rows: ProductRow[]): Promise<AdminProduct[]> {
    // One mapping with the inventory's list (admin-catalog.service.ts).
    return adminProductRows(db, rows);
  }

  async function one(id: number): Promise<AdminProduct> {
    const [row] = await db
      .select()
      .from(products)
      .where(and(eq(products.id, id), notArchived));
    if (!row) throw notFound(productMessages.notFound);
    const [product] = await adminProducts([row]);
    if (!product) throw notFound(productMessages.notFound);
    return product;
  }

  async function write<T>(change: () => Promise<T>): Promise<T> {
    try {
      return await change();
    } finally {
      // Also after a failure: a write that half-happened must not leave a stale catalogue behind.
      await catalog.invalidate();
    }
  }

  return {
    /** Every product that has not been deleted, inactive and sold ones included (the spec's fetch_products). */
    async list(): Promise<AdminProduct[]> {
      const rows = await db.select().from(products).where(notArchived).orderBy(asc(products.id));
      return adminProducts(rows);
    },

    /** One product as the inventory shows it (after a write). */
    one,

    /**
     * POST /api/admin/products/{id}/restock: adds units relative to what is on hand when it runs, so checkouts
     * taking units at the same moment lose nothing; logged with the admin's name. The version is not bumped: an
     * edit dialog open meanwhile sends its own stock as a change too. Why (issue 30) and the note, if any, are
     * kept on the movement and in the activity log.
     */
    restock(admin: StaffCaller, id: number, input: RestockInput): Promise<AdminProduct> {
      const { quantity, reason } = input;
      const note = input.note?.trim() || null;
      return write(async () => {
        await db.transaction(async (tx) => {
          const [row] = await tx
            .select({ id: products.id, name: products.name })
            .from(products)
            .where(and(eq(products.id, id), notArchived));
          if (!row) throw notFound(productMessages.notFound);
          // Issue 30: one variant's units (required for a product with options; else its one variant).
          const variant = await variantForRestock(tx, id, input.variantId);
          const at = new Date();
          const result = await changeStock(tx, {
            productId: id,
            variantId: variant.id,
            change: quantity,
            reason: 'restock',
            restock: { reason, note },
            actor: adminActor(admin),
            at,
          });
          assertStockChanged(result, quantity);
          if (result.ok) {
            await recordActivity(tx, {
              actor: actorOfCaller(admin),
              action: 'product.restocked',
              entityType: 'product',
              entityId: id,
              summary:
                `Restocked ${nameWithVariant(row.name, variant.label)}: +${quantity} ` +
                `(${result.before} → ${result.after} on hand), ` +
                `${restockReasonLabels[reason].toLowerCase()}${note ? `: ${note}` : ''}`,
              before: { stock: result.before, variantSku: variant.sku },
              after: { stock: result.after, restockReason: reason, note, variantSku: variant.sku },
            });
          }
        });
        return one(id);
      });
    },

    /** GET /api/admin/products/{id}/stock-movements: the product's stock log, newest first. */
    async movements(
      id: number,
      page: { limit: number; before?: number | undefined; variantId?: number | undefined },
    ): Promise<StockMovementsResponse> {
      const [row] = await db.select({ id: products.id }).from(products).where(eq(products.id, id));
      if (!row) throw notFound(productMessages.notFound);
      return stockMovementsOf(db, id, page);
    },

    async create(admin: StaffCaller, body: NewProduct): Promise<AdminProduct> {
      // The one discount rule (issue 18): a typed discount sets the price; the stored figure follows the prices.
      const prices = settledPrices(body, 1);
      if (body.sku) await assertSkuFree(db, body.sku, null);
      await assertCategoryKnown(db, body.category);
      const input = await images.localise(body, admin.id);
      return write(async () => {
        const row = await mapProductWriteViolation(body.category, () =>
          db.transaction(async (tx) => {
            const row = await insertProduct(tx, {
              name: input.name,
              // Left out, the database gives the next BLM-000123.
              ...(input.sku ? { sku: input.sku } : {}),
              description: input.description,
              category: input.category,
              ...prices,
              condition: input.condition,
              status: input.status,
              // Put on the shelf by changeStock below, so the log starts with the figure the admin typed.
              stock: 0,
              lowStockThreshold: input.lowStockThreshold,
              isHot: input.isHot,
              isAuction: input.isAuction,
              isTopPick: input.isTopPick,
              isExclusive: input.isExclusive,
              image: input.image,
              galleryImages: input.secondaryImages,
            });
            const result = await changeStock(tx, {
              productId: row.id,
              change: input.stock,
              reason: 'created',
              actor: adminActor(admin),
              at: row.createdAt,
            });
            assertStockChanged(result, input.stock);
            await recordActivity(tx, {
              actor: actorOfCaller(admin),
              action: 'product.created',
              entityType: 'product',
              entityId: row.id,
              summary: `Added product ${row.name} (${row.sku})`,
              before: null,
              after: { ...auditedProduct(row), stock: input.stock },
            });
            return row;
          }),
        );
        return one(row.id);
      });
    },

    /**
     * PUT /api/admin/products/{id}: refused (409) when the product was edited since the admin loaded it (its
     * version moved on); the stock is changed relative to what is on hand (`stockChange`), logged, in the same
     * transaction.
     */
    async update(admin: StaffCaller, id: number, body: ProductUpdate): Promise<AdminProduct> {
      const prices = settledPrices(body, 0);
      if (body.sku) await assertSkuFree(db, body.sku, id);
      await assertCategoryKnown(db, body.category);
      const input = await images.localise(body, admin.id);
      return write(async () => {
        await mapProductWriteViolation(body.category, () =>
          db.transaction(async (tx) => {
            const at = new Date();
            const [previous] = await tx
              .select()
              .from(products)
              .where(and(eq(products.id, id), notArchived))
              .for('update');
            // A product with options (issue 30): its prices and SKU are its variants' (the cheapest one's), kept as
            // they are here; its stock moves per variant (PUT …/variants, the restock).
            const [option] = await tx
              .select({ id: productOptions.id })
              .from(productOptions)
              .where(eq(productOptions.productId, id))
              .limit(1);
            const withOptions = option !== undefined;
            if (withOptions && input.stockChange !== 0) {
              throw new AppError('VALIDATION', variantMessages.stockPerVariant, undefined, [
                { path: 'stock', message: variantMessages.stockPerVariant },
              ]);
            }
            const [row] = await tx
              .update(products)
              .set({
                name: input.name,
                description: input.description,
                category: input.category,
                ...(withOptions ? {} : prices),
                condition: input.condition,
                status: input.status,
                isHot: input.isHot,
                isAuction: input.isAuction,
                isTopPick: input.isTopPick,
                isExclusive: input.isExclusive,
                // Left out, the SKU stays as it is.
                ...(input.sku && !withOptions ? { sku: input.sku } : {}),
                image: input.image,
                // Sent by the edit dialog (issue 18); left out, the gallery stays as it is.
                ...(input.secondaryImages ? { galleryImages: input.secondaryImages } : {}),
                ...(input.lowStockThreshold === undefined ? {} : { lowStockThreshold: input.lowStockThreshold }),
                version: sql`${products.version} + 1`,
                updatedAt: at,
              })
              .where(and(eq(products.id, id), notArchived, eq(products.version, input.version)))
              .returning();
            if (!row) {
              const [current] = await tx
                .select({ version: products.version })
                .from(products)
                .where(and(eq(products.id, id), notArchived));
              if (!current) throw notFound(productMessages.notFound);
              throw new AppError('CONFLICT', stockMessages.staleEdit, { version: current.version });
            }
            await mirrorImplicitVariant(tx, id, at);
            if (input.stockChange !== 0) {
              const result = await changeStock(tx, {
                productId: id,
                change: input.stockChange,
                reason: 'admin-edit',
                actor: adminActor(admin),
                at,
              });
              assertStockChanged(result, input.stockChange);
            }
            if (previous) {
              const [saved] = await tx.select().from(products).where(eq(products.id, id));
              const diff = saved ? changedFields(auditedProduct(previous), auditedProduct(saved)) : null;
              const fields = Object.keys(diff?.after ?? {});
              const onlyPrice = fields.length > 0 && fields.every((field) => priceFields.has(field));
              // A lower price reaches the unpaid orders holding it; a higher one never does (decision 022).
              if (fields.some((field) => priceFields.has(field))) await requoteOrdersWithProduct(tx, id, at);
              await recordActivity(tx, {
                actor: actorOfCaller(admin),
                action: onlyPrice ? 'product.price-changed' : 'product.updated',
                entityType: 'product',
                entityId: id,
                summary: fields.length
                  ? `Edited ${row.name}: ${fields.join(', ')}`
                  : `Saved ${row.name} without changes`,
                before: diff?.before ?? {},
                after: diff?.after ?? {},
              });
            }
          }),
        );
        return one(id);
      });
    },

    /**
     * "Delete" archives the product: orders, carts and saved lists that refer to it keep their rows, while the
     * storefront and the inventory no longer show it.
     */
    remove(admin: StaffCaller, id: number): Promise<void> {
      return write(() =>
        db.transaction(async (tx) => {
          const [row] = await tx
            .update(products)
            .set({ archivedAt: new Date(), updatedAt: new Date() })
            .where(and(eq(products.id, id), notArchived))
            .returning({ id: products.id, name: products.name, sku: products.sku, archivedAt: products.archivedAt });
          if (!row) throw notFound(productMessages.notFound);
          await archiveVariants(tx, id, row.archivedAt ?? new Date());
          await recordActivity(tx, {
            actor: actorOfCaller(admin),
            action: 'product.deleted',
            entityType: 'product',
            entityId: id,
            summary: `Deleted product ${row.name} (${row.sku})`,
            before: { archived: false },
            after: { archived: true },
          });
        }),
      );
    },
  };
}

export type AdminProductsService = ReturnType<typeof createAdminProductsService>;
