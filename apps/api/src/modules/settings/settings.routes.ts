import {
  discountCodeAdminMessages,
  memberCodeRuleSchema,
  settingsMessages,
  shopSettingsSchema,
  shopSettingsUpdateSchema,
} from '@bilum/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { guardAdminRoutes } from '../admin/admin-guard';
import { callerOf } from '../audit/audit.service';
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

/** PUT /api/admin/settings: the admin /settings page (decisions.md "/settings"). */
export function adminSettingsRoutes(settings: SettingsService): FastifyPluginAsyncZod {
  return async (app) => {
    guardAdminRoutes(app);
    app.put(
      '/admin/settings',
      {
        config: { permission: 'settings' },
        schema: {
          tags: ['admin'],
          summary: 'Save the shop’s contact e-mail, phone (PNG rule), address and delivery time',
          body: shopSettingsUpdateSchema,
          response: { 200: z.object({ settings: shopSettingsSchema, message: z.string() }) },
        },
      },
      async (request) => ({
        settings: await settings.update(request.body, callerOf(request)),
        message: settingsMessages.saved,
      }),
    );

    app.get(
      '/admin/settings/member-code-rule',
      {
        config: { permission: 'settings' },
        schema: {
          tags: ['admin'],
          summary: 'How a discount code meets the member price: the better of the two per line, or stacked',
          response: { 200: memberCodeRuleSchema },
        },
      },
      async () => ({ rule: await settings.memberCodeRule() }),
    );

    app.put(
      '/admin/settings/member-code-rule',
      {
        config: { permission: 'settings' },
        schema: {
          tags: ['admin'],
          summary: 'Set how a discount code meets the member price (decision 040)',
          body: memberCodeRuleSchema,
          response: { 200: memberCodeRuleSchema.extend({ message: z.string() }) },
        },
      },
      async (request) => ({
        rule: await settings.setMemberCodeRule(request.body.rule, callerOf(request)),
        message: discountCodeAdminMessages.ruleSaved,
      }),
    );
  };
}
