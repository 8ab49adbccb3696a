import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Vitest's default is one worker fewer than the cores: one worker on CI's two. The API files spend much of
    // their time waiting on the database, the server under test and timers, so one worker more than the cores
    // keeps both busy: the API tests took 392 s with one worker, 300 s with four on PGlite; 190 s with three on
    // PostgreSQL (2 cores, one run each; docs/performance.md "The CI's own time").
    maxWorkers: availableParallelism() + 1,
    projects: [
      {
        test: {
          name: 'shared',
          include: ['packages/shared/src/**/*.test.ts'],
        },
      },
      {
        test: {
          name: 'api',
          include: ['apps/api/src/**/*.test.ts'],
          // Every answer an API test receives is checked against the OpenAPI document (decision 037).
          setupFiles: ['apps/api/src/test/contract-setup.ts'],
          // global.gc() for the export test's memory bound: live memory, not garbage not yet collected.
          execArgv: ['--expose-gc'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'repo',
          include: ['scripts/**/*.test.ts'],
        },
      },
      {
        test: {
          name: 'web',
          include: ['apps/web/src/**/*.test.{ts,tsx}'],
          environment: 'happy-dom',
          // Every message catalog at once, as the server renderer has them (decision 046).
          setupFiles: ['apps/web/src/i18n/all-catalogs.ts'],
        },
      },
    ],
  },
});
