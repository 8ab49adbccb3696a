import { loadConfig } from './config';
import { openDatabase } from './db/client';

/** `npm run migrate`: applies the committed migrations once, e.g. per deploy. */
const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
await database.migrate();
await database.close();
console.log(`Migrations applied (${database.kind}).`);
