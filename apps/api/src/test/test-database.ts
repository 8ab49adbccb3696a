import { randomBytes } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { type DatabaseHandle, openPglite, openPostgres, pgliteOptions } from '../db/client';

let pgliteTemplate: Promise<File | Blob> | null = null;

/** One migrated PGlite per test run, dumped once and cloned for every test database (under a second each). */
function migratedTemplate(): Promise<File | Blob> {
  pgliteTemplate ??= (async () => {
    const handle = openPglite(await PGlite.create());
    await handle.migrate();
    const client = (handle.db as unknown as { $client: PGlite }).$client;
    const dump = await client.dumpDataDir('none');
    await handle.close();
    return dump;
  })();
  return pgliteTemplate;
}

/**
 * A fresh, migrated, empty database. With DATABASE_URL set the tests run on that PostgreSQL server instead,
 * in a database of their own that is dropped on close. `{ migrated: false }`: no table at all (the upgrade tests
 * restore an earlier release's database into it).
 */
export async function createTestDatabase(options: { migrated?: boolean } = {}): Promise<DatabaseHandle> {
  const migrated = options.migrated ?? true;
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) {
    // With the shop's own bytea handling (db/client.ts), so the tests store and read pictures as the shop does.
    const client = migrated
      ? await PGlite.create({ ...pgliteOptions, loadDataDir: await migratedTemplate() })
      : await PGlite.create(pgliteOptions);
    return openPglite(client);
  }
  const name = `bilum_test_${Date.now()}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const handle = openPostgres(url.toString(), 20);
  if (migrated) await handle.migrate();
  return {
    ...handle,
    async close() {
      await handle.close();
      const dropper = new pg.Client({ connectionString: serverUrl });
      await dropper.connect();
      // pool.end() resolves before its sockets have closed; terminating them mid-close (with force) would raise
      // an unhandled 57P01 error on the closing client. Give them a moment to go first.
      for (let tries = 0; tries < 50; tries++) {
        const { rows } = await dropper.query('select count(*)::int as n from pg_stat_activity where datname = $1', [
          name,
        ]);
        if (rows[0]?.n === 0) break;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
}
