import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { addToGuestCart, fillGuestContact } from '../src/checkout';
import { appHasTakenOver } from '../src/first-screen';
import { uniqueEmail } from '../src/accounts';

// Offline and installable (issue 31, decision 045), on a phone-sized screen. Service workers need a secure
// context: localhost is one.
test.use({ viewport: { width: 375, height: 812 }, serviceWorkers: 'allow' });

/** Waits until the shop's service worker is active and controls this page (it registers once the page has loaded). */
async function controlledByServiceWorker(page: Page) {
  // (Strings: the journeys' TypeScript has no DOM types.)
  await page.evaluate('navigator.serviceWorker.ready.then(() => true)');
  if (!(await page.evaluate('Boolean(navigator.serviceWorker.controller)'))) {
    // The page that registered the worker is not controlled by it; the next one is.
    await page.reload();
  }
  await expect.poll(() => page.evaluate('Boolean(navigator.serviceWorker.controller)')).toBe(true);
}

/** Whether the service worker's caches hold an answer for this address. */
function isCached(page: Page, url: string) {
  return page.evaluate(`caches.match(${JSON.stringify(url)}).then((answer) => answer !== undefined)`);
}

test('a product page visited before opens offline, with the offline bar', async ({ page, context }) => {
  await page.goto('/');
  await appHasTakenOver(page);
  await controlledByServiceWorker(page);
  await page.goto('/index-item/1');
  await appHasTakenOver(page);
  await expect.poll(() => isCached(page, '/index-item/1')).toBe(true);
  await expect(page.getByRole('status').filter({ hasText: 'You are offline' })).toHaveCount(0);

  await context.setOffline(true);
  await expect(page.getByRole('status').filter({ hasText: 'You are offline' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { name: 'HP Pavilion 15 Laptop', level: 1 })).toBeVisible();
  await appHasTakenOver(page);
  await expect(page.getByRole('status').filter({ hasText: 'You are offline' })).toBeVisible();
  // The home page, visited before, opens too; its pictures come from the cache.
  await page.goto('/');
  await expect(page.getByRole('region', { name: 'Featured offers' })).toBeVisible();

  await context.setOffline(false);
  await expect(page.getByRole('status').filter({ hasText: 'You are offline' })).toHaveCount(0);
});

test('the manifest is valid and Chromium finds the shop installable', async ({ playwright, request }) => {
  const answer = await request.get('/manifest.webmanifest');
  expect(answer.status()).toBe(200);
  expect(answer.headers()['content-type']).toMatch(/^application\/manifest\+json/);
  const manifest = (await answer.json()) as {
    name: string;
    short_name: string;
    start_url: string;
    display: string;
    theme_color: string;
    background_color: string;
    icons: { src: string; sizes: string; type: string; purpose?: string }[];
  };
  expect(manifest).toMatchObject({ name: 'Bilum', short_name: 'Bilum', start_url: '/', display: 'standalone' });
  expect(manifest.theme_color).toMatch(/^#[0-9a-f]{6}$/i);
  expect(manifest.background_color).toMatch(/^#[0-9a-f]{6}$/i);
  expect(manifest.icons.map((icon) => icon.sizes)).toEqual(expect.arrayContaining(['192x192', '512x512']));
  expect(manifest.icons.some((icon) => icon.purpose === 'maskable')).toBe(true);
  for (const icon of manifest.icons) {
    const picture = await request.get(icon.src);
    expect(picture.status(), icon.src).toBe(200);
    expect(picture.headers()['content-type']).toBe(icon.type);
  }
  const worker = await request.get('/sw.js');
  expect(worker.headers()['cache-control']).toBe('no-cache');

  // Chromium never offers to install from an incognito window, which every test's own context is: a profile of
  // its own, as a shopper's browser has.
  const { launchOptions, baseURL, viewport } = test.info().project.use;
  const profile = mkdtempSync(path.join(os.tmpdir(), 'bilum-install-'));
  const browser = await playwright.chromium.launchPersistentContext(profile, {
    ...launchOptions,
    ...(baseURL ? { baseURL } : {}),
    ...(viewport ? { viewport } : {}),
  });
  try {
    const page = browser.pages()[0] ?? (await browser.newPage());
    await page.goto('/');
    await expect(page.locator('link[rel="manifest"]')).toHaveAttribute('href', '/manifest.webmanifest');
    await controlledByServiceWorker(page);
    const cdp = await browser.newCDPSession(page);
    const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as {
      installabilityErrors: { errorId: string }[];
    };
    expect(installabilityErrors).toEqual([]);
  } finally {
    await browser.close();
    rmSync(profile, { recursive: true, force: true });
  }
});

test('a guest adds to the cart offline, and checkout says paying needs a connection', async ({ page, context }) => {
  await page.goto('/');
  await appHasTakenOver(page);
  await controlledByServiceWorker(page);
  await page.goto('/index-item/9'); // Solar Power Bank 20000mAh, K129.00
  await appHasTakenOver(page);
  await expect.poll(() => isCached(page, '/index-item/9')).toBe(true);

  // The guest cart lives in the browser: adding needs no network.
  await context.setOffline(true);
  await page.reload();
  await appHasTakenOver(page);
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await page.getByRole('dialog', { name: 'Added to cart' }).getByRole('button', { name: 'Continue shopping' }).click();
  await expect(page.getByRole('link', { name: 'Cart, 1 item' })).toBeVisible();
  await context.setOffline(false);

  await addToGuestCart(page, 14); // Huawei E5576 4G Pocket Wi-Fi, K189.00
  await page.goto('/guestcheckout');
  await fillGuestContact(page, uniqueEmail('offline-buyer'));
  await page.getByRole('button', { name: 'Continue to Checkout' }).click();
  const pay = page.getByRole('button', { name: 'Pay K318.00' });
  await expect(pay).toBeEnabled();

  await context.setOffline(true);
  await expect(page.getByRole('alert').filter({ hasText: 'Paying needs an internet connection' })).toBeVisible();
  await expect(pay).toBeDisabled();
  await context.setOffline(false);
  await expect(pay).toBeEnabled();
  await expect(page.getByRole('alert').filter({ hasText: 'Paying needs an internet connection' })).toHaveCount(0);
});

test('nothing of a signed-in shopper is kept by the service worker', async ({ page }) => {
  const registered = await page.request.post('/api/auth/register', {
    data: {
      fullName: 'Kila Wari',
      email: uniqueEmail('offline-member'),
      countryCode: '+675',
      phone: '71234567',
      password: 'long-password-1',
    },
  });
  expect(registered.status()).toBe(201);
  await page.goto('/');
  await appHasTakenOver(page);
  await controlledByServiceWorker(page);
  await page.goto('/item/6');
  await appHasTakenOver(page);
  await page.goto('/profile');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

  const kept = (await page.evaluate(`(async () => {
    const addresses = [];
    for (const name of await caches.keys()) {
      if (name.startsWith('workbox-precache')) continue;
      const cache = await caches.open(name);
      for (const request of await cache.keys()) addresses.push(new URL(request.url).pathname);
    }
    return addresses;
  })()`)) as string[];
  expect(kept.filter((address) => !address.startsWith('/assets/') && !address.startsWith('/images/'))).toEqual([]);
});
