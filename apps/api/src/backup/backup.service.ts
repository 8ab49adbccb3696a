import { existsSync } from 'node:fs';
import { cp, mkdir, mkdtemp, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { Config } from '../config';
import { pgliteExtensions } from '../db/client';
import {
  BackupError,
  type BackupManifest,
  backupFileName,
  partFromBuffer,
  partFromFile,
  readArchive,
  writeArchiveFile,
} from './backup-archive';
import { probeControl, processesHolding, readControlFile, requestBackup } from './backup-control';
import { dumpPglite, dumpPostgres } from './database-dump';
import { serverKeyOf } from './server-key-part';

export interface BackupResult {
  file: string;
  bytes: number;
  manifest: BackupManifest;
}

type BackupConfig = Pick<Config, 'databaseUrl' | 'dataDir' | 'secretKey'>;

/**
 * `npm run backup`: one consistent backup of the shop's data (decision 020) into `output`, a folder (the file is
 * named `bilum-backup-<time>.tgz`) or a file name ending in `.tgz`. The file appears only once it is complete and
 * has been read back and checked; a failure leaves nothing behind.
 * - PostgreSQL: pg_dump of a snapshot, while the shop runs;
 * - PGlite, shop running: the shop makes it (backup-control.ts), between two transactions;
 * - PGlite, shop stopped: from a copy of the data folder, so the backup never writes to the shop's files.
 */
export async function createBackup(config: BackupConfig, output: string, now = new Date()): Promise<BackupResult> {
  const file = output.endsWith('.tgz') ? path.resolve(output) : path.resolve(output, backupFileName(now));
  await mkdir(path.dirname(file), { recursive: true });
  if (existsSync(file)) throw new BackupError(`${file} already exists: choose another name.`);
  const partial = `${file}.partial`;
  try {
    if (config.databaseUrl) await backupPostgres(config, config.databaseUrl, partial, now);
    else await backupPglite(config, partial, now);
    // Read back and checked before it counts as a backup.
    const manifest = await readArchive(partial).catch((error: unknown) => {
      if (!(error instanceof BackupError)) throw error;
      throw new BackupError(`The backup did not read back as written, so it was not kept: ${error.message}`);
    });
    await rename(partial, file);
    return { file, bytes: (await stat(file)).size, manifest };
  } catch (error) {
    await rm(partial, { force: true });
    throw error;
  }
}

async function backupPostgres(config: BackupConfig, databaseUrl: string, file: string, now: Date) {
  const work = await mkdtemp(path.join(path.dirname(file), '.bilum-backup-'));
  try {
    const dumpFile = path.join(work, 'database.pgdump');
    const facts = await dumpPostgres(databaseUrl, dumpFile);
    const serverKey = await serverKeyOf(config);
    await writeArchiveFile(
      file,
      { madeAt: now.toISOString(), database: 'postgres', takenBy: 'pg_dump', ...facts, serverKey: serverKey.kind },
      [await partFromFile('database.pgdump', dumpFile), ...(serverKey.part ? [serverKey.part] : [])],
    );
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

async function backupPglite(config: BackupConfig, file: string, now: Date) {
  const folder = path.join(config.dataDir, 'pglite');
  if (!existsSync(path.join(folder, 'PG_VERSION'))) {
    throw new BackupError(`There is no shop database in ${folder} to back up (DATA_DIR is ${config.dataDir}).`);
  }
  const control = await readControlFile(config.dataDir);
  if (control) {
    const state = await probeControl(control);
    if (state === 'answers') return requestBackup(control, file);
    if (state !== 'gone') {
      throw new BackupError(
        `The shop (process ${control.pid}) runs on ${config.dataDir} but did not answer the backup request (${state}). Try again in a moment; if it keeps failing, restart the shop and try again.`,
      );
    }
  }
  const refuseIfOpen = () => {
    const holders = processesHolding(folder);
    if (holders?.length) {
      throw new BackupError(
        `Process ${holders.join(', ')} has the shop's database ${folder} open, and no running shop answers for it (starting, migrating or stopping?). Run the backup again once the shop has started, or after it has stopped.`,
      );
    }
  };
  refuseIfOpen();
  await backupStoppedPglite(config, folder, file, now, refuseIfOpen);
}

/**
 * A stopped shop: its folder is copied and the copy is opened and dumped (opening a PGlite folder writes to it, and
 * the shop's own files stay exactly as they were). Checked again after the copy: a shop that started meanwhile
 * could have changed files while they were copied.
 */
async function backupStoppedPglite(
  config: BackupConfig,
  folder: string,
  file: string,
  now: Date,
  refuseIfOpen: () => void,
) {
  const work = await mkdtemp(path.join(path.dirname(file), '.bilum-backup-'));
  try {
    const copy = path.join(work, 'pglite');
    await cp(folder, copy, { recursive: true });
    refuseIfOpen();
    const client = await PGlite.create(copy, { extensions: pgliteExtensions });
    let dumped: Awaited<ReturnType<typeof dumpPglite>>;
    try {
      dumped = await dumpPglite(client);
    } finally {
      await client.close();
    }
    const serverKey = await serverKeyOf(config);
    await writeArchiveFile(
      file,
      {
        madeAt: now.toISOString(),
        database: 'pglite',
        takenBy: 'data-folder',
        ...dumped.facts,
        serverKey: serverKey.kind,
      },
      [partFromBuffer('database.pglite.tar', dumped.dump), ...(serverKey.part ? [serverKey.part] : [])],
    );
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}
