import { loadConfig } from './config';
import { openDatabase } from './db/client';

/**
 * `npm run migrate`: applies the committed migrations once per deploy, before the new instances start (which
 * then run with MIGRATE_ON_START=false). Safe to run twice: applied migrations are skipped, and the start-up
 * lock keeps it from running beside an instance that is migrating.
 */
const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, poolSize: 2 });
await database.exclusive(() => database.migrate());
await database.close();
console.log(`Migrations applied (${database.kind}).`);
