import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../test/test-app';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ publicUrl: 'https://shop.example.pg' }, (app) => {
    app.post('/api/test/echo', async () => ({ ok: true }));
    app.post('/api/test/upload', { config: { acceptsNonJson: true } }, async () => ({ ok: true }));
    app.addContentTypeParser('multipart/form-data', (_request, _payload, done) => done(null, {}));
  });
});
afterAll(() => ctx.close());

const post = (url: string, headers: Record<string, string>, payload: string | object = { a: 1 }) =>
  ctx.app.inject({ method: 'POST', url, headers, payload });

describe('cross-site protection', () => {
  it('refuses a state-changing request from another site’s Origin with 403', async () => {
    const response = await post('/api/test/echo', { origin: 'https://evil.example' });
    expect(response.statusCode).toBe(403);
    expect(response.json().error).toEqual({ code: 'FORBIDDEN', message: 'Requests from other sites are not allowed.' });
    expect((await post('/api/test/echo', { origin: 'null' })).statusCode).toBe(403);
    expect((await post('/api/auth/logout', { origin: 'https://evil.example' }, '')).statusCode).toBe(403);
  });

  it('accepts the shop’s own origin (PUBLIC_URL or the Host it was called on) and requests without Origin', async () => {
    expect((await post('/api/test/echo', { origin: 'https://shop.example.pg' })).statusCode).toBe(200);
    expect((await post('/api/test/echo', { origin: 'http://localhost:80' })).statusCode).toBe(200);
    expect((await post('/api/test/echo', {})).statusCode).toBe(200);
  });

  it('refuses a JSON endpoint called with a form or text body with 415', async () => {
    for (const type of ['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x']) {
      const response = await post('/api/test/echo', { 'content-type': type }, 'a=1');
      expect(response.statusCode, type).toBe(415);
      expect(response.json().error.code).toBe('UNSUPPORTED_MEDIA_TYPE');
    }
  });

  it('lets a route that opts out take multipart from the shop itself, but not from another site', async () => {
    const body = '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--x--\r\n';
    const type = { 'content-type': 'multipart/form-data; boundary=x' };
    expect((await post('/api/test/upload', type, body)).statusCode).toBe(200);
    expect((await post('/api/test/upload', { ...type, origin: 'https://evil.example' }, body)).statusCode).toBe(403);
  });

  it('leaves reads alone', async () => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: '/api/session',
      headers: { origin: 'https://evil.example' },
    });
    expect(response.statusCode).toBe(200);
  });
});
