import { sql } from 'drizzle-orm';
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { openDatabase } from './db/client';
import { MigrationError } from './db/migrator';
import { seedDemoData } from './db/seed';
import { reportAdminAccount } from './modules/auth/admin-account';
import { closePictureWorkers } from './modules/uploads/picture-pool';
import { closePdfWorkers } from './pdf/pdf-workers';

async function main() {
  const config = loadConfig();
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    poolSize: config.deployment.databasePoolSize,
  });
  // Instances that start together take turns here (an advisory lock on PostgreSQL), so the migrations, the
  // demo data and the admin account are each done once. MIGRATE_ON_START=false leaves the migrations to
  // `npm run migrate`, run once per deploy before the new instances start.
  try {
    if (config.deployment.migrateOnStart) {
      const run = await database.exclusive(() => database.migrate());
      if (run.applied.length)
        console.log(`Applied ${run.applied.length} migration(s); the database is at ${run.current}.`);
    }
  } catch (error) {
    // The failed migration was rolled back; close the database cleanly before main() prints the one line.
    await database.close();
    throw error;
  }
  await database.exclusive(async () => {
    if (config.seedDemoData && (await seedDemoData(database.db))) {
      console.log('Loaded the demo catalogue into the new database.');
    }
    await reportAdminAccount(database.db, config.admin);
    // PGlite runs no autovacuum: refresh the planner's statistics of the catalogue once per start, so the list's
    // search and sorts use their indexes (decision 014; without them a 10,000-product search read every row).
    if (database.kind === 'pglite') await database.db.execute(sql`analyze products`);
  });
  const app = await buildApp({ db: database.db, config });

  let closing = false;
  /**
   * SIGTERM (a deploy, a scale-down): /api/ready answers 503 and no new connections are accepted; requests in
   * flight finish; the background jobs (e-mail, checkout) stop; then the database pool closes. Whatever is
   * still running after SHUTDOWN_TIMEOUT_MS is cut off.
   */
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing requests in flight');
    const deadline = setTimeout(() => {
      app.log.error({ timeoutMs: config.deployment.shutdownTimeoutMs }, 'shutdown took too long; exiting anyway');
      process.exit(1);
    }, config.deployment.shutdownTimeoutMs);
    deadline.unref();
    // A keep-alive connection that was busy when the signal came stays open after its answer, and would hold
    // the server open until the browser drops it (found by src/resilience/sigterm.resilience.ts): close each
    // one as soon as it is idle.
    const idleCloser = setInterval(() => app.server.closeIdleConnections(), 50);
    idleCloser.unref();
    try {
      await app.close();
      clearInterval(idleCloser);
      await closePdfWorkers();
      await closePictureWorkers();
      await database.close();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  console.log(`Bilum is serving the shop at http://localhost:${config.port} (${database.kind})`);
}

main().catch((error: unknown) => {
  // A bad setting or a migration that cannot be applied is one line that says what to do, not a stack.
  console.error(error instanceof ConfigError || error instanceof MigrationError ? error.message : error);
  process.exit(1);
});
