import type { RouteEntry } from '../test/route-table';

/**
 * Who may call a route:
 * - `public`: anyone, signed in or not (the catalogue, sign-in, guest checkout, tracking with its secret);
 * - `shopper`: a signed-in account (a shopper, or an administrator shopping), only ever for itself;
 * - `admin`: an administrator only;
 * - `order-owner`: anyone may call, but only the order's owner gets past it: its shopper's session, or a
 *   guest order's checkout token (`x-checkout-token`); everyone else gets 404;
 * - `webhook`: the payment provider, proven by the signature of the raw body;
 * - `sign-in-step`: a staff member half-way through signing in (the right password, the second factor to come;
 *   issue 28), and for enrolment also a signed-in staff member; guests and shoppers are refused.
 */
export type Access = 'public' | 'shopper' | 'admin' | 'order-owner' | 'webhook' | 'sign-in-step';

/**
 * The access policy of every route of the server, by "METHOD /pattern" (a HEAD takes its GET's policy). A
 * route added without an entry here fails the access-control test (security/access-control.test.ts).
 */
export const routePolicies: Record<string, Access> = {
  // The OpenAPI document and its browsable UI.
  'GET /api/docs': 'public',
  'GET /api/docs/': 'public',
  'GET /api/docs/static/index.html': 'public',
  'GET /api/docs/static/swagger-initializer.js': 'public',
  'GET /api/docs/*': 'public',
  'GET /api/docs/json': 'public',
  'GET /api/docs/yaml': 'public',
  'GET /api/health': 'public',
  'GET /api/ready': 'public',
  // Catalogue, settings and the session.
  'GET /api/products': 'public',
  'GET /api/products/:id': 'public',
  'GET /api/categories': 'public',
  'GET /api/images/:id': 'public',
  'GET /api/images/:id/:file': 'public',
  // Search engines and link previews (issue 20).
  'GET /robots.txt': 'public',
  'GET /sitemap.xml': 'public',
  'GET /sitemaps/:file': 'public',
  'GET /api/share-images/products/:file': 'public',
  'GET /api/share-images/shop.png': 'public',
  'GET /api/settings': 'public',
  'GET /api/delivery/options': 'public',
  'GET /api/session': 'public',
  'POST /api/newsletter': 'public',
  // Accounts: signing in and resetting a password are for people who are not signed in.
  'POST /api/auth/register': 'public',
  'POST /api/auth/login': 'public',
  'POST /api/auth/logout': 'public',
  'POST /api/auth/admin-login': 'public',
  // The second step of a staff sign-in and enrolment (issue 28).
  'GET /api/auth/second-factor': 'sign-in-step',
  'POST /api/auth/second-factor': 'sign-in-step',
  'POST /api/auth/second-factor/setup': 'sign-in-step',
  'POST /api/auth/second-factor/confirm': 'sign-in-step',
  'POST /api/auth/forgot-password': 'public',
  'POST /api/auth/verify-code': 'public',
  'POST /api/auth/reset-password/code': 'public',
  'POST /api/auth/reset-password/token': 'public',
  // The signed-in shopper's own things.
  'GET /api/profile': 'shopper',
  'PUT /api/profile': 'shopper',
  'POST /api/profile/address/from-last-order': 'shopper',
  // The link e-mailed to a new address: its token is the proof, so it works without a session (issue 16).
  'POST /api/profile/confirm-email': 'public',
  'GET /api/contact-details': 'shopper',
  'PUT /api/contact-details': 'shopper',
  'GET /api/saved-products': 'shopper',
  'POST /api/saved-products': 'shopper',
  'DELETE /api/saved-products/:productId': 'shopper',
  'GET /api/cart': 'shopper',
  'DELETE /api/cart': 'shopper',
  'POST /api/cart/items': 'shopper',
  'PATCH /api/cart/items/:id': 'shopper',
  'DELETE /api/cart/items/:id': 'shopper',
  'POST /api/cart/merge': 'shopper',
  'GET /api/orders/mine': 'shopper',
  // The Premium product's price, the one source of every K200.50 shown (issue 18).
  'GET /api/membership/premium': 'public',
  'POST /api/membership/payment': 'shopper',
  'POST /api/membership/payment/:id/confirm': 'shopper',
  'POST /api/membership/payment/:id/refresh': 'shopper',
  // Issue 19: Premium by bank transfer (an order awaiting payment), and which ways to pay are on.
  'POST /api/membership/payment/bank-transfer': 'shopper',
  'GET /api/payment-methods': 'public',
  // Checkout: guests may buy; an order is then reached only by its owner.
  'POST /api/checkout/quote': 'public',
  'POST /api/orders': 'public',
  'POST /api/orders/track': 'public',
  'GET /api/orders/track': 'public',
  'POST /api/orders/:id/payment': 'order-owner',
  'POST /api/orders/:id/payment/refresh': 'order-owner',
  'GET /api/orders/:id/confirmation': 'order-owner',
  // Issue 28: the e-mail's single-use link (its 256-bit token is the proof; rate-limited per address).
  'POST /api/orders/:id/confirm-hold': 'public',
  // Tax invoices (issue 19): the owner's, or by the tracking code (the tracking's secret and rate limits).
  'GET /api/orders/:id/invoice': 'order-owner',
  'POST /api/orders/invoice': 'public',
  // Payments: the provider's browser config, its webhook, and the test-mode 3-D Secure page (the intent id is
  // random and unguessable; the page only exists with the simulator).
  'GET /api/payments/config': 'public',
  'POST /api/payments/webhook': 'webhook',
  'GET /api/payments/simulator/authenticate/:intentId': 'public',
  'POST /api/payments/simulator/authenticate/:intentId': 'public',
  // Administration.
  'GET /api/admin/whoami': 'admin',
  // Issue 19: payment settings, and payments staff record on an order.
  'GET /api/admin/settings/payments': 'admin',
  'PUT /api/admin/settings/payments': 'admin',
  'GET /api/admin/orders/:id/payments': 'admin',
  'POST /api/admin/orders/:id/payments': 'admin',
  'POST /api/admin/orders/:id/collected': 'admin',
  'GET /api/admin/products': 'admin',
  'POST /api/admin/products': 'admin',
  'PUT /api/admin/products/:id': 'admin',
  'DELETE /api/admin/products/:id': 'admin',
  'POST /api/admin/products/:id/restock': 'admin',
  'GET /api/admin/products/:id/stock-movements': 'admin',
  // A product's options and variants (issue 30, decision 042).
  'GET /api/admin/products/:id/variants': 'admin',
  'PUT /api/admin/products/:id/variants': 'admin',
  // The catalogue as a file (issue 18): export, and an import previewed before it is committed.
  'GET /api/admin/products/export': 'admin',
  // Categories the owner manages (issue 30).
  'GET /api/admin/categories': 'admin',
  'POST /api/admin/categories': 'admin',
  'PUT /api/admin/categories/order': 'admin',
  'PATCH /api/admin/categories/:id': 'admin',
  'PUT /api/admin/categories/:id/visibility': 'admin',
  'DELETE /api/admin/categories/:id': 'admin',
  // Discount codes (issue 30, decision 040), and how a code meets the member price.
  'GET /api/admin/discount-codes': 'admin',
  'POST /api/admin/discount-codes': 'admin',
  'PUT /api/admin/discount-codes/:id': 'admin',
  'PATCH /api/admin/discount-codes/:id': 'admin',
  'DELETE /api/admin/discount-codes/:id': 'admin',
  'GET /api/admin/settings/member-code-rule': 'admin',
  'PUT /api/admin/settings/member-code-rule': 'admin',
  'POST /api/admin/products/import/preview': 'admin',
  'POST /api/admin/products/import': 'admin',
  'GET /api/admin/members': 'admin',
  'GET /api/admin/orders': 'admin',
  'PATCH /api/admin/orders/:id': 'admin',
  // The back office (issue 21, decision 018).
  'GET /api/admin/orders/:id/notes': 'admin',
  'POST /api/admin/orders/:id/notes': 'admin',
  'GET /api/admin/orders/:id/refunds': 'admin',
  'POST /api/admin/orders/:id/refunds': 'admin',
  'GET /api/admin/customers': 'admin',
  'GET /api/admin/dashboard': 'admin',
  'GET /api/admin/exports/:kind': 'admin',
  'GET /api/admin/customers/orders': 'admin',
  'POST /api/admin/customers/:id/membership': 'admin',
  'GET /api/admin/settings/orders': 'admin',
  'PUT /api/admin/settings/orders': 'admin',
  'PUT /api/admin/settings': 'admin',
  'GET /api/admin/setup': 'admin',
  'GET /api/admin/orders/:id/invoice': 'admin',
  'GET /api/admin/orders/:id/packing-slip': 'admin',
  'GET /api/admin/settings/invoice': 'admin',
  'PUT /api/admin/settings/invoice': 'admin',
  'GET /api/admin/delivery-zones': 'admin',
  'PUT /api/admin/delivery-zones': 'admin',
  'GET /api/admin/pickup-points': 'admin',
  'POST /api/admin/pickup-points': 'admin',
  'PUT /api/admin/pickup-points/:id': 'admin',
  'DELETE /api/admin/pickup-points/:id': 'admin',
  'POST /api/admin/uploads': 'admin',
  'POST /api/admin/uploads/from-url': 'admin',
  // Staff accounts, API keys and the activity log (issue 21); an invitation link's token is its own proof.
  'GET /api/admin/staff': 'admin',
  'POST /api/admin/staff': 'admin',
  'PATCH /api/admin/staff/:id': 'admin',
  'POST /api/admin/me/password': 'admin',
  'GET /api/admin/me/second-factor': 'admin',
  'POST /api/admin/me/second-factor/recovery-codes': 'admin',
  'POST /api/admin/me/second-factor/disable': 'admin',
  'POST /api/admin/staff/:id/second-factor/reset': 'admin',
  'GET /api/admin/settings/security': 'admin',
  'PUT /api/admin/settings/security': 'admin',
  'GET /api/admin/api-keys': 'admin',
  'POST /api/admin/api-keys': 'admin',
  'DELETE /api/admin/api-keys/:id': 'admin',
  'GET /api/admin/activity': 'admin',
  'GET /api/admin/products/:id/activity': 'admin',
  'GET /api/admin/orders/:id/activity': 'admin',
  'POST /api/auth/staff-invite': 'public',
  'GET /api/admin/webhooks': 'admin',
  'POST /api/admin/webhooks': 'admin',
  'PATCH /api/admin/webhooks/:id': 'admin',
  'DELETE /api/admin/webhooks/:id': 'admin',
  'POST /api/admin/webhooks/:id/test': 'admin',
};

