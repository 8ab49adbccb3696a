import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../test/test-database';
import { type DatabaseHandle, migrationsFolder } from './client';
import { MigrationError, readMigrations } from './migrator';

/**
 * The migrator on data (issue 26). The upgrade fixtures (db/upgrade.test.ts) migrate whole shops of earlier
 * releases; these tests pin the migrator's own promises with a chain cut where it matters.
 */

const folders: string[] = [];
const handles: DatabaseHandle[] = [];

/** A copy of the committed chain with only its first `count` migrations, and optionally extra ones after them. */
function chain(count: number, extra: { tag: string; sql: string }[] = []): string {
  const folder = mkdtempSync(path.join(tmpdir(), 'bilum-migrations-'));
  folders.push(folder);
  cpSync(migrationsFolder, folder, { recursive: true });
  const journalFile = path.join(folder, 'meta/_journal.json');
  const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as {
    entries: { idx: number; when: number; tag: string; version: string; breakpoints: boolean }[];
  };
  journal.entries = journal.entries.slice(0, count);
  let when = journal.entries.at(-1)!.when;
  for (const migration of extra) {
    when += 1000;
    journal.entries.push({ idx: journal.entries.length, version: '7', when, tag: migration.tag, breakpoints: true });
    writeFileSync(path.join(folder, `${migration.tag}.sql`), migration.sql);
  }
  writeFileSync(journalFile, JSON.stringify(journal));
  return folder;
}

async function emptyDatabase(): Promise<DatabaseHandle> {
  const handle = await createTestDatabase({ migrated: false });
  handles.push(handle);
  return handle;
}

async function rows<T>(handle: DatabaseHandle, query: string): Promise<T[]> {
  return ((await handle.db.execute(sql.raw(query))) as unknown as { rows: T[] }).rows;
}

afterEach(async () => {
  for (const handle of handles.splice(0)) await handle.close();
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

const tagOf = (index: number) => readMigrations(migrationsFolder)[index]!.tag;
const all = readMigrations(migrationsFolder).length;

describe('the migrator', () => {
  it('applies 0016 to a shop with products marked sold (the deferred catalogue trigger no longer blocks it)', async () => {
    const handle = await emptyDatabase();
    await handle.migrate({ migrationsFolder: chain(16) });
    await handle.db.execute(
      sql.raw(`insert into products (id, name, category, price_toea, status, stock) values
        (1, 'Sold camera', 'cameras', 50000, 'sold', 2), (2, 'On sale', 'phones', 10000, 'active', 4)`),
    );
    const run = await handle.migrate();
    expect(run.applied[0]).toBe(tagOf(16));
    expect(run.current).toBe(readMigrations(migrationsFolder).at(-1)!.tag);
    const products = await rows<{ id: number; status: string; stock: number }>(
      handle,
      'select id, status, stock from products order by id',
    );
    expect(products).toEqual([
      { id: 1, status: 'active', stock: 0 },
      { id: 2, status: 'active', stock: 4 },
    ]);
    // The two units the sold product gave up are in its movement log, so stock is accounted for.
    const movements = await rows<{ product_id: number; change: number; reason: string }>(
      handle,
      'select product_id, change, reason from stock_movements',
    );
    expect(movements).toEqual([{ product_id: 1, change: -2, reason: 'migration' }]);
  });

  it('keeps nothing of a migration that fails, records the ones before it, and says which one and why', async () => {
    const handle = await emptyDatabase();
    const folder = chain(all, [
      { tag: '9001_good', sql: 'create table upgrade_probe (id integer primary key);' },
      {
        tag: '9002_bad',
        sql: `insert into upgrade_probe values (1);--> statement-breakpoint
alter table upgrade_probe add column note text;--> statement-breakpoint
select 1 / 0;`,
      },
    ]);
    const failure = await handle.migrate({ migrationsFolder: folder }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(MigrationError);
    const error = failure as MigrationError;
    expect(error.tag).toBe('9002_bad');
    expect(error.message).not.toContain('\n');
    expect(error.message).toMatch(/^Migration 9002_bad could not be applied: division by zero/);
    expect(error.message).toContain('the database is as migration 9001_good left it');
    expect(error.message).toContain('docs/deployment.md');
    // The failed one's first two statements were rolled back with it; the one before stays, recorded.
    expect(await rows(handle, 'select id from upgrade_probe')).toEqual([]);
    const columns = await rows<{ column_name: string }>(
      handle,
      `select column_name from information_schema.columns where table_name = 'upgrade_probe'`,
    );
    expect(columns.map((column) => column.column_name)).toEqual(['id']);
    const recorded = await rows<{ n: number }>(handle, 'select count(*)::int as n from drizzle.__drizzle_migrations');
    expect(recorded[0]!.n).toBe(all + 1);

    // Mended, the same start carries on from the failed one.
    writeFileSync(path.join(folder, '9002_bad.sql'), 'insert into upgrade_probe values (1);');
    const run = await handle.migrate({ migrationsFolder: folder });
    expect(run.applied).toEqual(['9002_bad']);
  });

  it('refuses a database that a newer release has migrated', async () => {
    const handle = await emptyDatabase();
    await handle.migrate({ migrationsFolder: chain(all, [{ tag: '9001_from_the_future', sql: 'select 1;' }]) });
    const failure = await handle.migrate().catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(MigrationError);
    expect((failure as Error).message).toMatch(/^The database was migrated by a newer release of the shop/);
  });

  it('does nothing on a database that is up to date', async () => {
    const handle = await createTestDatabase();
    handles.push(handle);
    expect(await handle.migrate()).toEqual({ applied: [], current: readMigrations(migrationsFolder).at(-1)!.tag });
  });
});
