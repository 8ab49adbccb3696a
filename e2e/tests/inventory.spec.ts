import { type Browser, expect, type Page, test } from '@playwright/test';
import { continueToPickupCheckout } from '../src/checkout';
import { signInAsAdmin, uniqueEmail } from '../src/accounts';

/** A shopper in a browser of their own (the admin's session stays in the other). */
async function signedInShopper(browser: Browser): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const response = await page.request.post('/api/auth/register', {
    data: {
      fullName: 'Kila Wari',
      email: uniqueEmail('stock-buyer'),
      countryCode: '+675',
      phone: '71234567',
      password: 'stock-journey-password',
    },
  });
  expect(response.status()).toBe(201);
  return page;
}

/** Adds the product to the shopper's cart from its page and opens the cart. */
async function addToCartAndOpen(page: Page, productId: number) {
  await page.goto(`/item/${productId}`);
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(page.getByRole('dialog', { name: 'Added to cart' })).toBeVisible();
  await page.keyboard.press('Escape');
  await page.goto('/cart');
}

/** Presses + until it is disabled; answers the quantity it stopped at. */
async function raiseToTheTop(page: Page, name: string): Promise<string> {
  const increase = page.getByRole('button', { name: `Increase quantity of ${name}` });
  const decrease = page.getByRole('button', { name: `Decrease quantity of ${name}` });
  const shown = page.getByRole('group', { name: `Quantity of ${name}` }).locator('output');
  for (let quantity = 1; quantity < 10 && (await increase.isEnabled()); quantity += 1) {
    await increase.click();
    await expect(shown).toHaveText(String(quantity + 1));
    // Settled (the stepper is disabled while the server saves): − is enabled again from 2 on.
    await expect(decrease).toBeEnabled();
  }
  await expect(increase).toBeDisabled();
  return (await shown.textContent()) ?? '';
}

/** The product's row in the inventory table (wide screen), found with the search. */
async function inventoryRow(page: Page, name: string) {
  await page.goto('/product-inventory');
  await page.getByPlaceholder(/Search products/).fill(name);
  return page.getByRole('row').filter({ hasText: name });
}

test('an owner adds a product with stock 5, a shopper buys 2 (the stepper stops at the stock), the owner sees 3 left and restocks to 10', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const name = `Stock Lamp ${Date.now()}`;
  await signInAsAdmin(page);
  await page.goto('/product-entry');
  await page.getByLabel('Product Name').fill(name);
  await page.getByLabel('Description').fill('A lamp whose stock the owner keeps.');
  await page.getByLabel('Price (K)').fill('150');
  await page.getByLabel('Category').selectOption('accessories');
  await page.getByLabel('Main Image URL').fill('/images/products/acer-aspire-5-laptop.svg');
  await page.getByLabel('Stock on hand').fill('5');
  await page.getByRole('button', { name: 'Add Product' }).click();
  await expect(page.getByText('Product added successfully!')).toBeVisible();
  const listed = await page.request.get(`/api/products?q=${encodeURIComponent(name)}`);
  const [product] = ((await listed.json()) as { items: { id: number; stock: number }[] }).items;
  expect(product?.stock).toBe(5);
  const productId = product!.id;

  // The shopper's stepper stops at the 5 on hand; they buy 2.
  const shopper = await signedInShopper(browser);
  await addToCartAndOpen(shopper, productId);
  expect(await raiseToTheTop(shopper, name)).toBe('5');
  const decrease = shopper.getByRole('button', { name: `Decrease quantity of ${name}` });
  const shown = shopper.getByRole('group', { name: `Quantity of ${name}` }).locator('output');
  for (const quantity of [4, 3, 2]) {
    await decrease.click();
    await expect(shown).toHaveText(String(quantity));
    await expect(decrease).toBeEnabled();
  }
  await shopper.getByRole('button', { name: 'Check out' }).click();
  await expect(shopper).toHaveURL(/\/contact-details$/);
  await continueToPickupCheckout(shopper);
  await shopper.getByLabel('Card number').fill('4242 4242 4242 4242');
  await shopper.getByLabel('Expiry (MM/YY)').fill('12/34');
  await shopper.getByLabel('CVC').fill('123');
  await shopper.getByRole('button', { name: 'Pay K300.00' }).click();
  await expect(shopper).toHaveURL(/\/order-confirmation$/);

  // Back for more: now the stepper stops at the 3 left, below the per-order limit of 5.
  await addToCartAndOpen(shopper, productId);
  expect(await raiseToTheTop(shopper, name)).toBe('3');
  await expect(shopper.getByText('Max 3')).toBeVisible();

  // The owner sees 3 on hand and 2 sold, restocks 7 (a supplier's delivery, with its invoice) and has 10.
  let row = await inventoryRow(page, name);
  await expect(row).toContainText('3 on hand');
  await expect(row).toContainText('2 sold');
  await row.getByRole('button', { name: `Restock ${name}` }).click();
  const restock = page.getByRole('dialog', { name: `Restock: ${name}` });
  await restock.getByLabel('Units to add').fill('7');
  await expect(restock.getByText('10 on hand after restocking.')).toBeVisible();
  await restock.getByLabel('Reason').selectOption('supplier-delivery');
  await restock.getByLabel('Note (optional)').fill('Digicel Wholesale, invoice INV-2231');
  await restock.getByRole('button', { name: 'Restock' }).click();
  await expect(page.getByText(`${name} restocked: 10 on hand.`)).toBeVisible();
  row = page.getByRole('row').filter({ hasText: name });
  await expect(row).toContainText('10 on hand');
  await expect(row).toContainText('In stock');

  // The log tells the story, newest first.
  await row.getByRole('button', { name: `Stock log of ${name}` }).click();
  const log = page.getByRole('dialog', { name: `Stock log: ${name}` }).getByRole('listitem');
  await expect(log).toHaveCount(4);
  await expect(log.nth(0)).toContainText('Restocked');
  await expect(log.nth(0)).toContainText('+7 (3 → 10)');
  await expect(log.nth(0)).toContainText('Delivery from supplier');
  await expect(log.nth(0)).toContainText('Digicel Wholesale, invoice INV-2231');
  await expect(log.nth(1)).toContainText('Order paid (sold)');
  await expect(log.nth(2)).toContainText('Held by a checkout');
  await expect(log.nth(2)).toContainText('-2 (5 → 3)');
  await expect(log.nth(3)).toContainText('Product added');
  await expect(log.nth(3)).toContainText('+5 (0 → 5)');
  await shopper.context().close();
});

