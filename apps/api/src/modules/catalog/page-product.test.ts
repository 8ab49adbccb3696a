import type { FastifyRequest } from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import { AppError } from '../../errors';
import type { CatalogService } from './catalog.service';
import { pageProductLookup } from './page-product';

const laptop = { id: 1, name: 'HP Pavilion 15 Laptop' };

function fakeCatalog() {
  const getProduct = vi.fn(async (id: number) => {
    if (id === 1) return laptop;
    if (id === 2) throw new AppError('NOT_FOUND', 'Product not found');
    throw new Error('the database is down');
  });
  return { getProduct } as unknown as CatalogService & { getProduct: typeof getProduct };
}

const request = () => ({}) as FastifyRequest;

describe('the product of a page request', () => {
  it('is read once per request however many transformers ask, and again for the next request', async () => {
    const catalog = fakeCatalog();
    const productFor = pageProductLookup(catalog);
    const first = request();
    expect(await productFor(first, 1)).toBe(laptop);
    expect(await productFor(first, 1)).toBe(laptop);
    expect(catalog.getProduct).toHaveBeenCalledTimes(1);
    await productFor(request(), 1);
    expect(catalog.getProduct).toHaveBeenCalledTimes(2);
  });

  it('is null for a product not for sale and for ids that cannot be one, without asking the database', async () => {
    const catalog = fakeCatalog();
    const productFor = pageProductLookup(catalog);
    expect(await productFor(request(), 2)).toBeNull();
    for (const id of [0, -1, 1.5, 2_147_483_648, Number.NaN]) expect(await productFor(request(), id)).toBeNull();
    expect(catalog.getProduct).toHaveBeenCalledTimes(1);
  });

  it('passes any other failure on', async () => {
    await expect(pageProductLookup(fakeCatalog())(request(), 3)).rejects.toThrow('the database is down');
  });
});
