import { randomUUID } from 'node:crypto';
import { type APIRequestContext, expect, test } from '@playwright/test';
import { signInAsAdmin, uniqueEmail } from '../src/accounts';
import { expectAccessible } from '../src/axe';
import { readOrderConfirmationEmail } from '../src/orders';

/** A guest order placed and paid with the test card through the API; its id, tracking code and e-mail. */
async function placePaidGuestOrder(request: APIRequestContext, { pay = true }: { pay?: boolean } = {}) {
  const listed = await request.get('/api/products?pageSize=60');
  const { items } = (await listed.json()) as {
    items: { id: number; stock: number; status: string; isMembership: boolean; isExclusive: boolean }[];
  };
  const product = items.find((p) => !p.isMembership && !p.isExclusive && p.status === 'active' && p.stock > 2);
  if (!product) throw new Error('no product in stock to order');
  const email = uniqueEmail('invoice');
  const placed = await request.post('/api/orders', {
    data: {
      idempotencyKey: randomUUID(),
      contact: {
        firstName: 'Vagi',
        lastName: 'Invoice',
        email,
        countryCode: '+675',
        phone: '7123 4567',
        pickup: false,
        address: 'Section 5, Lot 12, Boroko Drive',
        city: 'Port Moresby',
        state: 'NCD',
        postcode: '111',
        notes: 'Call before delivery',
      },
      source: { type: 'items', items: [{ productId: product.id, quantity: 2 }] },
    },
  });
  expect(placed.status()).toBe(201);
  const { order, checkoutToken } = (await placed.json()) as {
    order: { id: number; trackingCode: string };
    checkoutToken: string;
  };
  if (pay) {
    const paid = await request.post(`/api/orders/${order.id}/payment`, {
      headers: { 'x-checkout-token': checkoutToken },
      data: {
        card: { number: '4242 4242 4242 4242', expMonth: 12, expYear: new Date().getFullYear() + 2, cvc: '123' },
        returnUrl: '/guestcheckout',
      },
    });
    expect(((await paid.json()) as { status: string }).status).toBe('succeeded');
  }
  return { orderId: order.id, trackingCode: order.trackingCode, email };
}

for (const viewport of [
  { width: 1280, height: 900 },
  { width: 375, height: 800 },
]) {
  test(`a guest opens the tax invoice from the e-mail's link and from tracking, at ${viewport.width} px`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    const { orderId, trackingCode, email } = await placePaidGuestOrder(page.request);

    // The confirmation e-mail links the invoice and carries it as a PDF.
    const mail = await readOrderConfirmationEmail(email, String(orderId));
    const link = /(https?:\/\/\S+\/invoice\?tracking_code=\S+)/.exec(mail)?.[1];
    expect(link).toBeTruthy();
    expect(mail).toMatch(/Content-Type: application\/pdf/i);

    await page.goto(new URL(link ?? '').pathname + new URL(link ?? '').search);
    const invoice = page.getByRole('article', { name: /Tax invoice INV-\d{6}/ });
    await expect(invoice.getByRole('heading', { name: 'Tax invoice', level: 1 })).toBeVisible();
    await expect(invoice.getByText(/TIN \d/)).toBeVisible();
    await expect(invoice.getByText('GST included (10%)')).toBeVisible();
    await expect(invoice.getByText(`#${orderId}`)).toBeVisible();
    await expect(page).toHaveTitle(/Tax invoice - Bilum/);
    // Nothing wider than the screen.
    const overflow = await page.evaluate<number>('document.documentElement.scrollWidth - window.innerWidth');
    expect(overflow).toBeLessThanOrEqual(0);
    await expectAccessible(page);

    // From the tracking page.
    await page.goto(`/track-order?tracking_code=${encodeURIComponent(trackingCode)}`);
    await page.getByRole('link', { name: 'View tax invoice' }).click();
    await expect(page).toHaveURL(/\/invoice\?tracking_code=/);
    await expect(page.getByRole('heading', { name: 'Tax invoice', level: 1 })).toBeVisible();
  });
}

test('an unpaid order has no invoice yet, and says so', async ({ page }) => {
  const { trackingCode } = await placePaidGuestOrder(page.request, { pay: false });
  await page.goto(`/invoice?tracking_code=${encodeURIComponent(trackingCode)}`);
  await expect(page.getByRole('alert')).toHaveText(/The tax invoice is available once the order is paid\./);
  await expect(page.getByRole('heading', { name: 'Tax invoice', level: 1 })).toBeVisible();
  await expect(page.getByRole('article', { name: /Tax invoice INV-/ })).toHaveCount(0);
  await expect(page.getByText('GST included')).toHaveCount(0);
  await expect(page).toHaveTitle('Tax invoice - Bilum');
  await expectAccessible(page);
});

test('staff print the packing slip (no prices) and the invoice from the order view', async ({ page }) => {
  const { orderId } = await placePaidGuestOrder(page.request);
  await signInAsAdmin(page);
  await page.goto('/order-inventory');
  await page.getByPlaceholder('Search by customer name or order ID...').fill(String(orderId));
  await page
    .getByRole('row')
    .filter({ hasText: `#${orderId}` })
    .getByRole('button', { name: `View order #${orderId}` })
    .click();
  const dialog = page.getByRole('dialog', { name: `Order #${orderId}` });
  const slipLink = dialog.getByRole('link', { name: 'Print packing slip' });
  const invoiceLink = dialog.getByRole('link', { name: 'Print tax invoice' });
  await expect(slipLink).toHaveAttribute('href', `/order-inventory/${orderId}/packing-slip`);
  await expect(invoiceLink).toHaveAttribute('href', `/order-inventory/${orderId}/invoice`);

  await page.goto(`/order-inventory/${orderId}/packing-slip`);
  const slip = page.getByRole('article', { name: `Packing slip for order #${orderId}` });
  await expect(slip.getByRole('heading', { name: 'Packing slip', level: 1 })).toBeVisible();
  await expect(slip.getByText('Call before delivery')).toBeVisible();
  await expect(slip.getByText(/Boroko Drive/)).toBeVisible();
  await expect(slip.getByRole('cell', { name: '2', exact: true })).toBeVisible();
  await expect(slip).not.toContainText(/K\d/);
  await expect(page.getByRole('button', { name: 'Print' })).toBeVisible();
  await expectAccessible(page);

  await page.goto(`/order-inventory/${orderId}/invoice`);
  await expect(page.getByRole('article', { name: /Tax invoice INV-/ })).toContainText(/Total \(PGK\)\s*K\d/);
});
