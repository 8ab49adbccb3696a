import { expect, type Page, test } from '@playwright/test';
import { signInAsAdmin, uniqueEmail } from '../src/accounts';
import { expectAccessible } from '../src/axe';
import { ensureSolar } from '../src/categories';
import { fillGuestContact } from '../src/checkout';
import { gradientPng } from '../src/pictures';

/*
 * Issue 30's journey: the owner adds the category Solar and a phone in two storage sizes and two colours; a
 * shopper picks 256 GB in Black, applies the shop's WANTOK10 code, pays by bank transfer, and the tax invoice
 * names the variant and the discount. At 1280 px and at 375 px.
 */

const combinations = [
  ['128 GB', 'Black', '1200', '3'],
  ['128 GB', 'Blue', '1200', '3'],
  ['256 GB', 'Black', '1500', '2'],
  ['256 GB', 'Blue', '1550', '0'],
] as const;

/** The owner's add form: the phone, its two options and a price and stock for each of the four combinations. */
async function addPhoneWithVariants(page: Page, name: string) {
  await page.goto('/product-entry');
  await expect(page.getByRole('heading', { name: 'Add New Product', level: 1 })).toBeVisible();
  await page.getByLabel('Product Name').fill(name);
  await page.getByLabel('Description').fill('6.6" screen, 50MP camera, 5000mAh battery; on Digicel and bmobile 4G.');
  await page.getByLabel('Category').selectOption({ label: 'Phones' });
  await page
    .getByLabel('Upload main image')
    .setInputFiles({ name: 'a55.png', mimeType: 'image/png', buffer: gradientPng(64, 64, [30, 60, 160]) });
  await expect(page.getByLabel('Main Image URL')).toHaveValue(/^\/api\/images\/[0-9a-f]{32}$/);

  const variants = page.getByRole('region', { name: 'Options and variants' });
  for (const [index, [option, values]] of [
    ['Storage', ['128 GB', '256 GB']],
    ['Colour', ['Black', 'Blue']],
  ].entries()) {
    await variants.getByRole('button', { name: '+ Add option' }).click();
    await variants.getByLabel(`Option ${index + 1} name`).fill(option as string);
    for (const value of values as string[]) {
      await variants.getByLabel(new RegExp(`^Add a value to ${option}`)).fill(value);
      await variants.getByLabel(new RegExp(`^Add a value to ${option}`)).press('Enter');
    }
  }
  await expect(variants.getByText('4 combinations, 4 on sale')).toBeVisible();
  for (const [storage, colour, price, stock] of combinations) {
    const label = `${storage} / ${colour}`;
    await variants.getByLabel(`Price (K) of ${label}`, { exact: true }).fill(price);
    await variants.getByLabel(`Stock on hand of ${label}`, { exact: true }).fill(stock);
  }
  // The black 256 GB has a picture of its own.
  await variants
    .getByLabel('Upload picture of 256 GB / Black')
    .setInputFiles({ name: 'a55-black.png', mimeType: 'image/png', buffer: gradientPng(64, 64, [20, 20, 20]) });
  const picture = variants.getByRole('img', { name: 'Picture of 256 GB / Black' });
  await expect(picture).toHaveAttribute('src', /\/api\/images\/[0-9a-f]{32}/);
  const pictureId = /[0-9a-f]{32}/.exec((await picture.getAttribute('src'))!)![0];
  await page.getByRole('button', { name: 'Add Product' }).click();
  await expect(page.getByText('Product added successfully!')).toBeVisible();
  return pictureId;
}

