import type { Page } from '@playwright/test';

/**
 * Waits until the app has taken over the server's page (app-after-paint.js and the hand-over). Since the header
 * comes rendered as the visitor sees it (decision 034), what the page shows no longer tells: this does.
 */
export async function appHasTakenOver(page: Page) {
  await page.waitForFunction(
    () => (globalThis as { bilumFirstScreenInput?: { done: boolean } }).bilumFirstScreenInput?.done === true,
    undefined,
    { timeout: 15_000 },
  );
}
