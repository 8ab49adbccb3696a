import {
  isSoldOut,
  memberPrice,
  productMessages,
  type SavedProduct,
  type SavedProducts,
  savedListMessages,
} from '@bilum/shared';
import { and, desc, eq } from 'drizzle-orm';
import type { Database, DbExecutor } from '../../db/client';
import { products, savedProducts } from '../../db/schema';
import { notFound } from '../../errors';
import { toProduct } from '../catalog/catalog.service';
import { createMembershipService } from '../membership/membership.service';

/** The shopper's saved list, priced for them (the member price for an active member), newest first. */
async function readList(db: DbExecutor, userId: number): Promise<SavedProducts> {
  const membership = await createMembershipService(db).getState(userId);
  const rows = await db
    .select({ savedAt: savedProducts.createdAt, product: products })
    .from(savedProducts)
    .innerJoin(products, eq(products.id, savedProducts.productId))
    .where(eq(savedProducts.userId, userId))
    .orderBy(desc(savedProducts.createdAt), desc(savedProducts.productId));
  const items = rows.map(({ savedAt, product: row }): SavedProduct => {
    const product = toProduct(row);
    const price = membership.isMember
      ? memberPrice(product.price, membership.discountRate, product.isMembership)
      : product.price;
    const isMemberPrice = price < product.price;
    const listed =
      product.originalPrice !== null && product.originalPrice > product.price ? product.originalPrice : null;
    return {
      productId: product.id,
      name: product.name,
      description: product.description,
      image: product.image,
      category: product.category,
      price,
      originalPrice: isMemberPrice ? (listed ?? product.price) : listed,
      isMemberPrice,
      stock: product.stock,
      available: row.archivedAt === null && row.status === 'active' && !isSoldOut(product),
      isExclusive: product.isExclusive,
      isMembership: product.isMembership,
      savedAt: savedAt.toISOString(),
    };
  });
  return { items };
}

/** "My Saved List": products a signed-in shopper keeps for later (the spec's placeholder, made real). */
export function createSavedProductsService(db: Database) {
  return {
    list: (userId: number) => readList(db, userId),

    /** Saving a product twice is not an error: the answer says it was already saved. */
    async save(userId: number, productId: number) {
      return db.transaction(async (tx) => {
        const [product] = await tx
          .select({ id: products.id, archivedAt: products.archivedAt, status: products.status })
          .from(products)
          .where(eq(products.id, productId))
          .limit(1);
        if (!product || product.archivedAt !== null || product.status === 'inactive') {
          throw notFound(productMessages.notFound);
        }
        const inserted = await tx
          .insert(savedProducts)
          .values({ userId, productId })
          .onConflictDoNothing()
          .returning({ productId: savedProducts.productId });
        const alreadySaved = inserted.length === 0;
        return { alreadySaved, message: savedListMessages.saved, list: await readList(tx, userId) };
      });
    },

    /** Removing a product that is not on the list answers the list as it is (the result is the same). */
    async remove(userId: number, productId: number): Promise<SavedProducts> {
      return db.transaction(async (tx) => {
        await tx
          .delete(savedProducts)
          .where(and(eq(savedProducts.userId, userId), eq(savedProducts.productId, productId)));
        return readList(tx, userId);
      });
    },
  };
}

export type SavedProductsService = ReturnType<typeof createSavedProductsService>;
