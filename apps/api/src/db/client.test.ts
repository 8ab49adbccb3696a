import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProduct } from '../test/factories';
import { createTestDatabase } from '../test/test-database';
import type { DatabaseHandle } from './client';
import { products } from './schema';

let database: DatabaseHandle;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

describe.skipIf(Boolean(process.env.DATABASE_URL))('PGlite access', () => {
  it('runs concurrent transactions one after another, so read-then-write never interleaves', async () => {
    const product = await createProduct(database.db, { stock: 0 });
    const pause = () => new Promise((resolve) => setTimeout(resolve, 2));
    await Promise.all(
      Array.from({ length: 25 }, () =>
        database.db.transaction(async (tx) => {
          const [row] = await tx.select({ stock: products.stock }).from(products).where(eq(products.id, product.id));
          await pause();
          await tx
            .update(products)
            .set({ stock: row!.stock + 1 })
            .where(eq(products.id, product.id));
        }),
      ),
    );
    const [after] = await database.db.select().from(products).where(eq(products.id, product.id));
    expect(after!.stock).toBe(25);
  });

  it('rolls back a failed transaction without disturbing the others', async () => {
    const product = await createProduct(database.db, { stock: 1 });
    const failing = database.db.transaction(async (tx) => {
      await tx.update(products).set({ stock: 99 }).where(eq(products.id, product.id));
      throw new Error('boom');
    });
    const succeeding = database.db.update(products).set({ name: 'renamed' }).where(eq(products.id, product.id));
    await expect(failing).rejects.toThrow('boom');
    await succeeding;
    const [after] = await database.db.select().from(products).where(eq(products.id, product.id));
    expect(after).toMatchObject({ stock: 1, name: 'renamed' });
  });
});
