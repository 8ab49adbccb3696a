import type { Database } from '../db/client';
import { type NewProductRow, products } from '../db/schema';

let sequence = 0;

/** Inserts a product with sensible defaults; pass only what the test is about. */
export async function createProduct(db: Database, overrides: Partial<NewProductRow> = {}) {
  sequence += 1;
  const [row] = await db
    .insert(products)
    .values({
      name: `Test product ${sequence}`,
      description: 'A product made by a test factory.',
      category: 'phones',
      priceToea: 10_000,
      stock: 5,
      image: '/images/products/test.svg',
      ...overrides,
    })
    .returning();
  if (!row) throw new Error('insert returned nothing');
  return row;
}
