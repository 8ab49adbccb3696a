import { MAX_UNITS_PER_PRODUCT, MEMBERSHIP_MAX_QUANTITY } from '@bilum/shared';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client';
import { cartItems, products } from '../../db/schema';

/*
 * The server cart's side of an order placed from it (issue 27), in the order's own transaction. A card order's
 * lines leave the cart when it is paid (a card never entered is not an order the shopper placed); a bank-transfer
 * or pay-at-pickup order's lines leave when it is placed, and come back when it ends unpaid (cancelled by staff,
 * its hold expired, replaced), so the shopper can still buy them.
 */

/** Removes the shopper's cart lines of these products (the lines an order was made of). */
export async function takeOrderedCartLines(tx: DbExecutor, userId: number, productIds: number[]): Promise<void> {
  if (productIds.length === 0) return;
  await tx.delete(cartItems).where(and(eq(cartItems.userId, userId), inArray(cartItems.productId, productIds)));
}

/** Removes every shopper's cart lines of these variants (the owner left them out of their product: issue 30). */
export async function dropVariantCartLines(tx: DbExecutor, variantIds: number[]): Promise<void> {
  if (variantIds.length === 0) return;
  await tx.delete(cartItems).where(inArray(cartItems.variantId, variantIds));
}

/**
 * Puts an unpaid order's lines back into its shopper's cart. Merged, never duplicated: a product the shopper has
 * put in the cart again since keeps one line of each variant, with the larger of the two quantities (never the sum: the order's
 * units were not bought twice). A product that no longer exists is left out.
 */
export async function returnOrderedCartLines(
  tx: DbExecutor,
  userId: number,
  lines: { productId: number; variantId: number; quantity: number; isMembership: boolean }[],
  at: Date,
): Promise<void> {
  if (lines.length === 0) return;
  const existing = await tx
    .select({ id: products.id })
    .from(products)
    .where(
      inArray(
        products.id,
        lines.map((line) => line.productId),
      ),
    );
  const known = new Set(existing.map((row) => row.id));
  const values = lines
    .filter((line) => known.has(line.productId))
    .map((line) => ({
      userId,
      productId: line.productId,
      variantId: line.variantId,
      quantity: Math.min(line.quantity, line.isMembership ? MEMBERSHIP_MAX_QUANTITY : MAX_UNITS_PER_PRODUCT),
      updatedAt: at,
    }));
  if (values.length === 0) return;
  await tx
    .insert(cartItems)
    .values(values)
    .onConflictDoUpdate({
      target: [cartItems.userId, cartItems.variantId],
      set: { quantity: sql`greatest(${cartItems.quantity}, excluded.quantity)`, updatedAt: at },
    });
}
