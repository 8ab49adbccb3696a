import { defaultShopSettings } from '@bilum/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shopSettings } from '../../db/schema';
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
