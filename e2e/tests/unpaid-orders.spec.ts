import { type Browser, expect, test } from '@playwright/test';
import { continueToPickupCheckout } from '../src/checkout';
import { e2eAdmin, uniqueEmail } from '../src/accounts';
import { expectAccessible } from '../src/axe';

/**
 * Issue 27: an unpaid bank-transfer order is the shopper's from the moment it is placed: its lines leave the
 * server cart, and /order-history shows it with its reference, the amount to pay and the deadline.
 */

/** The owner turns bank transfer on (with the shop's account), leaving the other ways to pay as they are. */
async function turnOnBankTransfer(browser: Browser) {
  const context = await browser.newContext();
  const signedIn = await context.request.post('/api/auth/admin-login', {
    data: { username: e2eAdmin.username, password: e2eAdmin.password },
  });
  expect(signedIn.status()).toBe(200);
  const current = await (await context.request.get('/api/admin/settings/payments')).json();
  const saved = await context.request.put('/api/admin/settings/payments', {
    data: {
      ...current,
      bankTransferEnabled: true,
      bankAccountName: current.bankAccountName || 'Bilum Crafts Ltd',
      bankName: current.bankName || 'BSP',
      bankBsb: current.bankBsb || '088-950',
      bankAccountNumber: current.bankAccountNumber || '1001234567',
    },
  });
  expect(saved.status()).toBe(200);
  await context.close();
}

test.describe('at 375 px', () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test('a signed-in shopper places a bank-transfer order from the cart and finds it with its reference and amount on /order-history', async ({
    page,
    browser,
  }) => {
    test.setTimeout(90_000);
    await turnOnBankTransfer(browser);

    const email = uniqueEmail('unpaid-history');
    const registered = await page.request.post('/api/auth/register', {
      data: { fullName: 'Kila Wari', email, countryCode: '+675', phone: '71234567', password: 'checkout-password-1' },
    });
    expect(registered.status()).toBe(201);
    const added = await page.request.post('/api/cart/items', { data: { productId: 9, quantity: 1 } });
    expect(added.status()).toBeLessThan(300);

    await page.goto('/cart');
    await page.getByRole('button', { name: 'Check out' }).click();
    await expect(page).toHaveURL(/\/contact-details$/);
    await continueToPickupCheckout(page);
    await page.getByLabel(/Bank transfer \/ mobile banking/).check();
    await page.getByRole('button', { name: /^Place order, pay K.* by bank transfer$/ }).click();

    await expect(page).toHaveURL(/\/order-confirmation$/);
    const howToPay = page.getByRole('region', { name: 'How to pay' });
    const reference = (await howToPay.getByText(/^PAY \d{4} \d{2}$/).textContent())!.trim();
    const amount = (await howToPay
      .getByText(/^K[\d,]+\.\d\d$/)
      .first()
      .textContent())!.trim();
    const trackingCode = (await page.getByTestId('tracking-code').textContent())!.trim();

    // Its line left the server cart when it was placed.
    const cart = (await (await page.request.get('/api/cart')).json()) as { items: unknown[] };
    expect(cart.items).toEqual([]);

    // Later: the shopper looks the order up again in their order history.
    await page.goto('/order-history');
    const order = page.getByRole('article', { name: `Order ${trackingCode}` });
    await expect(order).toBeVisible();
    await expect(order.getByText('Awaiting payment')).toBeVisible();
    const due = order.getByRole('region', { name: `Payment due for order ${trackingCode}` });
    // (The first: the bank's own details, folded below, repeat them.)
    await expect(due.getByText(reference, { exact: true }).first()).toBeVisible();
    await expect(due.getByText(amount, { exact: true }).first()).toBeVisible();
    await expect(due.getByText('Pay by')).toBeVisible();
    await expect(due.getByText('Bilum store, Port Moresby', { exact: false })).toBeVisible();
    // The bank's details, one tap away.
    await due.getByText('Bank details and how to pay').click();
    await expect(due.getByRole('heading', { name: 'How to pay' })).toBeVisible();
    // Nothing spills sideways at 375 px.
    expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(375);
    await expectAccessible(page);
  });
});
