import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { testConfig } from '../config';
import type { DatabaseHandle } from '../db/client';
import { products } from '../db/schema';
import { createUser, makeMember, signIn } from '../test/accounts';
import { createProduct } from '../test/factories';
import { createTestDatabase } from '../test/test-database';
import { createAnonymousAnswers } from './anonymous-answers';

const apps: FastifyInstance[] = [];
let database: DatabaseHandle | null = null;
afterEach(async () => {
  await Promise.all(apps.splice(0).map((app) => app.close()));
  await database?.close();
  database = null;
});

async function listening(app: FastifyInstance): Promise<string> {
  apps.push(app);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  return `http://127.0.0.1:${address.port}`;
}

/** A small app with one route that opts in, counting how often the framework answers it. */
async function counted(options: { setCookie?: boolean; cacheControl?: string; maxBytes?: number } = {}) {
  const answers = createAnonymousAnswers({ maxBytes: options.maxBytes });
  const app = Fastify({ serverFactory: answers.serverFactory });
  answers.register(app);
  const state = { version: 1, handled: 0 };
  app.get('/list', { config: { anonymousAnswer: () => state.version } }, async (request, reply) => {
    state.handled += 1;
    reply.header('etag', `"v${state.version}"`).header('cache-control', options.cacheControl ?? 'no-cache');
    reply.header('x-shop', 'headers kept');
    if (options.setCookie) reply.header('set-cookie', 'a=b');
    return reply.type('application/json; charset=utf-8').send(Buffer.from(JSON.stringify({ version: state.version })));
  });
  app.get('/other', async () => {
    state.handled += 1;
    return { other: true };
  });
  return { base: await listening(app), state, answers };
}

/** Sends `count` GET requests to the addresses `urlOf(n)`, `parallel` at a time; returns the statuses seen. */
async function sendMany(count: number, parallel: number, urlOf: (n: number) => string): Promise<Set<number>> {
  const statuses = new Set<number>();
  let next = 0;
  await Promise.all(
    Array.from({ length: parallel }, async () => {
      while (next < count) {
        const answer = await fetch(urlOf(next++), { headers: { 'accept-encoding': 'br' } });
        statuses.add(answer.status);
        await answer.arrayBuffer();
      }
    }),
  );
  return statuses;
}

describe('answers kept for anonymous visitors (in front of the framework)', () => {
  it('answers the second anonymous request from memory, with the same status, headers and body', async () => {
    const { base, state } = await counted();
    const first = await fetch(`${base}/list`);
    const second = await fetch(`${base}/list`);
    expect(state.handled).toBe(1);
    expect(second.status).toBe(200);
    expect(await second.json()).toEqual(await first.json());
    for (const name of ['etag', 'cache-control', 'x-shop', 'content-type']) {
      expect(second.headers.get(name), name).toBe(first.headers.get(name));
    }
  });

  it('asks the framework again once the version changed, and keeps the new answer', async () => {
    const { base, state } = await counted();
    await fetch(`${base}/list`);
    state.version = 2;
    expect(await (await fetch(`${base}/list`)).json()).toEqual({ version: 2 });
    expect(await (await fetch(`${base}/list`)).json()).toEqual({ version: 2 });
    expect(state.handled).toBe(2);
  });

  it('answers 304 from memory to a browser that has the kept version', async () => {
    const { base, state } = await counted();
    await fetch(`${base}/list`);
    const again = await fetch(`${base}/list`, { headers: { 'if-none-match': '"v1"' } });
    expect(again.status).toBe(304);
    expect(again.headers.get('etag')).toBe('"v1"');
    expect(state.handled).toBe(1);
  });

  it('never answers a visitor with a cookie or credentials from memory, nor keeps their answer', async () => {
    const { base, state } = await counted();
    await fetch(`${base}/list`, { headers: { cookie: 'bilum_session=x' } });
    await fetch(`${base}/list`, { headers: { cookie: 'bilum_session=x' } });
    await fetch(`${base}/list`, { headers: { authorization: 'Bearer k' } });
    expect(state.handled).toBe(3);
    await fetch(`${base}/list`);
    await fetch(`${base}/list`, { headers: { cookie: 'bilum_guest_cart=1.2' } });
    expect(state.handled).toBe(5);
  });

  it('counts the addresses in its bound, and keeps no answer for an overlong address', async () => {
    const { base, state, answers } = await counted({ maxBytes: 256 * 1024 });
    // 600 distinct 900-character addresses: their keys alone are 540 KB, twice the bound.
    await sendMany(600, 8, (n) => `${base}/list?n=${n}&pad=${'x'.repeat(890)}`);
    const { entries, bytes } = answers.stats();
    expect(bytes).toBeLessThanOrEqual(256 * 1024);
    expect(entries).toBeGreaterThan(0);
    expect(entries).toBeLessThan((256 * 1024) / 900);

    // An address longer than any shopper's list address goes to the framework each time and is not kept.
    const long = `${base}/list?pad=${'y'.repeat(2_000)}`;
    const handled = state.handled;
    expect((await fetch(long)).status).toBe(200);
    expect((await fetch(long)).status).toBe(200);
    expect(state.handled).toBe(handled + 2);
  });

  it('keeps nothing that sets a cookie or is private, nor routes that did not opt in', async () => {
    for (const options of [{ setCookie: true }, { cacheControl: 'private, no-cache' }, { cacheControl: 'no-store' }]) {
      const { base, state } = await counted(options);
      await fetch(`${base}/list`);
      await fetch(`${base}/list`);
      expect(state.handled, JSON.stringify(options)).toBe(2);
    }
    const { base, state } = await counted();
    await fetch(`${base}/other`);
    await fetch(`${base}/other`);
    expect(state.handled).toBe(2);
  });
});

