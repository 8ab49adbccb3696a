import { paymentMethodMessages } from '@bilum/shared';
import { expect, test } from '@playwright/test';
import { e2eAdmin } from '../src/accounts';

/*
 * Issue 28 (decision 029): the owner sets the fair-hold figures in /settings, the values in kina. @shop-wide: it
 * changes what every pay-later checkout may hold, so it runs alone after the other journeys (and puts them back).
 */
test('the owner sets the fair holds for pay-later orders in kina, and a figure out of bounds is refused with its message @shop-wide', async ({
  page,
}) => {
  await page.goto('/admin-login');
  await page.getByLabel('Username').fill(e2eAdmin.username);
  await page.getByLabel('Password', { exact: true }).fill(e2eAdmin.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/entry-option$/);
  const before = await (await page.request.get('/api/admin/settings/payments')).json();
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/settings#payments');
    const section = page.locator('#payments');
    await expect(section.getByText('Fair holds for pay-later orders')).toBeVisible();
    await expect(section.getByLabel('Value per shopper (kina)')).toHaveValue('20000');
    if (process.env.CLARITY_SHOTS)
      await section.screenshot({ path: `${process.env.CLARITY_SHOTS}/settings-${width}.png` });
  }
  // A bad figure is refused with its message.
  await page.locator('#payments').getByLabel('Share of a product’s stock (%)').fill('5');
  await page.getByRole('button', { name: 'Save payment settings' }).click();
  await expect(page.getByText('Share of a product’s stock must be a whole percent from 10 to 100.')).toBeVisible();
  await page.locator('#payments').getByLabel('Share of a product’s stock (%)').fill('40');
  await page.locator('#payments').getByLabel('Value per shopper (kina)').fill('15000');
  await page.getByRole('button', { name: 'Save payment settings' }).click();
  await expect(page.getByText(paymentMethodMessages.settingsSaved)).toBeVisible();
  const saved = await (await page.request.get('/api/admin/settings/payments')).json();
  expect(saved.holdValuePerShopperToea).toBe(1_500_000);
  expect(saved.holdStockSharePercent).toBe(40);
  expect((await page.request.put('/api/admin/settings/payments', { data: before })).status()).toBe(200);
});
