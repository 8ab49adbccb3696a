import { existsSync } from 'node:fs';
import path from 'node:path';
import { inPriceBand, priceBands, seededCategorySlugs } from '@bilum/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../../config';
import { allListed } from '../../test/list-pages';
import { createTestApp, type TestContext } from '../../test/test-app';
import { heroProductIds, memberSliderIds } from './catalog-data';
import { seedDemoData } from './index';

let ctx: TestContext;
type Listed = {
  id: number;
  name: string;
  category: string;
  price: number;
  isMembership: boolean;
  image: string;
  galleryImages: string[];
  status: string;
  isHot: boolean;
  isAuction: boolean;
  isTopPick: boolean;
  originalPrice: number | null;
};
let listed: Listed[];

beforeAll(async () => {
  ctx = await createTestApp();
  expect(await seedDemoData(ctx.db)).toBe(true);
  listed = (await allListed(ctx.app)).items as unknown as Listed[];
});
afterAll(() => ctx.close());

describe('the demo catalogue', () => {
  it('loads once: a second start leaves the database as it is', async () => {
    expect(await seedDemoData(ctx.db)).toBe(false);
    expect((await ctx.app.inject({ url: '/api/products' })).json().total).toBe(listed.length);
  });

  it('has at least 60 products in every one of the five categories and all three price bands', () => {
    expect(listed.length).toBeGreaterThanOrEqual(60);
    for (const category of seededCategorySlugs) expect(listed.some((p) => p.category === category)).toBe(true);
    for (const band of priceBands) expect(listed.filter((p) => inPriceBand(p.price, band)).length).toBeGreaterThan(3);
  });

  it('has hot deals, auctions, top picks, discounts and sold items', () => {
    expect(listed.some((p) => p.isHot)).toBe(true);
    expect(listed.some((p) => p.isAuction)).toBe(true);
    expect(listed.some((p) => p.isTopPick)).toBe(true);
    expect(listed.some((p) => p.originalPrice !== null && p.originalPrice > p.price)).toBe(true);
    expect(listed.some((p) => p.status === 'sold')).toBe(true);
  });

  it('has the hero products, the member slider ids and the K200.50 Premium membership', async () => {
    const byId = (id: number) => listed.find((p) => p.id === id);
    expect(byId(heroProductIds.laptop)?.name).toMatch(/laptop/i);
    expect(byId(heroProductIds.smartTv)?.name).toMatch(/TV/);
    expect(byId(heroProductIds.actionCamera)?.category).toBe('cameras');
    for (const id of memberSliderIds) expect(byId(id)?.status).toBe('active');
    // Premium's price is the membership product's (issue 18): K200.50 in the demo catalogue.
    expect((await ctx.app.inject({ url: '/api/membership/premium' })).json()).toMatchObject({ price: 20_050 });
  });

  it('gives every product an image that exists in the repo', () => {
    const publicDir = path.join(repoRoot, 'apps/web/public');
    for (const product of listed) {
      for (const image of [product.image, ...product.galleryImages]) {
        expect(image.startsWith('/images/')).toBe(true);
        expect(existsSync(path.join(publicDir, image)), image).toBe(true);
      }
    }
  });

  it('moves the id sequence past the seeded ids so new products get fresh ids', async () => {
    const { createProduct } = await import('../../test/factories');
    const created = await createProduct(ctx.db);
    expect(created.id).toBeGreaterThan(Math.max(...listed.map((p) => p.id)));
  });
});
