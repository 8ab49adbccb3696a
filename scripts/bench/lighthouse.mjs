import { writeFileSync } from 'node:fs';
import path from 'node:path';
// Lighthouse (mobile, its default simulated throttling) against a bench server, in Debian’s Chromium: one run, and
// the medians of several.
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import puppeteer from 'puppeteer-core';
import { chromiumPath } from '../lib.mjs';
import { blockingFromTrace } from './trace-blocking.mjs';

export const chromeFlags = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export function median(values) {
  const sorted = values.filter((value) => Number.isFinite(value)).sort((a, b) => a - b);
  if (sorted.length === 0) return null;
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/**
 * Script requests that started before the largest paint, from Lighthouse's network records and the observed
 * (unthrottled) timeline: both are timestamps of the same trace, so the count does not depend on the simulation.
 */
function scriptsBeforeLcp(lhr) {
  const network = lhr.audits['network-requests']?.details;
  const lcpTs = lhr.audits.metrics?.details?.items?.[0]?.observedLargestContentfulPaintTs;
  const startTs = network?.debugData?.networkStartTimeTs;
  if (!network?.items || !Number.isFinite(lcpTs) || !Number.isFinite(startTs)) return null;
  return network.items.filter(
    (item) =>
      item.resourceType === 'Script' &&
      Number.isFinite(item.rendererStartTime) &&
      startTs + item.rendererStartTime * 1000 < lcpTs,
  ).length;
}

function figures(lhr, trace) {
  const cpu = trace ? blockingFromTrace(trace) : null;
  const audit = (id) => lhr.audits[id]?.numericValue ?? null;
  const lcpItem = lhr.audits['largest-contentful-paint-element']?.details?.items?.[0]?.items?.[0]?.node;
  return {
    score: lhr.categories.performance.score === null ? null : Math.round(lhr.categories.performance.score * 100),
    fcpMs: audit('first-contentful-paint'),
    lcpMs: audit('largest-contentful-paint'),
    tbtMs: audit('total-blocking-time'),
    // Main-thread work in the simulated (throttled) time of Lighthouse's mainthread-work-breakdown audit.
    mainThreadMs: audit('mainthread-work-breakdown'),
    // The same blocking from the CPU time of each task in Lighthouse's own (unthrottled) trace, times its 4x
    // slowdown: a busy machine stretches wall-clock tasks, not their CPU time (trace-blocking.mjs).
    cpuBlockingMs: cpu?.blockingMs ?? null,
    scriptsBeforeLcp: scriptsBeforeLcp(lhr),
    cls: audit('cumulative-layout-shift'),
    transferBytes: audit('total-byte-weight'),
    // Elements in the page's body when it has loaded (Lighthouse's dom-size audit).
    domElements: audit('dom-size'),
    // Lighthouse's own measure of the machine's CPU (a few hundred on a phone, 1,500-2,000 on a fast desktop, for
    // which its 4x slowdown is meant; docs/throttling.md): the same code's TBT moves with it.
    benchmarkIndex: lhr.environment?.benchmarkIndex ?? null,
    lcpElement: lcpItem?.snippet ?? null,
    finalUrl: lhr.finalDisplayedUrl ?? null,
    runtimeError: lhr.runtimeError?.message ?? null,
  };
}

/**
 * One Lighthouse run in a new Chromium with a fresh profile (a cold cache, as a first visit). `prepare(tab)` may
 * put a cookie or data into the origin's storage first (signed in, the guest cart, an order's confirmation); the
 * HTTP cache is cleared after it, and Lighthouse loads the page in that same tab (sessionStorage is per tab) and is
 * told to keep storage.
 */
async function runOnce(url, prepare, blockedUrlPatterns) {
  const chrome = await chromeLauncher.launch({ chromePath: chromiumPath, chromeFlags });
  let browser;
  try {
    let tab;
    if (prepare) {
      browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}`, defaultViewport: null });
      tab = await browser.newPage();
      await prepare(tab);
      const cdp = await tab.createCDPSession();
      await cdp.send('Network.clearBrowserCache');
      await cdp.detach();
    }
    const result = await lighthouse(
      url,
      {
        port: chrome.port,
        logLevel: 'error',
        output: 'json',
        onlyCategories: ['performance'],
        disableStorageReset: Boolean(prepare),
        // The not-found page answers 404, as it should: measure it all the same.
        ignoreStatusCode: true,
        ...(blockedUrlPatterns ? { blockedUrlPatterns } : {}),
      },
      undefined,
      tab,
    );
    // BENCH_DUMP_LHR=<folder>: every run's whole Lighthouse report kept there, to read its long tasks and their
    // scripts (audits "long-tasks", "bootup-time") when a page's blocking time needs explaining.
    if (process.env.BENCH_DUMP_LHR) {
      const name = `${Date.now()}-${url.replace(/[^a-z0-9]+/gi, '_')}.json`;
      writeFileSync(path.join(process.env.BENCH_DUMP_LHR, name), JSON.stringify(result.lhr));
    }
    return figures(result.lhr, result.artifacts?.Trace);
  } finally {
    await browser?.disconnect().catch(() => {});
    await chrome.kill();
  }
}

const figureKeys = [
  'score',
  'fcpMs',
  'lcpMs',
  'tbtMs',
  'mainThreadMs',
  'cpuBlockingMs',
  'scriptsBeforeLcp',
  'cls',
  'transferBytes',
  'domElements',
  'benchmarkIndex',
];

/** One run, tried again when Lighthouse fails to record the trace (NO_NAVSTART now and then on a busy machine). */
export async function measureOnce({ label, url, prepare, blockedUrlPatterns }) {
  let result;
  for (let attempt = 0; attempt < 3; attempt += 1) {
    try {
      result = await runOnce(url, prepare, blockedUrlPatterns);
    } catch (error) {
      result = { runtimeError: error instanceof Error ? error.message : String(error) };
    }
    if (!result.runtimeError) break;
    console.log(`  lighthouse ${label}: ${result.runtimeError}${attempt < 2 ? '; trying again' : ''}`);
  }
  console.log(
    `  lighthouse ${label}: score ${result.score ?? 'n/a'}, LCP ${Math.round(result.lcpMs ?? NaN)} ms, ` +
      `TBT ${Math.round(result.tbtMs ?? NaN)} ms, scripts before LCP ${result.scriptsBeforeLcp ?? 'n/a'}`,
  );
  return result;
}

/** The median of every figure over the runs of one page on one shop. */
export function summarise({ name, url, results }) {
  const summary = { name, url, runs: results.length };
  for (const key of figureKeys) summary[key] = median(results.map((result) => result[key]));
  summary.lcpElement = results.find((result) => result.lcpElement)?.lcpElement ?? null;
  summary.finalUrl = results.find((result) => result.finalUrl)?.finalUrl ?? null;
  summary.errors = results.filter((result) => result.runtimeError).map((result) => result.runtimeError);
  summary.all = results;
  return summary;
}
