import { expect, test } from '@playwright/test';
import { addToGuestCart, continueToPickupCheckout, fillGuestContact } from '../src/checkout';
import { signInAsAdmin, uniqueEmail } from '../src/accounts';
import { expectAccessible } from '../src/axe';

/*
 * Issue 30 (decision 040): a shopper applies a discount code at checkout, pays by bank transfer, and the tax invoice
 * names the code and its discount. The owner's side of codes is in catalog-admin.spec.ts.
 */

for (const viewport of [
  { width: 1280, height: 900 },
  { width: 375, height: 812 },
]) {
  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport });

    test(`a guest applies a discount code, pays by bank transfer, and the invoice names the discount`, async ({
      page,
      browser,
    }) => {
      test.setTimeout(90_000);
      // The owner's side, through the API: bank transfer on, and a code of 10% off phones over K100.
      const owner = await browser.newContext({ viewport });
      const ownerPage = await owner.newPage();
      await signInAsAdmin(ownerPage);
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
      const code = `WANTOK${viewport.width}`;
      const added = await ownerPage.request.post('/api/admin/discount-codes', {
        data: { code, kind: 'percent', value: 10, minSpend: 10_000, categories: ['phones'] },
      });
      expect([201, 409]).toContain(added.status());

      // The shopper: a phone of K699.00 in the cart, to guest checkout (the journeys never hard-code ids).
      const listed = await page.request.get('/api/products?category=phones&pageSize=60');
      const phone = ((await listed.json()) as { items: { id: number; name: string }[] }).items.find(
        (item) => item.name === 'Tecno Spark 20 Pro',
      );
      expect(phone).toBeDefined();
      await addToGuestCart(page, phone!.id); // K699.00
      await page.goto('/guestcheckout');
      await fillGuestContact(page, uniqueEmail('discount'));

      // A mistyped code is refused with the reason, under the field; the right one applies, in any case.
      const field = page.getByRole('form', { name: 'Discount code' });
      await field.getByLabel('Discount code').fill('WANTOK');
      await field.getByRole('button', { name: 'Apply' }).click();
      await expect(field.getByText('There is no discount code "WANTOK". Check the spelling.')).toBeVisible();
      await field.getByLabel('Discount code').fill(code.toLowerCase());
      await field.getByRole('button', { name: 'Apply' }).click();
      await expect(page.getByRole('status').filter({ hasText: `${code} applied: 10% off` })).toBeVisible();
      await expect(page.getByTestId('order-discount')).toHaveText('−K69.90');
      await expect(page.getByTestId('order-total')).toHaveText('K629.10');

      await page.getByRole('button', { name: 'Continue to Checkout' }).click();
      await page.getByLabel(/Bank transfer \/ mobile banking/).check();
      await expectAccessible(page);
      await page.getByRole('button', { name: 'Place order, pay K629.10 by bank transfer' }).click();
      await expect(page).toHaveURL(/\/order-confirmation$/);
      const orderId = (await page.getByTestId('order-id').textContent())!.trim();
      const trackingCode = (await page.getByTestId('tracking-code').textContent())!.trim();

      // Staff record the transfer; the shopper's tax invoice names the code and its discount.
      const recorded = await ownerPage.request.post(`/api/admin/orders/${orderId}/payments`, {
        data: { amount: 62_910, bankReference: 'BSP 88123', receivedOn: new Date().toISOString().slice(0, 10) },
      });
      expect(recorded.status()).toBe(200);
      await owner.close();

      await page.goto(`/invoice?tracking_code=${encodeURIComponent(trackingCode)}`);
      const invoice = page.getByRole('article', { name: /Tax invoice INV-\d{6}/ });
      await expect(invoice.getByText(`Discount (${code})`)).toBeVisible();
      await expect(invoice.getByText('−K69.90')).toBeVisible();
      await expect(invoice).toContainText(/Total \(PGK\)\s*K629\.10/);
      await expect(invoice).toContainText(/GST included \(10%\)\s*K57\.19/);
      await expectAccessible(page);
    });
  });
}

test('a signed-in shopper applies a code at checkout and pays the discounted total by card', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  const owner = await browser.newContext();
  const ownerPage = await owner.newPage();
  await signInAsAdmin(ownerPage);
  // A fixed amount off, for a church group: K20.00 off anything.
  const added = await ownerPage.request.post('/api/admin/discount-codes', {
    data: { code: 'CHURCH20', kind: 'fixed', value: 2_000 },
  });
  expect([201, 409]).toContain(added.status());
  await owner.close();

  const email = uniqueEmail('discount-card');
  const registered = await page.request.post('/api/auth/register', {
    data: { fullName: 'Kila Wari', email, countryCode: '+675', phone: '71234567', password: 'checkout-password-1' },
  });
  expect(registered.status()).toBe(201);
  const listed = await page.request.get('/api/products?category=accessories&pageSize=60');
  const buds = ((await listed.json()) as { items: { id: number; name: string }[] }).items.find(
    (item) => item.name === 'Samsung Galaxy Buds FE',
  );
  expect(buds).toBeDefined();
  await page.goto(`/item/${buds!.id}`); // K399.00
  await page.getByRole('button', { name: 'Buy It Now' }).click();
  await expect(page).toHaveURL(/\/contact-details$/);
  await continueToPickupCheckout(page);
  await expect(page.getByRole('button', { name: 'Pay K399.00' })).toBeVisible();

  const field = page.getByRole('form', { name: 'Discount code' });
  await field.getByLabel('Discount code').fill('church20');
  await field.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'CHURCH20 applied: K20.00 off' })).toBeVisible();
  // The order this checkout had made is replaced by one with the code: Pay asks for the new total.
  await expect(page.getByTestId('order-discount')).toHaveText('−K20.00');
  await expect(page.getByTestId('order-total')).toHaveText('K379.00');
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry (MM/YY)').fill('12/34');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: 'Pay K379.00' }).click();
  await expect(page).toHaveURL(/\/order-confirmation$/);
  const orderId = (await page.getByTestId('order-id').textContent())!.trim();

  const mine = await page.request.get('/api/orders/mine');
  const orders = ((await mine.json()) as { orders: { id: number; total: number; paymentStatus: string }[] }).orders;
  expect(orders.find((order) => String(order.id) === orderId)).toMatchObject({ total: 37_900, paymentStatus: 'paid' });
});
