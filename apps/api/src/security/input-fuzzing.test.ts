import { errorBodySchema, errorCodes } from '@bilum/shared';
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { testConfig } from '../config';
import { type SignedIn, signedInAdmin, signedInShopper } from '../test/accounts';
import {
  type CheckoutTestContext,
  createCheckoutTestApp,
  deliveryContact,
  orderBody,
  placeOrder,
} from '../test/checkout';
import { createProduct } from '../test/factories';
import { type RouteEntry, routeName, routeTable } from '../test/route-table';

/**
 * Random and hostile input to every route of the server, as a guest, a shopper and an administrator: the
 * answer is never a 5xx, and every error is the one shape of the error handler (plugins/error-handler.ts).
 * FUZZ_RUNS raises the number of random requests per route and caller (default 10, plus the fixed hostile ones).
 */
const runsPerRoute = Number(process.env.FUZZ_RUNS ?? 10);

/** The error body, exactly: no other keys, and a code of the shop's list. */
const strictErrorBody = z
  .object({ error: errorBodySchema.shape.error.extend({ code: z.enum(errorCodes) }).strict() })
  .strict();

/** 64-bit numbers (issue 16): past JavaScript's safe integers and past PostgreSQL's bigint, as JSON numbers. */
const bigNumbers = [1e20, -1e20, 2 ** 53, 2 ** 53 + 2, 2 ** 63, -(2 ** 63), 2 ** 64, 1e21];
/** The same as text, exactly as written (a JSON number literal or a string), so nothing rounds them first. */
const bigNumberTexts = [
  '1e20',
  '9007199254740992',
  '9007199254740993',
  '9223372036854775807',
  '9223372036854775808',
  '-9223372036854775808',
  '-9223372036854775809',
  '18446744073709551616',
  '99999999999999999999',
  '1e21',
];

const hostileStrings = [
  ...bigNumberTexts,
  "' OR '1'='1' --",
  '1; DROP TABLE users; --',
  '1 UNION SELECT password_hash FROM users',
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '"><svg onload=alert(1)>',
  '__proto__',
  'constructor',
  'prototype',
  '\u0000',
  '\u202e\u200b\ufeff',
  '😀🇵🇬',
  'ŝţřïñğ ƒǿř ʉñïčǿđě',
  '../../../../etc/passwd',
  '%00%2e%2e%2f',
  '${7*7}{{7*7}}',
  '9'.repeat(400),
  '-1',
  '0',
  '1e309',
  '-0',
  'NaN',
  'Infinity',
  '0x7fffffff',
  '2147483648',
  '9007199254740993',
  ' ',
  '',
  'null',
  'true',
  '[]',
  '{}',
  'x'.repeat(10_000),
];

const hostileString = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...hostileStrings) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }) },
);

const hostileNumber = fc.oneof(
  fc.constantFrom(0, -1, 1.5, -0, 2_147_483_647, 2_147_483_648, Number.MAX_SAFE_INTEGER, 1e308, -1e308),
  fc.constantFrom(...bigNumbers),
  fc.integer(),
  fc.double(),
);

/** Path parameters: numbers of every size and sign, and hostile text. */
const hostileId = fc.oneof(
  hostileNumber.map(String),
  fc.bigInt({ min: -(10n ** 40n), max: 10n ** 40n }).map(String),
  hostileString,
);

/** The field names the shop's schemas use, so random bodies reach past the first check now and then. */
const fieldNames = [
  'productId',
  'quantity',
  'items',
  'cartItemIds',
  'source',
  'type',
  'contact',
  'idempotencyKey',
  'email',
  'password',
  'username',
  'fullName',
  'firstName',
  'lastName',
  'phone',
  'countryCode',
  'address',
  'city',
  'state',
  'postcode',
  'pickup',
  'card',
  'number',
  'expMonth',
  'expYear',
  'cvc',
  'cardholderName',
  'termsAccepted',
  'name',
  'description',
  'price',
  'originalPrice',
  'category',
  'condition',
  'status',
  'stock',
  'image',
  'galleryImages',
  'code',
  'token',
  'trackingCode',
  'orderId',
  'decision',
  'userId',
  'role',
  'isAdmin',
  '__proto__',
  'constructor',
  'prototype',
];

