import { loadConfig } from './config';
import { openDatabase } from './db/client';
import { MigrationError } from './db/migrator';

/**
 * `npm run migrate`: applies the committed migrations once per deploy, before the new instances start (which
 * then run with MIGRATE_ON_START=false). Safe to run twice: applied migrations are skipped, and the start-up
 * lock keeps it from running beside an instance that is migrating.
 */
const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, poolSize: 2 });
try {
  const run = await database.exclusive(() => database.migrate({ log: (line) => console.log(line) }));
  console.log(
    run.applied.length
      ? `Applied ${run.applied.length} migration(s) (${database.kind}); the database is at ${run.current}.`
      : `Nothing to apply (${database.kind}); the database is at ${run.current}.`,
  );
} catch (error) {
  // One line that names the migration, the reason and what to do; the failed migration left nothing behind.
  console.error(error instanceof MigrationError ? error.message : error);
  process.exitCode = 1;
} finally {
  await database.close();
}
