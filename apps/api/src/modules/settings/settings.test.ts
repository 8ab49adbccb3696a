import { defaultShopSettings } from '@bilum/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shopSettings } from '../../db/schema';
import { signedInAdmin, signedInShopper } from '../../test/accounts';
import { createTestApp, type TestContext } from '../../test/test-app';
import { createSettingsService } from './settings.service';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

describe('GET /api/settings', () => {
  it('gives the shop’s contact details and delivery time, with a 3-day default, to anyone', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/settings' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(defaultShopSettings);
    expect(response.json().deliveryDays).toBe(3);
  });

  it('keeps exactly one settings row however often it is read', async () => {
    const service = createSettingsService(ctx.db);
    await Promise.all([service.get(), createSettingsService(ctx.db).get()]);
    expect(await ctx.db.select().from(shopSettings)).toHaveLength(1);
  });

  it('shows what the admin saved once the cache is invalidated', async () => {
    const service = createSettingsService(ctx.db);
    await service.get();
    await ctx.db.update(shopSettings).set({ phone: '+675 7000 1234', deliveryDays: 5 });
    expect((await service.get()).phone).toBe(defaultShopSettings.phone);
    service.invalidate();
    expect(await service.get()).toMatchObject({ phone: '+675 7000 1234', deliveryDays: 5 });
  });
});

describe('PUT /api/admin/settings', () => {
  const changes = {
    contactEmail: 'help@bilum.com.pg',
    phone: '7000 1234',
    address: 'Vision City, Waigani, Port Moresby',
    deliveryDays: 5,
  };
  const put = (cookie: string, payload: object) =>
    ctx.app.inject({ method: 'PUT', url: '/api/admin/settings', headers: { cookie }, payload });

  it('saves the admin’s changes, writes the phone in its PNG form, and GET shows them at once', async () => {
    const admin = await signedInAdmin(ctx);
    await ctx.app.inject({ method: 'GET', url: '/api/settings' }); // fills the cache
    const response = await put(admin.cookie, changes);
    expect(response.statusCode).toBe(200);
    const expected = { ...changes, phone: '+675 7000 1234' };
    expect(response.json().settings).toEqual(expected);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/settings' })).json()).toEqual(expected);
  });

  it('accepts a landline with +675 and another country code', async () => {
    const admin = await signedInAdmin(ctx);
    expect((await put(admin.cookie, { ...changes, phone: '+675 321 4567' })).json().settings.phone).toBe(
      '+675 321 4567',
    );
    expect((await put(admin.cookie, { ...changes, phone: '+61 412345678' })).json().settings.phone).toBe(
      '+61 412345678',
    );
  });

  it.each([
    [
      'an e-mail that is not one',
      { contactEmail: 'sales-at-bilum' },
      'contactEmail',
      'Please enter a valid e-mail address.',
    ],
    ['a PNG number that starts with 5', { phone: '5123 4567' }, 'phone', 'PNG numbers must start with 7, 3, 2, or 8.'],
    [
      'a mobile number of 7 digits',
      { phone: '7123 456' },
      'phone',
      'PNG numbers starting with 7 or 8 must have exactly 8 digits.',
    ],
    ['an empty address', { address: '  ' }, 'address', 'Please enter the shop address.'],
    [
      'a delivery time of 0 days',
      { deliveryDays: 0 },
      'deliveryDays',
      'Delivery time must be a whole number of days from 1 to 60.',
    ],
    [
      'a delivery time of 2.5 days',
      { deliveryDays: 2.5 },
      'deliveryDays',
      'Delivery time must be a whole number of days from 1 to 60.',
    ],
  ])('refuses %s', async (_case, change, path, message) => {
    const admin = await signedInAdmin(ctx);
    const response = await put(admin.cookie, { ...changes, ...change });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.issues).toContainEqual({ path, message });
  });

  it('is for administrators only', async () => {
    const shopper = await signedInShopper(ctx);
    expect((await put(shopper.cookie, changes)).statusCode).toBe(403);
    expect((await ctx.app.inject({ method: 'PUT', url: '/api/admin/settings', payload: changes })).statusCode).toBe(
      401,
    );
  });
});