for (const viewport of [
  { width: 1280, height: 900 },
  { width: 375, height: 812 },
]) {
  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport });

    test('the owner adds a phone in 2 storage sizes × 2 colours; a guest buys 256 GB Black with WANTOK10 by bank transfer, and the invoice names both', async ({
      page,
      browser,
    }) => {
      test.setTimeout(150_000);
      const name = `Galaxy A55 ${viewport.width}-${Date.now().toString(36)}`;
      // Its own WANTOK code (the journeys share one server; catalog-admin.spec.ts pauses the WANTOK10 it adds).
      const code = `WANTOK-A55-${viewport.width}`;
      const owner = await browser.newContext({ viewport });
      const ownerPage = await owner.newPage();
      await signInAsAdmin(ownerPage);
      await ensureSolar(ownerPage);
      // The shop's settings the journey needs, through the API: bank transfer on, and 10% off phones over K100.
      const settings = await ownerPage.request.get('/api/admin/settings/payments');
      const turnedOn = await ownerPage.request.put('/api/admin/settings/payments', {
        data: {
          ...(await settings.json()),
          bankTransferEnabled: true,
          bankAccountName: 'Bilum Crafts Ltd',
          bankName: 'BSP',
          bankBsb: '088-950',
          bankAccountNumber: '1001234567',
        },
      });
      expect(turnedOn.status()).toBe(200);
      const added = await ownerPage.request.post('/api/admin/discount-codes', {
        data: { code, kind: 'percent', value: 10, minSpend: 10_000, categories: ['phones'] },
      });
      expect([201, 409]).toContain(added.status());
      const blackPicture = await addPhoneWithVariants(ownerPage, name);

      // The shopper finds the phone by a value of its variants, and it says "from K1,200.00" on its card.
      await page.goto(`/category/all?q=${encodeURIComponent(name)}`);
      const card = page.getByRole('link', { name: new RegExp(name) }).first();
      await expect(card).toBeVisible();
      await expect(page.getByText('from K1,200.00').first()).toBeVisible();
      await card.click();
      await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();

      // 256 GB Blue has nothing on hand: it is struck through as sold out beside the 256 GB.
      await page
        .getByRole('group', { name: /^Storage:/ })
        .getByRole('button', { name: /^256 GB/ })
        .click();
      await page
        .getByRole('group', { name: /^Colour:/ })
        .getByRole('button', { name: /^Black/ })
        .click();
      await expect(page).toHaveURL(/\?variant=\d+$/);
      await expect(
        page.getByRole('group', { name: /^Colour:/ }).getByRole('button', { name: 'Blue (sold out)' }),
      ).toBeVisible();
      await expect(page.getByText('K1,500.00', { exact: true }).first()).toBeVisible();
      // Its own picture leads the gallery.
      await expect(page.locator(`img[src*="${blackPicture}"]`).first()).toBeVisible();
      await expectAccessible(page);
      await page.getByRole('button', { name: 'Add to Cart' }).click();
      await page
        .getByRole('dialog', { name: 'Added to cart' })
        .getByRole('button', { name: 'Continue shopping' })
        .click();

      // The cart names the variant; checkout too, with the code taking 10% off.
      await page.goto('/guest-cart');
      await expect(page.getByRole('heading', { name: `${name} – 256 GB / Black` })).toBeVisible();
      await page.getByRole('button', { name: 'Check out' }).click();
      await expect(page).toHaveURL(/\/guestcheckout$/);
      await fillGuestContact(page, uniqueEmail('variants'));
      await expect(page.getByText(`${name} – 256 GB / Black`).first()).toBeVisible();
      const field = page.getByRole('form', { name: 'Discount code' });
      await field.getByLabel('Discount code').fill(code);
      await field.getByRole('button', { name: 'Apply' }).click();
      await expect(page.getByRole('status').filter({ hasText: `${code} applied: 10% off` })).toBeVisible();
      await expect(page.getByTestId('order-discount')).toHaveText('−K150.00');
      const total = (await page.getByTestId('order-total').textContent())!.trim();

      await page.getByRole('button', { name: 'Continue to Checkout' }).click();
      await page.getByLabel(/Bank transfer \/ mobile banking/).check();
      await page.getByRole('button', { name: `Place order, pay ${total} by bank transfer` }).click();
      await expect(page).toHaveURL(/\/order-confirmation$/);
      const orderId = (await page.getByTestId('order-id').textContent())!.trim();
      const trackingCode = (await page.getByTestId('tracking-code').textContent())!.trim();

      // Staff record the transfer; the tax invoice names the variant, its SKU's line and the discount.
      const toea = Math.round(Number(total.replace(/[^\d.]/g, '')) * 100);
      const recorded = await ownerPage.request.post(`/api/admin/orders/${orderId}/payments`, {
        data: { amount: toea, bankReference: 'BSP 88124', receivedOn: new Date().toISOString().slice(0, 10) },
      });
      expect(recorded.status()).toBe(200);
      await owner.close();

      await page.goto(`/invoice?tracking_code=${encodeURIComponent(trackingCode)}`);
      const invoice = page.getByRole('article', { name: /Tax invoice INV-\d{6}/ });
      await expect(invoice.getByText(`${name} – 256 GB / Black`)).toBeVisible();
      await expect(invoice.getByText(`Discount (${code})`)).toBeVisible();
      await expect(invoice.getByText('−K150.00')).toBeVisible();
      await expect(invoice).toContainText(new RegExp(`Total \\(PGK\\)\\s*${total.replace(/[.$]/g, '\\$&')}`));
      await expectAccessible(page);
    });
  });
}