describe('the shop’s product list for anonymous visitors', () => {
  const identity = { headers: { 'accept-encoding': 'identity' } };
  type Item = { price: number; memberPrice: number | null };
  async function firstItem(base: string, init: RequestInit = identity): Promise<Item> {
    const answer = await fetch(`${base}/api/products`, init);
    expect(answer.status).toBe(200);
    return ((await answer.json()) as { items: Item[] }).items[0]!;
  }
  const firstPrice = async (base: string) => (await firstItem(base)).price;

  it('shows a change within the change feed’s second, keeps the security headers, compresses once, and answers a member with their own prices', async () => {
    database = await createTestDatabase();
    const app = await buildApp({ db: database.db, config: testConfig() });
    const base = await listening(app);
    await createProduct(database.db, { name: 'Kept phone', priceToea: 10_000 });

    const first = await fetch(`${base}/api/products`, identity);
    expect(first.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(first.headers.get('x-content-type-options')).toBe('nosniff');
    expect(first.headers.get('vary')).toBe('Cookie, Accept-Encoding');
    expect(await firstPrice(base)).toBe(10_000);
    const kept = await fetch(`${base}/api/products`, identity);
    expect(kept.headers.get('content-security-policy')).toBe(first.headers.get('content-security-policy'));
    expect(kept.headers.get('etag')).toBe(first.headers.get('etag'));

    // Brotli for a browser that takes it: the same list.
    const br = await fetch(`${base}/api/products`, { headers: { 'accept-encoding': 'br' } });
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(((await br.json()) as { items: { price: number }[] }).items[0]!.price).toBe(10_000);

    // A price changed in the database (another instance, the admin) reaches the next anonymous visitor within
    // the change feed's check (every 400 ms on PGlite).
    await database.db.update(products).set({ priceToea: 12_500 });
    const started = Date.now();
    let price = await firstPrice(base);
    while (price !== 12_500 && Date.now() - started < 2_000) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      price = await firstPrice(base);
    }
    expect(price).toBe(12_500);

    // A member (a cookie) is answered by the shop with the member price, never with the kept guest answer.
    const member = await createUser(database.db);
    await makeMember(database.db, member.id);
    const cookie = await signIn(app, member.email, member.password);
    expect(await firstItem(base, { headers: { cookie, 'accept-encoding': 'identity' } })).toEqual(
      expect.objectContaining({ price: 12_500, memberPrice: 11_250 }),
    );
    expect(await firstItem(base)).toEqual(expect.objectContaining({ price: 12_500, memberPrice: null }));
  });

  it('answers a product page’s product from memory until its stock changes', async () => {
    database = await createTestDatabase();
    // Made before the shop starts: the change feed's first look then finds the catalogue as it stays.
    const product = await createProduct(database.db, {
      name: 'Kept camera',
      stock: 3,
      description: 'A camera for the highlands: sealed against rain and dust. '.repeat(40),
    });
    const app = await buildApp({ db: database.db, config: testConfig() });
    let routed = 0;
    app.addHook('onRequest', (request, _reply, done) => {
      if (request.url.startsWith('/api/products/')) routed += 1;
      done();
    });
    const base = await listening(app);
    const stockOf = async (init: RequestInit = identity) => {
      const answer = await fetch(`${base}/api/products/${product.id}`, init);
      expect(answer.status).toBe(200);
      return ((await answer.json()) as { product: { stock: number } }).product.stock;
    };

    expect(await stockOf()).toBe(3);
    expect(await stockOf()).toBe(3);
    expect(routed).toBe(1);
    // A browser that takes brotli gets the answer compressed, once: kept as brotli, the same product.
    for (let i = 0; i < 2; i += 1) {
      const answer = await fetch(`${base}/api/products/${product.id}`, { headers: { 'accept-encoding': 'br' } });
      expect(answer.headers.get('content-encoding')).toBe('br');
      expect(answer.headers.get('vary')).toMatch(/accept-encoding/i);
      expect(((await answer.json()) as { product: { stock: number } }).product.stock).toBe(3);
    }
    expect(routed).toBe(2);

    // The last units sold (another instance, the admin): the next visitor sees it within the change feed's check.
    await database.db.update(products).set({ stock: 0 });
    const started = Date.now();
    let stock = await stockOf();
    while (stock !== 0 && Date.now() - started < 2_000) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      stock = await stockOf();
    }
    expect(stock).toBe(0);
  });
});
