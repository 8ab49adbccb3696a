import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite, types } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import { type MigrationRun, runMigrations } from './migrator';
import * as schema from './schema';

export const migrationsFolder = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../drizzle');

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;
/** A transaction handle; services take `Database | Transaction` as `DbExecutor`. */
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];
export type DbExecutor = Database | Transaction;

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  /** Applies the pending migrations, each in a transaction of its own (db/migrator.ts). */
  migrate(options?: { migrationsFolder?: string; log?: (line: string) => void }): Promise<MigrationRun>;
  /**
   * Runs `work` while holding the database-wide start-up lock (a PostgreSQL advisory lock), so that instances
   * starting together migrate and seed one after the other instead of at once. PGlite has one process.
   */
  exclusive<T>(work: () => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/** The advisory lock key of the start-up work (migrations, demo data, admin account): any fixed number. */
const startupLockKey = 7_311_011;

/**
 * PGlite is one connection: it runs each query and each whole transaction exclusively (its own mutex), so
 * concurrent requests and transactions never interleave on it.
 */
export function openPglite(client: PGlite): DatabaseHandle {
  const db = drizzlePglite(client, { schema }) as unknown as Database;
  return {
    db,
    kind: 'pglite',
    migrate: (options) => runMigrations(db, { migrationsFolder, ...options }),
    exclusive: (work) => work(),
    close: () => client.close(),
  };
}

export function openPostgres(connectionString: string, poolSize = 10): DatabaseHandle {
  const pool = new pg.Pool({ connectionString, max: poolSize });
  // An idle connection that the server ends (a restart, a failover, pg_terminate_backend) is dropped from the pool
  // and replaced at the next query; without a listener the pool's 'error' event would end the process.
  pool.on('error', (error) => console.warn(`PostgreSQL dropped an idle connection: ${error.message}`));
  const db = drizzleNodePg(pool, { schema }) as unknown as Database;
  return {
    db,
    kind: 'postgres',
    migrate: (options) => runMigrations(db, { migrationsFolder, ...options }),
    async exclusive(work) {
      // A session-level lock on a connection of its own, held while `work` uses the pool.
      const lock = new pg.Client({ connectionString, application_name: 'bilum-startup' });
      await lock.connect();
      try {
        await lock.query('select pg_advisory_lock($1)', [startupLockKey]);
        return await work();
      } finally {
        await lock.end();
      }
    },
    close: () => pool.end(),
  };
}

/**
 * How the shop's PGlite hands bytea (pictures, up to 20 MB since issue 30) over. PGlite's own serializer writes each byte as two
 * hex digits through JavaScript strings, and its parser reads them back one by one: storing a 5 MB picture held
 * the event loop for 3.4 s, so every request waited (issue 29). A Uint8Array handed to PGlite's Bind as it is
 * goes as a binary parameter (no text at all); the answer's hex is read with Node's own decoder. About 0.1 s.
 */
/**
 * The PostgreSQL extensions the shop's schema uses (migration 0038, decision 043): PGlite has them only when they are
 * loaded at open, so every PGlite that opens a shop's database passes these (a products write maintains the
 * trigram index, which calls into pg_trgm).
 */
export const pgliteExtensions = { pg_trgm, unaccent };

export const pgliteOptions = {
  extensions: pgliteExtensions,
  serializers: {
    [types.BYTEA]: (value: unknown) => {
      if (!(value instanceof Uint8Array)) throw new Error('Invalid input for bytea type');
      // Typed as a string by PGlite; a Uint8Array is sent as a binary parameter by its Bind message.
      return value as unknown as string;
    },
  },
  parsers: { [types.BYTEA]: (text: string) => Buffer.from(text.slice(2), 'hex') },
};

/** DATABASE_URL selects PostgreSQL; otherwise PGlite keeps its files in `<dataDir>/pglite`. */
export async function openDatabase(options: {
  databaseUrl?: string;
  dataDir: string;
  poolSize?: number;
}): Promise<DatabaseHandle> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl, options.poolSize);
  const folder = path.join(options.dataDir, 'pglite');
  mkdirSync(folder, { recursive: true });
  const client = await PGlite.create(folder, pgliteOptions);
  // PGlite's files are read through the operating system's cache like memory: a page read at random costs about
  // what one read in order does. With PostgreSQL's default for spinning disks (4) the planner scanned all 10,000
  // products to count a search's matches instead of reading only the matches through the search's index (issue 29).
  await client.exec('set random_page_cost = 1.1');
  return openPglite(client);
}
