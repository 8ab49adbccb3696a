import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInShopper } from '../../test/accounts';
import { concrete, type RouteEntry, routeTable } from '../../test/route-table';
import { createTestApp, type TestContext } from '../../test/test-app';

let ctx: TestContext;
let adminRoutes: RouteEntry[];
beforeAll(async () => {
  ctx = await createTestApp();
  adminRoutes = routeTable(ctx.app).filter((route) => route.url.startsWith('/api/admin'));
});
afterAll(() => ctx.close());

function call(route: RouteEntry, cookie?: string) {
  const withBody = !['GET', 'HEAD', 'DELETE', 'OPTIONS'].includes(route.method);
  return ctx.app.inject({
    method: route.method,
    url: concrete(route.url),
    headers: cookie ? { cookie } : {},
    // A body that fails every schema: an admin route must refuse before it validates anything.
    ...(withBody ? { payload: {} } : {}),
  });
}

describe('the route table under /api/admin', () => {
  it('is read from the server itself and holds the admin routes of the shop', () => {
    const listed = adminRoutes.map((route) => `${route.method} ${route.url}`);
    expect(listed).toEqual(
      expect.arrayContaining([
        'GET /api/admin/whoami',
        'GET /api/admin/products',
        'HEAD /api/admin/products',
        'POST /api/admin/products',
        'PUT /api/admin/products/:id',
        'DELETE /api/admin/products/:id',
        'POST /api/admin/products/:id/restock',
        'GET /api/admin/products/:id/stock-movements',
        'GET /api/admin/members',
        'GET /api/admin/orders',
        'PATCH /api/admin/orders/:id',
        'PUT /api/admin/settings',
        'POST /api/admin/uploads',
      ]),
    );
    for (const route of adminRoutes) expect(ctx.app.hasRoute(route), `${route.method} ${route.url}`).toBe(true);
  });

  it('refuses every route and method without a session (401)', async () => {
    for (const route of adminRoutes) {
      const response = await call(route);
      expect(response.statusCode, `${route.method} ${route.url}`).toBe(401);
    }
  });

  it('refuses every route and method for a signed-in shopper (403)', async () => {
    const shopper = await signedInShopper(ctx);
    for (const route of adminRoutes) {
      const response = await call(route, shopper.cookie);
      expect(response.statusCode, `${route.method} ${route.url}`).toBe(403);
    }
  });
});

describe('the OpenAPI document', () => {
  it('describes the admin routes and the image route', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const paths = response.json().paths as Record<string, Record<string, { requestBody?: unknown }>>;
    expect(Object.keys(paths)).toEqual(
      expect.arrayContaining([
        '/api/admin/products',
        '/api/admin/products/{id}',
        '/api/admin/products/{id}/restock',
        '/api/admin/products/{id}/stock-movements',
        '/api/admin/members',
        '/api/admin/orders',
        '/api/admin/orders/{id}',
        '/api/admin/settings',
        '/api/admin/uploads',
        '/api/images/{id}',
      ]),
    );
    expect(paths['/api/admin/products']?.post?.requestBody).toBeDefined();
  });
});
