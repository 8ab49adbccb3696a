import { type ApiKeyAction, apiKeyAllows, type Permission, permissionsAllow, staffMessages } from '@bilum/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../errors';
import { requireAdmin } from '../../plugins/auth';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * What a staff member needs to use this admin route (issue 21, packages/shared/src/staff.ts). A route under
     * /api/admin without one is owner-only.
     */
    permission?: Permission;
    /** Marks a write route an API key scope may reach (staff.ts apiKeyScopeGrants): 'order-status' or 'stock'. */
    apiAction?: ApiKeyAction;
    /** Every signed-in staff member, whatever the role (their own account: who am I, change my password). */
    anyStaff?: boolean;
  }
}

/**
 * The admin check of one request (issue 21): an API key reaches only the routes its scopes allow; a session must
 * be a staff account (401 without one, 403 for a shopper) whose role has the route's permission (403 otherwise).
 */
export async function requireStaffPermission(request: FastifyRequest): Promise<void> {
  const config = request.routeOptions.config;
  if (request.apiKey) {
    if (config.anyStaff) throw new AppError('FORBIDDEN', staffMessages.apiKeyRefused);
    const allowed = apiKeyAllows(request.apiKey.scopes, {
      permission: config.permission,
      method: request.method,
      action: config.apiAction,
    });
    if (!allowed) throw new AppError('FORBIDDEN', staffMessages.apiKeyRefused);
    return;
  }
  await requireAdmin(request);
  if (config.anyStaff) return;
  if (!permissionsAllow(request.user?.permissions ?? [], config.permission)) {
    throw new AppError('FORBIDDEN', staffMessages.notAllowed);
  }
}

/**
 * A further check inside a handler, when what a route does depends on its body (e.g. cancelling an order needs
 * orders.refund on the orders.fulfil route): 403 unless the caller's role, or the API key's scopes, allow it.
 */
export function requirePermission(request: FastifyRequest, permission: Permission): void {
  if (request.apiKey) {
    const allowed = apiKeyAllows(request.apiKey.scopes, {
      permission,
      method: request.method,
      action: request.routeOptions.config.apiAction,
    });
    if (!allowed) throw new AppError('FORBIDDEN', staffMessages.apiKeyRefused);
    return;
  }
  if (!permissionsAllow(request.user?.permissions ?? [], permission)) {
    throw new AppError('FORBIDDEN', staffMessages.notAllowed);
  }
}

/**
 * Guards every route of the plugin it is called in: 401 without a session, 403 for a shopper or a staff member
 * whose role lacks the route's `config.permission` (none declared: owner only), and for an API key outside its
 * scopes. It runs at onRequest, before the body is parsed or validated, so an outsider learns nothing from
 * validation errors and a route added later cannot forget the check. (admin-routes.test.ts walks the route table
 * to prove it; staff/admin-permissions.test.ts walks the OpenAPI document for every role and scope.)
 */
export function guardAdminRoutes(app: FastifyInstance): void {
  app.addHook('onRequest', requireStaffPermission);
}
