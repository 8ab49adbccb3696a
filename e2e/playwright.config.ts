import { defineConfig, devices } from '@playwright/test';
import { e2eAccountEnv } from './src/accounts';

const port = Number(process.env.E2E_PORT ?? 3100);
export const baseURL = `http://localhost:${port}`;

export default defineConfig({
  testDir: './tests',
  outputDir: '../test-results',
  timeout: 30_000,
  expect: { timeout: 7_000 },
  fullyParallel: false,
  workers: 2,
  retries: process.env.CI === 'true' ? 1 : 0,
  reporter: [['list']],
  use: {
    baseURL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
      ],
    },
  },
  projects: [
    { name: 'desktop', use: { ...devices['Desktop Chrome'], channel: undefined }, grepInvert: /@shop-wide/ },
    // Journeys that change a setting every shopper sees (the card turned off) run alone, after all the others:
    // the specs share one server, and a checkout running beside them would meet the changed shop. One at a time,
    // too: the second-factor rule of one file sent another file's admin sign-in to the set-up page.
    {
      name: 'shop-wide',
      use: { ...devices['Desktop Chrome'], channel: undefined },
      grep: /@shop-wide/,
      dependencies: ['desktop'],
      workers: 1,
    },
  ],
  webServer: {
    command: 'node e2e/start-server.mjs',
    cwd: '..',
    url: `${baseURL}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    env: { PORT: String(port), ...e2eAccountEnv },
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
