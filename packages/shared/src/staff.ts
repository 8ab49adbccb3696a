/**
 * Staff roles and admin permissions (issue 21, decision 016). Every /api/admin route declares one permission in
 * its Fastify options (`config: { permission }`); a route without one is owner-only. The server checks it on every
 * request (apps/api/src/modules/admin/admin-guard.ts); the admin pages show only what the role may do.
 */
export const permissions = [
  'catalog',
  'orders.view',
  'orders.fulfil',
  'orders.refund',
  'members',
  'reports',
  'settings',
  'staff',
  'integrations',
  'activity',
] as const;
export type Permission = (typeof permissions)[number];

export const staffRoles = ['owner', 'manager', 'staff'] as const;
export type StaffRole = (typeof staffRoles)[number];

export const rolePermissions: Record<StaffRole, readonly Permission[]> = {
  owner: permissions,
  manager: ['catalog', 'orders.view', 'orders.fulfil', 'orders.refund', 'members', 'reports', 'activity'],
  staff: ['orders.view', 'orders.fulfil'],
};

export const staffMessages = {
  notAllowed: 'Your staff role does not allow this. Ask the shop owner.',
  apiKeyRefused: 'This API key is not allowed to use this operation.',
  apiKeyInvalid: 'This API key is not valid or has been revoked.',
  inviteInvalid: 'This invitation link is not valid any more. Ask the shop owner for a new one.',
  emailTaken: 'This e-mail address already has an account.',
  ownerProtected: 'The shop owner’s own account cannot be changed or disabled here.',
  lastOwner: 'The shop needs at least one active owner.',
  notYourself: 'You cannot change your own role or disable your own account.',
  wrongPassword: 'Your current password is not correct.',
  passwordChanged: 'Your password has been changed.',
  invited: (email: string) => `Invitation sent to ${email}.`,
} as const;

export const staffRoleLabels: Record<StaffRole, string> = { owner: 'Owner', manager: 'Manager', staff: 'Staff' };

export const permissionLabels: Record<Permission, string> = {
  catalog: 'Products, stock and prices',
  'orders.view': 'View orders',
  'orders.fulfil': 'Dispatch and deliver orders',
  'orders.refund': 'Cancel and refund orders',
  members: 'Memberships and customers',
  reports: 'Dashboard and exports',
  settings: 'Shop settings',
  staff: 'Staff accounts',
  integrations: 'API keys and webhooks',
  activity: 'Activity log',
};

/** An admin's staff role; an admin account without one has the least (fail closed). Null for shoppers. */
export function staffRoleOf(user: { role: 'shopper' | 'admin'; staffRole?: StaffRole | null }): StaffRole | null {
  if (user.role !== 'admin') return null;
  return user.staffRole ?? 'staff';
}

export function isStaffRole(value: unknown): value is StaffRole {
  return typeof value === 'string' && (staffRoles as readonly string[]).includes(value);
}

/** Whether a role may use a route that declares `permission` (undefined = owner only). */
export function roleAllows(role: StaffRole, permission: Permission | undefined): boolean {
  if (!permission) return role === 'owner';
  return rolePermissions[role].includes(permission);
}

/** Whether a list of permissions (a session's) includes `permission` (undefined = owner only, i.e. all). */
export function permissionsAllow(granted: readonly Permission[], permission: Permission | undefined): boolean {
  if (!permission) return permissions.every((p) => granted.includes(p));
  return granted.includes(permission);
}

// --- API keys -------------------------------------------------------------------------------------------------

export const apiKeyScopes = ['catalog.read', 'orders.read', 'orders.status', 'stock.write'] as const;
export type ApiKeyScope = (typeof apiKeyScopes)[number];

export const apiKeyScopeLabels: Record<ApiKeyScope, string> = {
  'catalog.read': 'Read catalogue',
  'orders.read': 'Read orders',
  'orders.status': 'Update order status',
  'stock.write': 'Update stock',
};

type HttpMethod = 'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * What each API key scope reaches: a route permission plus the methods allowed on it, and for writes the
 * route-level action tag (`config.apiAction`) a write route must carry. A key with `orders.status` may dispatch and
 * deliver (orders.fulfil writes) but not refund; `stock.write` changes stock (catalog routes tagged 'stock') but
 * not products or prices. Everything else answers 403.
 */
export const apiKeyScopeGrants: Record<
  ApiKeyScope,
  { permission: Permission; methods: readonly HttpMethod[]; action?: ApiKeyAction }
> = {
  'catalog.read': { permission: 'catalog', methods: ['GET', 'HEAD'] },
  'orders.read': { permission: 'orders.view', methods: ['GET', 'HEAD'] },
  'orders.status': { permission: 'orders.fulfil', methods: ['POST', 'PUT', 'PATCH'], action: 'order-status' },
  'stock.write': { permission: 'catalog', methods: ['POST', 'PUT', 'PATCH'], action: 'stock' },
};

/** Route tags (`config: { apiAction }`) that mark the write routes an API key scope may reach. */
export const apiKeyActions = ['order-status', 'stock'] as const;
export type ApiKeyAction = (typeof apiKeyActions)[number];

/** Whether an API key with `scopes` may call a route (its permission, method and action tag). */
export function apiKeyAllows(
  scopes: readonly ApiKeyScope[],
  route: { permission: Permission | undefined; method: string; action?: ApiKeyAction | undefined },
): boolean {
  if (!route.permission) return false;
  const method = route.method.toUpperCase();
  return scopes.some((scope) => {
    const grant = apiKeyScopeGrants[scope];
    if (grant.permission !== route.permission) return false;
    if (!(grant.methods as readonly string[]).includes(method)) return false;
    return grant.action === undefined || grant.action === route.action;
  });
}
