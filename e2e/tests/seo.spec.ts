import { expect, test } from '@playwright/test';

// Search engines and link previews (issue 20): real 404s, one canonical address, JSON-LD, robots, sitemap, og:image.

test('an unknown address answers 404 and shows "Oops! Page not found" with a way home', async ({ page }) => {
  const response = await page.goto('/no-such-page');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Oops! Page not found' })).toBeVisible();
  await expect(page).toHaveTitle('Oops! Page not found - Bilum');
  await page.getByRole('link', { name: 'Return to Home' }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('a product address with a dot, or an unknown product, answers 404 with the product-not-found page', async ({
  page,
}) => {
  for (const path of ['/index-item/1.5', '/index-item/999999']) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(404);
    expect(response?.headers()['content-type']).toContain('text/html');
    await expect(page.getByRole('heading', { name: 'Product not found' })).toBeVisible();
  }
});

test('robots.txt, the sitemap and a product page tell search engines and link previews what they need', async ({
  page,
  request,
  baseURL,
}) => {
  const robots = await request.get('/robots.txt');
  expect(robots.status()).toBe(200);
  expect(await robots.text()).toContain('Disallow: /checkout');
  expect(await robots.text()).toContain(`Sitemap: ${baseURL}/sitemap.xml`);

  const sitemap = await request.get('/sitemap.xml');
  expect(sitemap.status()).toBe(200);
  expect(sitemap.headers()['content-type']).toContain('application/xml');
  const locs = [...(await sitemap.text()).matchAll(/<loc>([^<]*)<\/loc>/g)].map((match) => match[1]!);
  expect(locs).toContain(`${baseURL}/category/phones`);
  const productUrl = locs.find((loc) => loc.includes('/index-item/'));
  expect(productUrl).toBeDefined();
  const id = productUrl!.split('/').pop();

  // A member's address of the product names the guest one as canonical.
  const response = await page.goto(`/item/${id}`);
  expect(response?.status()).toBe(200);
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', productUrl!);
  const data = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? '');
  expect(data['@type']).toBe('Product');
  expect(data.offers.priceCurrency).toBe('PGK');
  expect(data.offers.price).toMatch(/^\d+\.\d{2}$/);
  await expect(page.getByRole('heading', { level: 1, name: data.name })).toBeVisible();
  // The price the page shows is the offer's price (K1,234.50 for "1234.50").
  const shown = `K${Number(data.offers.price).toLocaleString('en-US', { minimumFractionDigits: 2 })}`;
  await expect(page.getByText(shown).first()).toBeVisible();

  const image = await page.locator('meta[property="og:image"]').getAttribute('content');
  expect(image).toMatch(/^https?:\/\//);
  await expect(page.locator('meta[name="twitter:card"]')).toHaveAttribute('content', 'summary_large_image');
  const picture = await request.get(image!);
  expect(picture.status()).toBe(200);
  expect(['image/jpeg', 'image/png']).toContain(picture.headers()['content-type']);
});
