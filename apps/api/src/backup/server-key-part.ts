import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../config';
import { type ArchivePart, type BackupManifest, partFromBuffer } from './backup-archive';

export const serverKeyFile = (dataDir: string) => path.join(dataDir, 'server-key');

/**
 * The server key travels with the backup when the shop keeps it in `<DATA_DIR>/server-key` (SECRET_KEY unset):
 * without it, a restored shop could not check the HMACs of its checkout tokens and reset codes, and guests'
 * checkout links would stop working. With SECRET_KEY the key is the environment's, kept in the secret store.
 */
export async function serverKeyOf(
  config: Pick<Config, 'secretKey' | 'dataDir'>,
): Promise<{ kind: BackupManifest['serverKey']; part: ArchivePart | null }> {
  if (config.secretKey) return { kind: 'SECRET_KEY', part: null };
  try {
    return { kind: 'file', part: partFromBuffer('server-key', await readFile(serverKeyFile(config.dataDir))) };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    return { kind: 'none', part: null };
  }
}