const hostileValue: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    hostileString,
    hostileNumber,
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(fc.constantFrom(...fieldNames), tie('value'), { maxKeys: 5 }),
  ),
})).value;

/** A body as the raw text sent with Content-Type: application/json. */
const hostileBody: fc.Arbitrary<string> = fc.oneof(
  // Objects with the shop's field names and hostile values (JSON.stringify keeps a "__proto__" key as data).
  fc.dictionary(fc.constantFrom(...fieldNames), hostileValue, { maxKeys: 8 }).map((body) => JSON.stringify(body)),
  fc.jsonValue({ maxDepth: 4 }).map((value) => JSON.stringify(value)),
  // Prototype pollution as the raw text a client would send.
  fc.constantFrom(
    '{"__proto__":{"role":"admin","isAdmin":true}}',
    '{"constructor":{"prototype":{"role":"admin"}}}',
    '{"items":[{"__proto__":{"productId":1}}]}',
  ),
  // 64-bit number literals where the shop's schemas take numbers, as sent (JSON.stringify would round them).
  fc
    .tuple(fc.constantFrom(...fieldNames), fc.constantFrom(...bigNumberTexts))
    .chain(([field, big]) =>
      fc.constantFrom(
        `{"${field}":${big}}`,
        `{"items":[{"productId":${big},"quantity":${big}}],"source":{"type":"items","items":[{"productId":1,"quantity":${big}}]}}`,
        `{"productId":${big},"quantity":1,"orderId":${big},"price":${big},"stock":${big},"deliveryDays":${big}}`,
      ),
    ),
  // Deep nesting, broken JSON and empty bodies.
  fc.integer({ min: 100, max: 5_000 }).map((depth) => `${'['.repeat(depth)}${']'.repeat(depth)}`),
  fc.integer({ min: 100, max: 5_000 }).map((depth) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`),
  fc.constantFrom('{', '{"a":}', 'nul', '"\\ud800"', '1e99999', '\u0000', '[1,]', ''),
);

const hostileQuery = fc.dictionary(
  fc.oneof(fc.constantFrom('q', 'category', 'page', 'limit', 'sort', 'search', 'min', 'max', 'id'), hostileString),
  fc.oneof(hostileString, fc.array(hostileString, { maxLength: 3 })),
  { maxKeys: 4 },
);

/** Text a client can put in a header on the wire (no control characters but tab, nothing beyond Latin-1). */
const headerSafe = (value: string) => /^[\t\x20-\x7e\x80-\xff]*$/.test(value);

const headerText = fc
  .oneof(
    fc.constantFrom(
      '1.2.3.4',
      '127.0.0.1',
      '::1',
      '10.0.0.1, 203.0.113.7',
      ' , ,, ',
      'unknown',
      '999.999.999.999',
      '1.2.3.4.5',
      '[::1]:80',
      'fe80::1%eth0',
      'evil.example',
      'evil.example:99999',
      'evil.example:-1',
      'shop.example.pg@evil.example',
      'for="_gazonk"',
      'for=192.0.2.60;proto=http;by=203.0.113.43',
      'for=unknown, for="[2001:db8:cafe::17]:4711"',
      'host=evil.example;proto=javascript',
      'javascript',
      `${'1.1.1.1, '.repeat(500)}2.2.2.2`,
      'a'.repeat(4000),
      ...bigNumberTexts,
    ),
    hostileString,
  )
  .filter(headerSafe);

/** Forged proxy and Host headers (issue 16): each request may name its own address, host and scheme. */
const hostileHeaders = fc.record(
  {
    'x-forwarded-for': headerText,
    forwarded: headerText,
    'x-real-ip': headerText,
    host: headerText,
    'x-forwarded-host': headerText,
    'x-forwarded-proto': headerText,
  },
  { requiredKeys: [] },
);

let ctx: CheckoutTestContext;
let routes: RouteEntry[];
let productId: number;
let shopper: SignedIn;
let admin: SignedIn;
const unhandled: unknown[] = [];
const onUnhandled = (reason: unknown) => unhandled.push(reason);

beforeAll(async () => {
  process.on('unhandledRejection', onUnhandled);
  // app.inject comes from 127.0.0.1: trusting it as a proxy makes the forged proxy headers count, so their parsing
  // is fuzzed too (with no proxy trusted they are not read at all).
  const base = testConfig();
  ctx = await createCheckoutTestApp({
    config: { env: 'production', deployment: { ...base.deployment, trustedProxies: ['127.0.0.1'] } },
  });
  routes = routeTable(ctx.app);
  [shopper, admin] = await Promise.all([signedInShopper(ctx), signedInAdmin(ctx)]);
  for (let i = 0; i < 3; i++) productId = (await createProduct(ctx.db, { stock: 1_000 })).id;
});
afterAll(async () => {
  process.off('unhandledRejection', onUnhandled);
  await ctx.close();
});

function send(
  route: RouteEntry,
  input: {
    id: string;
    body: string;
    query: Record<string, string | string[]>;
    headers: Partial<Record<string, string>>;
  },
  cookie?: string,
) {
  const withBody = !['GET', 'HEAD'].includes(route.method);
  const url = route.url.replace(/:[^/]+/g, encodeURIComponent(input.id)).replace(/\*/g, encodeURIComponent(input.id));
  return ctx.app.inject({
    method: route.method,
    url,
    query: input.query,
    headers: {
      ...input.headers,
      ...(cookie ? { cookie } : {}),
      ...(withBody ? { 'content-type': 'application/json' } : {}),
    },
    ...(withBody ? { payload: input.body } : {}),
  });
}

/** Never a 5xx; every error answer is the one error shape. */
function checkAnswer(route: RouteEntry, response: LightMyRequestResponse, sent: unknown) {
  const where = `${routeName(route)} ${JSON.stringify(sent).slice(0, 300)} → ${response.statusCode} ${response.body.slice(0, 300)}`;
  expect(response.statusCode, where).toBeLessThan(500);
  if (response.statusCode >= 400 && route.method !== 'HEAD') {
    expect(String(response.headers['content-type']), where).toMatch(/^application\/json/);
    expect(strictErrorBody.safeParse(response.json()).success, where).toBe(true);
  }
}

const callers = [
  { name: 'a guest', cookie: () => undefined },
  { name: 'a shopper', cookie: () => shopper.cookie },
  { name: 'an administrator', cookie: () => admin.cookie },
];

describe('random and hostile input to every route', () => {
  for (const caller of callers) {
    it(`never answers 5xx or another error shape, for ${caller.name}`, { timeout: 120_000 }, async () => {
      // Signing out would end the caller's session and turn the rest of the run into 401s.
      const targets = routes.filter((route) => !(caller.cookie() && route.url === '/api/auth/logout'));
      expect(targets.length).toBeGreaterThan(60);
      for (const route of targets) {
        await fc.assert(
          fc.asyncProperty(
            fc.record({ id: hostileId, body: hostileBody, query: hostileQuery, headers: hostileHeaders }),
            async (input) => {
              checkAnswer(route, await send(route, input, caller.cookie()), input);
            },
          ),
          {
            numRuns: runsPerRoute,
            examples: [
              [{ id: '99999999999999999999999', body: '{"__proto__":{"role":"admin"}}', query: {}, headers: {} }],
              [
                {
                  id: "1' OR '1'='1",
                  body: `${'['.repeat(4000)}${']'.repeat(4000)}`,
                  query: { q: "' OR 1=1 --" },
                  headers: {},
                },
              ],
              [{ id: '-1', body: '{', query: { ['__proto__']: 'x', constructor: ['a', 'b'] }, headers: {} }],
              [
                {
                  id: '9223372036854775808',
                  body: '{"productId":9223372036854775808,"quantity":1e20,"orderId":-9223372036854775808}',
                  query: { id: '1e20', q: '9223372036854775808' },
                  headers: {
                    'x-forwarded-for': '1e20, 9223372036854775808',
                    forwarded: 'for=evil.example;host=evil.example;proto=javascript',
                    host: 'evil.example:99999',
                    'x-forwarded-host': 'evil.example',
                    'x-forwarded-proto': 'javascript',
                  },
                },
              ],
            ],
          },
        );
      }
    });
  }

  /** Bodies that pass every check but one text field, which carries hostile text, so the handlers run with it. */
  const templates: Array<{
    route: RouteEntry;
    caller: () => string | undefined;
    body: () => Record<string, unknown>;
    /** The address, when the route's has an id in it. */
    url?: () => string;
  }> = [
    {
      route: { method: 'POST', url: '/api/auth/register' },
      caller: () => undefined,
      body: () => ({ fullName: 'Kila Amini', email: 'fuzz@example.pg', countryCode: '+675', phone: '71234567' }),
    },
    {
      route: { method: 'POST', url: '/api/orders/track' },
      caller: () => undefined,
      body: () => ({ email: 'kila@example.pg', orderId: '1', trackingCode: 'BLM-AAAA-BBBB-CCCC-DDDD' }),
    },
    {
      route: { method: 'POST', url: '/api/orders' },
      caller: () => undefined,
      // Issue 30: the discount code is fuzzed too (absent in the plain body, which must pass).
      body: () => ({
        ...orderBody({ type: 'items', items: [{ productId }] }),
        ...deliveryContact,
        discountCode: undefined,
      }),
    },
    {
      // Issue 30: a code a shopper types into checkout's quote (an unknown one is refused in the answer, not 400).
      route: { method: 'POST', url: '/api/checkout/quote' },
      caller: () => undefined,
      body: () => ({ source: { type: 'items', items: [{ productId, quantity: 1 }] }, discountCode: 'NO-SUCH-CODE' }),
    },
    {
      route: { method: 'PUT', url: '/api/contact-details' },
      caller: () => shopper.cookie,
      body: () => deliveryContact,
    },
    {
      route: { method: 'POST', url: '/api/admin/products' },
      caller: () => admin.cookie,
      body: () => ({
        name: 'Kettle',
        description: 'A kettle for the fuzzing.',
        price: 100,
        category: 'accessories',
        stock: 3,
        image: '/images/products/kettle.svg',
      }),
    },
    {
      // Issue 30: a restock's reason and note.
      route: { method: 'POST', url: '/api/admin/products/:id/restock' },
      caller: () => admin.cookie,
      url: () => `/api/admin/products/${productId}/restock`,
      body: () => ({ quantity: 1, reason: 'supplier-delivery', note: 'Invoice 42 from Brian Bell' }),
    },
    {
      // Issue 30: a discount code's word, kind and limits.
      route: { method: 'POST', url: '/api/admin/discount-codes' },
      caller: () => admin.cookie,
      body: () => ({ code: 'FUZZ-10', kind: 'percent', value: 10, categories: ['phones'] }),
    },
  ];

  it('never answers 5xx to a body that is valid but for one field of hostile text', { timeout: 120_000 }, async () => {
    for (const { route, caller, body, url } of templates) {
      const address = url?.() ?? route.url;
      // The template itself passes validation, so the hostile field is what the handler meets.
      const plain = await ctx.app.inject({
        method: route.method,
        url: address,
        headers: caller() ? { cookie: caller() } : {},
        payload: { ...body(), password: 'correct-horse-battery', contact: deliveryContact },
      });
      expect(plain.statusCode, `${routeName(route)}: ${plain.body}`).not.toBe(400);
      const keys = [...Object.keys(body()), 'image', 'password', 'contact'];
      await fc.assert(
        fc.asyncProperty(fc.constantFrom(...keys), hostileString, async (key, text) => {
          // The order's contact is nested: put the text there too.
          const sent = { ...body(), [key]: text, contact: { ...deliveryContact, [key]: text } };
          const response = await ctx.app.inject({
            method: route.method,
            url: address,
            headers: caller() ? { cookie: caller() } : {},
            payload: sent,
          });
          checkAnswer(route, response, sent);
        }),
        { numRuns: runsPerRoute * 2, examples: keys.map((key) => [key, 'a\u0000b']) },
      );
    }
  });

  /**
   * Requests that pass every check but one number, which is 64 bits wide (issue 16): in a body (as a JSON number
   * literal and as text), in a path id and in a query, so the handlers and the database meet it.
   */
  const numberTemplates: Array<{
    route: RouteEntry;
    caller: () => string | undefined;
    url?: (big: string) => string;
    body?: (big: string) => string;
  }> = [
    {
      route: { method: 'POST', url: '/api/cart/items' },
      caller: () => shopper.cookie,
      body: (n) => `{"productId":${n}}`,
    },
    {
      route: { method: 'POST', url: '/api/cart/items' },
      caller: () => shopper.cookie,
      body: (n) => `{"productId":${productId},"quantity":${n}}`,
    },
    {
      route: { method: 'PATCH', url: '/api/cart/items/:id' },
      caller: () => shopper.cookie,
      url: (n) => `/api/cart/items/${n}`,
      body: (n) => `{"quantity":${n},"reason":"other"}`,
    },
    {
      route: { method: 'POST', url: '/api/saved-products' },
      caller: () => shopper.cookie,
      body: (n) => `{"productId":${n}}`,
    },
    {
      route: { method: 'DELETE', url: '/api/saved-products/:productId' },
      caller: () => shopper.cookie,
      url: (n) => `/api/saved-products/${n}`,
    },
    { route: { method: 'GET', url: '/api/products/:id' }, caller: () => undefined, url: (n) => `/api/products/${n}` },
    { route: { method: 'GET', url: '/api/images/:id' }, caller: () => undefined, url: (n) => `/api/images/${n}` },
    {
      route: { method: 'GET', url: '/api/products' },
      caller: () => undefined,
      url: (n) => `/api/products?q=${n}&price=${n}&category=${n}`,
    },
    {
      route: { method: 'POST', url: '/api/orders/track' },
      caller: () => undefined,
      body: (n) => `{"email":"kila@example.pg","orderId":${n}}`,
    },
    {
      route: { method: 'GET', url: '/api/orders/:id/confirmation' },
      caller: () => shopper.cookie,
      url: (n) => `/api/orders/${n}/confirmation`,
    },
    {
      route: { method: 'POST', url: '/api/orders/:id/payment/refresh' },
      caller: () => shopper.cookie,
      url: (n) => `/api/orders/${n}/payment/refresh`,
      body: () => '{}',
    },
    {
      route: { method: 'PUT', url: '/api/admin/products/:id' },
      caller: () => admin.cookie,
      url: (n) => `/api/admin/products/${n}`,
      body: (n) =>
        `{"name":"Kettle","description":"A kettle.","price":${n},"category":"accessories","stock":${n},"image":"/images/products/kettle.svg"}`,
    },
    {
      route: { method: 'POST', url: '/api/admin/products' },
      caller: () => admin.cookie,
      body: (n) =>
        `{"name":"Kettle","description":"A kettle.","price":${n},"originalPrice":${n},"category":"accessories","stock":${n},"image":"/images/products/kettle.svg"}`,
    },
    {
      route: { method: 'POST', url: '/api/admin/products/:id/restock' },
      caller: () => admin.cookie,
      url: (n) => `/api/admin/products/${n}/restock`,
      body: (n) => `{"quantity":${n},"reason":"other"}`,
    },
    {
      route: { method: 'GET', url: '/api/admin/products/:id/stock-movements' },
      caller: () => admin.cookie,
      url: (n) => `/api/admin/products/${n}/stock-movements?limit=${n}&before=${n}`,
    },
    {
      route: { method: 'PATCH', url: '/api/admin/orders/:id' },
      caller: () => admin.cookie,
      url: (n) => `/api/admin/orders/${n}`,
      body: () => '{"status":"dispatched"}',
    },
    {
      route: { method: 'POST', url: '/api/orders' },
      caller: () => undefined,
      body: (n) =>
        JSON.stringify(orderBody({ type: 'items', items: [{ productId, quantity: 1 }] })).replace(
          '"quantity":1',
          `"quantity":${n}`,
        ),
    },
    {
      route: { method: 'POST', url: '/api/orders' },
      caller: () => shopper.cookie,
      body: (n) =>
        JSON.stringify(orderBody({ type: 'items', items: [{ productId: 1, quantity: 1 }] })).replace(
          '"productId":1',
          `"productId":${n}`,
        ),
    },
    {
      route: { method: 'PUT', url: '/api/admin/settings' },
      caller: () => admin.cookie,
      body: (n) => `{"contactEmail":"shop@example.pg","phone":"+675 7123 4567","address":"Boroko","deliveryDays":${n}}`,
    },
    {
      // Issue 30: a product's options and variants (the id in the path, a variant's id, prices and units).
      route: { method: 'PUT', url: '/api/admin/products/:id/variants' },
      caller: () => admin.cookie,
      url: (n) => `/api/admin/products/${n}/variants`,
      body: (n) =>
        `{"options":[{"name":"Size","values":["S"]}],"variants":[{"id":${n},"values":["S"],"price":${n},` +
        `"originalPrice":${n},"stock":${n},"stockShown":${n},"lowStockThreshold":${n}}]}`,
    },
    {
      route: { method: 'PUT', url: '/api/admin/products/:id/variants' },
      caller: () => admin.cookie,
      url: () => `/api/admin/products/${productId}/variants`,
      body: (n) => `{"variants":[{"id":${n},"values":[],"price":100,"stock":${n},"stockShown":${n}}]}`,
    },
  ];

  it('never answers 5xx to 64-bit numbers in bodies, ids and queries', { timeout: 120_000 }, async () => {
    const bigs = [...bigNumberTexts, ...bigNumbers.map((big) => JSON.stringify(big))];
    for (const template of numberTemplates) {
      for (const big of bigs) {
        // As a number literal and as a string: `"1e20"` reaches the schemas that coerce.
        for (const written of [big, JSON.stringify(big)]) {
          const cookie = template.caller();
          const withBody = template.body !== undefined;
          const response = await ctx.app.inject({
            method: template.route.method,
            url: template.url ? template.url(encodeURIComponent(big)) : template.route.url,
            headers: {
              ...(cookie ? { cookie } : {}),
              ...(withBody ? { 'content-type': 'application/json' } : {}),
            },
            ...(withBody ? { payload: template.body?.(written) } : {}),
          });
          checkAnswer(template.route, response, { big: written });
        }
      }
    }
  });

  it('never answers 5xx to a signed webhook whose order id is 64 bits wide', async () => {
    const placed = await placeOrder(ctx, orderBody({ type: 'items', items: [{ productId, quantity: 1 }] }));
    const intent = await ctx.simulator.retrieveIntent(placed.payment.intentId);
    const route: RouteEntry = { method: 'POST', url: '/api/payments/webhook' };
    for (const orderId of [...bigNumberTexts, ...bigNumbers.map(String)]) {
      const signed = ctx.simulator.signEvent({
        id: `evt_fuzz_${orderId}`,
        type: 'payment_intent.succeeded',
        intent: { ...intent, metadata: { ...intent.metadata, orderId } },
      });
      const response = await ctx.app.inject({
        method: 'POST',
        url: route.url,
        headers: { 'content-type': 'application/json', 'stripe-signature': signed.signatureHeader },
        payload: signed.payload,
      });
      checkAnswer(route, response, { orderId });
    }
  });

  it('leaves the server serving, the sessions signed in, and no promise rejected unhandled', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    for (const account of [shopper, admin]) {
      const session = await ctx.app.inject({ method: 'GET', url: '/api/session', headers: { cookie: account.cookie } });
      expect(session.json().user?.id).toBe(account.user.id);
    }
    // No role was granted by a "__proto__" or "role" key in a body.
    const again = await ctx.app.inject({
      method: 'GET',
      url: '/api/admin/whoami',
      headers: { cookie: shopper.cookie },
    });
    expect(again.statusCode).toBe(403);
    expect(({} as Record<string, unknown>).role).toBeUndefined();
    expect(unhandled).toEqual([]);
  });
});
