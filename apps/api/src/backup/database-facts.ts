import { readFileSync } from 'node:fs';
import path from 'node:path';
import { migrationsFolder } from '../db/client';
import { type BackupManifest, countedTables } from './backup-archive';

/** What a backup records about its database, and restore checks again on the restored one. */
export type DatabaseFacts = Pick<BackupManifest, 'migrations' | 'rows'>;

/** One query on whichever connection is at hand (a PGlite transaction, a node-postgres client). */
export type RunQuery = <Row>(sql: string, params?: unknown[]) => Promise<Row[]>;

interface JournalEntry {
  tag: string;
  when: number;
}

/** This release's migrations, in order (the journal Drizzle writes next to them). */
export function releaseMigrations(): JournalEntry[] {
  const journal = JSON.parse(readFileSync(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8')) as {
    entries: JournalEntry[];
  };
  return journal.entries.map(({ tag, when }) => ({ tag, when }));
}

/**
 * The applied migrations (`drizzle.__drizzle_migrations` keeps each one's hash and the journal's timestamp, not its
 * name: the name comes from this release's journal) and the row counts of the tables that matter most.
 */
export async function readDatabaseFacts(query: RunQuery): Promise<DatabaseFacts> {
  const existing = new Set(
    (
      await query<{ name: string }>(
        `select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
         where (n.nspname = 'public' and c.relname = any($1)) or (n.nspname = 'drizzle' and c.relname = '__drizzle_migrations')`,
        [[...countedTables]],
      )
    ).map((row) => row.name),
  );
  let count = 0;
  let lastCreatedAt: number | null = null;
  if (existing.has('__drizzle_migrations')) {
    const [row] = await query<{ count: number; last: string | null }>(
      'select count(*)::int as count, max(created_at)::text as last from drizzle.__drizzle_migrations',
    );
    count = row?.count ?? 0;
    lastCreatedAt = row?.last == null ? null : Number(row.last);
  }
  const rows: Record<string, number> = {};
  for (const table of countedTables) {
    if (!existing.has(table)) continue;
    const [row] = await query<{ count: number }>(`select count(*)::int as count from ${table}`);
    rows[table] = row?.count ?? 0;
  }
  const last = releaseMigrations().find((migration) => migration.when === lastCreatedAt)?.tag ?? null;
  return { migrations: { count, last, lastCreatedAt }, rows };
}

/** The differences between two sets of facts, as readable lines; empty when they agree. */
export function factDifferences(expected: DatabaseFacts, actual: DatabaseFacts): string[] {
  const lines: string[] = [];
  if (expected.migrations.count !== actual.migrations.count) {
    lines.push(`migrations: ${expected.migrations.count} in the backup, ${actual.migrations.count} restored`);
  }
  for (const table of new Set([...Object.keys(expected.rows), ...Object.keys(actual.rows)])) {
    if (expected.rows[table] !== actual.rows[table]) {
      lines.push(`${table}: ${expected.rows[table] ?? 'none'} in the backup, ${actual.rows[table] ?? 'none'} restored`);
    }
  }
  return lines;
}

/** "12 orders, 40 products, 3 uploaded pictures, 1 account" */
export function describeRows(rows: Record<string, number>): string {
  const label: Record<string, [string, string]> = {
    orders: ['order', 'orders'],
    products: ['product', 'products'],
    uploaded_images: ['uploaded picture', 'uploaded pictures'],
    users: ['account', 'accounts'],
  };
  return Object.entries(rows)
    .map(([table, count]) => {
      const [one, many] = label[table] ?? [table, table];
      return `${count} ${count === 1 ? one : many}`;
    })
    .join(', ');
}
