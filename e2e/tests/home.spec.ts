import { expect, test } from '@playwright/test';

test('a guest opens the home page and sees product cards priced in kina', async ({ page }) => {
  await page.goto('/');
  const products = page.getByRole('list', { name: 'Products' });
  const cards = products.getByRole('listitem');
  await expect(cards.first()).toBeVisible();
  // The first page of the list (issue 20); Show more brings the next.
  await expect(cards).toHaveCount(24);
  // A click without scrolling first: scrolling down to the button would let the infinite scroll load the pages
  // itself (paged-lists.spec.ts covers that), and the button would go once the list is complete.
  await page.getByRole('button', { name: 'Show more' }).dispatchEvent('click');
  await expect(cards).toHaveCount(48);
  await expect(cards.first()).toContainText(/K\d{1,3}(,\d{3})*\.\d{2}/);
  await expect(products.getByRole('img').first()).toBeVisible();
});

test('an unknown address shows the not-found screen with a way home', async ({ page }) => {
  await page.goto('/no-such-page');
  await expect(page.getByRole('heading', { name: 'Oops! Page not found' })).toBeVisible();
  await page.getByRole('link', { name: 'Return to Home' }).click();
  await expect(page).toHaveURL(/\/$/);
});
