import { addProductMessages as messages, categoryMessages, stockMessages } from '@bilum/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { products } from '../../db/schema';
import { adminTestApp } from '../../test/accounts';
import { createProduct } from '../../test/factories';

const shop = adminTestApp();

const validProduct = () => ({
  name: 'Canon EOS 250D',
  description: 'Entry-level DSLR with an 18-55 mm lens.',
  price: 249_900,
  image: '/images/products/canon.svg',
  category: 'cameras',
  stock: 4,
});

/** Added through the admin API, like the admin's form does (a row inserted directly would bypass the catalogue). */
async function addProduct(name: string): Promise<{ id: number }> {
  const response = await shop.asAdmin('POST', '/api/admin/products', { ...validProduct(), name });
  return response.json().product;
}

const storefrontNames = async () =>
  (
    (await shop.ctx.app.inject({ method: 'GET', url: '/api/products?pageSize=60' })).json().items as { name: string }[]
  ).map((product) => product.name);

describe('POST /api/admin/products (add_product)', () => {
  it('adds a product with the defaults of the form and shows it on the storefront at once', async () => {
    expect(await storefrontNames()).not.toContain('Canon EOS 250D');
    const response = await shop.asAdmin('POST', '/api/admin/products', validProduct());
    expect(response.statusCode).toBe(201);
    expect(response.json().message).toBe('Product added successfully!');
    expect(response.json().product).toMatchObject({
      name: 'Canon EOS 250D',
      price: 249_900,
      originalPrice: null,
      discountPercentage: 0,
      condition: 'New',
      status: 'active',
      isHot: false,
      galleryImages: [],
    });
    expect(await storefrontNames()).toContain('Canon EOS 250D');
  });

  it('strips spaces and line breaks from image addresses and drops empty secondary images', async () => {
    const response = await shop.asAdmin('POST', '/api/admin/products', {
      ...validProduct(),
      // Paths on the shop: an address on another site is fetched and stored (uploads/product-pictures.test.ts).
      image: ' /images/a b.png\n',
      secondaryImages: ['', '/images/b.png', '  ', '/images/\nc.png'],
      isHot: true,
    });
    expect(response.statusCode).toBe(201);
    expect(response.json().product).toMatchObject({
      image: '/images/ab.png',
      galleryImages: ['/images/b.png', '/images/c.png'],
      isHot: true,
    });
  });

  const refusals: [string, Record<string, unknown>, string, string][] = [
    ['a missing name', { name: '  ' }, 'name', messages.nameRequired],
    ['a description under 10 characters', { description: 'Too short' }, 'description', messages.descriptionShort],
    ['a description over 500 characters', { description: 'x'.repeat(501) }, 'description', messages.descriptionLong],
    ['a price of 0', { price: 0 }, 'price', messages.price],
    ['a price that is not whole toea', { price: 10.5 }, 'price', messages.price],
    ['a missing image', { image: ' ' }, 'image', messages.imageRequired],
    ['an image that is neither a URL nor a path', { image: 'images/a.png' }, 'image', messages.imageFormat],
    ['a javascript: image address', { image: 'javascript:alert(1)' }, 'image', messages.imageFormat],
    ['a category that cannot be a slug', { category: 'Boats & kayaks' }, 'category', messages.category],
    // Issue 30: the shop's categories are the owner's; a slug it does not have is named in the message.
    ['a category the shop does not have', { category: 'boats' }, 'category', categoryMessages.unknown('boats')],
    ['a negative original price', { originalPrice: -1 }, 'originalPrice', messages.originalPrice],
    ['a discount over 100', { discountPercentage: 101 }, 'discountPercentage', messages.discount],
    ['a discount that is not whole', { discountPercentage: 12.5 }, 'discountPercentage', messages.discount],
    ['an unknown condition', { condition: 'Broken' }, 'condition', messages.condition],
    ['a status other than Active or Inactive', { status: 'sold' }, 'status', ''],
    ['no stock on hand (it is required, no default of 1)', { stock: undefined }, 'stock', stockMessages.stockRequired],
    ['a negative stock', { stock: -1 }, 'stock', stockMessages.stockRequired],
    ['a stock that is not whole', { stock: 2.5 }, 'stock', stockMessages.stockRequired],
    ['a stock over the maximum', { stock: 1_000_001 }, 'stock', stockMessages.stockRange],
    ['a negative low-stock threshold', { lowStockThreshold: -1 }, 'lowStockThreshold', stockMessages.threshold],
    [
      'a secondary image that is not a URL or path',
      { secondaryImages: ['ftp://x.pg/a.png'] },
      'secondaryImages.0',
      messages.secondaryImage,
    ],
  ];
  it.each(refusals)('refuses %s with the spec’s message', async (_case, change, path, message) => {
    const response = await shop.asAdmin('POST', '/api/admin/products', { ...validProduct(), ...change });
    expect(response.statusCode).toBe(400);
    const issue = (response.json().error.issues as { path: string; message: string }[]).find((i) => i.path === path);
    expect(issue).toBeDefined();
    if (message) expect(issue?.message).toBe(message);
  });

  it('accepts each condition of both readings, an original price and a discount', async () => {
    for (const condition of ['New', 'Used', 'Pre-owned/Working fine', 'Refurbished']) {
      const response = await shop.asAdmin('POST', '/api/admin/products', {
        ...validProduct(),
        condition,
        originalPrice: 299_900,
        discountPercentage: 17,
        status: 'inactive',
      });
      expect(response.statusCode).toBe(201);
      expect(response.json().product).toMatchObject({ condition, originalPrice: 299_900, discountPercentage: 17 });
    }
  });
});

