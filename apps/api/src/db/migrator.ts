import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import type { Database } from './client';

/**
 * The shop's migrator (issue 26, decision 021). It reads the same files and keeps the same record
 * (`drizzle.__drizzle_migrations`: hash and the journal's timestamp) as Drizzle's own migrator, so databases of
 * every earlier release carry on where they stopped, but it differs in three ways that matter on a live shop:
 *
 * - each migration runs in a transaction of its own and is recorded in it, so one that fails leaves the
 *   database exactly as the previous migration left it (Drizzle's runs all pending ones in a single one);
 * - each transaction starts with a lock timeout and `SET CONSTRAINTS ALL IMMEDIATE`: the catalogue's change triggers are deferred to
 *   commit (migration 0008), and a migration that updates a row and then alters the same table would otherwise
 *   fail with "pending trigger events" (55006) on any database that has such rows: 0016 did, on every shop with
 *   a product marked sold;
 * - a failure is one `MigrationError` naming the migration, the database's reason and what to do, and a database
 *   that a newer release has migrated is refused instead of being run by code that does not know its tables.
 */

export interface MigrationFile {
  /** The journal's tag, e.g. `0016_stock_movements`. */
  tag: string;
  /** The journal's timestamp, recorded as `created_at`: the order of the chain. */
  when: number;
  hash: string;
  statements: string[];
}

export class MigrationError extends Error {
  constructor(
    message: string,
    readonly tag: string | null,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'MigrationError';
  }
}

export function readMigrations(migrationsFolder: string): MigrationFile[] {
  const journal = JSON.parse(readFileSync(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8')) as {
    entries: { tag: string; when: number }[];
  };
  const files = readMigrationFiles({ migrationsFolder });
  return journal.entries.map((entry, index) => ({
    tag: entry.tag,
    when: entry.when,
    hash: files[index]!.hash,
    statements: files[index]!.sql.filter((statement) => statement.trim() !== ''),
  }));
}

/** What a failing statement's database error says, on PGlite and on node-postgres alike. */
function reasonOf(error: unknown): string {
  const inner = (error as { cause?: unknown }).cause ?? error;
  const { message, code } = inner as { message?: string; code?: string };
  const text = (message ?? String(inner)).replace(/\s*\n\s*/g, ' ');
  return `${text}${code ? ` (PostgreSQL error ${code})` : ''}`;
}

export interface MigrationRun {
  applied: string[];
  /** The last migration in the database after the run. */
  current: string | null;
}

export async function runMigrations(
  db: Database,
  options: { migrationsFolder: string; log?: (line: string) => void },
): Promise<MigrationRun> {
  const migrations = readMigrations(options.migrationsFolder);
  await db.execute(sql`create schema if not exists drizzle`);
  await db.execute(
    sql`create table if not exists drizzle.__drizzle_migrations (id serial primary key, hash text not null, created_at bigint)`,
  );
  const rows = (await db.execute(
    sql`select created_at from drizzle.__drizzle_migrations order by created_at desc limit 1`,
  )) as unknown as { rows: { created_at: string | number }[] };
  const lastApplied = rows.rows[0] ? Number(rows.rows[0].created_at) : null;
  const known = migrations.find((migration) => migration.when === lastApplied);
  if (lastApplied !== null && !known && lastApplied > (migrations.at(-1)?.when ?? 0)) {
    throw new MigrationError(
      `The database was migrated by a newer release of the shop than this one (its last migration, of ${new Date(lastApplied).toISOString()}, is not among this release's ${migrations.length}): start that release again, or restore the backup taken before the upgrade (docs/deployment.md, "Going back").`,
      null,
    );
  }
  let current = known?.tag ?? null;
  const applied: string[] = [];
  for (const migration of migrations) {
    if (lastApplied !== null && migration.when <= lastApplied) continue;
    try {
      await db.transaction(async (tx) => {
        await tx.execute(sql.raw('set constraints all immediate'));
        // A migration that waits this long for a lock (a long query on a live shop) fails and says so, rather
        // than queueing every request behind it (the linter's require-lock-timeout, .squawk.toml).
        await tx.execute(sql.raw(`set local lock_timeout = '10s'`));
        for (const statement of migration.statements) await tx.execute(sql.raw(statement));
        await tx.execute(
          sql`insert into drizzle.__drizzle_migrations (hash, created_at) values (${migration.hash}, ${migration.when})`,
        );
      });
    } catch (error) {
      const kept = current ? `as migration ${current} left it` : 'as it was';
      throw new MigrationError(
        `Migration ${migration.tag} could not be applied: ${reasonOf(error)}. Nothing of it was kept: the database is ${kept}, and the shop did not start. Start the previous release again, or restore the backup taken before the upgrade, and report this line (docs/deployment.md, "Upgrading").`,
        migration.tag,
        { cause: error },
      );
    }
    applied.push(migration.tag);
    current = migration.tag;
    options.log?.(`Applied migration ${migration.tag}`);
  }
  return { applied, current };
}
