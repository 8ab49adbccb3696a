import { type Browser, expect, type Page, test } from '@playwright/test';
import { continueToPickupCheckout, fillGuestContact } from '../src/checkout';
import { signInAsAdmin, uniqueEmail } from '../src/accounts';
import { expectAccessible } from '../src/axe';

/** Issue 19: bank transfer / mobile banking and pay at pickup, at desktop and phone widths. */

const bankDetails = {
  accountName: 'Bilum Crafts Ltd',
  bank: 'BSP',
  bsb: '088-950',
  accountNumber: '1001234567',
};

/** The owner turns bank transfer and pay at pickup on in /settings, with the bank account. */
async function turnOnPaymentMethods(page: Page) {
  await signInAsAdmin(page);
  await page.goto('/settings');
  const section = page.getByRole('region', { name: 'Payment methods' });
  await section.getByLabel('Bank transfer / mobile banking').check();
  await section.getByLabel('Pay at pickup').check();
  await section.getByLabel('Account name').fill(bankDetails.accountName);
  await section.getByLabel('Bank', { exact: true }).fill(bankDetails.bank);
  await section.getByLabel('BSB').fill(bankDetails.bsb);
  await section.getByLabel('Account number').fill(bankDetails.accountNumber);
  await section.getByRole('button', { name: 'Save payment settings' }).click();
  await expect(page.getByText('Payment settings saved.')).toBeVisible();
  await expectAccessible(page);
}

/** A staff member's own browser: signed in, settings on, the order's view open. */
async function staffOpensOrder(browser: Browser, orderId: string, viewport: { width: number; height: number }) {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  await signInAsAdmin(page);
  await page.goto('/order-inventory');
  await page.getByPlaceholder('Search by customer name or order ID...').fill(orderId);
  await page
    .getByRole('button', { name: `View order #${orderId}` })
    .first()
    .click();
  const dialog = page.getByRole('dialog', { name: `Order #${orderId}` });
  await expect(dialog.getByRole('heading', { name: 'Payment' })).toBeVisible();
  return { context, page, dialog };
}

/** The payment settings a journey changed, put back after it (the card on) even when the journey timed out. */
let paymentSettingsToRestore: Record<string, unknown> | null = null;

async function restorePaymentSettings(adminPage: Page) {
  if (!paymentSettingsToRestore) return;
  const restored = await adminPage.request.put('/api/admin/settings/payments', { data: paymentSettingsToRestore });
  expect(restored.status()).toBe(200);
  paymentSettingsToRestore = null;
}

test.afterAll(async ({ browser }) => {
  if (!paymentSettingsToRestore) return;
  const context = await browser.newContext();
  const page = await context.newPage();
  await signInAsAdmin(page);
  await restorePaymentSettings(page);
  await context.close();
});

