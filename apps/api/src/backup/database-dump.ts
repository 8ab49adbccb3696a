import { spawn } from 'node:child_process';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { pgliteExtensions } from '../db/client';
import { BackupError } from './backup-archive';
import { type DatabaseFacts, readDatabaseFacts, type RunQuery } from './database-facts';

/**
 * A consistent copy of a PGlite database, made by the process that has it open (nothing else may open the folder).
 * PGlite runs one query or one whole transaction at a time: holding its transaction lock, no checkout is half
 * written; CHECKPOINT writes every committed change into the data files, and `dumpDataDir()` reads them all
 * before any other query runs. Shoppers wait for that pause (under a second for the demo shop; about a second
 * per 100 MB of data), then carry on.
 */
export async function dumpPglite(client: PGlite): Promise<{ dump: Buffer; facts: DatabaseFacts }> {
  const { blob, facts } = await client.transaction(async (tx) => {
    const query: RunQuery = async (sql, params) => (await tx.query(sql, params)).rows as never;
    const facts = await readDatabaseFacts(query);
    await tx.exec('checkpoint');
    // dumpDataDir takes only the query lock, which the transaction does not hold between its queries.
    return { blob: await client.dumpDataDir('none'), facts };
  });
  return { dump: Buffer.from(await blob.arrayBuffer()), facts };
}

/** Opens `dump` (a `dumpDataDir()` tar) into `folder`, which must not exist or be empty, and reads its facts. */
export async function loadPgliteDump(folder: string, dump: Buffer): Promise<DatabaseFacts> {
  const client = await PGlite.create({
    dataDir: folder,
    loadDataDir: new Blob([new Uint8Array(dump)]),
    extensions: pgliteExtensions,
  });
  try {
    return await readDatabaseFacts(async (sql, params) => (await client.query(sql, params)).rows as never);
  } finally {
    await client.close();
  }
}

/**
 * pg_dump and pg_restore get the password (if the address has one) in PGPASSWORD, not on their command line,
 * where any user of the machine could read it (`ps`).
 */
function pgToolConnection(databaseUrl: string): { dbname: string; env: NodeJS.ProcessEnv } {
  if (!/^postgres(ql)?:\/\//.test(databaseUrl)) return { dbname: databaseUrl, env: {} };
  const url = new URL(databaseUrl);
  const password = decodeURIComponent(url.password);
  url.password = '';
  return { dbname: url.toString(), env: password ? { PGPASSWORD: password } : {} };
}

async function runPgTool(tool: 'pg_dump' | 'pg_restore', args: string[], databaseUrl: string): Promise<void> {
  const { dbname, env } = pgToolConnection(databaseUrl);
  const child = spawn(tool, ['--no-password', `--dbname=${dbname}`, ...args], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  const errors: Buffer[] = [];
  child.stderr.on('data', (chunk: Buffer) => errors.push(chunk));
  const code = await new Promise<number | null>((resolve, reject) => {
    child.once('error', reject);
    child.once('close', resolve);
  }).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') {
      throw new BackupError(
        `${tool} was not found: install PostgreSQL's client tools (the major version of the database server or newer) and put them on PATH.`,
      );
    }
    throw error;
  });
  if (code !== 0) {
    const said = Buffer.concat(errors).toString('utf8').trim().split('\n').slice(0, 5).join(' / ');
    throw new BackupError(`${tool} failed (exit code ${code}): ${said || 'no message'}`);
  }
}

async function withClient<T>(databaseUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: databaseUrl, application_name: 'bilum-backup' });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

const pgQuery =
  (client: pg.Client): RunQuery =>
  async (sql, params) =>
    (await client.query(sql, params)).rows;

/**
 * `pg_dump --format=custom` of a running shop's database into `file`. The manifest's facts are read in the very
 * snapshot that pg_dump copies (an exported snapshot of a repeatable-read transaction), so they describe exactly
 * what the file holds. Not compressed here: the archive around it is.
 */
export async function dumpPostgres(databaseUrl: string, file: string): Promise<DatabaseFacts> {
  return withClient(databaseUrl, async (client) => {
    await client.query('begin isolation level repeatable read read only');
    const [{ snapshot }] = (await client.query<{ snapshot: string }>('select pg_export_snapshot() as snapshot'))
      .rows as [{ snapshot: string }];
    const facts = await readDatabaseFacts(pgQuery(client));
    await runPgTool(
      'pg_dump',
      ['--format=custom', '--compress=0', `--snapshot=${snapshot}`, `--file=${file}`],
      databaseUrl,
    );
    await client.query('commit');
    return facts;
  });
}

/** Objects in the database outside PostgreSQL's own schemas: tables, sequences, views, and schemas like `drizzle`. */
export async function postgresObjectCount(databaseUrl: string): Promise<number> {
  try {
    return await withClient(databaseUrl, async (client) => {
      const { rows } = await client.query<{ n: number }>(
        `select (select count(*) from pg_class c join pg_namespace n on n.oid = c.relnamespace
                  where c.relkind in ('r', 'p', 'v', 'm', 'S', 'f')
                    and n.nspname not in ('pg_catalog', 'information_schema') and n.nspname not like 'pg\\_%')
              + (select count(*) from pg_namespace
                  where nspname not in ('public', 'pg_catalog', 'information_schema') and nspname not like 'pg\\_%')
              as n`,
      );
      return Number(rows[0]?.n ?? 0);
    });
  } catch (error) {
    const code = (error as { code?: string }).code;
    const name = (() => {
      try {
        return new URL(databaseUrl).pathname.slice(1);
      } catch {
        return 'named in DATABASE_URL';
      }
    })();
    if (code === '3D000') {
      throw new BackupError(
        `The database ${name} does not exist: create an empty one (createdb ${name}) and run the restore again.`,
      );
    }
    throw new BackupError(`Could not connect to the database in DATABASE_URL: ${(error as Error).message}`, {
      cause: error,
    });
  }
}

/**
 * pg_restore into an empty database, in one transaction: if any statement fails, nothing is kept and the
 * database stays empty. Owners and grants of the old server are left out (its roles may not exist here): the
 * user of DATABASE_URL owns everything, as a shop that migrates its own database expects.
 */
export async function restorePostgresDump(databaseUrl: string, file: string): Promise<DatabaseFacts> {
  await runPgTool(
    'pg_restore',
    ['--no-owner', '--no-privileges', '--exit-on-error', '--single-transaction', file],
    databaseUrl,
  );
  return withClient(databaseUrl, (client) => readDatabaseFacts(pgQuery(client)));
}
