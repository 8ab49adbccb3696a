import {
  type ApiKeyAction,
  apiKeyAllows,
  type ApiKeyScope,
  apiKeyScopes,
  type Permission,
  rolePermissions,
  type StaffRole,
  staffRoles,
} from '@bilum/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInShopper } from '../../test/accounts';
import { createApiKey, signedInStaff } from '../../test/staff';
import { createTestApp, type TestContext } from '../../test/test-app';

/**
 * What every /api/admin operation needs (issue 21, decision 016). A route added without the right permission, or
 * not added here, fails this file: add one line per new operation. 'owner' = no permission declared (owner
 * only), 'any-staff' = every staff role (their own account), [permission, action] = a write an API key scope may
 * reach (config.apiAction).
 */
const expectedPermissions: Record<string, Permission | 'owner' | 'any-staff' | [Permission, ApiKeyAction]> = {
  'GET /api/admin/whoami': 'any-staff',
  'POST /api/admin/me/password': 'any-staff',
  // The second factor (issue 28): one's own, and the owner's reset and rule.
  'GET /api/admin/me/second-factor': 'any-staff',
  'POST /api/admin/me/second-factor/recovery-codes': 'any-staff',
  'POST /api/admin/me/second-factor/disable': 'any-staff',
  'POST /api/admin/staff/{id}/second-factor/reset': 'staff',
  'GET /api/admin/settings/security': 'staff',
  'PUT /api/admin/settings/security': 'staff',
  // Catalogue, stock and prices.
  'GET /api/admin/products': 'catalog',
  'POST /api/admin/products': 'catalog',
  'PUT /api/admin/products/{id}': 'catalog',
  'DELETE /api/admin/products/{id}': 'catalog',
  'POST /api/admin/products/{id}/restock': ['catalog', 'stock'],
  'GET /api/admin/products/{id}/stock-movements': 'catalog',
  'GET /api/admin/products/{id}/variants': 'catalog',
  'PUT /api/admin/products/{id}/variants': 'catalog',
  'GET /api/admin/products/{id}/activity': 'catalog',
  'GET /api/admin/products/export': 'catalog',
  'POST /api/admin/products/import/preview': 'catalog',
  'POST /api/admin/products/import': 'catalog',
  'GET /api/admin/categories': 'catalog',
  'POST /api/admin/categories': 'catalog',
  'PUT /api/admin/categories/order': 'catalog',
  'PATCH /api/admin/categories/{id}': 'catalog',
  'PUT /api/admin/categories/{id}/visibility': 'catalog',
  'DELETE /api/admin/categories/{id}': 'catalog',
  'GET /api/admin/discount-codes': 'catalog',
  'POST /api/admin/discount-codes': 'catalog',
  'PUT /api/admin/discount-codes/{id}': 'catalog',
  'PATCH /api/admin/discount-codes/{id}': 'catalog',
  'DELETE /api/admin/discount-codes/{id}': 'catalog',
  'GET /api/admin/settings/member-code-rule': 'settings',
  'PUT /api/admin/settings/member-code-rule': 'settings',
  'POST /api/admin/uploads': 'catalog',
  'POST /api/admin/uploads/from-url': 'catalog',
  // Orders.
  'GET /api/admin/orders': 'orders.view',
  'PATCH /api/admin/orders/{id}': ['orders.fulfil', 'order-status'],
  'GET /api/admin/orders/{id}/activity': 'orders.view',
  // Payments recorded by staff, invoices and packing slips (issue 19).
  'GET /api/admin/orders/{id}/payments': 'orders.view',
  'POST /api/admin/orders/{id}/payments': 'orders.fulfil',
  'POST /api/admin/orders/{id}/collected': 'orders.fulfil',
  // The back office (issue 21, decision 018).
  'GET /api/admin/orders/{id}/notes': 'orders.fulfil',
  'POST /api/admin/orders/{id}/notes': 'orders.fulfil',
  'GET /api/admin/orders/{id}/refunds': 'orders.refund',
  'POST /api/admin/orders/{id}/refunds': 'orders.refund',
  'GET /api/admin/customers': 'members',
  'GET /api/admin/dashboard': 'reports',
  'GET /api/admin/exports/{kind}': 'reports',
  'GET /api/admin/customers/orders': 'members',
  'POST /api/admin/customers/{id}/membership': 'members',
  'GET /api/admin/settings/orders': 'settings',
  'PUT /api/admin/settings/orders': 'settings',
  'GET /api/admin/orders/{id}/invoice': 'orders.view',
  'GET /api/admin/orders/{id}/packing-slip': 'orders.view',
  // Settings sections (issue 19).
  'GET /api/admin/settings/payments': 'settings',
  'PUT /api/admin/settings/payments': 'settings',
  'GET /api/admin/settings/invoice': 'settings',
  'GET /api/admin/setup': 'settings',
  'PUT /api/admin/settings/invoice': 'settings',
  'GET /api/admin/delivery-zones': 'settings',
  'PUT /api/admin/delivery-zones': 'settings',
  'GET /api/admin/pickup-points': 'settings',
  'POST /api/admin/pickup-points': 'settings',
  'PUT /api/admin/pickup-points/{id}': 'settings',
  'DELETE /api/admin/pickup-points/{id}': 'settings',
  // Outgoing webhooks (issue 21).
  'GET /api/admin/webhooks': 'integrations',
  'POST /api/admin/webhooks': 'integrations',
  'PATCH /api/admin/webhooks/{id}': 'integrations',
  'DELETE /api/admin/webhooks/{id}': 'integrations',
  'POST /api/admin/webhooks/{id}/test': 'integrations',
  // Members, settings, staff, integrations, activity.
  'GET /api/admin/members': 'members',
  'PUT /api/admin/settings': 'settings',
  'GET /api/admin/staff': 'staff',
  'POST /api/admin/staff': 'staff',
  'PATCH /api/admin/staff/{id}': 'staff',
  'GET /api/admin/api-keys': 'integrations',
  'POST /api/admin/api-keys': 'integrations',
  'DELETE /api/admin/api-keys/{id}': 'integrations',
  'GET /api/admin/activity': 'activity',
};

