import type { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { isRateLimiter } from './rate-limit';
import { routePolicies } from '../security/route-policies';

/**
 * What makes the OpenAPI document complete (issue 21, decision 017) and clean under `spectral lint` with the
 * recommended ruleset (`spectral:oas`, checked by src/plugins/openapi.test.ts): every operation gets an
 * operationId, a description, its security and every error response it can answer in the one error body, derived
 * from the route itself (its policy in security/route-policies.ts, its parameters and body, its rate limiter),
 * so a route added later is documented the same way without anyone remembering to.
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

const errorDescriptions: Record<number, string> = {
  400: 'The input is not valid (VALIDATION, with the fields in `issues`)',
  401: 'Not signed in, or the API key is not valid (UNAUTHENTICATED)',
  402: 'The payment was refused (PAYMENT_FAILED)',
  403: 'Not allowed: the role, the API key’s scopes, or a request from another site (FORBIDDEN)',
  404: 'Not found, or not yours (NOT_FOUND)',
  409: 'In conflict with the current state: stale version, taken value, transition not allowed, sold out',
  413: 'The body is too large (PAYLOAD_TOO_LARGE)',
  415: 'The body is not JSON (UNSUPPORTED_MEDIA_TYPE)',
  429: 'Too many requests; try again later (RATE_LIMITED)',
  500: 'Something went wrong on the shop’s side (INTERNAL)',
  503: 'Could not be saved (a full disk, the database gone): nothing was kept; try again (UNAVAILABLE)',
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

/** The error statuses a route can answer, from what the route is (see the file's comment). */
export function errorStatusesFor(route: RouteLike, method: string, url: string, schema: Record<string, unknown>) {
  const policy = routePolicies[`${method} ${url}`];
  const writes = !['GET', 'HEAD', 'OPTIONS'].includes(method);
  const statuses = new Set<number>([500]);
  const hasInput = Boolean(schema.body || schema.querystring || schema.params || schema.headers);
  if (hasInput || writes || policy === 'webhook') statuses.add(400);
  if (policy === 'shopper' || policy === 'admin' || url.startsWith('/api/auth/')) statuses.add(401);
  // The role or scopes (admin), and the cross-site check on every state-changing request (plugins/cross-site.ts).
  if (policy === 'admin' || writes) statuses.add(403);
  if (schema.params || policy === 'order-owner') statuses.add(404);
  // Any write can meet the current state (a stale version, a unique value taken: the error handler's 409).
  if (writes) statuses.add(409);
  if (writes && schema.body) statuses.add(413).add(415);
  if (writes && /^\/api\/(orders|membership|checkout)/.test(url)) statuses.add(402);
  // Rate-limited routes, and every admin route (an API key has its own per-key limit).
  const limited = [...hooksOf(route.preHandler), ...hooksOf(route.onRequest)].some(isRateLimiter);
  if (limited || policy === 'admin') statuses.add(429);
  // Issue 27: placing an order that cannot be stored says so; nothing was kept (orders.service.ts findOrPlace).
  if (method === 'POST' && /^\/api\/(orders|membership\/payment\/bank-transfer)$/.test(url)) statuses.add(503);
  return [...statuses].sort((a, b) => a - b);
}

/**
 * OpenAPI 3.0 lets `nullable: true` beside an `enum` allow null only when the enum lists null itself (the 3.0.3
 * clarification), and zod's nullable enums came out without it: a strict validator refused the nulls the API
 * really answers (`staffRole` of /api/session, a membership's type; issue 30). Adds null to every such enum, at any
 * depth, in a copy.
 */
export function withNullInNullableEnums<T>(value: T): T {
  if (Array.isArray(value)) return value.map((item: unknown) => withNullInNullableEnums(item)) as T;
  if (value === null || typeof value !== 'object') return value;
  const copy: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) copy[key] = withNullInNullableEnums(item);
  if (copy.nullable === true && Array.isArray(copy.enum) && !copy.enum.includes(null)) copy.enum = [...copy.enum, null];
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
    // A route that declares no answer (a picture, a CSV file, the provider's webhook) still succeeds somehow.
    if (!Object.keys(response).some((status) => /^[23]/.test(status))) {
      response['200'] = { description: 'Success: the answer the summary describes (not JSON).' };
    }
    for (const status of errorStatusesFor(route, method, input.url, schema)) {
      response[String(status)] ??= {
        description: errorDescriptions[status],
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