test('the owner filters the inventory to low and out of stock, each product by its own threshold', async ({ page }) => {
  const prefix = `Shelf ${Date.now()}`;
  await signInAsAdmin(page);
  const shelf: [string, number, number?][] = [
    ['few', 2],
    ['own threshold', 8, 10],
    ['plenty', 9],
    ['none', 0],
  ];
  for (const [suffix, stock, lowStockThreshold] of shelf) {
    const created = await page.request.post('/api/admin/products', {
      data: {
        name: `${prefix} ${suffix}`,
        description: 'A product on the stock filter journey.',
        price: 10_000,
        stock,
        ...(lowStockThreshold === undefined ? {} : { lowStockThreshold }),
        category: 'accessories',
        image: '/images/products/acer-aspire-5-laptop.svg',
      },
    });
    expect(created.status()).toBe(201);
  }
  await page.goto('/product-inventory');
  await page.getByPlaceholder(/Search products/).fill(prefix);
  const rows = page.getByRole('row').filter({ hasText: prefix });
  await expect(rows).toHaveCount(4);

  await page.getByLabel('Stock', { exact: true }).selectOption({ label: 'Low stock' });
  await expect(rows).toHaveCount(2);
  await expect(rows.filter({ hasText: `${prefix} few` })).toContainText('Low stock');
  await expect(rows.filter({ hasText: `${prefix} own threshold` })).toContainText('8 on hand');

  await page.getByLabel('Stock', { exact: true }).selectOption({ label: 'Out of stock' });
  await expect(rows).toHaveCount(1);
  await expect(rows).toContainText(`${prefix} none`);
  // Sold follows the stock: the admin status says so, and a restock puts it back on sale.
  await expect(rows).toContainText('sold', { ignoreCase: true });
  await rows.getByRole('button', { name: `Restock ${prefix} none` }).click();
  await page.getByLabel('Units to add').fill('1');
  await page.getByLabel('Reason').selectOption({ label: 'Stock count correction' });
  await page.getByRole('dialog').getByRole('button', { name: 'Restock' }).click();
  await expect(page.getByRole('dialog')).toBeHidden();
  await expect(rows).toHaveCount(0);
  await page.getByLabel('Stock', { exact: true }).selectOption({ label: 'Low stock' });
  await expect(rows).toHaveCount(3);
  await expect(rows.filter({ hasText: `${prefix} none` })).toContainText('active', { ignoreCase: true });
});
