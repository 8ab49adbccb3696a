import { expect, test } from '@playwright/test';
import { signInAsAdmin } from '../src/accounts';
import { ensureSolar } from '../src/categories';
import { gradientPng } from '../src/pictures';

// Issue 30, categories step 2 (decision 041): a category the owner adds is on the storefront at once: in the
// header's menu at 1280 px and the slide-in menu at 375 px, with its own page and its products.

test('the owner adds the category Solar and a lantern in it; a shopper finds both from the menu at 1280 and 375 px, and by the old address after the owner changes it', async ({
  page,
  browser,
}) => {
  test.setTimeout(60_000);
  const name = `Solar lantern ${Date.now()}`;
  await signInAsAdmin(page);
  await ensureSolar(page);

  await page.goto('/product-entry');
  await expect(page.getByRole('heading', { name: 'Add New Product', level: 1 })).toBeVisible();
  await page.getByLabel('Product Name').fill(name);
  await page.getByLabel('Description').fill('A 12-LED lantern that charges in the sun for a night of light.');
  await page.getByLabel('Price (K)').fill('89');
  await page.getByLabel('Category').selectOption({ label: 'Solar' });
  await page.getByLabel('Stock on hand').fill('6');
  await page
    .getByLabel('Upload main image')
    .setInputFiles({ name: 'lantern.png', mimeType: 'image/png', buffer: gradientPng(64, 64, [240, 180, 20]) });
  await expect(page.getByLabel('Main Image URL')).toHaveValue(/^\/api\/images\/[0-9a-f]{32}$/);
  await page.getByRole('button', { name: 'Add Product' }).click();
  await expect(page.getByText('Product added successfully!')).toBeVisible();

  // A guest on a laptop: Solar is in the header's menu, its page has its name and the lantern.
  const guest = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const shopper = await guest.newPage();
  await shopper.goto('/');
  const menu = shopper.getByRole('navigation', { name: 'Categories' });
  await menu.getByRole('link', { name: 'Solar', exact: true }).click();
  await expect(shopper).toHaveURL(/\/category\/solar$/);
  await expect(shopper.getByRole('heading', { name: 'Solar', level: 1 })).toBeVisible();
  await expect(shopper).toHaveTitle(/^Solar/);
  await expect(shopper.getByRole('link', { name: new RegExp(name) }).first()).toBeVisible();
  await shopper
    .getByRole('link', { name: new RegExp(name) })
    .first()
    .click();
  // The product's breadcrumb leads back to its category by name.
  await expect(shopper.getByRole('heading', { name, level: 1 })).toBeVisible();
  await expect(shopper.getByRole('link', { name: 'Solar', exact: true }).last()).toHaveAttribute(
    'href',
    '/category/solar',
  );
  await guest.close();

  // A guest on a phone: the slide-in menu has Solar too.
  const phone = await browser.newContext({ viewport: { width: 375, height: 800 }, hasTouch: true, isMobile: true });
  const mobile = await phone.newPage();
  await mobile.goto('/');
  await mobile.getByRole('button', { name: 'Open menu' }).click();
  const slideIn = mobile.getByRole('dialog', { name: 'Menu' });
  await slideIn.getByRole('link', { name: 'Solar', exact: true }).click();
  await expect(mobile).toHaveURL(/\/category\/solar$/);
  await expect(mobile.getByRole('heading', { name: 'Solar', level: 1 })).toBeVisible();
  await expect(mobile.getByRole('link', { name: new RegExp(name) }).first()).toBeVisible();
  await phone.close();

  // The owner gives Solar a new address although it has products: the old one still leads there (a 301).
  await page.goto('/categories');
  await page.getByRole('button', { name: 'Rename Solar' }).click();
  const rename = page.getByRole('dialog', { name: 'Rename Solar' });
  await rename.getByLabel('Address').fill('solar-power');
  await rename.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Category saved.')).toBeVisible();
  try {
    const later = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const returning = await later.newPage();
    await returning.goto('/category/solar?sort=priceAsc');
    await expect(returning).toHaveURL(/\/category\/solar-power\?sort=priceAsc$/);
    await expect(returning.getByRole('heading', { name: 'Solar', level: 1 })).toBeVisible();
    await expect(returning.getByRole('link', { name: new RegExp(name) }).first()).toBeVisible();
    await later.close();
  } finally {
    // Back to "solar" (its own old address again), for the journeys that look for it.
    const { categories } = (await (await page.request.get('/api/admin/categories')).json()) as {
      categories: { id: number; slug: string }[];
    };
    const solar = categories.find((category) => category.slug === 'solar-power');
    if (solar)
      expect((await page.request.patch(`/api/admin/categories/${solar.id}`, { data: { slug: 'solar' } })).ok()).toBe(
        true,
      );
  }
});
