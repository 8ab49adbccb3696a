import { type AdminCategory, categoryMessages } from '@bilum/shared';
import { eq, sql } from 'drizzle-orm';
import type { HTTPMethods } from 'fastify';
import { describe, expect, it } from 'vitest';
import { categories, products } from '../../db/schema';
import { adminTestApp, signedInShopper } from '../../test/accounts';
import { createProduct } from '../../test/factories';
import { signedInStaff } from '../../test/staff';
import { createCategoriesService } from './categories.service';

const shop = adminTestApp();

async function adminList(): Promise<AdminCategory[]> {
  const response = await shop.asAdmin('GET', '/api/admin/categories');
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { categories: AdminCategory[] }).categories;
}

async function publicList(): Promise<{ slug: string; name: string; position: number }[]> {
  const response = await shop.ctx.app.inject({ url: '/api/categories' });
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { categories: { slug: string; name: string; position: number }[] }).categories;
}

async function added(name: string, slug?: string): Promise<AdminCategory> {
  const response = await shop.asAdmin('POST', '/api/admin/categories', slug === undefined ? { name } : { name, slug });
  expect(response.statusCode, response.body).toBe(201);
  return (response.json() as { category: AdminCategory }).category;
}

/** A service of its own (its own copy of the table in memory), as a second instance of the shop would have. */
const categoriesService = () => createCategoriesService(shop.ctx.db, { invalidate: async () => {} });

const byId = async (id: number) => (await adminList()).find((category) => category.id === id)!;

describe('the categories of a new shop (migration 0033)', () => {
  it('are the five the shop has always had, with their names, in the storefront’s order, all visible', async () => {
    expect(await publicList()).toEqual([
      { slug: 'phones', name: 'Phones', position: 1 },
      { slug: 'computers', name: 'Computers', position: 2 },
      { slug: 'cameras', name: 'Cameras', position: 3 },
      { slug: 'vehicles', name: 'Vehicles', position: 4 },
      { slug: 'accessories', name: 'Accessories', position: 5 },
    ]);
  });

  it('are what a product names by slug: an unknown slug is refused by the database', async () => {
    await expect(createProduct(shop.ctx.db, { category: 'no-such-category' })).rejects.toThrow();
  });
});

