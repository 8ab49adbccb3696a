import { type SQL, sql } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { createTestDatabase } from '../test/test-database';

// PostgreSQL only: PGlite has no connections to lose.
describe.skipIf(!process.env.DATABASE_URL)('the PostgreSQL pool', () => {
  it('survives the server ending its idle connections and reconnects at the next query', async () => {
    const database = await createTestDatabase();
    const rows = async <T>(query: SQL) => ((await database.db.execute(query)) as unknown as { rows: T[] }).rows;
    try {
      const [{ name } = { name: '' }] = await rows<{ name: string }>(sql`select current_database() as name`);
      // What a PostgreSQL restart or failover does to the idle connections in the pool.
      const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
      await admin.connect();
      const ended = await admin.query(
        'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
        [name],
      );
      await admin.end();
      expect(ended.rowCount).toBeGreaterThan(0);
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(await rows(sql`select 2 as two`)).toEqual([{ two: 2 }]);
    } finally {
      await database.close();
    }
  });
});
