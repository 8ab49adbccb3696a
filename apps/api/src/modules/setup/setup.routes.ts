import { setupChecklistSchema } from '@bilum/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { guardAdminRoutes } from '../admin/admin-guard';
import type { SetupService } from './setup.service';

/** GET /api/admin/setup: the new shop's checklist on the admin's first screen (issue 27). */
export function setupRoutes(setup: SetupService): FastifyPluginAsyncZod {
  return async (app) => {
    guardAdminRoutes(app);
    app.get(
      '/admin/setup',
      {
        config: { permission: 'settings' },
        schema: {
          tags: ['admin'],
          summary:
            'The setup checklist: shop details, business name and TIN, ways to pay, bank account, delivery zones and pickup points, each done or what is missing',
          response: { 200: setupChecklistSchema },
        },
      },
      async () => setup.checklist(),
    );
  };
}
