import { createHash } from 'node:crypto';
import {
  productMessages,
  productStatusFor,
  type Product,
  type ProductListQuery,
  productSchema,
  queryProducts,
} from '@bilum/shared';
import { and, asc, eq, isNull, ne } from 'drizzle-orm';
import { z } from 'zod';
import { markCacheChanged } from '../../db/change-feed';
import type { DbExecutor } from '../../db/client';
import { type ProductRow, products } from '../../db/schema';
import { notFound } from '../../errors';
import { heldProducts } from '../orders/order-holds';

/**
 * A product as the shop shows it. `heldUntil`: the product's entry in `heldProducts` (unpaid orders hold units of
 * it, the first until then), or undefined when none does; with no stock on hand the product is then "Reserved".
 */
export function toProduct(row: ProductRow, heldUntil?: Date | null): Product {
  const reserved = heldUntil !== undefined && row.stock <= 0 && row.status === 'active' && !row.isMembership;
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    category: row.category as Product['category'],
    price: row.priceToea,
    originalPrice: row.originalPriceToea,
    discountPercentage: row.discountPercentage,
    condition: row.condition,
    // "Sold" follows the stock (issue 18): stored is only active or hidden.
    status: productStatusFor(row),
    stock: row.stock,
    isHot: row.isHot,
    isAuction: row.isAuction,
    isTopPick: row.isTopPick,
    isExclusive: row.isExclusive,
    isMembership: row.isMembership,
    image: row.image,
    galleryImages: row.galleryImages,
    reserved,
    reservedUntil: reserved && heldUntil ? heldUntil.toISOString() : null,
  };
}

const visible = and(isNull(products.archivedAt), ne(products.status, 'inactive'));
/**
 * What the storefront's grids list (home, categories, search, the member pages): the visible products except the
 * Premium membership (issue 17), which is sold on the membership pages and stays in a cart, and answers by its id.
 */
const listed = and(visible, eq(products.isMembership, false));

export const productListResponseSchema = z.object({ products: z.array(productSchema), count: z.number().int() });

/** The product list as it goes on the wire: serialised once per query, with an ETag for conditional requests. */
export interface ProductListAnswer {
  body: Buffer;
  etag: string;
}

/** Distinct queries kept per catalogue version; beyond it the answers are dropped and computed again. */
const maxCachedAnswers = 500;

/**
 * The storefront catalogue. The visible list is read once and kept in memory, and each query's answer is kept
 * as the bytes sent, until the catalogue changes: `invalidate()` after an admin write here, and on every other
 * instance the change feed (db/change-feed.ts: LISTEN/NOTIFY and a version check, fed by a trigger on
 * products) calls `dropCache()`. Filtering and sorting use the same pure rule as the browser (packages/shared).
 */
export function createCatalogService(db: DbExecutor) {
  let cached: { products: Promise<Product[]>; answers: Map<string, Promise<ProductListAnswer>> } | null = null;

  /** Holds change the list too ("Reserved"): a new hold or a release changes products, a payment the order (both drop the cache). */
  async function loadVisible(): Promise<Product[]> {
    const rows = await db.select().from(products).where(listed).orderBy(asc(products.id));
    const held = await heldProducts(db);
    return rows.map((row) => toProduct(row, held.get(row.id)));
  }

  function current() {
    if (!cached) {
      const entry = { products: loadVisible(), answers: new Map<string, Promise<ProductListAnswer>>() };
      entry.products.catch(() => {
        if (cached === entry) cached = null;
      });
      cached = entry;
    }
    return cached;
  }

  async function answer(list: Promise<Product[]>, query: ProductListQuery): Promise<ProductListAnswer> {
    const found = queryProducts(await list, query);
    // The same checks and key order as the route's response serialiser, done once instead of per request.
    const json = JSON.stringify(productListResponseSchema.parse({ products: found, count: found.length }));
    const body = Buffer.from(json);
    return { body, etag: `"${createHash('sha1').update(body).digest('base64url')}"` };
  }

  return {
    async listProducts(query: ProductListQuery): Promise<Product[]> {
      return queryProducts(await current().products, query);
    },

    /** The serialised list for a query; `key` is the raw query string (same string, same answer). */
    listProductsAnswer(key: string, query: ProductListQuery): Promise<ProductListAnswer> {
      const entry = current();
      let found = entry.answers.get(key);
      if (!found) {
        if (entry.answers.size >= maxCachedAnswers) entry.answers.clear();
        found = answer(entry.products, query);
        entry.answers.set(key, found);
        found.catch(() => entry.answers.delete(key));
      }
      return found;
    },

    /** One product by id; archived and inactive products are not found. */
    async getProduct(id: number): Promise<Product> {
      const [row] = await db
        .select()
        .from(products)
        .where(and(eq(products.id, id), visible));
      if (!row) throw notFound(productMessages.notFound);
      const held = row.stock <= 0 ? await heldProducts(db, [row.id]) : new Map<number, Date | null>();
      return toProduct(row, held.get(row.id));
    },

    /**
     * Call after changing anything the product list shows: drops this instance's copy now and tells every
     * other instance (pass the transaction to tell them only if it commits). Writes to the products table tell
     * them by themselves, through the trigger; this makes it immediate here.
     */
    async invalidate(tx: DbExecutor = db): Promise<void> {
      cached = null;
      await markCacheChanged(tx, 'catalog');
    },

    /** Drops this instance's copy only (the change feed calls it when another instance changed the catalogue). */
    dropCache() {
      cached = null;
    },
  };
}

export type CatalogService = ReturnType<typeof createCatalogService>;
