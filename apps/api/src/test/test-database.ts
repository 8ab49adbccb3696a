import { createHash, randomBytes } from 'node:crypto';
import { readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { repoRoot } from '../config';
import { type DatabaseHandle, migrationsFolder, openPglite, openPostgres, pgliteOptions } from '../db/client';

/**
 * Where the migrated template of this set of migrations (and this PGlite) is kept: a file every test file and
 * worker of a run (and later runs) loads, rather than each file running every migration again. Named by what
 * makes it, so a new or changed migration makes a new one.
 */
function templateFile(): string {
  const hash = createHash('sha256');
  // The PGlite that wrote it: another version may not read its files.
  hash.update(readFileSync(path.join(repoRoot, 'node_modules/@electric-sql/pglite/package.json')));
  for (const name of readdirSync(migrationsFolder, { recursive: true, encoding: 'utf8' }).sort()) {
    if (!name.endsWith('.sql') && !name.endsWith('_journal.json')) continue;
    hash.update(name).update(readFileSync(path.join(migrationsFolder, name)));
  }
  return path.join(os.tmpdir(), `bilum-test-template-${hash.digest('hex').slice(0, 16)}.tar`);
}

let pgliteTemplate: Promise<Blob> | null = null;

/** A migrated PGlite, dumped once per set of migrations and cloned for every test database (under a second each). */
function migratedTemplate(): Promise<Blob> {
  pgliteTemplate ??= (async () => {
    const file = templateFile();
    try {
      return new Blob([readFileSync(file)]);
    } catch {
      // Not made yet: made here, and written whole under its name (a rename), so no reader sees half of it.
    }
    const handle = openPglite(await PGlite.create());
    await handle.migrate();
    const client = (handle.db as unknown as { $client: PGlite }).$client;
    const dump = await client.dumpDataDir('none');
    await handle.close();
    const partial = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
    writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
    renameSync(partial, file);
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