describe('GET /api/admin/products (fetch_products)', () => {
  it('lists inactive and sold products too, but not deleted ones', async () => {
    const inactive = await createProduct(shop.ctx.db, { status: 'inactive' });
    const sold = await createProduct(shop.ctx.db, { status: 'sold' });
    const archived = await createProduct(shop.ctx.db, { archivedAt: new Date() });
    const ids = ((await shop.asAdmin('GET', '/api/admin/products?pageSize=100')).json().items as { id: number }[]).map(
      (p) => p.id,
    );
    expect(ids).toEqual(expect.arrayContaining([inactive.id, sold.id]));
    expect(ids).not.toContain(archived.id);
  });
});

describe('PUT /api/admin/products/:id (update_product)', () => {
  const edited = (change: Record<string, unknown> = {}) => ({
    name: 'Edited phone',
    category: 'phones',
    description: 'Short',
    price: 55_000,
    originalPrice: null,
    discountPercentage: null,
    image: '/images/products/\nedited.svg',
    condition: 'Used',
    status: 'active',
    isHot: true,
    isAuction: false,
    isTopPick: true,
    version: 1,
    ...change,
  });

  it('saves every field, with looser bounds than the add form, and the storefront shows the new price at once', async () => {
    const product = await createProduct(shop.ctx.db, {
      priceToea: 60_000,
      discountPercentage: 10,
      originalPriceToea: 70_000,
    });
    const before = await shop.ctx.app.inject({ method: 'GET', url: `/api/products/${product.id}` });
    expect(before.json().product.price).toBe(60_000);

    const response = await shop.asAdmin('PUT', `/api/admin/products/${product.id}`, edited());
    expect(response.statusCode).toBe(200);
    expect(response.json().product).toMatchObject({
      name: 'Edited phone',
      description: 'Short',
      price: 55_000,
      originalPrice: null,
      discountPercentage: 0,
      image: '/images/products/edited.svg',
      isHot: true,
      isTopPick: true,
    });
    const list = (await shop.ctx.app.inject({ method: 'GET', url: '/api/products?q=Edited%20phone' })).json();
    expect(list.items.map((p: { price: number }) => p.price)).toEqual([55_000]);
  });

  it('can make a product inactive, which leaves the storefront; "Sold" is not set by hand (it follows the stock)', async () => {
    const product = await addProduct('Soon hidden lamp');
    expect(await storefrontNames()).toContain('Soon hidden lamp');
    await shop.asAdmin(
      'PUT',
      `/api/admin/products/${product.id}`,
      edited({ name: 'Soon hidden lamp', status: 'inactive' }),
    );
    expect(await storefrontNames()).not.toContain('Soon hidden lamp');
    const sold = await shop.asAdmin(
      'PUT',
      `/api/admin/products/${product.id}`,
      edited({ name: 'Soon hidden lamp', status: 'sold', version: 2 }),
    );
    expect(sold.statusCode).toBe(400);
    expect(sold.json().error.issues).toEqual([{ path: 'status', message: stockMessages.statusSoldDerived }]);
  });

  it('still requires name, description, image and a price', async () => {
    const product = await createProduct(shop.ctx.db);
    for (const change of [
      { name: '' },
      { description: '' },
      { image: '' },
      { price: null },
      { discountPercentage: 120 },
    ]) {
      const response = await shop.asAdmin('PUT', `/api/admin/products/${product.id}`, edited(change));
      expect(response.statusCode, JSON.stringify(change)).toBe(400);
    }
  });

  it('answers 404 for a product that does not exist or was deleted', async () => {
    const archived = await createProduct(shop.ctx.db, { archivedAt: new Date() });
    expect((await shop.asAdmin('PUT', `/api/admin/products/${archived.id}`, edited())).statusCode).toBe(404);
    expect((await shop.asAdmin('PUT', '/api/admin/products/999999', edited())).statusCode).toBe(404);
  });
});

describe('DELETE /api/admin/products/:id (delete_product)', () => {
  it('archives the product: its row stays for the orders that refer to it, the storefront and inventory drop it', async () => {
    const product = await addProduct('Retired radio');
    expect(await storefrontNames()).toContain('Retired radio');

    const response = await shop.asAdmin('DELETE', `/api/admin/products/${product.id}`);
    expect(response.statusCode).toBe(200);
    expect(response.json().message).toBe('The item was deleted successfully');

    const [row] = await shop.ctx.db.select().from(products).where(eq(products.id, product.id));
    expect(row?.archivedAt).toBeInstanceOf(Date);
    expect(await storefrontNames()).not.toContain('Retired radio');
    expect((await shop.ctx.app.inject({ method: 'GET', url: `/api/products/${product.id}` })).statusCode).toBe(404);
    const inventory = (await shop.asAdmin('GET', '/api/admin/products?pageSize=100')).json().items as { id: number }[];
    expect(inventory.map((p) => p.id)).not.toContain(product.id);
    expect((await shop.asAdmin('DELETE', `/api/admin/products/${product.id}`)).statusCode).toBe(404);
  });
});
