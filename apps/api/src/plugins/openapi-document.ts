import type { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { isRateLimiter } from './rate-limit';
import { routePolicies } from '../security/route-policies';

/**
 * What makes the OpenAPI document complete (issue 21, decision 017) and clean under `spectral lint` with the
 * recommended ruleset (`spectral:oas`, checked by src/plugins/openapi.test.ts): every operation gets an
 * operationId, a description, its security and every error response it can answer in the one error body, derived
 * from the route itself (its policy in security/route-policies.ts, its parameters and body, its rate limiter),
 * so a route added later is documented the same way without anyone remembering to; what a service answers beyond
 * that is in `serviceAnswers`. The contract test (issue 30, decision 037) checks every answer of the API tests
 * against this document.
 */

/** Every tag an operation uses, described. A new tag must be added here (the spectral test fails otherwise). */
export const tagDescriptions: Record<string, string> = {
  catalog: 'Products, categories, pictures and search: the public catalogue.',
  accounts: 'Sign-up, sign-in (shopper and admin), sign-out, the session and password resets.',
  profile: 'The signed-in shopper’s own details, password and e-mail address.',
  cart: 'The signed-in shopper’s cart (a guest’s cart lives in the browser).',
  'saved list': 'Products a shopper saved for later.',
  checkout: 'Quotes, placing orders, paying for them and the confirmation page.',
  orders: 'Order history and tracking for the shopper or the guest who placed the order.',
  payments: 'The payment provider’s browser configuration and its signed webhook.',
  membership: 'Premium membership: its price, buying it and the member’s status.',
  newsletter: 'Newsletter sign-up.',
  settings: 'The shop’s public settings (contact details, delivery time).',
  delivery: 'Delivery zones, pickup points and the delivery options at checkout.',
  invoices: 'GST tax invoices and packing slips.',
  admin: 'The back office: catalogue, stock, orders, members and settings (staff with the route’s permission).',
  staff: 'Staff accounts, roles, API keys and the activity log.',
  integrations: 'Outgoing webhooks: endpoints, deliveries and test events (permission integrations).',
  reports: 'The dashboard and exports (permission reports).',
  customers: 'Customers and their orders (permission members).',
  seo: 'Search engines and link previews: sitemaps and share images.',
};

export const documentInfo = {
  title: 'Bilum shop API',
  description:
    'The API of the Bilum online shop. Money is in toea (1 kina = 100 toea). Every error answers ' +
    '`{ error: { code, message, issues?, details? } }` (ErrorBody).',
  version: '1.0.0',
  contact: { name: 'Bilum shop', url: 'https://bilum.example/contact-us' },
  license: { name: 'Proprietary', url: 'https://bilum.example/terms' },
};

export const documentServers = [{ url: '/', description: 'The shop that serves this document' }];

/** The one error body (packages/shared/src/errors.ts errorBodySchema). */
export const errorBodyComponent = {
  type: 'object' as const,
  required: ['error'],
  properties: {
    error: {
      type: 'object' as const,
      required: ['code', 'message'],
      properties: {
        code: {
          type: 'string' as const,
          description: 'VALIDATION, UNAUTHENTICATED, FORBIDDEN, NOT_FOUND, CONFLICT, OUT_OF_STOCK, RATE_LIMITED, …',
        },
        message: { type: 'string' as const, description: 'A sentence to show as it is.' },
        issues: {
          type: 'array' as const,
          description: 'Which fields are wrong (400).',
          items: {
            type: 'object' as const,
            required: ['path', 'message'],
            properties: { path: { type: 'string' as const }, message: { type: 'string' as const } },
          },
        },
        details: { type: 'object' as const, additionalProperties: true },
      },
    },
  },
};

const statusDescriptions: Record<number, string> = {
  304: 'Not modified: the If-None-Match header names the answer’s current ETag (no body)',
  400: 'The input is not valid (VALIDATION, with the fields in `issues`; also a NUL character anywhere in the address)',
  401: 'Not signed in, or the API key is not valid (UNAUTHENTICATED)',
  402: 'The payment provider refused the refund (PAYMENT_FAILED)',
  403: 'Not allowed: the role, the API key’s scopes, or a request from another site (FORBIDDEN)',
  404: 'Not found, or not yours (NOT_FOUND)',
  409: 'In conflict with the current state: stale version, taken value, transition not allowed, sold out',
  413: 'The body is too large (PAYLOAD_TOO_LARGE)',
  415: 'The body is not JSON (UNSUPPORTED_MEDIA_TYPE)',
  429: 'Too many requests; try again later (RATE_LIMITED)',
  500: 'Something went wrong on the shop’s side (INTERNAL)',
  503: 'Could not be done now (the picture pool busy; an order not stored: a full disk, the database gone): nothing was kept; try again (UNAVAILABLE)',
};

/**
 * What a route's service answers beyond what the route's kind implies (issue 30): a 404 for a record named in the
 * body or the query (a tracking code, a product in the cart), a 409 a read can meet (an invoice of an unpaid
 * order), a 402 (a refund the provider refuses), a 503 (a full picture pool, an order that could not be stored),
 * a 304 (the catalogue's ETag), a 401 (a wrong password; a quote of the signed-in cart). Read off the services'
 * `AppError`s; the contract test (decision 037) fails any status a test meets that is missing here or in
 * `answerStatusesFor`.
 */
export const serviceAnswers: Record<string, number[]> = {
  // The list's ETag (catalog.routes.ts).
  'GET /api/products': [304],
  // A wrong e-mail or password (auth.service.ts).
  'POST /api/auth/login': [401],
  'POST /api/auth/admin-login': [401],
  // No Premium product for sale.
  'GET /api/membership/premium': [404],
  // A product, a cart line or the Premium product that is not there; a signed-in cart's lines need a session.
  'POST /api/checkout/quote': [401, 404],
  'POST /api/orders': [401, 404, 503],
  'POST /api/cart/items': [404],
  'POST /api/saved-products': [404],
  // The account gone while its session was being read (profile.service.ts).
  'GET /api/profile': [404],
  'PUT /api/profile': [404],
  // An unknown tracking code or e-mail and order (orders.service.ts track).
  'POST /api/orders/track': [404],
  'GET /api/orders/track': [404],
  'POST /api/orders/invoice': [404],
  // No invoice until the order is paid (invoice.service.ts).
  'GET /api/orders/:id/invoice': [409],
  'GET /api/admin/orders/:id/invoice': [409],
  // The Premium product is not for sale (membership-purchase.service.ts).
  'POST /api/membership/payment': [404],
  'POST /api/membership/payment/bank-transfer': [404, 503],
  // Cancelling a paid order or refunding it: the provider can refuse the refund (order-refund.ts, refunds.service.ts).
  'PATCH /api/admin/orders/:id': [402],
  'POST /api/admin/orders/:id/refunds': [402],
  // Every decode goes through the picture pool: full, it answers 503 with Retry-After (decision 032).
  'GET /api/images/:id/:file': [503],
  'POST /api/admin/uploads': [503],
  'POST /api/admin/uploads/from-url': [503],
  'POST /api/admin/products': [503],
  'PUT /api/admin/products/:id': [503],
};

type Transform = typeof jsonSchemaTransform;
type RouteLike = Parameters<Transform>[0]['route'] & {
  preHandler?: unknown;
  onRequest?: unknown;
  config?: { acceptsNonJson?: boolean };
};

const hooksOf = (value: unknown): unknown[] => (Array.isArray(value) ? value : value ? [value] : []);

/** `GET /api/admin/orders/:id` -> `getAdminOrdersById`. */
export function operationIdFor(method: string, url: string): string {
  const words = url
    .replace(/^\/api\//, '/')
    .split('/')
    .filter(Boolean)
    .flatMap((segment) =>
      segment.startsWith(':') ? ['by', segment.slice(1)] : segment === '*' ? ['any'] : segment.split(/[^a-zA-Z0-9]+/),
    )
    .filter(Boolean);
  const camel = words.map((word) => word.charAt(0).toUpperCase() + word.slice(1)).join('');
  return `${method.toLowerCase()}${camel}`;
}

/**
 * Every status a route can answer besides its success, from what the route is (see the file's comment) and what
 * its service answers (serviceAnswers); each generic status below names the mechanism that answers it.
 */
export function answerStatusesFor(route: RouteLike, method: string, url: string, schema: Record<string, unknown>) {
  const policy = routePolicies[`${method} ${url}`];
  const writes = !['GET', 'HEAD', 'OPTIONS'].includes(method);
  // 500 anywhere; 400 anywhere too: the input guard refuses a NUL character in any address (plugins/input-guard.ts),
  // besides the route's own schemas and a body that is not valid JSON.
  const statuses = new Set<number>([400, 500]);
  // The session guards (plugins/auth.ts requireUser, requireAdmin; the second step's pending sign-in).
  if (policy === 'shopper' || policy === 'admin' || policy === 'sign-in-step') statuses.add(401);
  // The role or scopes (admin), and the cross-site check on every state-changing request (plugins/cross-site.ts).
  if (policy === 'admin' || writes) statuses.add(403);
  // A record named in the path, or an order that is not the caller's (answered as not found).
  if (schema.params || policy === 'order-owner') statuses.add(404);
  // Any write can meet the current state (a stale version, a unique value taken: the error handler's 409).
  if (writes) statuses.add(409);
  // Every state-changing request's body: the body limit, and JSON only (plugins/cross-site.ts).
  if (writes) statuses.add(413).add(415);
  // Rate-limited routes, and every admin route (an API key has its own per-key limit).
  const limited = [...hooksOf(route.preHandler), ...hooksOf(route.onRequest)].some(isRateLimiter);
  if (limited || policy === 'admin') statuses.add(429);
  for (const status of serviceAnswers[`${method} ${url}`] ?? []) statuses.add(status);
  return [...statuses].sort((a, b) => a - b);
}

/**
 * OpenAPI 3.0 lets `nullable: true` beside an `enum` allow null only when the enum lists null itself (the 3.0.3
 * clarification), and zod's nullable enums came out without it: a strict validator refused the nulls the API
 * really answers (`staffRole` of /api/session, a membership's type; issue 30). Adds null to every such enum, at any
 * depth, in a copy (and drops a `nullable` that has no type to add null to, below).
 */
export function withNullInNullableEnums<T>(value: T): T {
  if (Array.isArray(value)) return value.map((item: unknown) => withNullInNullableEnums(item)) as T;
  if (value === null || typeof value !== 'object') return value;
  const copy: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) copy[key] = withNullInNullableEnums(item);
  if (copy.nullable === true && Array.isArray(copy.enum) && !copy.enum.includes(null)) copy.enum = [...copy.enum, null];
  // `z.unknown().nullable()` comes out as `{ nullable: true }`: with no `type` it adds nothing (3.0.3), and strict
  // validators refuse to compile it (ajv: "nullable" cannot be used without "type"; the activity log's before and
  // after, issue 30). Any value, null included, is `{}`.
  const constrained = ['type', 'enum', '$ref', 'anyOf', 'oneOf', 'allOf', 'not'].some((key) => key in copy);
  if (copy.nullable === true && !constrained) delete copy.nullable;
  return copy as T;
}

/** Completes every operation (see the file's comment); what a route declares itself is kept. */
export function withOperationDocs(transform: Transform): Transform {
  return (input) => {
    const result = transform(input);
    const route = input.route as RouteLike;
    const method = (Array.isArray(route.method) ? String(route.method[0]) : String(route.method)).toUpperCase();
    // A route registered without a schema (a test's own route, a plugin's) has none: document it all the same.
    const schema = withNullInNullableEnums(result.schema ?? {}) as Record<string, unknown> & {
      summary?: string;
      description?: string;
      operationId?: string;
      response?: Record<string, unknown>;
      security?: unknown;
    };
    const response: Record<string, unknown> = { ...schema.response };
    // A route that declares no answer sends a file (a picture, a CSV file): its media types are the route's
    // `produces` (without them @fastify/swagger would call it JSON; the contract test checks them, decision 037).
    if (!Object.keys(response).some((status) => /^[23]/.test(status))) {
      response['200'] = {
        description: 'Success: the file the summary describes.',
        type: 'string',
        format: 'binary',
      };
    }
    for (const status of answerStatusesFor(route, method, input.url, schema)) {
      response[String(status)] ??=
        status < 400
          ? // No body: `type: 'null'` is how @fastify/swagger leaves a response without content.
            { description: statusDescriptions[status], type: 'null' }
          : {
              description: statusDescriptions[status],
              content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorBody' } } },
            };
    }
    const policy = routePolicies[`${method} ${input.url}`];
    const security =
      schema.security ??
      (policy === 'shopper' || policy === 'order-owner' || policy === 'sign-in-step'
        ? [{ sessionCookie: [] }]
        : undefined);
    return {
      ...result,
      schema: {
        ...schema,
        operationId: schema.operationId ?? operationIdFor(method, input.url),
        description: schema.description ?? schema.summary ?? operationIdFor(method, input.url),
        response,
        ...(security ? { security } : {}),
      },
    } as ReturnType<Transform>;
  };
}