describe('adding a category', () => {
  it('makes the slug from the name when none is given, and puts it last', async () => {
    const solar = await added('Solar & Power Kōkō');
    expect(solar).toMatchObject({ slug: 'solar-power-koko', name: 'Solar & Power Kōkō', hidden: false });
    expect(solar).toMatchObject({ productCount: 0, oldSlugs: [] });
    const list = await adminList();
    expect(list.at(-1)!.id).toBe(solar.id);
    expect((await publicList()).map((category) => category.slug)).toContain('solar-power-koko');
  });

  it('takes a given slug that is lower-case letters, digits and single hyphens', async () => {
    expect(await added('Phone credit', 'phone-credit-2')).toMatchObject({ slug: 'phone-credit-2' });
  });

  it('refuses a badly formed slug, a missing or too long name, and a name that gives no slug, with a 400 and the field', async () => {
    for (const slug of ['Solar', 'solar lights', 'solar--lights', '-solar', 'solar_', 'sólar', '', 'x'.repeat(61)]) {
      const response = await shop.asAdmin('POST', '/api/admin/categories', { name: 'Solar', slug });
      expect(response.statusCode, slug).toBe(400);
      expect(JSON.stringify(response.json())).toMatch(/address/);
    }
    for (const name of ['', '   ', 'n'.repeat(61)]) {
      const response = await shop.asAdmin('POST', '/api/admin/categories', { name });
      expect(response.statusCode, name).toBe(400);
    }
    expect((await shop.asAdmin('POST', '/api/admin/categories', {})).statusCode).toBe(400);
    const symbols = await shop.asAdmin('POST', '/api/admin/categories', { name: '***' });
    expect(symbols.statusCode).toBe(400);
    expect(symbols.json().error.message).toBe(categoryMessages.slugFromName);
  });

  it('refuses a slug another category has, or had before a rename (409)', async () => {
    const taken = await shop.asAdmin('POST', '/api/admin/categories', { name: 'More phones', slug: 'phones' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error.message).toBe(categoryMessages.slugTaken('phones'));
    // The name "Phones" gives the slug "phones": the same answer.
    expect((await shop.asAdmin('POST', '/api/admin/categories', { name: 'Phones' })).statusCode).toBe(409);

    const lamps = await added('Lamps', 'lamps');
    const renamed = await shop.asAdmin('PATCH', `/api/admin/categories/${lamps.id}`, { slug: 'lights' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const old = await shop.asAdmin('POST', '/api/admin/categories', { name: 'Lamps' });
    expect(old.statusCode).toBe(409);
    expect(old.json().error.message).toBe(categoryMessages.slugWasTaken('lamps', 'Lamps'));
  });
});

describe('renaming a category', () => {
  it('changes the name only, keeping the slug and leaving no redirect', async () => {
    const phones = (await adminList()).find((category) => category.slug === 'phones')!;
    const response = await shop.asAdmin('PATCH', `/api/admin/categories/${phones.id}`, { name: 'Mobile phones' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().category).toMatchObject({ slug: 'phones', name: 'Mobile phones', oldSlugs: [] });
    await shop.asAdmin('PATCH', `/api/admin/categories/${phones.id}`, { name: 'Phones' });
  });

  it('keeps both old slugs leading to the category after two renames, and takes one of them back', async () => {
    const gen = await added('Generators', 'generators');
    await shop.asAdmin('PATCH', `/api/admin/categories/${gen.id}`, { slug: 'gensets' });
    const second = await shop.asAdmin('PATCH', `/api/admin/categories/${gen.id}`, {
      name: 'Power generators',
      slug: 'power-generators',
    });
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json().category).toMatchObject({
      slug: 'power-generators',
      name: 'Power generators',
      oldSlugs: ['generators', 'gensets'],
    });

    for (const old of ['generators', 'gensets']) {
      expect(await categoriesService().resolveSlug(old)).toEqual({
        kind: 'moved',
        slug: 'power-generators',
        name: 'Power generators',
        hidden: false,
      });
    }
    expect(await categoriesService().resolveSlug('power-generators')).toMatchObject({
      kind: 'current',
      slug: 'power-generators',
    });
    expect(await categoriesService().resolveSlug('never-was')).toEqual({ kind: 'unknown' });

    // Back to its first slug: that address is its own again, and the one it leaves leads there.
    const back = await shop.asAdmin('PATCH', `/api/admin/categories/${gen.id}`, { slug: 'generators' });
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json().category.oldSlugs.sort()).toEqual(['gensets', 'power-generators']);
    expect(await categoriesService().resolveSlug('generators')).toMatchObject({ kind: 'current' });
    expect(await categoriesService().resolveSlug('gensets')).toMatchObject({ kind: 'moved', slug: 'generators' });
  });

  it('refuses a slug another category has or had (409), a bad slug or an empty change (400), an unknown id (404)', async () => {
    const tents = await added('Tents', 'tents');
    const taken = await shop.asAdmin('PATCH', `/api/admin/categories/${tents.id}`, { slug: 'cameras' });
    expect(taken.statusCode).toBe(409);
    const gensets = await shop.asAdmin('PATCH', `/api/admin/categories/${tents.id}`, { slug: 'gensets' });
    expect(gensets.statusCode).toBe(409);
    expect(gensets.json().error.message).toMatch(/still leads there/);
    expect((await shop.asAdmin('PATCH', `/api/admin/categories/${tents.id}`, { slug: 'Tents!' })).statusCode).toBe(400);
    const empty = await shop.asAdmin('PATCH', `/api/admin/categories/${tents.id}`, {});
    expect(empty.statusCode).toBe(400);
    expect(JSON.stringify(empty.json())).toContain(categoryMessages.nothingToChange);
    expect((await shop.asAdmin('PATCH', '/api/admin/categories/999999', { name: 'Ghost' })).statusCode).toBe(404);
    expect((await shop.asAdmin('PATCH', '/api/admin/categories/abc', { name: 'Ghost' })).statusCode).toBe(400);
    expect((await shop.asAdmin('PATCH', '/api/admin/categories/1e20', { name: 'Ghost' })).statusCode).toBe(400);
  });

  it('moves the products of a renamed slug with it: the list, the product and the admin answer the new slug', async () => {
    const cameras = (await adminList()).find((category) => category.slug === 'cameras')!;
    const camera = await createProduct(shop.ctx.db, { category: 'cameras' });
    const response = await shop.asAdmin('PATCH', `/api/admin/categories/${cameras.id}`, {
      name: 'Photo & video',
      slug: 'photo-video',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().category).toMatchObject({ slug: 'photo-video', oldSlugs: ['cameras'] });
    expect((await byId(cameras.id)).productCount).toBeGreaterThanOrEqual(1);
    const product = await shop.ctx.app.inject({ url: `/api/products/${camera.id}` });
    expect(product.json().product).toMatchObject({ category: 'photo-video' });
    const list = await shop.ctx.app.inject({ url: '/api/products?category=photo-video&pageSize=60' });
    expect((list.json() as { items: { id: number }[] }).items.map((item) => item.id)).toContain(camera.id);
    const old = await shop.ctx.app.inject({ url: '/api/products?category=cameras' });
    expect(old.json()).toMatchObject({ total: 0 });
    expect((await publicList()).find((category) => category.slug === 'photo-video')).toMatchObject({
      name: 'Photo & video',
    });
    await shop.asAdmin('PATCH', `/api/admin/categories/${cameras.id}`, { name: 'Cameras', slug: 'cameras' });
    expect((await shop.ctx.app.inject({ url: `/api/products/${camera.id}` })).json().product).toMatchObject({
      category: 'cameras',
    });
  });

  it('refuses "all" as a slug: it is the page of every product', async () => {
    const response = await shop.asAdmin('POST', '/api/admin/categories', { name: 'All', slug: 'all' });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toBe(categoryMessages.slugReserved);
    const fromName = await shop.asAdmin('POST', '/api/admin/categories', { name: 'All' });
    expect(fromName.statusCode).toBe(400);
    expect(fromName.json().error.message).toBe(categoryMessages.slugReserved);
  });

  it('carries the products along when a slug changes (the foreign key’s ON UPDATE CASCADE)', async () => {
    const boats = await added('Boats', 'boats');
    const dinghy = await createProduct(shop.ctx.db, { category: 'boats' });
    await shop.ctx.db.update(categories).set({ slug: 'banana-boats' }).where(eq(categories.id, boats.id));
    const [row] = await shop.ctx.db.select().from(products).where(eq(products.id, dinghy.id));
    expect(row!.category).toBe('banana-boats');
  });
});

describe('reordering the categories', () => {
  it('puts them in the order given, in the public and the admin list', async () => {
    const ids = (await adminList()).map((category) => category.id);
    const reversed = [...ids].reverse();
    const response = await shop.asAdmin('PUT', '/api/admin/categories/order', { ids: reversed });
    expect(response.statusCode, response.body).toBe(200);
    expect((response.json() as { categories: AdminCategory[] }).categories.map((c) => c.id)).toEqual(reversed);
    expect((await adminList()).map((category) => category.position)).toEqual(reversed.map((_, index) => index + 1));
    const shown = await publicList();
    expect(shown.map((category) => category.position)).toEqual([...shown.map((c) => c.position)].sort((a, b) => a - b));
    expect(shown.at(-1)!.slug).toBe('phones');
    await shop.asAdmin('PUT', '/api/admin/categories/order', { ids });
  });

  it('refuses a list that leaves one out or names an unknown one (409), or names one twice (400)', async () => {
    const ids = (await adminList()).map((category) => category.id);
    const missing = await shop.asAdmin('PUT', '/api/admin/categories/order', { ids: ids.slice(1) });
    expect(missing.statusCode).toBe(409);
    expect(missing.json().error.message).toBe(categoryMessages.reorderStale);
    const unknown = await shop.asAdmin('PUT', '/api/admin/categories/order', { ids: [...ids.slice(1), 999_999] });
    expect(unknown.statusCode).toBe(409);
    const twice = await shop.asAdmin('PUT', '/api/admin/categories/order', { ids: [...ids, ids[0]] });
    expect(twice.statusCode).toBe(400);
    expect((await shop.asAdmin('PUT', '/api/admin/categories/order', { ids: [] })).statusCode).toBe(400);
    expect((await shop.asAdmin('PUT', '/api/admin/categories/order', { ids: ['1'] })).statusCode).toBe(400);
    expect((await adminList()).map((category) => category.id)).toEqual(ids);
  });
});

describe('hiding a category', () => {
  it('leaves it out of the public list but not the admin’s, until it is shown again', async () => {
    const vehicles = (await adminList()).find((category) => category.slug === 'vehicles')!;
    const hide = await shop.asAdmin('PUT', `/api/admin/categories/${vehicles.id}/visibility`, { hidden: true });
    expect(hide.statusCode, hide.body).toBe(200);
    expect(hide.json()).toMatchObject({ category: { hidden: true }, message: categoryMessages.hidden });
    expect((await publicList()).map((category) => category.slug)).not.toContain('vehicles');
    expect((await byId(vehicles.id)).hidden).toBe(true);
    expect(await categoriesService().resolveSlug('vehicles')).toMatchObject({ hidden: true });

    const show = await shop.asAdmin('PUT', `/api/admin/categories/${vehicles.id}/visibility`, { hidden: false });
    expect(show.json()).toMatchObject({ category: { hidden: false }, message: categoryMessages.shown });
    expect((await publicList()).map((category) => category.slug)).toContain('vehicles');
    expect((await shop.asAdmin('PUT', `/api/admin/categories/${vehicles.id}/visibility`, {})).statusCode).toBe(400);
  });
});

describe('deleting a category', () => {
  it('deletes one no product uses, with its old slugs', async () => {
    const kites = await added('Kites', 'kites');
    await shop.asAdmin('PATCH', `/api/admin/categories/${kites.id}`, { slug: 'kites-and-flags' });
    const response = await shop.asAdmin('DELETE', `/api/admin/categories/${kites.id}`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ message: categoryMessages.deleted });
    expect((await adminList()).some((category) => category.id === kites.id)).toBe(false);
    expect(await categoriesService().resolveSlug('kites')).toEqual({ kind: 'unknown' });
    expect((await shop.asAdmin('DELETE', `/api/admin/categories/${kites.id}`)).statusCode).toBe(404);
  });

  it('refuses one with products, archived ones included, with a 409 that says to hide it', async () => {
    const radios = await added('Radios', 'radios');
    const radio = await createProduct(shop.ctx.db, { category: 'radios' });
    expect((await byId(radios.id)).productCount).toBe(1);
    const refused = await shop.asAdmin('DELETE', `/api/admin/categories/${radios.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toMatchObject({
      code: 'CONFLICT',
      message: categoryMessages.inUse('Radios', 1),
      details: { productCount: 1 },
    });

    // Archived (deleted from the shop, kept for its orders): still in the category, still refused.
    await shop.ctx.db.update(products).set({ archivedAt: new Date() }).where(eq(products.id, radio.id));
    const archived = await shop.asAdmin('DELETE', `/api/admin/categories/${radios.id}`);
    expect(archived.statusCode).toBe(409);
    expect(archived.json().error.message).toMatch(/hide it instead/);
    expect((await byId(radios.id)).productCount).toBe(1);
  });
});

describe('who may manage categories', () => {
  it('a guest gets 401 and a shopper or a staff member without the catalogue permission 403; a manager may', async () => {
    const shopper = await signedInShopper(shop.ctx);
    const staff = await signedInStaff(shop.ctx, 'staff');
    const manager = await signedInStaff(shop.ctx, 'manager');
    const calls: [HTTPMethods, string, object?][] = [
      ['GET', '/api/admin/categories'],
      ['POST', '/api/admin/categories', { name: 'Sneaky' }],
      ['PATCH', '/api/admin/categories/1', { name: 'Sneaky' }],
      ['PUT', '/api/admin/categories/order', { ids: [1] }],
      ['PUT', '/api/admin/categories/1/visibility', { hidden: true }],
      ['DELETE', '/api/admin/categories/1'],
    ];
    for (const [method, url, payload] of calls) {
      const as = (cookie?: string) =>
        shop.ctx.app.inject({ method, url, headers: cookie ? { cookie } : {}, ...(payload ? { payload } : {}) });
      expect((await as()).statusCode, `${method} ${url} as a guest`).toBe(401);
      expect((await as(shopper.cookie)).statusCode, `${method} ${url} as a shopper`).toBe(403);
      expect((await as(staff.cookie)).statusCode, `${method} ${url} as staff`).toBe(403);
    }
    const listed = await shop.ctx.app.inject({ url: '/api/admin/categories', headers: { cookie: manager.cookie } });
    expect(listed.statusCode).toBe(200);
    expect((await publicList()).map((category) => category.name)).not.toContain('Sneaky');
  });

  it('records each change in the activity log', async () => {
    const mats = await added('Mats', 'mats');
    const rows = (await shop.ctx.db.execute(
      sql`select action, summary from activity_log where entity_type = 'category' and entity_id = ${String(mats.id)}`,
    )) as unknown as { rows: { action: string; summary: string }[] };
    expect(rows.rows).toEqual([{ action: 'category.added', summary: 'Category "Mats" added (/mats)' }]);
  });
});
