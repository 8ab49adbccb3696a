// `npm run bench`: builds the web app into a folder of its own, serves it like `npm start` (production mode) on a
// fresh, seeded PGlite database, and measures it: Lighthouse (mobile) on four pages, the JavaScript and CSS each
// page loads before it is interactive (from Vite's manifest), and the API under autocannon beside a bare
// node:http server. Writes bench-results/<timestamp>.json and .md; exits 1 when a target is missed.
//
//   npm run bench                      the full run (about 10 minutes)
//   npm run bench -- --quick           one Lighthouse run a page and 3-second loads: to try the harness
//   npm run bench -- --skip-lighthouse / --skip-api
//   npm run bench -- --catalogue 10000   adds 10,000 generated products to the fresh database first (issue 20)
//   BENCH_PORT=3270 (the shop; the bare server takes the next port), BENCH_NOTE="…" (added to the summary)
import { execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { measurePage } from './bench/lighthouse.mjs';
import { startProcess, stopProcess, waitFor } from './bench/processes.mjs';
import { renderMarkdown, targets } from './bench/report.mjs';
import { buildWeb, pageBundles } from './bench/web-bundles.mjs';
import { root } from './lib.mjs';

const argv = process.argv.slice(2);
const args = new Set(argv);
/** `--catalogue N` or `--catalogue=N`: products generated beside the demo catalogue (scripts/bench/generated-catalogue.ts). */
const catalogueArg =
  argv.find((arg) => arg.startsWith('--catalogue='))?.split('=')[1] ??
  (argv.includes('--catalogue') ? argv[argv.indexOf('--catalogue') + 1] : '0');
const catalogueSize = Number(catalogueArg);
if (!Number.isSafeInteger(catalogueSize) || catalogueSize < 0 || catalogueSize > 200_000) {
  console.error(`--catalogue takes a number of products from 0 to 200000 (got ${catalogueArg})`);
  process.exit(2);
}
const quick = args.has('--quick');
const lighthouseRuns = quick ? 1 : 5;
const loadSeconds = quick ? 3 : 10;
const port = Number(process.env.BENCH_PORT ?? 3270);
const barePort = port + 1;
const baseUrl = `http://127.0.0.1:${port}`;

/** The pages measured, with their route in apps/web/src/app/router.tsx (to find the lazy page chunk). */
const pages = [
  { name: 'home', path: '/', route: null },
  { name: 'category', path: '/category/phones', route: 'category/:categoryName?' },
  { name: 'product', path: '/index-item/1', route: 'index-item/:id' },
  { name: 'guest cart', path: '/guest-cart', route: 'guest-cart' },
];

/** The source module of a route's lazy page, e.g. src/features/catalog/CategoryPage (no extension), or null. */
function routeModule(route) {
  if (!route) return null;
  const router = readFileSync(path.join(root, 'apps/web/src/app/router.tsx'), 'utf8');
  const escaped = route.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const component = new RegExp(`path="${escaped}"\\s+element=\\{<(\\w+)`).exec(router)?.[1];
  if (!component) return null;
  const lazyImport = new RegExp(`const ${component} = (?:lazy|lazyPage)\\(\\(\\) => import\\('([^']+)'\\)`).exec(
    router,
  )?.[1];
  return lazyImport ? path.posix.join('src/app', lazyImport) : null;
}

async function prepareDatabase(dataDir) {
  const child = startProcess(process.execPath, [
    '--import',
    'tsx',
    'scripts/bench/prepare-db.ts',
    dataDir,
    String(catalogueSize),
  ]);
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  const code = await new Promise((resolve) => child.once('exit', resolve));
  if (code !== 0) throw new Error(`preparing the database failed (${code})`);
  return JSON.parse(output.trim().split('\n').pop());
}

async function portIsTaken(url) {
  try {
    await fetch(url);
    return true;
  } catch {
    return false;
  }
}

/** The guest cart as the web app keeps it in localStorage (apps/web/src/lib/local-cart-item.ts). */
async function guestCartItems(productIds) {
  const items = [];
  for (const id of productIds) {
    const { product } = await (await fetch(`${baseUrl}/api/products/${id}`)).json();
    items.push({
      id: product.id,
      product_id: product.id,
      product_name: product.name,
      price: product.price,
      originalPrice: product.originalPrice,
      isMemberPrice: false,
      description: product.description,
      condition: product.condition,
      category: product.category,
      image: product.image,
      isMembership: product.isMembership,
      quantity: 1,
    });
  }
  return items;
}

async function measureLighthouse() {
  const cart = await guestCartItems([1, 5]);
  const fillGuestCart = async (page) => {
    // Any same-origin URL that is not the app, so the cache holds nothing of the page before the run.
    await page.goto(`${baseUrl}/favicon.svg`);
    await page.evaluate((value) => localStorage.setItem('guestCartItems', value), JSON.stringify(cart));
    // A page of the shop, as the shopper saw one after filling the cart: the app mirrors the cart into the
    // cookie the server renders /guest-cart from (apps/web/src/lib/guest-cart.ts).
    await page.goto(`${baseUrl}/terms`);
    await page.waitForFunction(() => globalThis.document.cookie.includes('bilum_guest_cart='), { timeout: 15_000 });
  };
  const results = [];
  for (const page of pages) {
    results.push(
      await measurePage({
        name: page.name,
        url: `${baseUrl}${page.path}`,
        prepare: page.name === 'guest cart' ? fillGuestCart : undefined,
        runs: lighthouseRuns,
      }),
    );
  }
  return results;
}

/**
 * The API phase in a Node process of its own: after five Lighthouse runs a page this process holds Lighthouse's
 * leftovers, and autocannon measured from here lost a quarter of the shop's throughput (not the server's: a
 * fresh process measured it as before).
 */
async function measureApiInOwnProcess(workDir, benchProductId) {
  const resultFile = path.join(workDir, 'api-result.json');
  const options = { baseUrl, barePort, workDir, benchProductId, loadSeconds, quick, resultFile };
  const child = spawn(process.execPath, [path.join(root, 'scripts/bench/api-phase.mjs'), JSON.stringify(options)], {
    cwd: root,
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const code = await new Promise((resolve) => child.once('exit', resolve));
  if (code !== 0) throw new Error(`the API phase stopped with code ${code}`);
  return JSON.parse(readFileSync(resultFile, 'utf8'));
}

function gitCommit() {
  try {
    return execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: root, encoding: 'utf8' }).trim();
  } catch {
    return 'unknown';
  }
}

for (const url of [baseUrl, `http://127.0.0.1:${barePort}`, `http://127.0.0.1:${barePort + 1}`]) {
  if (await portIsTaken(url)) {
    console.error(`Something already answers on ${url}; stop it or set BENCH_PORT to a free port.`);
    process.exit(1);
  }
}

const startedAt = new Date();
const machine = {
  cpus: os.cpus().length,
  cpuModel: os.cpus()[0]?.model ?? 'unknown',
  memoryGb: Math.round(os.totalmem() / 1024 ** 3),
  node: process.version,
  loadAverageAtStart: os.loadavg(),
};
const workDir = mkdtempSync(path.join(os.tmpdir(), 'bilum-bench-'));
const webDist = path.join(workDir, 'web');
let server;
let exitCode = 0;
try {
  console.log('Building the web app…');
  const modulesByFile = await buildWeb(webDist);
  const bundles = pages.map((page) => ({
    name: page.name,
    ...pageBundles({ outDir: webDist, modulesByFile, routeSource: routeModule(page.route) }),
  }));

  console.log(
    `Preparing a fresh database (demo catalogue${catalogueSize ? `, ${catalogueSize} generated products` : ''} and a bench product)…`,
  );
  const dataDir = path.join(workDir, 'data');
  const { benchProductId, generated } = await prepareDatabase(dataDir);

  console.log(`Starting the shop on ${baseUrl}…`);
  server = startProcess(process.execPath, ['--import', 'tsx', 'apps/api/src/server.ts'], {
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
  });
  server.stdout.resume();
  await waitFor(`${baseUrl}/api/health`, server);

  let lighthouse = null;
  if (!args.has('--skip-lighthouse')) {
    console.log(`Lighthouse, mobile, ${lighthouseRuns} run(s) a page…`);
    lighthouse = await measureLighthouse();
  }
  let api = null;
  if (!args.has('--skip-api')) {
    console.log(`API load, ${loadSeconds} s each…`);
    api = await measureApiInOwnProcess(workDir, benchProductId);
  }

  machine.loadAverageAtEnd = os.loadavg();
  const result = {
    startedAt: startedAt.toISOString(),
    finishedAt: new Date().toISOString(),
    commit: gitCommit(),
    quick,
    generatedProducts: generated ?? 0,
    note: process.env.BENCH_NOTE ?? null,
    machine,
    lighthouseRuns,
    loadSeconds,
    bundles,
    lighthouse,
    api,
  };
  result.targets = targets(result);
  const outDir = path.join(root, 'bench-results');
  mkdirSync(outDir, { recursive: true });
  const stamp = startedAt.toISOString().replace(/[:.]/g, '-');
  const markdown = renderMarkdown(result);
  writeFileSync(path.join(outDir, `${stamp}.json`), `${JSON.stringify(result, null, 2)}\n`);
  writeFileSync(path.join(outDir, `${stamp}.md`), markdown);
  console.log(`\n${markdown}`);
  console.log(`Wrote bench-results/${stamp}.json and .md`);
  if (result.targets.some((target) => target.pass === false)) exitCode = 1;
} catch (error) {
  console.error(error);
  exitCode = 2;
} finally {
  await stopProcess(server);
  rmSync(workDir, { recursive: true, force: true });
}
process.exit(exitCode);
