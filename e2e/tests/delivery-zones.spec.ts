import { randomUUID } from 'node:crypto';
import { expect, type Page, test } from '@playwright/test';
import { uniqueEmail } from '../src/accounts';

/*
 * Issue 19 (decision 012): delivery is priced by the province's zone on the server; K0.00 for pickup, the free
 * zone (NCD) and active Premium members. The demo zones put the Highlands at K40.00, about 6 days.
 */
const galaxyA05 = { id: 41, price: 'K399.00', memberPrice: 'K359.10' };
const premiumProduct = { id: 70 };
const highlandsFee = 'K40.00';

async function fillHighlandsAddress(page: Page) {
  await page.getByLabel('Street address').fill('Section 12, Lot 4, Kumul Highway');
  await page.getByLabel('City').fill('Mount Hagen');
  await page.getByLabel('Postcode').fill('281');
  await page.getByLabel('Province', { exact: true }).selectOption('Western Highlands');
}

/** A signed-in shopper with an active Premium membership, bought through the checkout API with the test card. */
async function signInAsMember(page: Page, email: string) {
  const registered = await page.request.post('/api/auth/register', {
    data: { fullName: 'Kila Wari', email, countryCode: '+675', phone: '71234567', password: 'member-password-1' },
  });
  expect(registered.status()).toBe(201);
  const placed = await page.request.post('/api/orders', {
    data: {
      idempotencyKey: randomUUID(),
      contact: { firstName: 'Kila', lastName: 'Wari', email, countryCode: '+675', phone: '71234567' },
      source: { type: 'items', items: [{ productId: premiumProduct.id, quantity: 1 }] },
    },
  });
  expect(placed.status()).toBe(201);
  const { order } = (await placed.json()) as { order: { id: number } };
  const paid = await page.request.post(`/api/orders/${order.id}/payment`, {
    data: { card: { number: '4242424242424242', expMonth: 12, expYear: 2034, cvc: '123' } },
  });
  expect(((await paid.json()) as { status: string }).status).toBe('succeeded');
  await expect
    .poll(
      async () =>
        ((await (await page.request.get('/api/session')).json()) as { membership?: { isMember?: boolean } }).membership
          ?.isMember,
      {
        timeout: 10_000,
      },
    )
    .toBe(true);
}

for (const viewport of [
  { width: 1280, height: 900 },
  { width: 375, height: 812 },
]) {
  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport });

    test('a guest delivering to the Highlands is charged the zone’s fee, and the total includes it', async ({
      page,
    }) => {
      await page.goto(`/index-item/${galaxyA05.id}`);
      await page.getByRole('button', { name: 'Add to Cart' }).click();
      await page
        .getByRole('dialog', { name: 'Added to cart' })
        .getByRole('button', { name: 'Continue shopping' })
        .click();
      await page.goto('/guestcheckout');

      await page.getByLabel('First name').fill('Kila');
      await page.getByLabel('Last name').fill('Wari');
      await page.getByLabel('Email').fill(uniqueEmail('highlands-guest'));
      await page.getByLabel('Phone', { exact: true }).fill('71234567');
      await fillHighlandsAddress(page);
      // The form says what delivery there costs, and the summary is priced by the server for that province.
      await expect(page.getByText(`Delivery to Highlands: ${highlandsFee}`, { exact: false })).toBeVisible();
      await expect(page.getByTestId('order-shipping')).toHaveText(highlandsFee);
      await expect(page.getByTestId('order-total')).toHaveText('K439.00');

      await page.getByRole('button', { name: 'Continue to Checkout' }).click();
      // The order made by the server charges the same: its summary and the amount to pay.
      await expect(page.getByText('Highlands, about 6 days')).toBeVisible();
      await expect(page.getByTestId('order-shipping')).toHaveText(highlandsFee);
      await expect(page.getByTestId('order-total')).toHaveText('K439.00');
      await expect(page.getByRole('button', { name: /Pay K439\.00/ }).first()).toBeVisible();
    });

    test('a Premium member delivering to the Highlands is charged no delivery fee', async ({ page }) => {
      test.setTimeout(60_000);
      await signInAsMember(page, uniqueEmail('highlands-member'));
      await page.goto(`/item/${galaxyA05.id}`);
      await page.getByRole('button', { name: 'Buy It Now' }).click();
      await expect(page).toHaveURL(/\/contact-details$/);
      await fillHighlandsAddress(page);
      await page.getByRole('button', { name: 'CONTINUE TO CHECKOUT' }).click();
      await expect(page).toHaveURL(/\/checkout$/);

      await expect(page.getByText('Free delivery for Premium members')).toBeVisible();
      await expect(page.getByTestId('order-shipping')).toHaveText('K0.00');
      await expect(page.getByTestId('order-total')).toHaveText(galaxyA05.memberPrice);
    });
  });
}

test.describe('at 375 px, before checkout (issue 27)', () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test('the contact step and then the cart show the delivery fee as soon as the province is known', async ({
    page,
  }) => {
    test.setTimeout(60_000);
    const email = uniqueEmail('fee-before-checkout');
    const registered = await page.request.post('/api/auth/register', {
      data: { fullName: 'Mary Kaupa', email, countryCode: '+675', phone: '71234568', password: 'shopper-password-1' },
    });
    expect(registered.status()).toBe(201);
    await page.goto(`/index-item/${galaxyA05.id}`);
    // Signed in once the header says so: Add to Cart then goes to the server cart, not the guest cart.
    await expect(page.getByRole('button', { name: 'Account menu for Mary Kaupa' })).toBeVisible();
    await page.getByRole('button', { name: 'Add to Cart' }).click();
    await page
      .getByRole('dialog', { name: 'Added to cart' })
      .getByRole('button', { name: 'Continue shopping' })
      .click();
    await expect(page.getByRole('link', { name: 'Cart, 1 item' })).toBeVisible();

    // Nothing is known yet: the cart says where the fee comes from.
    await page.goto('/cart');
    await expect(page.getByText('Delivery is priced by province at checkout')).toBeVisible();
    await page.getByRole('button', { name: 'Check out' }).click();
    await expect(page).toHaveURL(/\/contact-details$/);
    await fillHighlandsAddress(page);
    // The summary beside the form charges what the hint under the province says, before the payment step.
    await expect(page.getByText(`Delivery to Highlands: ${highlandsFee}`, { exact: false })).toBeVisible();
    await expect(page.getByTestId('order-shipping')).toHaveText(highlandsFee);
    await expect(page.getByTestId('order-total')).toHaveText('K439.00');
    await page.getByRole('button', { name: 'CONTINUE TO CHECKOUT' }).click();
    await expect(page).toHaveURL(/\/checkout$/);

    // Back in the cart, the saved details price the delivery too.
    await page.goto('/cart');
    await expect(page.getByText('Highlands, about 6 days')).toBeVisible();
    await expect(page.getByTestId('order-shipping')).toHaveText(highlandsFee);
    await expect(page.getByTestId('summary-total')).toHaveText('K439.00');
  });
});