for (const viewport of [
  { width: 1280, height: 900 },
  { width: 375, height: 812 },
]) {
  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport });

    test('a guest pays by bank transfer, staff mark it paid, and the guest tracks it as paid', async ({
      page,
      browser,
    }) => {
      test.setTimeout(90_000);
      const admin = await browser.newContext({ viewport });
      await turnOnPaymentMethods(await admin.newPage());
      await admin.close();

      const email = uniqueEmail('bank-guest');
      await page.goto('/index-item/9'); // Solar Power Bank 20000mAh, K129.00
      await page.getByRole('button', { name: 'Add to Cart' }).click();
      await page
        .getByRole('dialog', { name: 'Added to cart' })
        .getByRole('button', { name: 'Continue shopping' })
        .click();
      await page.goto('/guestcheckout');
      await fillGuestContact(page, email);
      await page.getByRole('button', { name: 'Continue to Checkout' }).click();

      await page.getByLabel(/Bank transfer \/ mobile banking/).check();
      await expectAccessible(page);
      await page.getByRole('button', { name: /^Place order, pay K.* by bank transfer$/ }).click();

      await expect(page).toHaveURL(/\/order-confirmation$/);
      const howToPay = page.getByRole('region', { name: 'How to pay' });
      await expect(howToPay).toBeVisible();
      await expect(howToPay.getByText(bankDetails.accountNumber)).toBeVisible();
      const reference = (await howToPay.getByText(/^PAY \d{4} \d{2}$/).textContent())!.trim();
      const amount = (await howToPay
        .getByText(/^K\d+\.\d\d$/)
        .first()
        .textContent())!.trim();
      const orderId = (await page.getByTestId('order-id').textContent())!.trim();
      const trackingCode = (await page.getByTestId('tracking-code').textContent())!.trim();
      await expectAccessible(page);

      // The tracking page says what it is: awaiting payment, with the same instructions.
      await page.goto(`/track-order?tracking_code=${trackingCode}`);
      await expect(page.getByRole('heading', { name: `Order #${orderId}` })).toBeVisible();
      await expect(page.getByText(reference).first()).toBeVisible();
      await expect(page.getByText('Awaiting payment').first()).toBeVisible();
      await expectAccessible(page);

      const staff = await staffOpensOrder(browser, orderId, viewport);
      await expect(staff.dialog.getByText(reference, { exact: true })).toBeVisible();
      await staff.dialog.getByLabel('Amount received (K)').fill(amount.slice(1));
      await staff.dialog.getByLabel("Bank's reference").fill('BSP 88123');
      await staff.dialog.getByRole('button', { name: 'Record payment' }).click();
      await expect(staff.page.getByText('Payment recorded. The order is paid.')).toBeVisible();
      await expect(staff.dialog.getByTestId('payment-state')).toHaveText('Paid');
      await expect(staff.dialog.getByText(/Recorded K.* received/)).toBeVisible();
      await expectAccessible(staff.page);
      await staff.context.close();

      await page.reload();
      await expect(page.getByRole('heading', { name: `Order #${orderId}` })).toBeVisible();
      await expect(page.getByText('Paid', { exact: true })).toBeVisible();
      await expect(page.getByRole('region', { name: 'How to pay' })).toHaveCount(0);
    });

    test('a shopper chooses pay at pickup and staff mark it "Paid and collected"', async ({ page, browser }) => {
      test.setTimeout(90_000);
      const admin = await browser.newContext({ viewport });
      await turnOnPaymentMethods(await admin.newPage());
      await admin.close();

      const email = uniqueEmail('pickup-shopper');
      const registered = await page.request.post('/api/auth/register', {
        data: { fullName: 'Kila Wari', email, countryCode: '+675', phone: '71234567', password: 'checkout-password-1' },
      });
      expect(registered.status()).toBe(201);
      await page.goto('/item/24'); // Samsung Galaxy Buds FE
      await page.getByRole('button', { name: 'Buy It Now' }).click();
      await expect(page).toHaveURL(/\/contact-details$/);
      await continueToPickupCheckout(page);

      await page.getByLabel(/Pay at pickup/).check();
      await page.getByRole('button', { name: /^Place order, pay K.* at pickup$/ }).click();
      await expect(page).toHaveURL(/\/order-confirmation$/);
      await expect(page.getByText('Please pay in cash or by EFTPOS at the counter', { exact: false })).toBeVisible();
      const orderId = (await page.getByTestId('order-id').textContent())!.trim();

      const staff = await staffOpensOrder(browser, orderId, viewport);
      await expect(staff.dialog.getByTestId('payment-state')).toHaveText('Pay at pickup');
      await staff.dialog.getByLabel('EFTPOS').check();
      await staff.dialog.getByRole('button', { name: 'Paid and collected' }).click();
      await expect(staff.page.getByText('Marked as paid and collected.')).toBeVisible();
      await expect(staff.dialog.getByTestId('payment-state')).toHaveText('Paid');
      await expect(staff.dialog.getByText('Paid and collected: K', { exact: false })).toBeVisible();
      await staff.context.close();

      const tracked = await page.request.post('/api/orders/track', { data: { email, orderId } });
      expect((await tracked.json()).order).toMatchObject({ paymentStatus: 'paid', shippingStatus: 'Delivered' });
    });

    // @shop-wide: runs after every other journey (e2e/playwright.config.ts), as it turns the card off for everyone.
    test(
      'with the card turned off, a guest checks out by bank transfer and gets the reference',
      { tag: '@shop-wide' },
      async ({ page, browser }) => {
        test.setTimeout(90_000);
        const admin = await browser.newContext({ viewport });
        const adminPage = await admin.newPage();
        await signInAsAdmin(adminPage);
        const before = await adminPage.request.get('/api/admin/settings/payments');
        expect(before.status()).toBe(200);
        const original = await before.json();
        paymentSettingsToRestore = { ...original, cardEnabled: true };
        try {
          // The owner runs the shop without cards: card off, bank transfer on with the account.
          await adminPage.goto('/settings');
          const section = adminPage.getByRole('region', { name: 'Payment methods' });
          await section.getByLabel('Bank transfer / mobile banking').check();
          await section.getByLabel('Account name').fill(bankDetails.accountName);
          await section.getByLabel('Bank', { exact: true }).fill(bankDetails.bank);
          await section.getByLabel('BSB').fill(bankDetails.bsb);
          await section.getByLabel('Account number').fill(bankDetails.accountNumber);
          await section.getByRole('checkbox', { name: /^Card\b/ }).uncheck();
          await section.getByRole('button', { name: 'Save payment settings' }).click();
          await expect(adminPage.getByText('Payment settings saved.')).toBeVisible();
          expect((await (await adminPage.request.get('/api/payment-methods')).json()).card).toBe(false);

          const email = uniqueEmail('bank-guest-nocard');
          await page.goto('/index-item/9'); // Solar Power Bank 20000mAh, K129.00
          await page.getByRole('button', { name: 'Add to Cart' }).click();
          await page
            .getByRole('dialog', { name: 'Added to cart' })
            .getByRole('button', { name: 'Continue shopping' })
            .click();
          await page.goto('/guestcheckout');
          await fillGuestContact(page, email);
          await page.getByRole('button', { name: 'Continue to Checkout' }).click();

          // Straight to the payment step: no card entry, bank transfer is the way to pay.
          const place = page.getByRole('button', { name: /^Place order, pay K.* by bank transfer$/ });
          await expect(place).toBeEnabled();
          await expect(page.getByRole('button', { name: /^Pay / })).toHaveCount(0);
          await expectAccessible(page);
          const total = /pay (K[\d,]+\.\d\d) by/.exec((await place.textContent()) ?? '')?.[1];
          expect(total).toBeTruthy();
          await place.click();

          await expect(page).toHaveURL(/\/order-confirmation$/);
          const howToPay = page.getByRole('region', { name: 'How to pay' });
          await expect(howToPay).toBeVisible();
          await expect(howToPay.getByText(bankDetails.accountNumber)).toBeVisible();
          await expect(howToPay.getByText(/^PAY \d{4} \d{2}$/)).toBeVisible();
          await expect(howToPay.getByText(total!).first()).toBeVisible();
          await expectAccessible(page);
        } finally {
          // The e2e server is shared by the specs: put every payment setting back (the card on).
          await restorePaymentSettings(adminPage);
          await admin.close();
        }
      },
    );
  });
}
