import { csvTooLargeMessage, MAX_CSV_CHARS } from '@bilum/shared';
import { describe, expect, it } from 'vitest';
import { products } from '../db/schema';
import { adminTestApp } from '../test/accounts';

/**
 * Issue 28: a body over a limit is refused with 413 in the shop's error shape, with a message that names the limit,
 * and nothing of it is stored. (The picture upload's own limit: modules/uploads/images.test.ts.)
 */
describe('bodies over a limit', () => {
  const shop = adminTestApp();

  const productCount = async () => (await shop.ctx.db.select({ id: products.id }).from(products)).length;

  it('answers a JSON body over 1 MB with 413 and the limit, never 500', async () => {
    const response = await shop.ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'a@example.pg', password: 'x'.repeat(1_100_000) },
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({
      error: { code: 'PAYLOAD_TOO_LARGE', message: 'This request is too large: the shop takes at most 1 MB here.' },
    });
  });

  it('answers a CSV file over 5 MB with 413 and writes no product, in the preview and the import', async () => {
    const before = await productCount();
    const csv = `sku,name\n${'x'.repeat(MAX_CSV_CHARS)}`;
    for (const url of ['/api/admin/products/import/preview', '/api/admin/products/import']) {
      const response = await shop.ctx.app.inject({
        method: 'POST',
        url,
        headers: { cookie: shop.admin.cookie },
        payload: { csv },
      });
      expect(response.statusCode, url).toBe(413);
      expect(response.json().error).toEqual({ code: 'PAYLOAD_TOO_LARGE', message: csvTooLargeMessage });
    }
    expect(await productCount()).toBe(before);
  });

  it('answers an import body over the route’s own limit with 413 and that limit', async () => {
    const response = await shop.ctx.app.inject({
      method: 'POST',
      url: '/api/admin/products/import',
      headers: { cookie: shop.admin.cookie, 'content-type': 'application/json' },
      payload: JSON.stringify({ csv: 'é'.repeat(10_100_000) }),
    });
    expect(response.statusCode).toBe(413);
    expect(response.json().error).toEqual({
      code: 'PAYLOAD_TOO_LARGE',
      message: 'This request is too large: the shop takes at most 19.1 MB here.',
    });
  });

  it('answers a payment webhook over 512 KB with 413 in the shop’s shape', async () => {
    const response = await shop.ctx.app.inject({
      method: 'POST',
      url: '/api/payments/webhook',
      headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=x' },
      payload: JSON.stringify({ padding: 'x'.repeat(600_000) }),
    });
    expect(response.statusCode).toBe(413);
    expect(response.json().error).toEqual({
      code: 'PAYLOAD_TOO_LARGE',
      message: 'This request is too large: the shop takes at most 512 KB here.',
    });
  });
});
