import {
  type AdminProduct,
  type AdminProductListQuery,
  type AdminProductListResponse,
  type AdminVariantStock,
  catalogAdminMessages as messages,
  categoryMessages,
  type ImportPreview,
  type ImportResult,
  type InventoryPageStats,
  productStockLevel,
  settleProductPrices,
  stockLevel,
} from '@bilum/shared';
import { and, asc, count, desc, eq, isNull, ne, type SQL, sql } from 'drizzle-orm';
import type { Database, DbExecutor } from '../../db/client';
import { type ProductRow, products } from '../../db/schema';
import { AppError, isForeignKeyViolation } from '../../errors';
import { actorOfCaller, recordActivity, type StaffCaller } from '../audit/audit.service';
import type { CatalogService } from '../catalog/catalog.service';
import { categoryExists } from '../categories/categories.service';
import { toProduct } from '../catalog/catalog.service';
import { heldProducts } from '../orders/order-holds';
import {
  adminActor,
  type StockActor,
  type StockFigures,
  stockFigures,
  stockLevelCondition,
  variantStockFigures,
} from '../stock/stock.service';
import { liveVariantsOf } from '../variants/variant-lookup';
import { catalogCsv, planImport, writeImport } from './catalog-csv';

const notArchived = isNull(products.archivedAt);

/**
 * A product as the inventory shows it: the storefront's fields, its SKU and its stock figures; with options, each
 * variant's (issue 30), and its level by them.
 */
function toAdminProduct(
  row: ProductRow,
  figures: StockFigures | undefined,
  heldUntil: Date | null | undefined,
  variantStock: AdminVariantStock[],
): AdminProduct {
  return {
    ...toProduct(row, heldUntil),
    sku: row.sku,
    version: row.version,
    lowStockThreshold: row.lowStockThreshold,
    held: figures?.held ?? 0,
    sold: figures?.sold ?? 0,
    stockLevel: productStockLevel(row, variantStock),
    variantStock,
  };
}

/** The live variants of the products with options among `rows`, each with its units held and sold (issue 30). */
async function variantStockOf(db: DbExecutor, rows: readonly ProductRow[]): Promise<Map<number, AdminVariantStock[]>> {
  // A product without options has one variant, labelled ''; it is the product's own row.
  const variants = (
    await liveVariantsOf(
      db,
      rows.map((row) => row.id),
    )
  ).filter((variant) => variant.label !== '');
  const figures = await variantStockFigures(
    db,
    variants.map((variant) => variant.id),
  );
  const byProduct = new Map<number, AdminVariantStock[]>();
  for (const variant of variants) {
    const own = figures.get(variant.id);
    const list = byProduct.get(variant.productId) ?? [];
    byProduct.set(variant.productId, list);
    list.push({
      id: variant.id,
      label: variant.label,
      sku: variant.sku,
      stock: variant.stock,
      lowStockThreshold: variant.lowStockThreshold,
      held: own?.held ?? 0,
      sold: own?.sold ?? 0,
      stockLevel: stockLevel({ ...variant, isMembership: false }),
    });
  }
  return byProduct;
}

/** Rows as the inventory shows them (the list, and the answer to every admin write): one mapping for all. */
export async function adminProductRows(db: DbExecutor, rows: readonly ProductRow[]): Promise<AdminProduct[]> {
  const ids = rows.map((row) => row.id);
  const [figures, held, variants] = await Promise.all([
    stockFigures(db, ids),
    heldProducts(db, ids),
    variantStockOf(db, rows),
  ]);
  return rows.map((row) =>
    toAdminProduct(row, figures.get(row.id), held.get(row.id), row.isMembership ? [] : (variants.get(row.id) ?? [])),
  );
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

/**
 * A unique-index violation (two saves of the same SKU at once): the second one is told, not a 500. Also a variant's
 * SKU (issue 30): a product's implicit variant carries its SKU (mirrorImplicitVariant), which another product's
 * variant may have.
 */
export function isSkuViolation(error: unknown): boolean {
  const skuIndex = /\b(products_sku_unique|product_variants_sku_unique)\b/;
  for (let cause: unknown = error; cause; cause = (cause as { cause?: unknown }).cause) {
    const { code, constraint, message } = cause as { code?: string; constraint?: string; message?: string };
    if (code === '23505' && skuIndex.test(`${constraint ?? ''} ${message ?? ''}`)) {
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

    /** The catalogue as CSV text, one row per variant (issue 30): catalog-csv.ts. */
    exportCsv(): Promise<string> {
      return catalogCsv(db);
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
            const { created, updated, notices, before, after } = await writeImport(tx, plan, actor);
            // The activity log (issue 21): one entry for the file, with each row's changed fields (the first 200).
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
