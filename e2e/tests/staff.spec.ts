import { randomUUID } from 'node:crypto';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { e2eAdmin, readInviteLink, uniqueEmail } from '../src/accounts';

async function adminSignIn(page: Page, username: string, password: string) {
  await page.goto('/admin-login');
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/entry-option$/);
}

/** A paid guest order for one unit of an in-stock demo product, through the API. */
async function placePaidGuestOrder(request: APIRequestContext, lastName: string): Promise<number> {
  const listed = await request.get('/api/products?pageSize=60');
  const { items } = (await listed.json()) as {
    items: { id: number; stock: number; status: string; isMembership: boolean; isExclusive: boolean }[];
  };
  const product = items.find((p) => !p.isMembership && !p.isExclusive && p.status === 'active' && p.stock > 1);
  if (!product) throw new Error('no product in stock to order');
  const placed = await request.post('/api/orders', {
    data: {
      idempotencyKey: randomUUID(),
      contact: {
        firstName: 'Staff',
        lastName,
        email: uniqueEmail('staff-order'),
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
  expect(placed.status(), await placed.text()).toBe(201);
  const { order, checkoutToken } = (await placed.json()) as { order: { id: number }; checkoutToken: string };
  const paid = await request.post(`/api/orders/${order.id}/payment`, {
    headers: { 'x-checkout-token': checkoutToken },
    data: {
      card: { number: '4242 4242 4242 4242', expMonth: 12, expYear: new Date().getFullYear() + 2, cvc: '123' },
      returnUrl: '/guestcheckout',
    },
  });
  expect(((await paid.json()) as { status: string }).status).toBe('succeeded');
  return order.id;
}

for (const viewport of [
  { width: 1280, height: 800 },
  { width: 375, height: 760 },
]) {
  test(`the owner invites a staff member, who sets a password, dispatches an order and cannot open Settings (${viewport.width} px)`, async ({
    browser,
  }) => {
    test.setTimeout(90_000);
    const email = uniqueEmail('staff');
    const password = 'a-staff-password-2026';

    // The owner invites.
    const ownerContext = await browser.newContext({ viewport });
    const owner = await ownerContext.newPage();
    await adminSignIn(owner, e2eAdmin.username, e2eAdmin.password);
    await owner.getByRole('link', { name: 'Staff accounts' }).click();
    await expect(owner.getByRole('heading', { name: 'Staff', level: 1 })).toBeVisible();
    await owner.getByRole('button', { name: 'Invite staff' }).click();
    const dialog = owner.getByRole('dialog', { name: 'Invite a staff member' });
    await dialog.getByLabel('Name').fill('Kila Staff');
    await dialog.getByLabel('E-mail address').fill(email);
    await dialog.getByLabel('Role').selectOption('staff');
    await dialog.getByRole('button', { name: 'Send invitation' }).click();
    await expect(owner.getByText(`Invitation sent to ${email}.`)).toBeVisible();
    await expect(owner.getByRole('listitem').filter({ hasText: email }).getByText('Invited')).toBeVisible();

    // The staff member sets a password from the e-mailed link and signs in.
    const link = await readInviteLink(email);
    const staffContext = await browser.newContext({ viewport });
    const staff = await staffContext.newPage();
    await staff.goto(link);
    await expect(staff.getByRole('heading', { name: 'Join the shop admin' })).toBeVisible();
    await staff.getByLabel('New password').fill(password);
    await staff.getByLabel('Repeat the password').fill(password);
    await staff.getByRole('button', { name: 'Set password' }).click();
    await staff.getByRole('link', { name: 'Go to admin sign in' }).click();
    await adminSignIn(staff, email, password);

    // Staff see orders only: no Settings, staff, products or refunds.
    await expect(staff.getByRole('link', { name: /Order Inventory/ })).toBeVisible();
    await expect(staff.getByRole('link', { name: /Product Inventory/ })).toHaveCount(0);
    await expect(staff.getByRole('link', { name: 'Settings', exact: true })).toHaveCount(0);
    await expect(staff.getByRole('link', { name: /Staff accounts/ })).toHaveCount(0);

    const lastName = `Staffer${Date.now()}`;
    const orderId = await placePaidGuestOrder(staff.request, lastName);
    await staff.getByRole('link', { name: /Order Inventory/ }).click();
    await expect(staff.getByRole('heading', { name: 'Order Management', level: 1 })).toBeVisible();
    await staff.getByPlaceholder('Search by customer name or order ID...').fill(lastName);
    const dispatch = staff.getByRole('button', { name: `Dispatch order #${orderId}` }).locator('visible=true');
    await expect(dispatch).toHaveCount(1);
    await expect(staff.getByRole('button', { name: `Cancel order #${orderId}` }).locator('visible=true')).toHaveCount(
      0,
    );
    await dispatch.click();
    await expect(staff.getByText(`Order #${orderId} status updated to Dispatched`)).toBeVisible();

    // Settings stay closed, in the page and on the server.
    await staff.goto('/settings');
    await expect(staff.getByRole('heading', { name: 'Not available for your role' })).toBeVisible();
    const put = await staff.request.put('/api/admin/settings', {
      data: { contactEmail: 'x@example.pg', phone: '+675 321 4567', address: 'x', deliveryDays: 3 },
    });
    expect(put.status()).toBe(403);

    // The owner sees the dispatch in the activity log, by the staff member.
    await owner.goto(`/activity?q=${orderId}`);
    await expect(owner.getByText(`Order #${orderId}: Pending → Dispatched`).first()).toBeVisible();
    await expect(owner.getByText('Kila Staff').first()).toBeVisible();

    await ownerContext.close();
    await staffContext.close();
  });
}
