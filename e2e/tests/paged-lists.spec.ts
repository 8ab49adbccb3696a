import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { uniqueEmail } from '../src/accounts';

/**
 * Issue 20: the storefront's lists come one server page at a time. The demo catalogue has 68 products, so these
 * journeys ask for small pages through the address (`?pageSize=6`, which the list keeps in its URL).
 */

const productList = (page: Page) => page.getByRole('list', { name: 'Products' });
const cards = (page: Page) => productList(page).getByRole('listitem');
// (Strings: the journeys are compiled without the DOM's types.)
const scrollY = (page: Page) => page.evaluate<number>('window.scrollY');

async function totalFor(request: APIRequestContext, query: string): Promise<number> {
  const response = await request.get(`/api/products?${query}`);
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { total: number }).total;
}

test('scrolling a category loads page after page; a product opens at its top and Back lands on the same product', async ({
  page,
}) => {
  const total = await totalFor(page.request, 'category=all');
  await page.goto('/category/all?pageSize=6');
  await expect(cards(page)).toHaveCount(6);
  await expect(page.getByText(`Showing 6 of ${total} items`)).toBeVisible();
  // The spec's item count is the server's total, not the products on screen.
  await expect(page.getByRole('status').filter({ hasText: /^\d+ items$/ })).toHaveText(`${total} items`);

  // The shopper scrolls down: the second and third pages come by themselves.
  for (const atLeast of [12, 18]) {
    await page.evaluate('window.scrollTo(0, document.documentElement.scrollHeight)');
    await expect.poll(() => cards(page).count()).toBeGreaterThanOrEqual(atLeast);
  }
  const loaded = await cards(page).count();

  // A product on the third page: its page opens at the top, not scrolled down to the footer.
  const card = cards(page).nth(14);
  // (Its text, not its drawn text: a card off the screen is not drawn yet, `content-visibility`.)
  const name = ((await card.getByRole('heading', { level: 3 }).textContent()) ?? '').trim();
  expect(name).not.toBe('');
  // In the middle of the screen: a card left under the sticky header would make the click scroll the page first
  // (Playwright moves a covered element out from under it), and the shopper's place would be that one instead.
  await card.evaluate((element) => element.scrollIntoView({ block: 'center' }));
  expect(await scrollY(page)).toBeGreaterThan(500);
  // Where the shopper sees that product on the screen. (Not the page's scroll offset: on Back the rows above it
  // are laid out at an estimated height until they are drawn, `content-visibility`, so the same offset showed
  // other rows, 135 px off at 1280 px; the app now puts the card the shopper opened back in its place.)
  const shownCard = productList(page)
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { level: 3, name, exact: true }) })
    .first();
  const cardTop = async () => (await shownCard.boundingBox())?.y ?? Number.NaN;
  const placeOnScreen = await cardTop();
  await card.getByRole('link', { name }).click();
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
  await expect.poll(() => scrollY(page)).toBe(0);

  // Back: the same pages are there and the list is where the shopper left it, at that product.
  const asked: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/products?')) asked.push(request.url());
  });
  await page.goBack();
  await expect(page).toHaveURL(/\/category\/all\?pageSize=6$/);
  await expect(page.getByRole('heading', { name: 'All Products', level: 1 })).toBeVisible();
  // (More may follow: the shopper is back near the end of what was loaded.)
  expect(await cards(page).count()).toBeGreaterThanOrEqual(loaded);
  // The loaded pages came from the browser's cache of the list, not from the first page again.
  expect(asked.filter((url) => !/[?&]page=\d/.test(url))).toEqual([]);
  await expect.poll(cardTop).toBeGreaterThan(placeOnScreen - 3);
  expect(await cardTop()).toBeLessThan(placeOnScreen + 3);
  await expect(shownCard.getByRole('link', { name })).toBeInViewport();
});

test('Show more brings the next page, keeps the filters in the address and moves focus to the first new product', async ({
  page,
}) => {
  // A tall window: the whole first page and the button are in view, so nothing loads until the button is used.
  await page.setViewportSize({ width: 1280, height: 2400 });
  const query = 'q=samsung&sort=priceAsc';
  const total = await totalFor(page.request, query);
  expect(total).toBeGreaterThan(4);
  await page.goto(`/category/all?${query}&pageSize=4`);
  await expect(cards(page)).toHaveCount(4);
  await page.getByRole('button', { name: 'Show more' }).click();
  await expect(cards(page)).toHaveCount(Math.min(8, total));
  await expect(page.getByText(`Showing ${Math.min(8, total)} of ${total} items`)).toBeVisible();
  await expect(cards(page).nth(4).getByRole('link')).toBeFocused();

  // The cards follow the server's order (price, low to high) across both pages.
  const answer = (await (await page.request.get(`/api/products?${query}&pageSize=8`)).json()) as {
    items: { name: string }[];
  };
  const names = await productList(page).getByRole('heading', { level: 3 }).allInnerTexts();
  expect(names).toEqual(answer.items.map((item) => item.name));

  // A new filter keeps the page size and the search in the address, and starts again from its first page.
  await page.getByLabel('Category', { exact: true }).selectOption('phones');
  await expect(page).toHaveURL(/\/category\/phones\?q=samsung&sort=priceAsc&pageSize=4$/);
  const phones = await totalFor(page.request, `${query}&category=phones`);
  await expect(page.getByText(`Found ${phones} items matching your criteria!`)).toBeVisible();
  await expect(cards(page)).toHaveCount(Math.min(4, phones));
});

test('a Premium member sees member prices on the cards; a guest sees the shelf price', async ({ page, browser }) => {
  const a15 = { name: 'Samsung Galaxy A15', price: 'K749.00', memberPrice: 'K674.10' };

  const guest = await browser.newPage();
  await guest.goto('/category/phones?q=galaxy%20a15');
  const guestCard = cards(guest).filter({ hasText: a15.name }).first();
  await expect(guestCard).toContainText(a15.price);
  await expect(guestCard).not.toContainText(a15.memberPrice);
  await expect(guestCard).not.toContainText('Member price');
  await guest.close();

  const registered = await page.request.post('/api/auth/register', {
    data: {
      fullName: 'Kila Wari',
      email: uniqueEmail('paged-member'),
      countryCode: '+675',
      phone: '71234567',
      password: 'paged-lists-password-1',
    },
  });
  expect(registered.status()).toBe(201);
  const started = await page.request.post('/api/membership/payment', { data: {} });
  expect(started.status()).toBe(201);
  const { membershipId } = (await started.json()) as { membershipId: number };
  const paid = await page.request.post(`/api/membership/payment/${membershipId}/confirm`, {
    data: {
      cardholderName: 'Kila Wari',
      termsAccepted: true,
      card: { number: '4242424242424242', expMonth: 12, expYear: new Date().getFullYear() + 2, cvc: '123' },
    },
  });
  expect(((await paid.json()) as { status: string }).status).toBe('succeeded');

  await page.goto('/dashboard-category/phones?q=galaxy%20a15');
  const card = cards(page).filter({ hasText: a15.name }).first();
  await expect(card).toContainText('Member price');
  await expect(card).toContainText(a15.memberPrice);
  await expect(card.locator('s')).toHaveText(`Regular price ${a15.price}`);

  // The member home's grid too, and the product page agrees with the card.
  await page.goto('/dashboard');
  await expect(cards(page).first()).toContainText('Member price');
  await page.goto('/dashboard-category/phones?q=galaxy%20a15');
  await cards(page).filter({ hasText: a15.name }).first().getByRole('link').click();
  await expect(page.getByText(a15.memberPrice).first()).toBeVisible();
});
