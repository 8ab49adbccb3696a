import { eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { insertProduct } from '../modules/variants/variants.service';
import { type NewProductRow, type OrderRow, orders, products, productVariants } from '../db/schema';

let sequence = 0;

/**
 * Inserts a product with sensible defaults; pass only what the test is about. `status: 'sold'` is not stored (it
 * follows the stock, issue 18): it makes a listed product with none on hand.
 */
export async function createProduct(
  db: Database,
  { status, ...rest }: Partial<Omit<NewProductRow, 'status'>> & { status?: 'active' | 'inactive' | 'sold' } = {},
) {
  const overrides: Partial<NewProductRow> = status === 'sold' ? { ...rest, stock: 0 } : { ...rest, status };
  if (overrides.status === undefined) delete overrides.status;
  sequence += 1;
  return insertProduct(db, {
    name: `Test product ${sequence}`,
    description: 'A product made by a test factory.',
    category: 'phones',
    priceToea: 10_000,
    stock: 5,
    image: '/images/products/test.svg',
    ...overrides,
  });
}

/** A product's stock on hand now. */
export async function stockOf(db: Database, productId: number): Promise<number> {
  const [row] = await db.select({ stock: products.stock }).from(products).where(eq(products.id, productId));
  return row?.stock ?? Number.NaN;
}

/** An order's row as stored; throws when there is none. */
export async function orderRow(db: Database, id: number): Promise<OrderRow> {
  const [row] = await db.select().from(orders).where(eq(orders.id, id));
  if (!row) throw new Error(`no order ${id}`);
  return row;
}

/**
 * Sets a product's figures behind the shop's back (a test's "the price fell to 0", "it sold out elsewhere"): on the
 * product and on its implicit variant, which sells it (issue 30), as an admin edit would.
 */
export async function setProductFigures(
  db: Database,
  productId: number,
  figures: Partial<Pick<NewProductRow, 'priceToea' | 'originalPriceToea' | 'stock' | 'lowStockThreshold'>>,
) {
  await db.transaction(async (tx) => {
    await tx.update(products).set(figures).where(eq(products.id, productId));
    await tx.update(productVariants).set(figures).where(eq(productVariants.productId, productId));
  });
}