interface Operation {
  method: string;
  path: string;
  name: string;
  documented: { permission: string; scopes: string[] };
}

let ctx: TestContext;
let operations: Operation[];
const cookies = {} as Record<StaffRole | 'shopper', string>;
const keys = {} as Record<ApiKeyScope, string>;

beforeAll(async () => {
  ctx = await createTestApp();
  for (const role of staffRoles) cookies[role] = (await signedInStaff(ctx, role)).cookie;
  cookies.shopper = (await signedInShopper(ctx)).cookie;
  for (const scope of apiKeyScopes) keys[scope] = (await createApiKey(ctx, cookies.owner, [scope], scope)).key;
  const document = (await ctx.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
    paths: Record<string, Record<string, { 'x-permission'?: string; 'x-api-key-scopes'?: string[] }>>;
  };
  operations = Object.entries(document.paths)
    .filter(([path]) => path.startsWith('/api/admin'))
    .flatMap(([path, methods]) =>
      Object.entries(methods)
        .filter(([method]) => ['get', 'post', 'put', 'patch', 'delete'].includes(method))
        .map(([method, operation]) => ({
          method: method.toUpperCase(),
          path,
          name: `${method.toUpperCase()} ${path}`,
          documented: {
            permission: operation['x-permission'] ?? '(none)',
            scopes: operation['x-api-key-scopes'] ?? [],
          },
        })),
    );
}, 120_000);
afterAll(() => ctx.close());

const permissionOf = (expected: (typeof expectedPermissions)[string]) =>
  Array.isArray(expected) ? expected[0] : expected;
const actionOf = (expected: (typeof expectedPermissions)[string]) =>
  Array.isArray(expected) ? expected[1] : undefined;

function roleMay(role: StaffRole, expected: (typeof expectedPermissions)[string]): boolean {
  const permission = permissionOf(expected);
  if (permission === 'any-staff') return true;
  if (permission === 'owner') return role === 'owner';
  return rolePermissions[role].includes(permission);
}

function keyMay(scope: ApiKeyScope, operation: Operation, expected: (typeof expectedPermissions)[string]): boolean {
  const permission = permissionOf(expected);
  if (permission === 'any-staff' || permission === 'owner') return false;
  return apiKeyAllows([scope], { permission, method: operation.method, action: actionOf(expected) });
}

function call(operation: Operation, headers: Record<string, string>) {
  const withBody = !['GET', 'DELETE'].includes(operation.method);
  return ctx.app.inject({
    method: operation.method as 'GET',
    // An id that does not exist: an allowed call is answered 400/404, and changes nothing.
    url: operation.path.replace(/\{[^}]+\}/g, '999999'),
    headers,
    // A body that fails every schema: the permission is checked before anything is validated.
    ...(withBody ? { payload: {} } : {}),
  });
}

describe('every /api/admin operation in the OpenAPI document', () => {
  it('has its expected permission listed here, and documents it (x-permission, x-api-key-scopes)', () => {
    const names = operations.map((operation) => operation.name);
    expect(
      names.filter((name) => !(name in expectedPermissions)),
      'operations missing from the table',
    ).toEqual([]);
    expect(
      Object.keys(expectedPermissions).filter((name) => !names.includes(name)),
      'gone from the API',
    ).toEqual([]);
    for (const operation of operations) {
      const expected = expectedPermissions[operation.name];
      if (!expected) continue;
      expect(operation.documented.permission, operation.name).toBe(permissionOf(expected));
      const scopes = apiKeyScopes.filter((scope) => keyMay(scope, operation, expected));
      expect(operation.documented.scopes, operation.name).toEqual(scopes);
    }
  });

  it.each(staffRoles)('is allowed or refused (403) for the %s role as the role says', async (role) => {
    const wrong: string[] = [];
    for (const operation of operations) {
      const expected = expectedPermissions[operation.name];
      if (!expected) continue;
      const response = await call(operation, { cookie: cookies[role] });
      const allowed = roleMay(role, expected);
      const ok = allowed ? ![401, 403].includes(response.statusCode) : response.statusCode === 403;
      if (!ok)
        wrong.push(`${operation.name}: ${response.statusCode} (${allowed ? 'should be allowed' : 'should be 403'})`);
    }
    expect(wrong).toEqual([]);
  });

  it('is refused for a shopper (403) and without a session (401)', async () => {
    for (const operation of operations) {
      expect((await call(operation, { cookie: cookies.shopper })).statusCode, operation.name).toBe(403);
      expect((await call(operation, {})).statusCode, operation.name).toBe(401);
    }
  });

  it.each(apiKeyScopes)('is reached by an API key with the %s scope exactly where the scope allows', async (scope) => {
    const wrong: string[] = [];
    for (const operation of operations) {
      const expected = expectedPermissions[operation.name];
      if (!expected) continue;
      const response = await call(operation, { authorization: `Bearer ${keys[scope]}` });
      const allowed = keyMay(scope, operation, expected);
      const ok = allowed ? ![401, 403].includes(response.statusCode) : response.statusCode === 403;
      if (!ok)
        wrong.push(`${operation.name}: ${response.statusCode} (${allowed ? 'should be allowed' : 'should be 403'})`);
    }
    expect(wrong).toEqual([]);
  });
});
