import { defaultInvoiceSettings, type SetupChecklist } from '@bilum/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SignedIn, signedInAdmin } from '../../test/accounts';
import { signedInStaff } from '../../test/staff';
import { createTestApp, type TestContext } from '../../test/test-app';

/** A new shop is set up for PNG (issue 27): the checklist on the admin's first screen. */
let ctx: TestContext;
let owner: SignedIn;
beforeAll(async () => {
  ctx = await createTestApp();
  owner = await signedInAdmin(ctx);
});
afterAll(async () => ctx.close());

const call = (method: 'GET' | 'PUT', url: string, payload?: object, cookie = owner.cookie) =>
  ctx.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });

async function checklist(): Promise<Record<string, boolean> & { all: boolean }> {
  const response = await call('GET', '/api/admin/setup');
  expect(response.statusCode).toBe(200);
  const body = response.json() as SetupChecklist;
  return { ...Object.fromEntries(body.items.map((item) => [item.key, item.done])), all: body.done };
}

const pickupOnly = {
  cardEnabled: true,
  bankTransferEnabled: false,
  pickupEnabled: true,
  bankAccountName: '',
  bankName: '',
  bankBsb: '',
  bankAccountNumber: '',
  bankTransferHoldHours: 48,
  pickupDeadlineDays: 3,
};

describe('the setup checklist', () => {
  it('shows a new shop what is left: its own details, its TIN and a way to pay without a card', async () => {
    expect(await checklist()).toEqual({
      'shop-details': false,
      'tax-invoice': false,
      'ways-to-pay': false,
      'bank-account': false,
      delivery: true,
      all: false,
    });
    const items = (await call('GET', '/api/admin/setup')).json() as SetupChecklist;
    expect(items.items.find((item) => item.key === 'ways-to-pay')?.hint).toContain('Most shoppers in Papua New Guinea');
  });

  it('turns pay at pickup on without a bank account, and each item is done once its settings are', async () => {
    const pickup = await call('PUT', '/api/admin/settings/payments', pickupOnly);
    expect(pickup.statusCode, pickup.body).toBe(200);
    expect(await checklist()).toMatchObject({ 'ways-to-pay': true, 'bank-account': true, all: false });

    await call('PUT', '/api/admin/settings', {
      contactEmail: 'sales@kokotrading.com.pg',
      phone: '7000 1234',
      address: 'Section 12, Lot 4, Eriku, Lae, Morobe',
      deliveryDays: 4,
    });
    const invoice = await call('PUT', '/api/admin/settings/invoice', {
      legalName: 'Koko Trading Limited',
      tin: '501 234 567',
      address: 'PO Box 88\nLae, Morobe',
    });
    expect(invoice.statusCode, invoice.body).toBe(200);
    expect(await checklist()).toEqual({
      'shop-details': true,
      'tax-invoice': true,
      'ways-to-pay': true,
      'bank-account': true,
      delivery: true,
      all: true,
    });
  });

  it('shows an item again when it is undone: bank transfer turned on without its account, the demo TIN back', async () => {
    await call('PUT', '/api/admin/settings/invoice', { ...defaultInvoiceSettings });
    await call('PUT', '/api/admin/settings/payments', { ...pickupOnly, pickupEnabled: false, cardEnabled: true });
    expect(await checklist()).toMatchObject({ 'tax-invoice': false, 'ways-to-pay': false, 'bank-account': false });
  });

  it('is for staff who may change the settings', async () => {
    const staff = await signedInStaff(ctx, 'staff');
    expect((await call('GET', '/api/admin/setup', undefined, staff.cookie)).statusCode).toBe(403);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/admin/setup' })).statusCode).toBe(401);
  });
});
