// A shop as `npm start` serves it (production mode, the built web app, the API on one port) on a fresh PGlite
// database prepared by that version's own scripts/bench/prepare-db.ts: the version measured, or the baseline in its
// worktree (baseline.mjs).
import { randomBytes } from 'node:crypto';
import { startProcess, waitFor } from './processes.mjs';

/** Migrates and seeds `dataDir` with the code of `root`; answers prepare-db.ts's JSON ({ benchProductId, generated }). */
export async function prepareDatabase({ root, dataDir, catalogueSize }) {
  const child = startProcess(
    process.execPath,
    ['--import', 'tsx', 'scripts/bench/prepare-db.ts', dataDir, String(catalogueSize)],
    {},
    root,
  );
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  const code = await new Promise((resolve) => child.once('exit', resolve));
  if (code !== 0) throw new Error(`preparing the database of ${root} failed (${code})`);
  return JSON.parse(output.trim().split('\n').pop());
}

/** Starts the server of `root` on `port` and waits until it answers. */
export async function startShop({ root, port, dataDir, webDist }) {
  const server = startProcess(
    process.execPath,
    ['--import', 'tsx', 'apps/api/src/server.ts'],
    {
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      WEB_DIST: webDist,
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
      SEED_DEMO_DATA: 'false',
      ADMIN_PASSWORD: randomBytes(12).toString('hex'),
      // Every simulated shopper of the load test is 127.0.0.1: lift the per-address checkout limits (issue 16), as
      // the resilience servers do, so the checkout figure measures checkouts, not the limiter's 429s.
      CHECKOUT_ORDERS_PER_IP: '100000',
      CHECKOUT_UNPAID_ORDERS_PER_IP: '100000',
      CHECKOUT_UNPAID_ORDERS_PER_ACCOUNT: '100000',
    },
    root,
  );
  server.stdout.resume();
  await waitFor(`http://127.0.0.1:${port}/api/health`, server);
  return server;
}
