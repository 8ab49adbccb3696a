import type { NewProduct, Product, ProductUpdate } from '@bilum/shared';
import { productMessages } from '@bilum/shared';
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client';
import { products } from '../../db/schema';
import { notFound } from '../../errors';
import { type CatalogService, toProduct } from '../catalog/catalog.service';

const notArchived = isNull(products.archivedAt);

/**
 * The admin's product inventory. Every write goes through `write()`, which tells the catalogue that its
 * products changed, so the storefront shows the change at once (no stale list after an edit or a delete).
 */
export function createAdminProductsService(db: DbExecutor, catalog: Pick<CatalogService, 'invalidate'>) {
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
    async list(): Promise<Product[]> {
      const rows = await db.select().from(products).where(notArchived).orderBy(asc(products.id));
      return rows.map(toProduct);
    },

    create(input: NewProduct): Promise<Product> {
      return write(async () => {
        const [row] = await db
          .insert(products)
          .values({
            name: input.name,
            description: input.description,
            category: input.category,
            priceToea: input.price,
            originalPriceToea: input.originalPrice,
            discountPercentage: input.discountPercentage,
            condition: input.condition,
            status: input.status,
            isHot: input.isHot,
            isAuction: input.isAuction,
            isTopPick: input.isTopPick,
            image: input.image,
            galleryImages: input.secondaryImages,
          })
          .returning();
        if (!row) throw new Error('products insert returned nothing');
        return toProduct(row);
      });
    },

    update(id: number, input: ProductUpdate): Promise<Product> {
      return write(async () => {
        const [row] = await db
          .update(products)
          .set({
            name: input.name,
            description: input.description,
            category: input.category,
            priceToea: input.price,
            originalPriceToea: input.originalPrice,
            // A cleared discount means none.
            discountPercentage: input.discountPercentage ?? 0,
            condition: input.condition,
            status: input.status,
            isHot: input.isHot,
            isAuction: input.isAuction,
            isTopPick: input.isTopPick,
            image: input.image,
            updatedAt: new Date(),
          })
          .where(and(eq(products.id, id), notArchived))
          .returning();
        if (!row) throw notFound(productMessages.notFound);
        return toProduct(row);
      });
    },

    /**
     * "Delete" archives the product: orders, carts and saved lists that refer to it keep their rows, while the
     * storefront and the inventory no longer show it.
     */
    remove(id: number): Promise<void> {
      return write(async () => {
        const [row] = await db
          .update(products)
          .set({ archivedAt: new Date(), updatedAt: new Date() })
          .where(and(eq(products.id, id), notArchived))
          .returning({ id: products.id });
        if (!row) throw notFound(productMessages.notFound);
      });
    },
  };
}

export type AdminProductsService = ReturnType<typeof createAdminProductsService>;
