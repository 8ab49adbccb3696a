import { describe, expect, it } from 'vitest';
import { MAX_PRODUCT_PAGE_SIZE, PRODUCT_PAGE_SIZE, shopperPriceOf } from './catalog';
import { productListQuerySchema } from './catalog.schema';

describe('the product list query (decision 014)', () => {
  it('defaults to the first page of 24 and reads numbers from the address', () => {
    expect(productListQuerySchema.parse({})).toMatchObject({ page: 1, pageSize: PRODUCT_PAGE_SIZE, sort: 'default' });
    expect(productListQuerySchema.parse({ page: '3', pageSize: '60', q: '' })).toMatchObject({
      page: 3,
      pageSize: MAX_PRODUCT_PAGE_SIZE,
      q: undefined,
    });
    expect(productListQuerySchema.parse({ page: '', pageSize: '' })).toMatchObject({ page: 1, pageSize: 24 });
  });

  it.each([
    { pageSize: '0' },
    { pageSize: '61' },
    { pageSize: '1.5' },
    { page: '0' },
    { page: 'two' },
    { page: '10001' },
  ])('refuses %o', (input) => {
    expect(productListQuerySchema.safeParse(input).success).toBe(false);
  });
});

describe('shopperPriceOf', () => {
  it('is the member price when the list gave one, else the price', () => {
    expect(shopperPriceOf({ price: 74_900, memberPrice: 67_410 })).toBe(67_410);
    expect(shopperPriceOf({ price: 74_900, memberPrice: null })).toBe(74_900);
  });
});
