import type { FastifyInstance } from 'fastify';
import { requireAdmin } from '../../plugins/auth';

/**
 * Guards every route of the plugin it is called in: 401 without a session, 403 for a shopper. It runs at
 * onRequest, before the body is parsed or validated, so an outsider learns nothing from validation errors and a
 * route added later cannot forget the check. (admin-routes.test.ts walks the route table to prove it.)
 */
export function guardAdminRoutes(app: FastifyInstance): void {
  app.addHook('onRequest', requireAdmin);
}
