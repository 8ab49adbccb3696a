import { productMessages, type Product, type ProductListQuery, queryProducts } from '@bilum/shared';
import { and, asc, eq, isNull, ne } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client';
import { type ProductRow, products } from '../../db/schema';
import { notFound } from '../../errors';

export function toProduct(row: ProductRow): Product {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    category: row.category as Product['category'],
    price: row.priceToea,
    originalPrice: row.originalPriceToea,
    discountPercentage: row.discountPercentage,
    condition: row.condition,
    status: row.status as Product['status'],
    stock: row.stock,
    isHot: row.isHot,
    isAuction: row.isAuction,
    isTopPick: row.isTopPick,
    isExclusive: row.isExclusive,
    isMembership: row.isMembership,
    image: row.image,
    galleryImages: row.galleryImages,
  };
}

const visible = and(isNull(products.archivedAt), ne(products.status, 'inactive'));

/**
 * The storefront catalogue. The visible list is read once and kept in memory until an admin write calls
 * `invalidate()`; filtering and sorting use the same pure rule as the browser (packages/shared).
 */
export function createCatalogService(db: DbExecutor) {
  let cached: Promise<Product[]> | null = null;

  async function loadVisible(): Promise<Product[]> {
    const rows = await db.select().from(products).where(visible).orderBy(asc(products.id));
    return rows.map(toProduct);
  }

  function visibleProducts(): Promise<Product[]> {
    if (!cached) {
      cached = loadVisible();
      cached.catch(() => {
        cached = null;
      });
    }
    return cached;
  }

  return {
    async listProducts(query: ProductListQuery): Promise<Product[]> {
      return queryProducts(await visibleProducts(), query);
    },

    /** One product by id; archived and inactive products are not found. */
    async getProduct(id: number): Promise<Product> {
      const [row] = await db
        .select()
        .from(products)
        .where(and(eq(products.id, id), visible));
      if (!row) throw notFound(productMessages.notFound);
      return toProduct(row);
    },

    invalidate() {
      cached = null;
    },
  };
}

export type CatalogService = ReturnType<typeof createCatalogService>;
