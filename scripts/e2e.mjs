// `npm run test:e2e`: builds the web app if needed, then runs the Playwright journeys against a real server.
import { buildWebIfStale, run } from './lib.mjs';

const buildCode = await buildWebIfStale();
if (buildCode !== 0) process.exit(buildCode);
process.exit(
  await run('npx', ['playwright', 'test', '--config', 'e2e/playwright.config.ts', ...process.argv.slice(2)]),
);
