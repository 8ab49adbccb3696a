import {
  acceptInviteSchema,
  activityPageSchema,
  activityQuerySchema,
  apiKeyListSchema,
  apiKeySchema,
  changeOwnPasswordSchema,
  createApiKeySchema,
  createdApiKeySchema,
  inviteStaffSchema,
  messageSchema,
  staffIdParamsSchema,
  staffListSchema,
  staffMemberSchema,
  staffMessages,
  updateStaffSchema,
} from '@bilum/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client';
import { signedInUser } from '../../plugins/auth';
import { byAddress, rateLimiter } from '../../plugins/rate-limit';
import type { AuthLimitsConfig } from '../../config';
import { guardAdminRoutes } from '../admin/admin-guard';
import { passwordGuessRules } from '../auth/password-guess-limits';
import { callerOf, listActivity } from '../audit/audit.service';
import type { ApiKeysService } from './api-keys.service';
import type { StaffService } from './staff.service';

const tags = ['staff'];

/** /api/admin/staff, /api/admin/api-keys, /api/admin/activity, /api/admin/me (issue 21, decision 016). */
export function staffAdminRoutes(deps: {
  db: Database;
  staff: StaffService;
  keys: ApiKeysService;
  limits: AuthLimitsConfig;
}): FastifyPluginAsyncZod {
  const { db, staff, keys, limits } = deps;
  return async (app) => {
    guardAdminRoutes(app);

    app.get(
      '/admin/staff',
      {
        config: { permission: 'staff' },
        schema: {
          tags,
          summary: 'The staff accounts: role and status (active, invited, disabled)',
          response: { 200: staffListSchema },
        },
      },
      async () => staff.list(),
    );

    app.post(
      '/admin/staff',
      {
        config: { permission: 'staff' },
        schema: {
          tags,
          summary: 'Invite a staff member by e-mail with a role: a single-use link to set their password (72 hours)',
          body: inviteStaffSchema,
          response: { 201: staffMemberSchema },
        },
      },
      async (request, reply) => reply.code(201).send(await staff.invite(callerOf(request), request.body)),
    );

    app.patch(
      '/admin/staff/:id',
      {
        config: { permission: 'staff' },
        schema: {
          tags,
          summary: 'Change a staff member’s role, or disable (their sessions end at once) or enable the account',
          params: staffIdParamsSchema,
          body: updateStaffSchema,
          response: { 200: staffMemberSchema },
        },
      },
      async (request) => staff.update(callerOf(request), request.params.id, request.body),
    );

    app.post(
      '/admin/me/password',
      {
        config: { anyStaff: true },
        schema: {
          tags,
          summary:
            'Change your own password (any staff member); your other sessions end, and you are e-mailed a notice',
          body: changeOwnPasswordSchema,
          response: { 200: messageSchema },
        },
        // Issue 28: a wrong current password (400) is a password guess on the account, limited as at sign-in.
        preHandler: rateLimiter(
          app,
          passwordGuessRules(limits, (request) => request.user?.email ?? null, 400),
        ),
      },
      async (request) => {
        await staff.changeOwnPassword(signedInUser(request), request.sessionId, request.body);
        return { message: staffMessages.passwordChanged };
      },
    );

    app.get(
      '/admin/api-keys',
      {
        config: { permission: 'integrations' },
        schema: {
          tags,
          summary: 'The API keys (never the keys themselves), newest first',
          response: { 200: apiKeyListSchema },
        },
      },
      async () => keys.list(),
    );

    app.post(
      '/admin/api-keys',
      {
        config: { permission: 'integrations' },
        schema: {
          tags,
          summary: 'Create an API key with scopes; the key is in this answer only',
          body: createApiKeySchema,
          response: { 201: createdApiKeySchema },
        },
      },
      async (request, reply) => reply.code(201).send(await keys.create(callerOf(request), request.body)),
    );

    app.delete(
      '/admin/api-keys/:id',
      {
        config: { permission: 'integrations' },
        schema: {
          tags,
          summary: 'Revoke an API key: it is refused from the next request on',
          params: staffIdParamsSchema,
          response: { 200: apiKeySchema },
        },
      },
      async (request) => keys.revoke(callerOf(request), request.params.id),
    );

    app.get(
      '/admin/activity',
      {
        config: { permission: 'activity' },
        schema: {
          tags,
          summary: 'The activity log, newest first: who changed what, when, before and after; searchable',
          querystring: activityQuerySchema,
          response: { 200: activityPageSchema },
        },
      },
      async (request) => listActivity(db, request.query),
    );
  };
}

/**
 * The ActivityList on product and order pages: a staff member who may see the thing sees its history. GET
 * /api/admin/activity itself needs `activity`; these need the permission of the thing.
 */
export function entityActivityRoutes(db: Database): FastifyPluginAsyncZod {
  return async (app) => {
    guardAdminRoutes(app);
    for (const [entityType, permission] of [
      ['product', 'catalog'],
      ['order', 'orders.view'],
    ] as const) {
      app.get(
        `/admin/${entityType}s/:id/activity`,
        {
          config: { permission },
          schema: {
            tags,
            summary: `The activity log of one ${entityType}, newest first`,
            params: staffIdParamsSchema,
            querystring: activityQuerySchema.pick({ page: true, pageSize: true }),
            response: { 200: activityPageSchema },
          },
        },
        async (request) => listActivity(db, { ...request.query, entityType, entityId: String(request.params.id) }),
      );
    }
  };
}

/** POST /api/auth/staff-invite: the invited staff member sets a password with the e-mailed link (public). */
export function staffInviteRoutes(staff: StaffService, limits: AuthLimitsConfig): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/auth/staff-invite',
      {
        schema: {
          tags: ['accounts'],
          summary: 'Set the password of an invited staff account with the e-mailed link’s token (single use)',
          body: acceptInviteSchema,
          response: { 200: messageSchema },
        },
        preHandler: rateLimiter(app, [
          { name: 'staff-invite:ip', max: limits.perIp, windowMs: limits.windowMs, key: byAddress },
        ]),
      },
      async (request) => {
        await staff.acceptInvite(request.body);
        return { message: 'Your password is set. Sign in with your e-mail address and the new password.' };
      },
    );
  };
}
