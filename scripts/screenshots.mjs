// `npm run screenshots`: builds the web app if needed, serves the shop on a fresh demo database and captures
// the home page, a category page and a product page at 375 px and 1280 px wide into screenshots/.
/* global document, window -- used inside page.evaluate, which runs in the browser */
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { buildWebIfStale, chromiumPath, root } from './lib.mjs';

const port = Number(process.env.SCREENSHOT_PORT ?? 3210);
const baseUrl = `http://localhost:${port}`;
const outDir = path.join(root, 'screenshots');
const pages = [
  { name: 'home', path: '/' },
  { name: 'category', path: '/category/phones?sort=priceAsc' },
  { name: 'product', path: '/index-item/1' },
];
const widths = [375, 1280];

async function waitForServer(server) {
  for (let attempt = 0; attempt < 120; attempt += 1) {
    if (server.exitCode !== null) throw new Error(`the server stopped with code ${server.exitCode}`);
    try {
      if ((await fetch(`${baseUrl}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`the server did not answer on ${baseUrl}`);
}

async function capture() {
  const browser = await chromium.launch({
    executablePath: chromiumPath,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-sync', '--no-first-run'],
  });
  try {
    for (const width of widths) {
      const context = await browser.newContext({ viewport: { width, height: width < 768 ? 812 : 900 } });
      const page = await context.newPage();
      for (const target of pages) {
        await page.goto(`${baseUrl}${target.path}`, { waitUntil: 'networkidle' });
        // Lazy images load as they scroll into view: scroll through the page once, then back to the top.
        await page.evaluate(async () => {
          for (let y = 0; y < document.body.scrollHeight; y += 600) {
            window.scrollTo(0, y);
            await new Promise((resolve) => setTimeout(resolve, 60));
          }
          window.scrollTo(0, 0);
        });
        await page.waitForLoadState('networkidle');
        const file = path.join(outDir, `${target.name}-${width}.png`);
        await page.screenshot({ path: file, fullPage: true });
        console.log(`saved ${path.relative(root, file)}`);
      }
      await context.close();
    }
  } finally {
    await browser.close();
  }
}

async function portIsTaken() {
  try {
    await fetch(`${baseUrl}/api/health`);
    return true;
  } catch {
    return false;
  }
}

if (await portIsTaken()) {
  console.error(`Something already answers on ${baseUrl}; stop it or set SCREENSHOT_PORT to a free port.`);
  process.exit(1);
}
const buildCode = await buildWebIfStale();
if (buildCode !== 0) process.exit(buildCode);
mkdirSync(outDir, { recursive: true });
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bilum-screenshots-'));
const server = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/server.ts'], {
  cwd: root,
  stdio: ['ignore', 'ignore', 'inherit'],
  env: {
    ...process.env,
    NODE_ENV: 'production',
    PORT: String(port),
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    LOG_LEVEL: 'warn',
  },
});
let exitCode = 0;
try {
  await waitForServer(server);
  await capture();
} catch (error) {
  console.error(error);
  exitCode = 1;
} finally {
  server.kill('SIGTERM');
  await new Promise((resolve) => (server.exitCode !== null ? resolve() : server.once('exit', resolve)));
  rmSync(dataDir, { recursive: true, force: true });
}
process.exit(exitCode);
