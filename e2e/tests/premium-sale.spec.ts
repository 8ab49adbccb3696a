import { expect, test } from '@playwright/test';
import { uniqueEmail } from '../src/accounts';

/**
 * Issue 27 (decision 024): Premium bought by card on the membership page is a sale like any other: the shopper,
 * on a phone, is told until when the membership is active, finds it in their orders and opens its tax invoice.
 */
test.use({ viewport: { width: 375, height: 812 } });

const shots = process.env.E2E_SHOTS;

test('a shopper on a phone buys Premium by card and opens its tax invoice from their orders', async ({ page }) => {
  test.setTimeout(90_000);
  const email = uniqueEmail('premium-sale');
  const registered = await page.request.post('/api/auth/register', {
    data: { fullName: 'Mary Kaupa', email, countryCode: '+675', phone: '71234567', password: 'member-password-1' },
  });
  expect(registered.status()).toBe(201);

  await page.goto('/membership-payment');
  await page.getByLabel('Cardholder name').fill('Mary Kaupa');
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry (MM/YY)').fill('12/34');
  await page.getByLabel('CVC').fill('123');
  await page.getByLabel(/I accept the/).check();
  await page.getByRole('button', { name: /^Subscribe –/ }).click();

  // The welcome names the real end date (Port Moresby time) and where the invoice is.
  await expect(page).toHaveURL(/\/membership-success$/, { timeout: 10_000 });
  await expect(page.getByRole('heading', { name: 'Welcome to Premium, Mary!' })).toBeVisible();
  await expect(page.getByText(/^Your Premium membership is active until \d{1,2} \w+ \d{4}\.$/)).toBeVisible();
  if (shots) await page.screenshot({ path: `${shots}/success-375.png`, fullPage: true });
  await page.getByRole('link', { name: 'your orders' }).click();

  // One order: the membership, no shipping, paid, with its tax invoice.
  await expect(page).toHaveURL(/\/order-history$/);
  const order = page.getByRole('article');
  await expect(order).toHaveCount(1);
  await expect(order.getByText('Premium Membership (1 year)')).toBeVisible();
  await expect(order.getByText('Premium membership', { exact: true })).toBeVisible();
  await expect(order.getByText(/^Shipping/)).toHaveCount(0);
  if (shots) await page.screenshot({ path: `${shots}/history-375.png`, fullPage: true });
  await order.getByRole('link', { name: 'Tax Invoice' }).click();

  const invoice = page.getByRole('article', { name: /Tax invoice INV-\d{6}/ });
  await expect(invoice.getByRole('heading', { name: 'Tax invoice', level: 1 })).toBeVisible();
  await expect(invoice.getByText('Premium Membership (1 year)')).toBeVisible();
  await expect(invoice.getByText('K200.50').first()).toBeVisible();
  await expect(invoice.getByText('GST included (10%)', { exact: false })).toBeVisible();
  await expect(invoice.getByText('K18.23')).toBeVisible();
  await expect(invoice.getByText('Delivery', { exact: true })).toHaveCount(0);
  if (shots) await page.screenshot({ path: `${shots}/invoice-375.png`, fullPage: true });
});
