import type { FastifyInstance } from 'fastify';
import { type AppDeps, buildApp } from '../app';
import { type Config, testConfig } from '../config';
import { recordContract } from './contract-recorder';
import type { Database } from '../db/client';
import { createTestDatabase } from './test-database';

export interface TestContext {
  app: FastifyInstance;
  db: Database;
  close(): Promise<void>;
}

/**
 * The whole app on a fresh empty database, called through `app.inject`. `beforeReady` may add routes made for
 * the test (e.g. to try a plugin's hooks and preHandlers). Every answer of the shop's own routes must be what the
 * OpenAPI document says (test/contract-setup.ts fails the test otherwise).
 */
export async function createTestApp(
  overrides: Partial<Config> = {},
  beforeReady?: (app: FastifyInstance) => void,
  deps: {
    /** A payment provider made for the test (e.g. the simulator with a movable clock). */
    payments?: (db: Database) => NonNullable<AppDeps['payments']>;
    now?: AppDeps['now'];
    /** Where the log lines go (with a `logLevel` override), so a test can read them. */
    logStream?: AppDeps['logStream'];
    /** A first-screen renderer (e.g. the web app's own, apps/web/src/entry-server.tsx). */
    firstScreenRenderer?: AppDeps['firstScreenRenderer'];
  } = {},
): Promise<TestContext> {
  const database = await createTestDatabase();
  const app = await buildApp({
    db: database.db,
    config: testConfig(overrides),
    payments: deps.payments?.(database.db),
    now: deps.now,
    logStream: deps.logStream,
    firstScreenRenderer: deps.firstScreenRenderer,
  });
  // Every answer is checked against the OpenAPI document (decision 037); the test's own routes are not.
  const contract = recordContract(app);
  if (beforeReady) {
    contract.ignoreRoutesFromNowOn();
    beforeReady(app);
  }
  await app.ready();
  return {
    app,
    db: database.db,
    async close() {
      await app.close();
      await database.close();
    },
  };
}
