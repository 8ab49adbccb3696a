// Lighthouse (mobile, its default simulated throttling) against the bench server, in Debian's Chromium.
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import puppeteer from 'puppeteer-core';
import { chromiumPath } from '../lib.mjs';

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

function figures(lhr) {
  const audit = (id) => lhr.audits[id]?.numericValue ?? null;
  const lcpItem = lhr.audits['largest-contentful-paint-element']?.details?.items?.[0]?.items?.[0]?.node;
  return {
    score: lhr.categories.performance.score === null ? null : Math.round(lhr.categories.performance.score * 100),
    fcpMs: audit('first-contentful-paint'),
    lcpMs: audit('largest-contentful-paint'),
    tbtMs: audit('total-blocking-time'),
    cls: audit('cumulative-layout-shift'),
    transferBytes: audit('total-byte-weight'),
    // Elements in the page's body when it has loaded (Lighthouse's dom-size audit).
    domElements: audit('dom-size'),
    lcpElement: lcpItem?.snippet ?? null,
    runtimeError: lhr.runtimeError?.message ?? null,
  };
}

/**
 * One Lighthouse run in a new Chromium with a fresh profile (a cold cache, as a first visit). `prepare(page)`
 * may put data into the origin's storage first (the guest cart); the HTTP cache is cleared after it and
 * Lighthouse is told to keep storage.
 */
async function runOnce(url, prepare) {
  const chrome = await chromeLauncher.launch({ chromePath: chromiumPath, chromeFlags });
  try {
    if (prepare) {
      // A tab of its own, closed before the run: Lighthouse then opens and loads the page as usual.
      const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}`, defaultViewport: null });
      const page = await browser.newPage();
      await prepare(page);
      const cdp = await page.createCDPSession();
      await cdp.send('Network.clearBrowserCache');
      await cdp.detach();
      await page.close();
      await browser.disconnect();
    }
    const result = await lighthouse(url, {
      port: chrome.port,
      logLevel: 'error',
      output: 'json',
      onlyCategories: ['performance'],
      disableStorageReset: Boolean(prepare),
    });
    return figures(result.lhr);
  } finally {
    await chrome.kill();
  }
}

/** `runs` Lighthouse runs of one page; every figure is the median of the runs. */
export async function measurePage({ name, url, prepare, runs }) {
  const results = [];
  for (let run = 1; run <= runs; run += 1) {
    // Lighthouse now and then fails to record the trace (NO_NAVSTART) on a busy machine: try that run again.
    let figuresOfRun = await runOnce(url, prepare);
    for (let retry = 0; figuresOfRun.runtimeError && retry < 2; retry += 1) {
      console.log(`  lighthouse ${name} run ${run}: ${figuresOfRun.runtimeError}; trying again`);
      figuresOfRun = await runOnce(url, prepare);
    }
    results.push(figuresOfRun);
    console.log(
      `  lighthouse ${name} run ${run}/${runs}: score ${figuresOfRun.score}, LCP ${Math.round(figuresOfRun.lcpMs)} ms` +
        (figuresOfRun.runtimeError ? ` (error: ${figuresOfRun.runtimeError})` : ''),
    );
  }
  const pick = (key) => median(results.map((result) => result[key]));
  return {
    name,
    url,
    runs: results.length,
    score: pick('score'),
    fcpMs: pick('fcpMs'),
    lcpMs: pick('lcpMs'),
    tbtMs: pick('tbtMs'),
    cls: pick('cls'),
    transferBytes: pick('transferBytes'),
    domElements: pick('domElements'),
    lcpElement: results.find((result) => result.lcpElement)?.lcpElement ?? null,
    all: results,
  };
}
