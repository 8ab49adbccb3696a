// `npm test`: unit and API tests (Vitest), then the browser journeys (Playwright in Debian's Chromium).
// Without Chromium the journeys are skipped with a plain message, except under CI=true, where that fails.
import { existsSync } from 'node:fs';
import { chromiumPath, run } from './lib.mjs';

const unitCode = await run('npx', ['vitest', 'run']);
if (unitCode !== 0) process.exit(unitCode);

if (!existsSync(chromiumPath)) {
  const message = `Chromium was not found at ${chromiumPath}: the browser tests were NOT run. Install it with \`apt-get install chromium\`.`;
  if (process.env.CI === 'true') {
    console.error(`${message} CI=true, so this is a failure.`);
    process.exit(1);
  }
  console.warn(`\n*** ${message} ***\n`);
  process.exit(0);
}
process.exit(await run('node', ['scripts/e2e.mjs', ...process.argv.slice(2)]));
