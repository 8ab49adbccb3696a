import { expect, type Page, test } from '@playwright/test';
import { addToGuestCart, fillGuestContact } from '../src/checkout';
import { e2eAdmin, uniqueEmail } from '../src/accounts';
import { readStorageJson } from '../src/browser-storage';

/** A product no other journey buys, so its stock moves only here. */
const productName = 'Nokia C32';

async function productStock(page: Page): Promise<{ id: number; stock: number }> {
  const answer = await page.request.get(`/api/products?q=${encodeURIComponent(productName)}`);
  const { items } = (await answer.json()) as { items: { id: number; name: string; stock: number }[] };
  const product = items.find((p) => p.name === productName);
  if (!product) throw new Error(`${productName} is not in the catalogue`);
  return { id: product.id, stock: product.stock };
}

/** The order the guest checkout made for the attempt under way (kept in session storage). */
async function attemptOrderId(page: Page): Promise<number | null> {
  const attempt = (await readStorageJson(page, 'sessionStorage', 'checkoutAttempt')) as {
    created: { order: { id: number } } | null;
  } | null;
  return attempt?.created?.order.id ?? null;
}

test('a guest goes to payment, goes back, changes the address and pays: one unit sold, the first order shows as replaced to staff', async ({
  page,
}) => {
  test.setTimeout(60_000);
  const before = await productStock(page);
  await addToGuestCart(page, before.id);

  await page.goto('/guestcheckout');
  await fillGuestContact(page, uniqueEmail('replaced-guest'));
  await page.getByRole('button', { name: 'Continue to Checkout' }).click();
  await expect(page.getByRole('button', { name: /^Pay K/ })).toBeVisible();
  await expect.poll(() => attemptOrderId(page)).not.toBeNull();
  const firstId = (await attemptOrderId(page))!;

  // Back to the product, then to checkout again, and the address changed.
  await page.goBack();
  await page.goto('/guestcheckout');
  await page.getByRole('button', { name: 'Edit' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit contact details' });
  await dialog.getByLabel('Street address').fill('Section 9, Lot 3, Waigani Drive');
  await dialog.getByRole('button', { name: 'Save Details' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Section 9, Lot 3, Waigani Drive')).toBeVisible();
  await expect.poll(() => attemptOrderId(page)).not.toBe(firstId);
  const secondId = (await attemptOrderId(page))!;

  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry (MM/YY)').fill('12/34');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: /^Pay K/ }).click();
  await expect(page).toHaveURL(/\/order-confirmation$/);
  await expect(page.getByTestId('order-id')).toHaveText(String(secondId));

  // Exactly one unit left the shelf: the first order's hold went back when the second was placed.
  await expect.poll(async () => (await productStock(page)).stock).toBe(before.stock - 1);

  // Staff see the first order among the unpaid checkouts, cancelled and replaced by the paid one.
  await page.goto('/admin-login');
  await page.getByLabel('Username').fill(e2eAdmin.username);
  await page.getByLabel('Password', { exact: true }).fill(e2eAdmin.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/entry-option$/);
  await page.goto('/order-inventory');
  await page.getByLabel('Show').selectOption({ label: 'Unpaid checkouts' });
  await page.getByPlaceholder('Search by customer name or order ID...').fill(String(firstId));
  const row = page.getByRole('row').filter({ hasText: `#${firstId}` });
  await expect(row).toHaveCount(1);
  await expect(row.getByText('Cancelled', { exact: true })).toBeVisible();
  await expect(row.getByText(`Replaced by order #${secondId}`, { exact: false })).toBeVisible();
  await row.getByRole('button', { name: `View order #${firstId}` }).click();
  await expect(
    page
      .getByRole('dialog', { name: `Order #${firstId}` })
      .getByText(`Replaced by order #${secondId}`, { exact: false }),
  ).toBeVisible();
});
