import { errorBodySchema, errorCodes } from '@bilum/shared';
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { type SignedIn, signedInAdmin, signedInShopper } from '../test/accounts';
import { type CheckoutTestContext, createCheckoutTestApp, deliveryContact, orderBody } from '../test/checkout';
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

const hostileStrings = [
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

let ctx: CheckoutTestContext;
let routes: RouteEntry[];
let productId: number;
let shopper: SignedIn;
let admin: SignedIn;
const unhandled: unknown[] = [];
const onUnhandled = (reason: unknown) => unhandled.push(reason);

beforeAll(async () => {
  process.on('unhandledRejection', onUnhandled);
  ctx = await createCheckoutTestApp();
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
  input: { id: string; body: string; query: Record<string, string | string[]> },
  cookie?: string,
) {
  const withBody = !['GET', 'HEAD'].includes(route.method);
  const url = route.url.replace(/:[^/]+/g, encodeURIComponent(input.id)).replace(/\*/g, encodeURIComponent(input.id));
  return ctx.app.inject({
    method: route.method,
    url,
    query: input.query,
    headers: {
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
          fc.asyncProperty(fc.record({ id: hostileId, body: hostileBody, query: hostileQuery }), async (input) => {
            checkAnswer(route, await send(route, input, caller.cookie()), input);
          }),
          {
            numRuns: runsPerRoute,
            examples: [
              [{ id: '99999999999999999999999', body: '{"__proto__":{"role":"admin"}}', query: {} }],
              [{ id: "1' OR '1'='1", body: `${'['.repeat(4000)}${']'.repeat(4000)}`, query: { q: "' OR 1=1 --" } }],
              [{ id: '-1', body: '{', query: { ['__proto__']: 'x', constructor: ['a', 'b'] } }],
            ],
          },
        );
      }
    });
  }

  /** Bodies that pass every check but one text field, which carries hostile text, so the handlers run with it. */
  const templates: Array<{ route: RouteEntry; caller: () => string | undefined; body: () => Record<string, unknown> }> =
    [
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
        body: () => ({ ...orderBody({ type: 'items', items: [{ productId }] }), ...deliveryContact }),
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
          image: '/images/products/kettle.svg',
        }),
      },
    ];

  it('never answers 5xx to a body that is valid but for one field of hostile text', { timeout: 120_000 }, async () => {
    for (const { route, caller, body } of templates) {
      // The template itself passes validation, so the hostile field is what the handler meets.
      const plain = await ctx.app.inject({
        method: route.method,
        url: route.url,
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
            url: route.url,
            headers: caller() ? { cookie: caller() } : {},
            payload: sent,
          });
          checkAnswer(route, response, sent);
        }),
        { numRuns: runsPerRoute * 2, examples: keys.map((key) => [key, 'a\u0000b']) },
      );
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
