import { existsSync, readdirSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rename, rm, rmdir, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Config } from '../config';
import { BackupError, type BackupManifest, readArchive } from './backup-archive';
import { loadPgliteDump, postgresObjectCount, restorePostgresDump } from './database-dump';
import { type DatabaseFacts, describeRows, factDifferences, releaseMigrations } from './database-facts';
import { serverKeyFile } from './server-key-part';

type RestoreConfig = Pick<Config, 'databaseUrl' | 'dataDir' | 'secretKey'>;

export interface RestoreResult {
  manifest: BackupManifest;
  /** What the operator reads: what was restored, and what to do next. */
  report: string[];
}

const kindName = { pglite: 'PGlite (a data folder)', postgres: 'PostgreSQL' } as const;

/**
 * `npm run restore FILE` (decision 020): brings a backup back into an empty data folder (PGlite) or an empty
 * database (PostgreSQL, DATABASE_URL), and nowhere else: it never overwrites a shop. The whole file is checked
 * against its manifest before anything is written; the database is restored in one piece (PGlite: into a new
 * folder renamed into place once it opens and holds what the manifest says; PostgreSQL: one transaction).
 */
export async function restoreBackup(config: RestoreConfig, file: string): Promise<RestoreResult> {
  if (!existsSync(file)) throw new BackupError(`${file} does not exist.`);
  const manifest = await nothingRestoredIfFails(readArchive(file, { onlyManifest: true }));
  const target = config.databaseUrl ? 'postgres' : 'pglite';
  if (manifest.database !== target) {
    throw new BackupError(
      `${file} is a backup of a shop on ${kindName[manifest.database]}, and this restore would go into ${kindName[target]}. Restoring across the two is not supported: ${manifest.database === 'pglite' ? 'unset DATABASE_URL to restore it into a data folder (DATA_DIR)' : 'set DATABASE_URL to an empty PostgreSQL database'}.`,
    );
  }
  const where = config.databaseUrl ? await checkEmptyDatabase(config.databaseUrl) : checkEmptyFolder(config.dataDir);

  const work = await mkdtemp(path.join(os.tmpdir(), 'bilum-restore-'));
  try {
    await nothingRestoredIfFails(readArchive(file, { into: work }));
    const keyFile = serverKeyFile(config.dataDir);
    const key = manifest.serverKey === 'file' ? await readFile(path.join(work, 'server-key')) : null;
    if (key && existsSync(keyFile) && !(await readFile(keyFile)).equals(key)) {
      throw new BackupError(
        `${keyFile} holds another server key than the backup's: restore into an empty DATA_DIR, or move that file away first (it belongs to another shop). Nothing was restored.`,
      );
    }
    const facts = config.databaseUrl
      ? await restorePostgres(config.databaseUrl, path.join(work, 'database.pgdump'), manifest)
      : await restorePglite(config.dataDir, path.join(work, 'database.pglite.tar'), manifest);
    if (key && !existsSync(keyFile)) {
      await mkdir(config.dataDir, { recursive: true });
      await writeFile(keyFile, key, { mode: 0o600, flag: 'wx' });
    }
    return { manifest, report: report(config, manifest, facts, where, key ? keyFile : null) };
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

/** A file that fails its checks: said plainly that the target was not touched. */
function nothingRestoredIfFails<T>(reading: Promise<T>): Promise<T> {
  return reading.catch((error: unknown) => {
    throw error instanceof BackupError ? new BackupError(`${error.message} Nothing was restored.`) : error;
  });
}

function checkEmptyFolder(dataDir: string): string {
  const folder = path.join(dataDir, 'pglite');
  let entries: string[] = [];
  try {
    entries = readdirSync(folder);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') entries = ['?'];
  }
  if (entries.length > 0) {
    throw new BackupError(
      `${folder} is not empty: restore only goes into an empty data folder, so that no shop is overwritten. Set DATA_DIR to a new folder, or stop the shop and move that folder away first.`,
    );
  }
  return folder;
}

async function checkEmptyDatabase(databaseUrl: string): Promise<string> {
  const name = databaseName(databaseUrl);
  const objects = await postgresObjectCount(databaseUrl);
  if (objects > 0) {
    throw new BackupError(
      `The database ${name} is not empty (${objects} tables, sequences or schemas): restore only goes into an empty database, so that no shop is overwritten. Create a new one (createdb ${name}_restored) and point DATABASE_URL at it.`,
    );
  }
  return `the database ${name}`;
}

function databaseName(databaseUrl: string): string {
  try {
    return decodeURIComponent(new URL(databaseUrl).pathname.slice(1)) || 'in DATABASE_URL';
  } catch {
    return 'in DATABASE_URL';
  }
}

function mismatch(differences: string[], afterwards: string): BackupError {
  return new BackupError(
    `The restored database does not hold what the backup's manifest says (${differences.join('; ')}). ${afterwards}`,
  );
}

async function restorePglite(dataDir: string, dumpFile: string, manifest: BackupManifest): Promise<DatabaseFacts> {
  const folder = path.join(dataDir, 'pglite');
  await mkdir(dataDir, { recursive: true });
  // Opened in a folder of its own and renamed into place only when it holds what the manifest says: a restore that
  // fails half-way leaves no half database where the shop would start.
  const staging = await mkdtemp(path.join(dataDir, 'pglite.restoring-'));
  try {
    const facts = await loadPgliteDump(staging, await readFile(dumpFile));
    const differences = factDifferences(manifest, facts);
    if (differences.length) throw mismatch(differences, 'Nothing was restored: use another copy of the backup.');
    if (existsSync(folder)) await rmdir(folder);
    await rename(staging, folder);
    return facts;
  } catch (error) {
    await rm(staging, { recursive: true, force: true });
    throw error;
  }
}

async function restorePostgres(databaseUrl: string, dumpFile: string, manifest: BackupManifest) {
  const facts = await restorePostgresDump(databaseUrl, dumpFile);
  const differences = factDifferences(manifest, facts);
  if (differences.length) {
    throw mismatch(differences, 'Drop that database, create it again empty, and restore another copy of the backup.');
  }
  return facts;
}

/** Where this release stands against the backup's migrations, and what starting it will do. */
function migrationLine(manifest: BackupManifest): string {
  const release = releaseMigrations();
  const last = release.at(-1);
  const at = manifest.migrations.lastCreatedAt;
  const index = release.findIndex((migration) => migration.when === at);
  if (at === null) return 'Its database has no migrations: starting the shop applies them all.';
  if (index === -1 && last && at > last.when) {
    return `It was made by a newer release of the shop (its last migration is not among this release's ${release.length}): start that release on it; this one refuses a database migrated further than it knows.`;
  }
  if (index === release.length - 1) return `Its database is at this release's last migration, ${last?.tag}.`;
  const newer = release.length - 1 - index;
  return `Its database is at migration ${manifest.migrations.last ?? `of ${new Date(at).toISOString()}`}; this release has ${newer} newer one(s), applied when the shop starts (or by npm run migrate). To run the release that made the backup instead, start that release.`;
}

function report(
  config: RestoreConfig,
  manifest: BackupManifest,
  facts: DatabaseFacts,
  where: string,
  keyFile: string | null,
): string[] {
  const lines = [
    `Restored the backup of ${manifest.madeAt} into ${where}: ${describeRows(facts.rows)}.`,
    migrationLine(manifest),
  ];
  if (keyFile) lines.push(`The shop's server key was restored to ${keyFile}.`);
  if (keyFile && config.secretKey) {
    lines.push(
      'SECRET_KEY is set, so the shop will use it instead of that file: unless it is the key the shop had, guests\u2019 checkout links and unsent reset codes from before the backup will not work. Unset SECRET_KEY to use the restored key.',
    );
  }
  if (manifest.serverKey === 'SECRET_KEY') {
    lines.push(
      'The shop kept its server key in SECRET_KEY, which is not in the backup: start it with the same SECRET_KEY (from your secret store), or guests\u2019 checkout links and reset codes from before the backup will not work.',
    );
  }
  lines.push(
    `Next: start the shop on it (npm start, or your service with ${config.databaseUrl ? 'this DATABASE_URL' : `DATA_DIR=${config.dataDir}`}) and check that GET /api/ready answers 200, then look at the latest orders in the admin.`,
  );
  return lines;
}
