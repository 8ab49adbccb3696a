import { expect, test } from '@playwright/test';
import { signInAsAdmin } from '../src/accounts';

const csvFile = (text: string) => ({ name: 'catalogue.csv', mimeType: 'text/csv', buffer: Buffer.from(text) });

test('an owner previews a CSV import, fixes the file, imports it, and finds the product with its SKU and Exclusive Member badge', async ({
  page,
}) => {
  test.setTimeout(60_000);
  const stamp = Date.now();
  const sku = `E2E-${stamp}`;
  const name = `Imported tripod ${stamp}`;
  await signInAsAdmin(page);
  await page.goto('/product-inventory');
  await expect(page.getByRole('heading', { name: 'Product Inventory', level: 1 })).toBeVisible();

  // The export is a CSV file of the catalogue.
  const exported = await page.request.get('/api/admin/products/export');
  expect(exported.headers()['content-type']).toContain('text/csv');
  // It starts with a byte-order mark, so Excel reads "Kōkō" as written (issue 27).
  expect((await exported.text()).split('\r\n')[0]).toMatch(/^\uFEFFsku,name,category,/);

  const header = 'sku,name,category,description,price,original_price,stock,is_exclusive,image';
  const row = (price: string) =>
    `${sku},${name},accessories,A sturdy tripod brought in by the import.,${price},99.00,4,yes,/images/products/premium-membership.svg`;

  // A broken row: the preview says so and nothing can be imported.
  await page.getByRole('button', { name: 'Import CSV' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import products from CSV' });
  await dialog.getByLabel('CSV file').setInputFiles(csvFile(`${header}\n${row('cheap')}\n`));
  await expect(dialog.getByText('0 new, 0 to update, 0 unchanged, 1 with errors.')).toBeVisible();
  await expect(dialog.getByText('price: Price must be an amount in kina, e.g. 1249.50.')).toBeVisible();
  await expect(dialog.getByRole('button', { name: /^Import / })).toBeDisabled();

  // The fixed file: one new product, listed with what it sets, then written.
  await dialog.getByLabel('CSV file').setInputFiles(csvFile(`${header}\n${row('79.20')}\n`));
  await expect(dialog.getByText('1 new, 0 to update, 0 unchanged, 0 with errors.')).toBeVisible();
  await expect(dialog.getByText('discount_percentage: 20')).toBeVisible();
  await dialog.getByRole('button', { name: 'Import 1 row(s)' }).click();
  await expect(page.getByText('Import complete: 1 product(s) added, 0 product(s) updated.')).toBeVisible();
  await expect(dialog).toBeHidden();

  // Found by its SKU on the server; filtered by the Exclusive Member flag.
  await page.getByPlaceholder('Search products by name or category...').fill(sku.toLowerCase());
  const table = page.getByRole('table');
  // The search has answered: the header row and the one product (until then the whole list shows, with other
  // Exclusive Member products).
  await expect(table.getByRole('row')).toHaveCount(2);
  const imported = table.getByRole('row').nth(1);
  await expect(imported.getByText(name)).toBeVisible();
  await expect(imported.getByText(sku)).toBeVisible();
  await expect(imported.getByText('Exclusive Member')).toBeVisible();
  await expect(imported.getByText('20% off')).toBeVisible();
  await page.getByPlaceholder('Search products by name or category...').fill('');
  await page.getByLabel('Feature').selectOption('exclusive');
  await page.getByLabel('Sort by').selectOption('-created');
  await expect(table.getByRole('row').nth(1)).toContainText(name);
});

test('Cancel on the add form asks before dropping what was typed and goes back to the inventory', async ({ page }) => {
  await signInAsAdmin(page);
  await page.goto('/product-entry');
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(/\/product-inventory$/);

  await page.goto('/product-entry');
  await page.getByLabel('Product Name').fill('Half-typed lamp');
  await page.getByRole('button', { name: 'Cancel' }).click();
  const dialog = page.getByRole('dialog', { name: 'Discard this product?' });
  await dialog.getByRole('button', { name: 'Keep editing' }).click();
  await expect(page.getByLabel('Product Name')).toHaveValue('Half-typed lamp');
  await page.getByRole('button', { name: 'Cancel' }).click();
  await dialog.getByRole('button', { name: 'Discard' }).click();
  await expect(page).toHaveURL(/\/product-inventory$/);
});

test('the owner adds the category Generators, moves it up and hides it (off the storefront’s menu), and cannot delete Phones while it has products', async ({
  page,
}) => {
  await signInAsAdmin(page);
  // A retry meets the Generators of the first try: it goes first (the journeys share one server; it has no products).
  const before = (await (await page.request.get('/api/admin/categories')).json()) as {
    categories: { id: number; slug: string }[];
  };
  const earlier = before.categories.find((category) => category.slug === 'generators');
  if (earlier) expect((await page.request.delete(`/api/admin/categories/${earlier.id}`)).ok()).toBe(true);

  await page.getByRole('link', { name: /^Categories/ }).click();
  await expect(page.getByRole('heading', { name: 'Categories', level: 1 })).toBeVisible();
  const list = page.getByRole('list', { name: 'Categories' });
  const names = list.getByTestId('category-name');
  await expect(names.first()).toHaveText('Phones');
  await page.getByLabel('Name', { exact: true }).fill('Generators');
  await expect(page.getByText('Leave it empty to use “generators”.', { exact: false })).toBeVisible();
  await page.getByRole('button', { name: 'Add category' }).click();
  await expect(page.getByText('Category added.')).toBeVisible();
  await expect(names.last()).toHaveText('Generators');
  // The one before it: Accessories, or a category another journey added (Solar).
  const lastName = (await names.allTextContents()).at(-2)!;

  await page.getByRole('button', { name: 'Move Generators up' }).click();
  await expect(page.getByText('Categories reordered.')).toBeVisible();
  await expect(names.last()).toHaveText(lastName);
  await expect.poll(async () => (await names.allTextContents()).slice(-2)).toEqual(['Generators', lastName]);
  // The server has the new order.
  const after = (await (await page.request.get('/api/admin/categories')).json()) as {
    categories: { slug: string; name: string }[];
  };
  expect(after.categories.slice(-2).map((category) => category.name)).toEqual(['Generators', lastName]);

  await page.getByRole('button', { name: 'Hide Generators' }).click();
  await expect(page.getByText('Category hidden.')).toBeVisible();
  await expect(
    list.getByRole('listitem').filter({ hasText: 'Generators' }).getByText('Hidden', { exact: true }),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Show Generators' })).toBeVisible();

  // Hidden: not in the storefront's menu, and its page is not found.
  await page.goto('/category/all');
  const menu = page.getByRole('navigation', { name: 'Categories' });
  await expect(menu.getByRole('link', { name: 'Phones' })).toBeVisible();
  await expect(menu.getByRole('link', { name: 'Generators' })).toHaveCount(0);
  await page.goto('/category/generators');
  await expect(page.getByRole('heading', { name: 'Oops! Page not found' })).toBeVisible();
  await page.goto('/categories');

  await page.getByRole('button', { name: 'Delete Phones' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete category?' });
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(
    page.getByText(/^"Phones" has \d+ products \(archived ones included\), so it cannot be deleted: hide it instead/),
  ).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(names.first()).toHaveText('Phones');
});

test('on a phone, the owner adds WANTOK10 for phones over K100, pauses it, and deletes a code added by mistake', async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await signInAsAdmin(page);
  // A retry meets the codes of the first try (the journeys share one server): none has been used, so they go.
  const before = (await (await page.request.get('/api/admin/discount-codes')).json()) as {
    codes: { id: number; code: string }[];
  };
  for (const earlier of before.codes.filter((entry) => ['WANTOK10', 'WANTOK-TYPO'].includes(entry.code))) {
    expect((await page.request.delete(`/api/admin/discount-codes/${earlier.id}`)).ok()).toBe(true);
  }

  await page.getByRole('link', { name: /^Discount codes/ }).click();
  await expect(page.getByRole('heading', { name: 'Discount codes', level: 1 })).toBeVisible();
  for (const [code, percent] of [
    ['wantok10', '10'],
    ['wantok-typo', '5'],
  ] as const) {
    await page.getByRole('button', { name: 'Add a code' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add a discount code' });
    await dialog.getByLabel('Code').fill(code);
    await dialog.getByLabel('Percentage (%)').fill(percent);
    if (code === 'wantok10') {
      await dialog.getByLabel('Minimum spend (K, optional)').fill('100');
      await dialog.getByLabel('Uses per shopper (optional)').fill('1');
      await dialog.getByRole('checkbox', { name: 'Phones' }).check();
    }
    await dialog.getByRole('button', { name: 'Add code' }).click();
    await expect(dialog).toBeHidden();
  }
  const card = page.getByRole('list', { name: 'Discount codes' }).getByRole('listitem').filter({ hasText: 'WANTOK10' });
  await expect(card.getByText('10% off')).toBeVisible();
  await expect(card.getByText('Minimum spend K100.00')).toBeVisible();
  await expect(card.getByText('Only on Phones')).toBeVisible();
  await expect(card.getByText('Once per shopper')).toBeVisible();
  await expect(card.getByText('Active', { exact: true })).toBeVisible();

  await card.getByRole('button', { name: 'Pause WANTOK10' }).click();
  await expect(page.getByText('WANTOK10 paused.')).toBeVisible();
  await expect(card.getByText('Paused', { exact: true })).toBeVisible();
  const saved = (await (await page.request.get('/api/admin/discount-codes')).json()) as {
    codes: { code: string; active: boolean; minSpend: number; categories: string[] }[];
  };
  expect(saved.codes.find((entry) => entry.code === 'WANTOK10')).toMatchObject({
    active: false,
    minSpend: 10_000,
    categories: ['phones'],
  });

  await page.getByRole('button', { name: 'Delete WANTOK-TYPO' }).click();
  await page.getByRole('dialog', { name: 'Delete WANTOK-TYPO?' }).getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Discount code deleted.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Delete WANTOK-TYPO' })).toHaveCount(0);
  // Nothing on the page is wider than the phone.
  expect(await page.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(375);
});
