import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { pictureRefusal } from '../modules/uploads/images.service';
import { pictureMessages, PictureRefusedError } from '../modules/uploads/picture-pool';
import { createTestApp, type TestContext } from '../test/test-app';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestApp({}, (app) => {
    // Two inserts of one primary key: what two requests claiming one unique value at once end in.
    app.post('/api/test/unique-twice', { schema: { hide: true } }, async () => {
      await ctx.db.execute(sql`create temporary table if not exists claims (value text primary key)`);
      await ctx.db.execute(sql`insert into claims values ('same')`);
      await ctx.db.execute(sql`insert into claims values ('same')`);
      return { ok: true };
    });
    app.post(
      '/api/test/two-fields',
      {
        schema: { hide: true, body: z.object({ a: z.string().min(1, 'Enter a.'), b: z.string().min(1, 'Enter b.') }) },
      },
      async () => ({ ok: true }),
    );
    app.post('/api/test/pictures-busy', { schema: { hide: true } }, async () => {
      throw pictureRefusal(new PictureRefusedError('busy', pictureMessages.busy));
    });
  });
});
afterAll(() => ctx.close());

describe('the error handler', () => {
  it('answers a busy picture pool with a 503 that says when to try again (issue 29)', async () => {
    const response = await ctx.app.inject({ method: 'POST', url: '/api/test/pictures-busy', payload: {} });
    expect(response.statusCode).toBe(503);
    expect(response.headers['retry-after']).toBe('30');
    expect(response.json().error).toMatchObject({ code: 'UNAVAILABLE', message: pictureMessages.busy });
  });

  it('answers a unique value claimed twice at once with a 409, never a 500', async () => {
    const response = await ctx.app.inject({ method: 'POST', url: '/api/test/unique-twice', payload: {} });
    expect(response.statusCode).toBe(409);
    expect(response.json().error).toEqual({
      code: 'CONFLICT',
      message: 'This was changed by another request at the same time. Please try again.',
    });
  });

  it('says what is wrong with a one-field form in the field’s own words (issue 17: the newsletter said "Some fields values are not valid.")', async () => {
    const response = await ctx.app.inject({ method: 'POST', url: '/api/newsletter', payload: { email: 'nope' } });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toBe('Please enter a valid e-mail address.');
    expect(response.json().error.message).not.toMatch(/values are not valid/);
  });

  it('names no single field when several are wrong, and lists each in the issues', async () => {
    const response = await ctx.app.inject({ method: 'POST', url: '/api/test/two-fields', payload: { a: '', b: '' } });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toEqual({
      code: 'VALIDATION',
      message: 'Some fields are not valid. Please check them and try again.',
      issues: [
        { path: 'a', message: 'Enter a.' },
        { path: 'b', message: 'Enter b.' },
      ],
    });
  });
});

describe('messages in the shopper’s language (issue 31, decision 046)', () => {
  const login = (headers: Record<string, string>) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'nobody@example.pg', password: 'not-the-password' },
      headers,
    });

  it('answers a failed sign-in in Tok Pisin for the lang=tpi cookie, in English without it', async () => {
    const tokPisin = await login({ cookie: 'lang=tpi' });
    expect(tokPisin.statusCode).toBe(401);
    expect(tokPisin.json().error.message).toBe('Imel o paswod i no stret. Plis traim gen.');
    const english = await login({});
    expect(english.statusCode).toBe(401);
    expect(english.json().error.message).toBe('Invalid email or password. Please try again.');
  });

  it('follows Accept-Language when there is no cookie, and the cookie over it', async () => {
    expect((await login({ 'accept-language': 'tpi, en;q=0.5' })).json().error.message).toBe(
      'Imel o paswod i no stret. Plis traim gen.',
    );
    expect((await login({ 'accept-language': 'tpi', cookie: 'lang=en' })).json().error.message).toBe(
      'Invalid email or password. Please try again.',
    );
  });

  it('gives a validation error’s message and each field’s in Tok Pisin', async () => {
    const newsletter = await ctx.app.inject({
      method: 'POST',
      url: '/api/newsletter',
      payload: { email: 'nope' },
      headers: { cookie: 'lang=tpi' },
    });
    expect(newsletter.statusCode).toBe(400);
    expect(newsletter.json().error.message).toBe('Plis raitim imel adres i stret.');
    const twoFields = await ctx.app.inject({
      method: 'POST',
      url: '/api/test/two-fields',
      payload: { a: '' },
      headers: { cookie: 'lang=tpi' },
    });
    expect(twoFields.json().error).toMatchObject({
      code: 'VALIDATION',
      message: 'Sampela hap i no stret. Plis lukim gen na traim gen.',
      issues: [
        { path: 'a', message: 'Enter a.' },
        { path: 'b', message: 'I no stret' },
      ],
    });
  });

  it('gives a successful answer’s message in Tok Pisin too', async () => {
    const logout = (headers: Record<string, string>) =>
      ctx.app.inject({ method: 'POST', url: '/api/auth/logout', payload: {}, headers });
    expect((await logout({ cookie: 'lang=tpi' })).json()).toEqual({ message: 'Yu go ausait pinis.' });
    expect((await logout({})).json()).toEqual({ message: 'Logged out.' });
  });

  it('answers an address the router refuses in Tok Pisin too (the cookie read before any hook)', async () => {
    const answer = (headers: Record<string, string>) =>
      ctx.app.inject({ method: 'GET', url: '/api/products/%E0%A4%A', headers });
    const tokPisin = await answer({ cookie: 'theme=dark; lang=tpi' });
    expect(tokPisin.statusCode).toBe(400);
    expect(tokPisin.json().error.message).toBe('Adres bilong dispela askim i no stret.');
    expect((await answer({})).json().error.message).toBe('The address of this request is not valid.');
  });

  it('keeps the admin’s answers in English', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/admin-login',
      payload: { username: 'nobody', password: 'not-the-password' },
      headers: { cookie: 'lang=tpi' },
    });
    expect(response.statusCode).toBe(401);
    expect(response.json().error.message).toBe('Login Failed: Invalid username or password.');
  });
});
