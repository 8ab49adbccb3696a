import { expect, type Page, test } from '@playwright/test';
import { signInAsAdmin, uniqueEmail } from '../src/accounts';
import { seriousViolations } from '../src/axe';
import { appHasTakenOver } from '../src/first-screen';
import { englishLeft, tp } from '../src/tok-pisin';

/**
 * Issue 31: a shopper on a phone switches the shop to Tok Pisin on the home page and buys by bank transfer; on
 * every page of the way there is no English text of the shop's own (only the shop's data: product names,
 * the bank's name, the province), axe finds nothing serious in either language, and when the shop has recorded
 * the payment the tracking page says it is paid, in Tok Pisin.
 */

test.use({ viewport: { width: 375, height: 812 }, reducedMotion: 'reduce' });

const product = { id: 9, name: 'Solar Power Bank 20000mAh' }; // K129.00
const bankAccountNumber = '1001234567';

/** The shop takes bank transfers into its account (a setting other journeys leave on too). */
async function bankTransferOn(page: Page) {
  await signInAsAdmin(page);
  const current = await page.request.get('/api/admin/settings/payments');
  expect(current.status()).toBe(200);
  const settings = (await current.json()) as Record<string, unknown>;
  if (settings.bankTransferEnabled && settings.bankAccountNumber) return;
  const saved = await page.request.put('/api/admin/settings/payments', {
    data: {
      ...settings,
      bankTransferEnabled: true,
      bankAccountName: 'Bilum Crafts Ltd',
      bankName: 'BSP',
      bankBsb: '088-950',
      bankAccountNumber,
    },
  });
  expect(saved.status()).toBe(200);
}

/** The page has no English of the shop's own and passes axe; `where` names it in the failure. */
async function allTokPisin(page: Page, where: string, findings: string[]) {
  await page.waitForLoadState('networkidle');
  for (const text of await englishLeft(page)) findings.push(`${where}: English "${text}"`);
  for (const violation of await seriousViolations(page)) findings.push(`${where}: ${violation}`);
}

test('a shopper switches to Tok Pisin on a phone and buys by bank transfer with no English of the shop’s own', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const admin = await browser.newContext();
  await bankTransferOn(await admin.newPage());

  const findings: string[] = [];
  await page.goto('/');
  await appHasTakenOver(page);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en-PG');
  // The check sees the shop's English where there is some.
  expect(await englishLeft(page)).toEqual(
    expect.arrayContaining(['Skip to content', 'Sign in', 'Fresh Arrivals Daily']),
  );
  for (const violation of await seriousViolations(page)) findings.push(`home in English: ${violation}`);

  // The switch is in the menu on a phone.
  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('dialog').getByRole('link', { name: 'Tok Pisin' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'tpi');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await appHasTakenOver(page);
  await allTokPisin(page, 'home', findings);

  // Search from the home page, open the product.
  await page.getByRole('searchbox').first().fill('solar power');
  await page.keyboard.press('Enter');
  await page
    .getByRole('link', { name: new RegExp(product.name) })
    .first()
    .click();
  await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
  await allTokPisin(page, 'product page', findings);

  await page.getByRole('button', { name: tp('Add to Cart') }).click();
  const added = page.getByRole('dialog', { name: tp('Added to cart') });
  await expect(added).toBeVisible();
  await allTokPisin(page, 'added-to-cart dialog', findings);
  await added.getByRole('button', { name: tp('VIEW CART') }).click();

  await expect(page).toHaveURL(/\/guest-cart$/);
  await expect(page.getByText(product.name).first()).toBeVisible();
  await allTokPisin(page, 'guest cart', findings);
  await page.getByRole('button', { name: tp('Check out') }).click();

  await expect(page).toHaveURL(/\/guestcheckout$/);
  await page.getByLabel(tp('First name')).fill('Kila');
  await page.getByLabel(tp('Last name')).fill('Wari');
  await page.getByLabel(tp('Email')).fill(uniqueEmail('tok-pisin'));
  await page.getByLabel(tp('Phone')).fill('71234567');
  await page.getByLabel(tp('Street address')).fill('Section 5, Lot 12');
  await page.getByLabel(tp('City')).fill('Port Moresby');
  await page.getByLabel(tp('Province')).selectOption('National Capital District');
  await page.getByLabel(tp('Postcode')).fill('111');
  await allTokPisin(page, 'guest checkout, contact', findings);
  await page.getByRole('button', { name: tp('Continue to Checkout') }).click();

  await page.getByRole('radio', { name: tp('Bank transfer / mobile banking', { whole: false }) }).check();
  await allTokPisin(page, 'guest checkout, payment', findings);
  await page.getByRole('button', { name: tp('Place order, pay {amount} by bank transfer') }).click();

  await expect(page).toHaveURL(/\/order-confirmation$/);
  const orderId = (await page.getByTestId('order-id').textContent())!.trim();
  const trackingCode = (await page.getByTestId('tracking-code').textContent())!.trim();
  await expect(page.getByText(bankAccountNumber).first()).toBeVisible();
  await allTokPisin(page, 'order confirmation', findings);

  // The shop records the money received (staff work in English), and the shopper's tracking page says paid.
  const staff = await admin.newPage();
  const payment = await staff.request.get(`/api/admin/orders/${orderId}/payments`);
  const { total } = (await payment.json()) as { total: number };
  const recorded = await staff.request.post(`/api/admin/orders/${orderId}/payments`, {
    data: { amount: total, bankReference: 'BSP 88123', receivedOn: new Date().toISOString().slice(0, 10) },
  });
  expect(recorded.status()).toBe(200);
  await admin.close();

  await page.goto(`/track-order?tracking_code=${trackingCode}`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByText(tp('Paid')).first()).toBeVisible();
  await allTokPisin(page, 'tracking, paid', findings);

  expect(findings).toEqual([]);
});

/** The shopper's pages a guest can open (the account's own pages redirect a guest to sign in). */
const guestPages = [
  '/',
  '/category/all',
  '/category/phones',
  `/index-item/${product.id}`,
  '/index-item/999999',
  '/terms',
  '/privacy',
  '/contact',
  '/login',
  '/register',
  '/forgot-password',
  '/verify-otp',
  '/reset-password',
  '/membership-choice',
  '/guest-cart',
  '/guestcheckout',
  '/order-confirmation',
  '/track-order',
  '/no-such-page',
];

test('in Tok Pisin, every page a guest opens has no English of the shop’s own and passes axe', async ({
  page,
  context,
  baseURL,
}) => {
  test.setTimeout(180_000);
  await context.addCookies([{ name: 'lang', value: 'tpi', url: baseURL! }]);
  // A product in the cart, so the cart and checkout show their lines and totals.
  await page.goto(`/index-item/${product.id}`);
  await page.getByRole('button', { name: tp('Add to Cart') }).click();
  await expect(page.getByRole('dialog', { name: tp('Added to cart') })).toBeVisible();
  const findings: string[] = [];
  for (const path of guestPages) {
    await page.goto(path);
    await expect(page.locator('html')).toHaveAttribute('lang', 'tpi');
    await expect(page.locator('main h1').first()).toBeVisible({ timeout: 15_000 });
    await allTokPisin(page, path, findings);
  }
  expect(findings).toEqual([]);
});
