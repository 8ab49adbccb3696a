// Blocking time of a page load from a Chrome trace, in CPU time (issue 29): on a shared or slow machine
// Lighthouse's TBT, which is wall-clock, swings by half between runs of the same page; the thread time of each
// task does not. Used to compare two versions of a page side by side (docs/performance.md, "Issue 29: boot
// blocking time"):
//   node scripts/bench/trace-blocking.mjs --runs 5 http://localhost:3551/ http://localhost:3552/
// Each URL is loaded in turn (A, B, A, B, …) in Debian's Chromium at a phone's viewport, over Lighthouse's
// simulated mobile network (150 ms, 1.6 Mbit/s). Per load: blocking = Σ max(0, 4 × CPU ms − 50) over the main
// thread's top-level tasks after the first contentful paint (TBT at Lighthouse's 4× CPU slowdown); work = 4 × all
// main-thread CPU time; the worst task (4×). Medians per URL.
import puppeteer from 'puppeteer-core';
import { chromiumPath } from '../lib.mjs';
import { chromeFlags, median } from './lighthouse.mjs';

const slowdown = 4;

/** The figures of one trace (Chrome's JSON trace format). */
export function blockingFromTrace(trace) {
  const events = trace.traceEvents ?? trace;
  const threadName = new Map();
  for (const event of events) {
    if (event.name === 'thread_name') threadName.set(`${event.pid}:${event.tid}`, event.args?.name);
  }
  const fcp = events.find((event) => event.name === 'firstContentfulPaint');
  if (!fcp) return null;
  const mainKey = `${fcp.pid}:${fcp.tid}`;
  if (threadName.get(mainKey) !== 'CrRendererMain') return null;
  const tasks = events.filter(
    (event) => event.ph === 'X' && event.name === 'RunTask' && `${event.pid}:${event.tid}` === mainKey,
  );
  let blocking = 0;
  let work = 0;
  let worst = 0;
  const longTasks = [];
  for (const task of tasks) {
    const cpuMs = (task.tdur ?? task.dur ?? 0) / 1000;
    work += slowdown * cpuMs;
    if (task.ts < fcp.ts) continue;
    worst = Math.max(worst, slowdown * cpuMs);
    blocking += Math.max(0, slowdown * cpuMs - 50);
    if (slowdown * cpuMs > 50) longTasks.push({ task, ms: slowdown * cpuMs });
  }
  // What each long task was made of: its direct children on the main thread, by name (with a script's URL).
  const made = (task) => {
    const end = task.ts + task.dur;
    const parts = new Map();
    for (const event of events) {
      if (event.ph !== 'X' || event === task || `${event.pid}:${event.tid}` !== mainKey) continue;
      if (event.ts < task.ts || event.ts >= end || !event.dur) continue;
      const what = event.args?.data?.url ? `${event.name} ${event.args.data.url.split('/').pop()}` : event.name;
      if (
        !/^(EvaluateScript|v8\.compile|FunctionCall|ParseHTML|UpdateLayoutTree|Layout|Paint|PrePaint|Layerize|Commit|TimerFire|FireAnimationFrame|v8\.evaluateModule|RunMicrotasks|Decode|ImageDecodeTask|GPUTask|HitTest|EventDispatch)/.test(
          what,
        )
      )
        continue;
      parts.set(what, (parts.get(what) ?? 0) + (event.tdur ?? event.dur) / 1000);
    }
    return [...parts]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 4)
      .map(([name, ms]) => `${name} ${(slowdown * ms).toFixed(0)}`);
  };
  const long = longTasks.map(
    ({ task, ms }) => `${((task.ts - fcp.ts) / 1000).toFixed(0)}ms+: ${ms.toFixed(0)} [${made(task).join('; ')}]`,
  );
  return { blockingMs: blocking, workMs: work, worstTaskMs: worst, long };
}

async function traceOnce(browser, url, prepare, withoutApp) {
  const page = await browser.newPage();
  if (prepare) {
    await prepare(page);
    const session = await page.createCDPSession();
    await session.send('Network.clearBrowserCache');
    await session.detach();
  }
  await page.setViewport({ width: 375, height: 812, deviceScaleFactor: 2, isMobile: true, hasTouch: true });
  const cdp = await page.createCDPSession();
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  // --without-app: the page as the server sends it, with none of the app's script files: the work the browser
  // does for the HTML, styles and pictures alone, under which no takeover by the app can go.
  if (withoutApp) await cdp.send('Network.setBlockedURLs', { urls: ['*/assets/*.js'] });
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 150,
    downloadThroughput: (1.6 * 1024 * 1024) / 8,
    uploadThroughput: (750 * 1024) / 8,
  });
  await page.tracing.start({
    categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'loading', 'toplevel', '__metadata'],
  });
  await page.goto(url, { waitUntil: 'networkidle0', timeout: 120_000 });
  await new Promise((resolve) => setTimeout(resolve, 2_000));
  const trace = JSON.parse(Buffer.from(await page.tracing.stop()).toString('utf8'));
  await page.close();
  return blockingFromTrace(trace);
}

async function main() {
  const args = process.argv.slice(2);
  let runs = 5;
  let pageName = null;
  let withoutApp = false;
  const urls = [];
  for (let i = 0; i < args.length; i++) {
    if (args[i] === '--runs') runs = Number(args[++i]);
    else if (args[i] === '--page') pageName = args[++i];
    else if (args[i] === '--without-app') withoutApp = true;
    else urls.push(args[i]);
  }
  if (urls.length === 0) {
    throw new Error(
      'usage: trace-blocking.mjs [--runs N] [--page <bench page name>] [--without-app] <shop origin or URL> …',
    );
  }
  // --page: each URL is a shop's origin; the page is opened as the bench opens it (signed in, with a cart…).
  const prepared = new Map();
  if (pageName) {
    const { pages, pagePath, prepareFixtures, preparation } = await import('./pages.mjs');
    const page = pages.find((candidate) => candidate.name === pageName);
    if (!page) throw new Error(`--page: no bench page named ${pageName}`);
    for (const origin of urls) {
      const fixtures = await prepareFixtures(origin);
      prepared.set(origin, {
        url: `${origin}${pagePath(page, fixtures.fixtures)}`,
        prepare: preparation(page, fixtures, origin),
      });
    }
  }
  const browser = await puppeteer.launch({ executablePath: chromiumPath, args: chromeFlags, headless: true });
  const results = new Map(urls.map((url) => [url, []]));
  try {
    for (let run = 0; run < runs; run++) {
      const order = run % 2 === 0 ? urls : [...urls].reverse();
      for (const url of order) {
        const target = prepared.get(url);
        const figures = await traceOnce(browser, target?.url ?? url, target?.prepare, withoutApp);
        if (figures) results.get(url).push(figures);
        const { long, ...shown } = figures ?? {};
        console.error(`run ${run + 1} ${url}: ${JSON.stringify(shown)}`);
        if (process.env.LONG_TASKS) for (const line of long ?? []) console.error(`    ${line}`);
      }
    }
  } finally {
    await browser.close();
  }
  for (const [url, list] of results) {
    const m = (key) => Math.round(median(list.map((figures) => figures[key])));
    console.log(
      `${url}: blocking ${m('blockingMs')} ms, work ${m('workMs')} ms, worst task ${m('worstTaskMs')} ms (${list.length} loads)`,
    );
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
