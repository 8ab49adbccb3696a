import { createHash, randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProduct } from '../test/factories';
import { createTestDatabase } from '../test/test-database';
import type { DatabaseHandle } from './client';
import { products, uploadedImages } from './schema';

let database: DatabaseHandle;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

describe.skipIf(Boolean(process.env.DATABASE_URL))('PGlite access', () => {
  it('stores and reads bytes as they are: every byte value, a single zero, and a picture-sized buffer (binary parameters)', async () => {
    const every = Buffer.from(Array.from({ length: 256 }, (_, value) => value));
    const large = randomBytes(5 * 1024 * 1024 - 1000);
    for (const [id, bytes] of [
      ['every-byte', every],
      ['one', Buffer.from([0])],
      ['large', large],
      // A view into a larger buffer: only its own bytes go.
      ['view', Buffer.from(large.buffer, large.byteOffset + 10, 100)],
    ] as const) {
      await database.db
        .insert(uploadedImages)
        .values({ id, contentType: 'image/png', sizeBytes: bytes.length, bytes, uploadedBy: null });
      const [row] = await database.db.select().from(uploadedImages).where(eq(uploadedImages.id, id));
      expect(Buffer.isBuffer(row!.bytes), id).toBe(true);
      expect(Buffer.compare(row!.bytes!, bytes), id).toBe(0);
    }
    // What the database holds is the bytes themselves (not their hex as text).
    const [stored] = await database.db
      .select({
        length: sql<number>`length(${uploadedImages.bytes})`,
        digest: sql<string>`encode(sha256(${uploadedImages.bytes}), 'hex')`,
      })
      .from(uploadedImages)
      .where(eq(uploadedImages.id, 'large'));
    expect(stored).toEqual({ length: large.length, digest: createHash('sha256').update(large).digest('hex') });
  });

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
