import path from 'node:path';
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig, repoRoot } from '../config';
import { BackupError } from './backup-archive';
import { createBackup } from './backup.service';
import { describeRows } from './database-facts';

/**
 * `npm run backup [-- --out FOLDER | FILE.tgz]`: one consistent backup of the shop's data, taken while it runs
 * (decision 020). Default folder: `backups/` in the repository. Relative paths are taken from where npm runs the
 * command: the repository's root for the root package's script.
 */
const usage = 'Usage: npm run backup [-- --out FOLDER | FILE.tgz]   (default folder: backups/ of the repository)';

const takenBy = {
  'running-shop': 'by the running shop',
  'data-folder': 'from the stopped shop’s data folder',
  pg_dump: 'with pg_dump',
} as const;

const size = (bytes: number) =>
  bytes < 1_000_000 ? `${Math.ceil(bytes / 1000)} kB` : `${(bytes / 1_000_000).toFixed(1)} MB`;

try {
  const { values } = parseArgs({
    options: { out: { type: 'string', short: 'o' }, help: { type: 'boolean', short: 'h' } },
  });
  if (values.help) {
    console.log(usage);
  } else {
    const base = process.env.INIT_CWD ?? process.cwd();
    // A relative DATA_DIR is taken from where npm runs the command (the repository's root), as the server takes it.
    const loaded = loadConfig();
    const config = { ...loaded, dataDir: path.resolve(base, loaded.dataDir) };
    const output = values.out ? path.resolve(base, values.out) : path.join(repoRoot, 'backups');
    const { file, bytes, manifest } = await createBackup(config, output);
    const database = manifest.database === 'pglite' ? 'PGlite' : 'PostgreSQL';
    console.log(`Backup written: ${file} (${size(bytes)}), checked against its manifest.`);
    console.log(
      `  ${database} database, taken ${takenBy[manifest.takenBy]} at ${manifest.madeAt}: ${describeRows(manifest.rows)}; at migration ${manifest.migrations.last ?? manifest.migrations.count}.`,
    );
    console.log(
      manifest.serverKey === 'file'
        ? '  The server key (DATA_DIR/server-key) is in it too.'
        : manifest.serverKey === 'SECRET_KEY'
          ? '  The server key is SECRET_KEY, which is not in it: keep SECRET_KEY in your secret store.'
          : '  The shop has no server key yet (it makes one at its first start).',
    );
    console.log('  It holds every customer’s data: keep it encrypted, and a copy off this machine.');
  }
} catch (error) {
  if (error instanceof BackupError || error instanceof ConfigError) console.error(error.message);
  else if ((error as { code?: string }).code?.startsWith('ERR_PARSE_ARGS'))
    console.error(`${(error as Error).message}\n${usage}`);
  else console.error(error);
  process.exitCode = 1;
}
