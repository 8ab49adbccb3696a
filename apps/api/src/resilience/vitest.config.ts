import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/**
 * `npm run test:resilience` (issue 10): real server processes under load and faults. Not part of `npm run
 * test:unit` (the files end in .resilience.ts, which the root config does not pick up), because they take minutes.
 * One file at a time: each loads the machine on its own.
 */
export default defineConfig({
  root: path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..'),
  test: {
    name: 'resilience',
    include: ['apps/api/src/resilience/**/*.resilience.ts'],
    fileParallelism: false,
    testTimeout: 240_000,
    hookTimeout: 120_000,
  },
});
