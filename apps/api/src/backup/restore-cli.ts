import path from 'node:path';
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../config';
import { BackupError } from './backup-archive';
import { restoreBackup } from './restore.service';

/**
 * `npm run restore FILE`: brings a backup made by `npm run backup` into an empty data folder (DATA_DIR, PGlite) or
 * an empty database (DATABASE_URL), then says what to do next (decision 020). It never overwrites a shop.
 */
const usage =
  'Usage: npm run restore FILE   (into DATA_DIR/pglite, which must be empty, or the empty database in DATABASE_URL)';

try {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: { help: { type: 'boolean', short: 'h' } },
  });
  if (values.help) {
    console.log(usage);
  } else if (positionals.length !== 1) {
    console.error(usage);
    process.exitCode = 1;
  } else {
    const base = process.env.INIT_CWD ?? process.cwd();
    // A relative DATA_DIR is taken from where npm runs the command (the repository's root), as the server takes it.
    const loaded = loadConfig();
    const config = { ...loaded, dataDir: path.resolve(base, loaded.dataDir) };
    const file = path.resolve(base, positionals[0]!);
    const { report } = await restoreBackup(config, file);
    for (const line of report) console.log(line);
  }
} catch (error) {
  if (error instanceof BackupError || error instanceof ConfigError) console.error(error.message);
  else if ((error as { code?: string }).code?.startsWith('ERR_PARSE_ARGS'))
    console.error(`${(error as Error).message}\n${usage}`);
  else console.error(error);
  process.exitCode = 1;
}