/**
 * Public GET routes whose answer is the same for every caller: no session, cookie or token changes it. Only their
 * answers may be cached (under the route's own Cache-Control, e.g. the catalogue's ETag or an image's year);
 * every other /api answer, and every error, is `no-store` (plugins/private-answers.ts). A HEAD follows its GET.
 */
export const sameForEveryone: ReadonlySet<string> = new Set([
  'GET /api/docs',
  'GET /api/docs/',
  'GET /api/docs/static/index.html',
  'GET /api/docs/static/swagger-initializer.js',
  'GET /api/docs/*',
  'GET /api/docs/json',
  'GET /api/docs/yaml',
  'GET /api/health',
  'GET /api/ready',
  'GET /api/products',
  'GET /api/products/:id',
  'GET /api/images/:id',
  'GET /api/images/:id/:file',
  'GET /robots.txt',
  'GET /sitemap.xml',
  'GET /sitemaps/:file',
  'GET /api/share-images/products/:file',
  'GET /api/share-images/shop.png',
  'GET /api/settings',
  'GET /api/categories',
  'GET /api/membership/premium',
  'GET /api/payments/config',
]);

/** Routes whose body is not JSON, with the one content type each takes (from the shop's own origin only). */
export const nonJsonBodies: Record<string, string> = {
  'POST /api/admin/uploads': 'multipart/form-data',
  'POST /api/payments/simulator/authenticate/:intentId': 'application/x-www-form-urlencoded',
};

/** The policy key of a route: a HEAD is answered by its GET handler. */
export const policyKey = (route: Pick<RouteEntry, 'url'> & { method: string }) =>
  `${route.method === 'HEAD' ? 'GET' : route.method} ${route.url}`;

export const stateChanging = (route: RouteEntry) => ['POST', 'PUT', 'PATCH', 'DELETE'].includes(route.method);
