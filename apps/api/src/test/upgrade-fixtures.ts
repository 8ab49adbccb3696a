import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';
import type { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import type pg from 'pg';
import type { DatabaseHandle } from '../db/client';

/**
 * The upgrade fixtures (issue 26): each folder of apps/api/test-fixtures/upgrades holds the database of an earlier
 * release, made by that release itself (scripts/upgrade-fixtures/make-fixture.mjs), as a plain SQL dump, and a
 * fixture.json with the accounts and orders a test can use. These helpers restore one, take a snapshot of every
 * row, and compare two snapshots: what a migration may change is listed, with the migration and the reason.
 */

export const fixturesFolder = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../test-fixtures/upgrades',
);

export interface FixtureManifest {
  release: string;
  commit: string;
  madeAt: string;
  secretKey: string;
  admin: { username: string; password: string };
  shoppers: { email: string; password: string; member: boolean; orderIds: FixtureOrder[] }[];
  guests: { email: string; orderIds: FixtureOrder[] }[];
  trackedOrder: { id: number; email: string; trackingCode: string; status: string; paymentStatus: string };
  staff?: { username: string; password: string | null; role: string; status: string }[];
  /** What the making script did with that release (scripts/upgrade-fixtures/make-fixture.mjs). */
  scenarios?: { ran: string[]; skipped: string[] };
  summary: Record<string, unknown>;
}

/** An order as the release stored it when its fixture was made. */
export interface FixtureOrder {
  id: number;
  paymentStatus: string;
  shippingStatus: string;
  paymentMethod?: string;
  scenario: string;
}

export function fixtureNames(): string[] {
  if (!existsSync(fixturesFolder)) return [];
  return readdirSync(fixturesFolder)
    .filter((name) => existsSync(path.join(fixturesFolder, name, 'fixture.json')))
    .sort((a, b) => manifestOf(a).madeAt.localeCompare(manifestOf(b).madeAt));
}

export function manifestOf(name: string): FixtureManifest {
  return JSON.parse(readFileSync(path.join(fixturesFolder, name, 'fixture.json'), 'utf8')) as FixtureManifest;
}

/** Loads a fixture's dump into an empty database (PGlite or a PostgreSQL server's). */
export async function restoreFixture(handle: DatabaseHandle, name: string): Promise<void> {
  const text = gunzipSync(readFileSync(path.join(fixturesFolder, name, 'dump.sql.gz'))).toString('utf8');
  const client = (handle.db as unknown as { $client: PGlite | pg.Pool }).$client;
  if (handle.kind === 'pglite') await (client as PGlite).exec(text);
  else await (client as pg.Pool).query(text);
  // pg_dump's `set_config('search_path', '', false)` lasts for the session: give it back its default.
  await handle.db.execute(sql.raw(`set search_path to "$user", public`));
}

type Row = Record<string, unknown>;
export interface TableSnapshot {
  key: string[];
  rows: Map<string, Row>;
}
export type Snapshot = Map<string, TableSnapshot>;

async function query<T>(handle: DatabaseHandle, text: string): Promise<T[]> {
  return ((await handle.db.execute(sql.raw(text))) as unknown as { rows: T[] }).rows;
}

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** Every row of every table of the shop (schema public), keyed by its primary key. */
export async function snapshot(handle: DatabaseHandle): Promise<Snapshot> {
  const tables = await query<{ table_name: string }>(
    handle,
    `select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
  );
  const keys = await query<{ table_name: string; column_name: string }>(
    handle,
    `select k.table_name, k.column_name from information_schema.table_constraints c
       join information_schema.key_column_usage k on k.constraint_name = c.constraint_name and k.table_schema = c.table_schema
      where c.table_schema = 'public' and c.constraint_type = 'PRIMARY KEY' order by k.table_name, k.ordinal_position`,
  );
  const result: Snapshot = new Map();
  for (const { table_name: table } of tables) {
    const key = keys.filter((k) => k.table_name === table).map((k) => k.column_name);
    const rows = new Map<string, Row>();
    for (const { row } of await query<{ row: Row }>(
      handle,
      `select to_jsonb(t) as row from public.${quote(table)} t`,
    )) {
      // A table without a primary key is compared as a list of whole rows.
      const id = key.length ? key.map((column) => JSON.stringify(row[column])).join('|') : JSON.stringify(row);
      rows.set(id, row);
    }
    result.set(table, { key, rows });
  }
  return result;
}

/** A change that a migration makes on purpose: which rows and columns, by which migration and why. */
export interface IntendedChange {
  table: string;
  columns: string[];
  migration: string;
  why: string;
  /** Whether this row's change is the intended one (by default every row of the table may change). */
  applies?: (before: Row, after: Row) => boolean;
}

/**
 * What was lost or changed between two snapshots: a table or a row that is gone, a value that differs in a
 * column both have, unless an intended change covers it. New tables, columns and rows are not losses.
 */
export function differences(before: Snapshot, after: Snapshot, intended: IntendedChange[] = []): string[] {
  const problems: string[] = [];
  for (const [table, old] of before) {
    const now = after.get(table);
    if (!now) {
      problems.push(`table ${table} (${old.rows.size} rows) is gone`);
      continue;
    }
    const allowed = intended.filter((change) => change.table === table);
    for (const [id, oldRow] of old.rows) {
      const newRow = now.rows.get(id);
      if (!newRow) {
        problems.push(`${table} ${old.key.length ? `row ${old.key.join(',')}=${id}` : `row ${id}`} is gone`);
        continue;
      }
      for (const column of Object.keys(oldRow)) {
        if (!(column in newRow)) continue;
        if (JSON.stringify(oldRow[column]) === JSON.stringify(newRow[column])) continue;
        const covered = allowed.some(
          (change) => change.columns.includes(column) && (change.applies?.(oldRow, newRow) ?? true),
        );
        if (!covered) {
          problems.push(
            `${table} ${id}: ${column} was ${JSON.stringify(oldRow[column])}, is ${JSON.stringify(newRow[column])}`,
          );
        }
      }
    }
  }
  return problems;
}

/** Row counts, and the sums of the money (`*_toea`) and stock columns, of each table: the report's figures. */
export function totals(shot: Snapshot): Record<string, Record<string, number>> {
  const result: Record<string, Record<string, number>> = {};
  for (const [table, { rows }] of shot) {
    const figures: Record<string, number> = { rows: rows.size };
    for (const row of rows.values()) {
      for (const [column, value] of Object.entries(row)) {
        if (typeof value === 'number' && (column.endsWith('_toea') || column === 'stock' || column === 'quantity')) {
          figures[column] = (figures[column] ?? 0) + value;
        }
      }
    }
    result[table] = figures;
  }
  return result;
}
