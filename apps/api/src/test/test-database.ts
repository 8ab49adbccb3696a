import { createHash, randomBytes } from 'node:crypto';
import { readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { repoRoot } from '../config';
import {
  type DatabaseHandle,
  migrationsFolder,
  openPglite,
  openPostgres,
  pgliteExtensions,
  pgliteOptions,
} from '../db/client';

/**
 * Where the migrated template of this set of migrations (and this PGlite) is kept: a file every test file and
 * worker of a run (and later runs) loads, rather than each file running every migration again. Named by what
 * makes it, so a new or changed migration makes a new one.
 */
function migrationsHash(): string {
  const hash = createHash('sha256');
  // The PGlite that wrote it: another version may not read its files.
  hash.update(readFileSync(path.join(repoRoot, 'node_modules/@electric-sql/pglite/package.json')));
  for (const name of readdirSync(migrationsFolder, { recursive: true, encoding: 'utf8' }).sort()) {
    if (!name.endsWith('.sql') && !name.endsWith('_journal.json')) continue;
    hash.update(name).update(readFileSync(path.join(migrationsFolder, name)));
  }
  return hash.digest('hex').slice(0, 16);
}

function templateFile(): string {
  return path.join(os.tmpdir(), `bilum-test-template-${migrationsHash()}.tar`);
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
    const handle = openPglite(await PGlite.create({ extensions: pgliteExtensions }));
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
  // A copy of the migrated template (made once per set of migrations), or an empty database.
  const template = migrated ? await postgresTemplate(serverUrl) : null;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}${template ? ` template ${template}` : ''}`);
  await admin.end();
  const handle = openPostgres(databaseUrl(serverUrl, name), 20);
  return {
    ...handle,
    async close() {
      await handle.close();
      const dropper = new pg.Client({ connectionString: serverUrl });
      await dropper.connect();
      await untilUnused(dropper, name);
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
}

function databaseUrl(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/**
 * Waits until nobody is connected to `name`: pool.end() resolves before its sockets have closed, and terminating
 * them mid-close (with force) would raise an unhandled 57P01 error on the closing client.
 */
async function untilUnused(admin: pg.Client, name: string) {
  for (let tries = 0; tries < 50; tries++) {
    const { rows } = await admin.query('select count(*)::int as n from pg_stat_activity where datname = $1', [name]);
    if (rows[0]?.n === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Any number that is this lock's alone: the making of the template, one process at a time. */
const templateLock = 7_406_029;
let postgresTemplateName: Promise<string> | null = null;

/**
 * The migrated template database of this set of migrations on the server at `serverUrl`: made once (under an
 * advisory lock, so parallel test files and runs wait for one another), by migrating a database of its own and
 * renaming it when done; every test database is then a copy (`create database … template`), not 32 migrations.
 */
function postgresTemplate(serverUrl: string): Promise<string> {
  postgresTemplateName ??= (async () => {
    const name = `bilum_template_${migrationsHash()}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    try {
      await admin.query('select pg_advisory_lock($1)', [templateLock]);
      const found = await admin.query('select 1 from pg_database where datname = $1', [name]);
      if (found.rowCount === 0) {
        const building = `${name}_building`;
        await admin.query(`drop database if exists ${building} with (force)`);
        await admin.query(`create database ${building}`);
        const handle = openPostgres(databaseUrl(serverUrl, building), 2);
        await handle.migrate();
        await handle.close();
        await untilUnused(admin, building);
        await admin.query(`alter database ${building} rename to ${name}`);
      }
    } finally {
      await admin.query('select pg_advisory_unlock($1)', [templateLock]).catch(() => undefined);
      await admin.end();
    }
    return name;
  })();
  return postgresTemplateName;
}
