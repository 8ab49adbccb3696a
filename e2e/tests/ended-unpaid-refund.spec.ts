import { randomUUID } from 'node:crypto';
import { type Browser, expect, type Page, test } from '@playwright/test';
import { e2eAdmin, uniqueEmail } from '../src/accounts';

/**
 * Issue 27 (found by the order model): a part-paid bank transfer that staff cancel, or whose hold expires, keeps the
 * money received. The order shows it as owed back, and the owner refunds it as an amount from the order.
 */

const shots = process.env.ENDED_REFUND_SHOTS; // a folder: screenshots of the order at 1280 and 375 px

async function shoot(page: Page, name: string) {
  if (!shots) return;
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `${shots}/${name}-${width}.png`, fullPage: true });
  }
}

/** A guest's bank-transfer order, K-something, with a third of it received, then cancelled by staff (API). */
async function partPaidCancelledOrder(browser: Browser, lastName: string): Promise<{ id: number; received: number }> {
  const context = await browser.newContext();
  const { request } = context;
  const signedIn = await request.post('/api/auth/admin-login', {
    data: { username: e2eAdmin.username, password: e2eAdmin.password },
  });
  expect(signedIn.status()).toBe(200);
  const current = await (await request.get('/api/admin/settings/payments')).json();
  expect(
    (
      await request.put('/api/admin/settings/payments', {
        data: {
          ...current,
          bankTransferEnabled: true,
          bankAccountName: current.bankAccountName || 'Bilum Crafts Ltd',
          bankName: current.bankName || 'BSP',
          bankBsb: current.bankBsb || '088-950',
          bankAccountNumber: current.bankAccountNumber || '1001234567',
        },
      })
    ).status(),
  ).toBe(200);
  const { items } = (await (await request.get('/api/products?pageSize=60')).json()) as {
    items: { id: number; stock: number; status: string; isMembership: boolean; isExclusive: boolean }[];
  };
  const product = items.find((p) => !p.isMembership && !p.isExclusive && p.status === 'active' && p.stock > 2);
  if (!product) throw new Error('no product in stock to order');
  const placed = await request.post('/api/orders', {
    data: {
      idempotencyKey: randomUUID(),
      paymentMethod: 'bank-transfer',
      contact: {
        firstName: 'Ended',
        lastName,
        email: uniqueEmail('ended-refund'),
        countryCode: '+675',
        phone: '7123 4567',
        pickup: false,
        address: 'Section 5, Lot 12, Boroko Drive',
        city: 'Port Moresby',
        state: 'NCD',
        postcode: '111',
      },
      source: { type: 'items', items: [{ productId: product.id, quantity: 1 }] },
    },
  });
  expect(placed.status()).toBe(201);
  const { order } = (await placed.json()) as { order: { id: number; summary: { total: number } } };
  const received = Math.max(100, Math.floor(order.summary.total / 3));
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Pacific/Port_Moresby' }).format(new Date());
  const recorded = await request.post(`/api/admin/orders/${order.id}/payments`, {
    data: { amount: received, bankReference: `BSP ${lastName}`, receivedOn: today },
  });
  expect(recorded.status()).toBeLessThan(300);
  const cancelled = await request.patch(`/api/admin/orders/${order.id}`, {
    data: { status: 'Cancelled', reason: 'Customer changed their mind' },
  });
  expect(cancelled.status()).toBe(200);
  await context.close();
  return { id: order.id, received };
}

test('the owner sees the money of a cancelled part-paid transfer as owed back and refunds it', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  const lastName = `Ended${String(Date.now()).slice(-6)}`;
  const { id, received } = await partPaidCancelledOrder(browser, lastName);
  const kina = (toea: number) => `K${(toea / 100).toLocaleString('en-US', { minimumFractionDigits: 2 })}`;

  await page.goto('/admin-login');
  await page.getByLabel('Username').fill(e2eAdmin.username);
  await page.getByLabel('Password', { exact: true }).fill(e2eAdmin.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/entry-option$/);
  await page.goto('/order-inventory');
  await page.getByLabel('Show').selectOption('all');
  await page.getByRole('button', { name: `View order #${id}` }).click();
  const dialog = page.getByRole('dialog', { name: `Order #${id}` });
  await expect(dialog.getByTestId('payment-state')).toHaveText('Not completed (refund due)');
  await expect(dialog.getByText(`Refund ${kina(received)}`)).toBeVisible();
  const refunds = dialog.getByRole('region', { name: 'Refunds' });
  await expect(refunds.getByText('Received', { exact: true })).toBeVisible();
  // Its items went back into stock when it was cancelled: only an amount is offered.
  await expect(refunds.getByLabel('Refund items')).toHaveCount(0);
  await refunds.getByLabel(/^Amount \(kina/).fill((received / 100).toFixed(2));
  await refunds.getByLabel('Reason for the refund').fill('Returned the part-payment');
  await shoot(page, 'ended-unpaid-owed');
  await page.setViewportSize({ width: 1280, height: 900 });
  await refunds.getByRole('button', { name: 'Refund', exact: true }).click();
  await expect(page.getByText(`Refunded ${kina(received)} on order #${id}.`)).toBeVisible();
  await expect(dialog.getByTestId('payment-state')).toHaveText('Payment not completed');
  await expect(refunds.getByText(/returned by hand by .*: Returned the part-payment/)).toBeVisible();
  await shoot(page, 'ended-unpaid-refunded');
});
