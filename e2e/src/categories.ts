import { expect, type Page } from '@playwright/test';

/**
 * The owner's category Solar (issue 30), added on the categories page by a signed-in owner. A retry (or another
 * journey) may meet the Solar of an earlier run: it is kept, and shown.
 */
export async function ensureSolar(page: Page) {
  const answer = (await (await page.request.get('/api/admin/categories')).json()) as {
    categories: { id: number; slug: string; hidden: boolean }[];
  };
  const earlier = answer.categories.find((category) => category.slug === 'solar');
  await page.goto('/categories');
  await expect(page.getByRole('heading', { name: 'Categories', level: 1 })).toBeVisible();
  if (earlier) {
    if (earlier.hidden) {
      await page.getByRole('button', { name: 'Show Solar' }).click();
      await expect(page.getByText('Category shown.')).toBeVisible();
    }
    return;
  }
  await page.getByLabel('Name', { exact: true }).fill('Solar');
  await page.getByRole('button', { name: 'Add category' }).click();
  await expect(page.getByText('Category added.')).toBeVisible();
  await expect(page.getByRole('list', { name: 'Categories' }).getByTestId('category-name').last()).toHaveText('Solar');
}
