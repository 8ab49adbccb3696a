import { membersOverviewSchema } from '@bilum/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { guardAdminRoutes } from './admin-guard';
import type { AdminMembersService } from './admin-members.service';

/** /api/admin/members: the membership overview (admin only). */
export function adminMembersRoutes(service: AdminMembersService): FastifyPluginAsyncZod {
  return async (app) => {
    guardAdminRoutes(app);
    app.get(
      '/admin/members',
      {
        config: { permission: 'members' },
        schema: {
          tags: ['admin'],
          summary:
            'Every shopper with their latest membership and the four counters (the spec’s check_membership_status)',
          response: { 200: membersOverviewSchema },
        },
      },
      async () => service.overview(),
    );
  };
}
