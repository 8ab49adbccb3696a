import { shopSettingsSchema } from '@bilum/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { SettingsService } from './settings.service';

export function settingsRoutes(settings: SettingsService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/settings',
      {
        schema: {
          tags: ['settings'],
          summary: 'The shop’s contact e-mail, phone, address and delivery time (public)',
          response: { 200: shopSettingsSchema },
        },
      },
      async () => settings.get(),
    );
  };
}
