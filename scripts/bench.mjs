// `npm run bench`: builds the web app into a folder of its own, serves it as `npm start` does (production mode) on a
// fresh, seeded PGlite database, and measures it: Lighthouse (mobile) on every shopper page (scripts/bench/pages.mjs;
// signed in, with a cart or an order where the page needs one), side by side with a baseline commit served the
// same way (runs interleaved: baseline.mjs), the JavaScript and CSS each page loads before it is interactive (from
// Vite's manifest), and the API under autocannon beside a bare node:http server, with the checkout capacity.
// Writes bench-results/<timestamp>.json and .md; exits 1 when a target is missed (scripts/bench/report.mjs).
//
//   npm run bench                        the full run: 3 Lighthouse runs a page on each version
//   npm run bench -- --quick             one Lighthouse run a page and 3-second loads: to try the harness
//   npm run bench -- --catalogue 10000   adds 10,000 generated products to both fresh databases first (issue 20)
//   npm run bench -- --baseline <ref>    the commit to compare with (default: git merge-base HEAD main)
//   npm run bench -- --no-baseline       measure this version only (the blocking-time targets are then information)
//   npm run bench -- --keep-baseline     keep the baseline's worktree (in the temp folder) for the next run
//   npm run bench -- --runs N            Lighthouse runs a page (default 3, --quick 1)
//   npm run bench -- --pages home,login  only these pages (names from scripts/bench/pages.mjs, comma-separated)
//   npm run bench -- --floor             also loads each page of this version with its script files blocked: the page's
//                                        own loading work, under which no version can go (decision 036; information)
//   npm run bench -- --skip-lighthouse / --skip-api
//   BENCH_PORT=3270 (the shop; the bare servers take the next two ports), BENCH_BASELINE_PORT (default BENCH_PORT+10),
//   BENCH_NOTE="…" (added to the summary)
import { execFileSync, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { prepareBaseline, resolveBaseline } from './bench/baseline.mjs';
import { measureOnce, summarise } from './bench/lighthouse.mjs';
import { notComparableReason, pagePath, pages as allPages, prepareFixtures, preparation } from './bench/pages.mjs';
import { stopProcess } from './bench/processes.mjs';
import { renderMarkdown, targets } from './bench/report.mjs';
import { prepareDatabase, startShop } from './bench/shop.mjs';
import { buildWeb, pageBundles } from './bench/web-bundles.mjs';
import { root } from './lib.mjs';

const argv = process.argv.slice(2);
const args = new Set(argv);
/** `--name value` or `--name=value`, or `fallback`. */
const option = (name, fallback) =>
  argv.find((arg) => arg.startsWith(`${name}=`))?.slice(name.length + 1) ??
  (argv.includes(name) ? argv[argv.indexOf(name) + 1] : fallback);
const fail = (message) => {
  console.error(message);
  process.exit(2);
};
/** `--catalogue N`: products generated beside the demo catalogue (scripts/bench/generated-catalogue.ts). */
const catalogueArg = option('--catalogue', '0');
const catalogueSize = Number(catalogueArg);
if (!Number.isSafeInteger(catalogueSize) || catalogueSize < 0 || catalogueSize > 200_000) {
  fail(`--catalogue takes a number of products from 0 to 200000 (got ${catalogueArg})`);
}
const quick = args.has('--quick');
const runsArg = option('--runs', quick ? '1' : '3');
const lighthouseRuns = Number(runsArg);
if (!Number.isSafeInteger(lighthouseRuns) || lighthouseRuns < 1 || lighthouseRuns > 15) {
  fail(`--runs takes a number of Lighthouse runs from 1 to 15 (got ${runsArg})`);
}
const pageNames = option('--pages', null)
  ?.split(',')
  .map((name) => name.trim());
const unknownPages = (pageNames ?? []).filter((name) => !allPages.some((page) => page.name === name));
if (unknownPages.length) {
  fail(`--pages: no page named ${unknownPages.join(', ')} (pages: ${allPages.map((page) => page.name).join(', ')})`);
}
const pages = pageNames ? allPages.filter((page) => pageNames.includes(page.name)) : allPages;
const measureLighthouse = !args.has('--skip-lighthouse');
const withBaseline = measureLighthouse && !args.has('--no-baseline');
const baselineRef = option('--baseline', undefined);
const measureFloor = measureLighthouse && args.has('--floor');
/** What `--floor` blocks: every script file (the page's data rides in a JSON script, which runs nothing). */
const scriptFiles = ['*.js'];
const loadSeconds = quick ? 3 : 10;
const port = Number(process.env.BENCH_PORT ?? 3270);
const barePort = port + 1;
const baselinePort = Number(process.env.BENCH_BASELINE_PORT ?? port + 10);
const baseUrl = `http://127.0.0.1:${port}`;

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

async function portIsTaken(url) {
  try {
    await fetch(url);
    return true;
  } catch {
    return false;
  }
}

/**
 * Lighthouse on every page, on this version and the baseline in turns (this, baseline, this, baseline… for each
 * page), so drifts of the machine's load hit both alike. A page the baseline cannot show (its API lacks a step of
 * the preparation) is "not comparable" there; one this version cannot prepare is not measured.
 */
async function measurePages(shops) {
  const results = [];
  for (const page of pages) {
    const perShop = shops.map((shop) => {
      const reason = notComparableReason(page, shop.prepared);
      const url = reason ? null : `${shop.baseUrl}${pagePath(page, shop.prepared.fixtures)}`;
      return { shop, reason, url, runs: [] };
    });
    // This version's page with its scripts blocked, in turn with the others (--floor).
    if (measureFloor) perShop.push({ ...perShop[0], floor: true, runs: [] });
    for (let run = 1; run <= lighthouseRuns; run += 1) {
      for (const entry of perShop) {
        if (entry.reason) continue;
        entry.runs.push(
          await measureOnce({
            label: `${page.name}, ${entry.shop.label}${entry.floor ? ' without scripts' : ''} ${run}/${lighthouseRuns}`,
            url: entry.url,
            prepare: preparation(page, entry.shop.prepared, entry.shop.baseUrl),
            blockedUrlPatterns: entry.floor ? scriptFiles : undefined,
          }),
        );
      }
    }
    const outcome = (entry) =>
      entry.reason
        ? { notComparable: entry.reason }
        : summarise({ name: page.name, url: entry.url, results: entry.runs });
    const [current, baselineShop] = perShop.filter((entry) => !entry.floor);
    const floor = perShop.find((entry) => entry.floor);
    results.push({
      name: page.name,
      path: new URL(current.url ?? `${baseUrl}${typeof page.path === 'string' ? page.path : '/'}`).pathname,
      current: outcome(current),
      baseline: baselineShop ? outcome(baselineShop) : null,
      ...(floor ? { floor: outcome(floor) } : {}),
    });
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

const portsInUse = [baseUrl, `http://127.0.0.1:${barePort}`, `http://127.0.0.1:${barePort + 1}`];
if (withBaseline) portsInUse.push(`http://127.0.0.1:${baselinePort}`);
for (const url of portsInUse) {
  if (await portIsTaken(url)) {
    console.error(
      `Something already answers on ${url}; stop it or set BENCH_PORT / BENCH_BASELINE_PORT to a free port.`,
    );
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
const servers = [];
let baseline = null;
let exitCode = 0;
try {
  console.log('Building the web app…');
  const modulesByFile = await buildWeb(webDist);
  const routes = [...new Set(pages.map((page) => page.route))];
  const bundles = routes.map((route) => ({
    name: pages
      .filter((page) => page.route === route)
      .map((page) => page.name)
      .join(', '),
    ...pageBundles({ outDir: webDist, modulesByFile, routeSource: routeModule(route) }),
  }));

  let baselineInfo = null;
  if (withBaseline) {
    const commit = resolveBaseline(baselineRef);
    baselineInfo = { ref: baselineRef ?? 'git merge-base HEAD main', commit: commit.slice(0, 7) };
    console.log(`Preparing the baseline ${commit.slice(0, 7)} (${baselineInfo.ref})…`);
    try {
      baseline = await prepareBaseline(commit, { keep: args.has('--keep-baseline') });
    } catch (error) {
      console.error(error);
      baselineInfo.error = error instanceof Error ? error.message : String(error);
    }
  }

  const catalogueNote = catalogueSize ? `, ${catalogueSize} generated products` : '';
  console.log(`Preparing a fresh database (demo catalogue${catalogueNote} and a bench product)…`);
  const { benchProductId, generated } = await prepareDatabase({
    root,
    dataDir: path.join(workDir, 'data'),
    catalogueSize,
  });
  console.log(`Starting the shop on ${baseUrl}…`);
  servers.push(await startShop({ root, port, dataDir: path.join(workDir, 'data'), webDist }));
  const shops = [{ label: 'this', baseUrl }];

  if (baseline) {
    const baselineUrl = `http://127.0.0.1:${baselinePort}`;
    try {
      const dataDir = path.join(workDir, 'baseline-data');
      await prepareDatabase({ root: baseline.root, dataDir, catalogueSize });
      console.log(`Starting the baseline on ${baselineUrl}…`);
      servers.push(await startShop({ root: baseline.root, port: baselinePort, dataDir, webDist: baseline.webDist }));
      shops.push({ label: 'baseline', baseUrl: baselineUrl });
    } catch (error) {
      console.error(error);
      baselineInfo.error = error instanceof Error ? error.message : String(error);
    }
  }

  let lighthouse = null;
  if (measureLighthouse) {
    for (const shop of shops) {
      shop.prepared = await prepareFixtures(shop.baseUrl);
      for (const [step, reason] of Object.entries(shop.prepared.missing)) {
        console.log(`  ${shop.label}: could not prepare ${step} (${reason})`);
      }
    }
    if (baselineInfo) baselineInfo.missing = shops[1]?.prepared.missing ?? null;
    const pagesStartedAt = Date.now();
    console.log(
      `Lighthouse, mobile, ${lighthouseRuns} run(s) a page on ${shops.map((shop) => shop.label).join(' and ')}…`,
    );
    lighthouse = await measurePages(shops);
    machine.lighthouseSeconds = Math.round((Date.now() - pagesStartedAt) / 1000);
  }
  // The baseline's server is not needed for the API phase: stop it, so it takes nothing from the machine.
  await Promise.all(servers.splice(1).map((server) => stopProcess(server)));

  let api = null;
  if (!args.has('--skip-api')) {
    if (measureLighthouse) {
      // The API phase measures a shop started afresh on the same database, as an API-only run does: after the
      // Lighthouse runs the server held hundreds of renderings and its figures read lower (28 November 2026: the
      // product list 0.71-0.73x the bare server after Lighthouse, 0.80x in an API-only run right after).
      console.log('Restarting the shop for the API phase…');
      await Promise.all(servers.splice(0).map((server) => stopProcess(server)));
      servers.push(await startShop({ root, port, dataDir: path.join(workDir, 'data'), webDist }));
      machine.apiOnRestartedShop = true;
    }
    console.log(`API load, ${loadSeconds} s each…`);
    api = await measureApiInOwnProcess(workDir, benchProductId);
  }

  machine.loadAverageAtEnd = os.loadavg();
  const finishedAt = new Date();
  const result = {
    startedAt: startedAt.toISOString(),
    finishedAt: finishedAt.toISOString(),
    durationS: Math.round((finishedAt - startedAt) / 1000),
    commit: gitCommit(),
    baseline: baselineInfo,
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
  await Promise.all(servers.map((server) => stopProcess(server)));
  try {
    baseline?.remove();
  } catch (error) {
    console.error(`could not remove the baseline worktree: ${error}`);
  }
  rmSync(workDir, { recursive: true, force: true });
}
process.exit(exitCode);
