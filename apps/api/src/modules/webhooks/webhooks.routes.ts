import {
  createdWebhookEndpointSchema,
  webhookDeliverySchema,
  webhookEndpointInputSchema,
  webhookEndpointSchema,
  webhookEndpointUpdateSchema,
  webhookOverviewSchema,
} from '@bilum/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { guardAdminRoutes } from '../admin/admin-guard';
import { actorOf } from '../audit/audit.service';
import type { WebhooksService } from './webhooks.service';

// Bounded like every id (an integer column): a larger number is a 400, never a database error.
const idParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });
const tags = ['integrations'];

/** /api/admin/webhooks: outgoing webhooks (issue 21, decision 017), permission 'integrations'. */
export function webhooksRoutes(service: WebhooksService): FastifyPluginAsyncZod {
  return async (app) => {
    guardAdminRoutes(app);
    const config = { permission: 'integrations' as const };

    app.get(
      '/admin/webhooks',
      {
        config,
        schema: {
          tags,
          operationId: 'listWebhooks',
          summary: 'The webhook endpoints and their 50 most recent deliveries',
          response: { 200: webhookOverviewSchema },
        },
      },
      async () => service.overview(),
    );

    app.post(
      '/admin/webhooks',
      {
        config,
        schema: {
          tags,
          operationId: 'createWebhook',
          summary: 'Register an endpoint; the answer carries its signing secret, shown only this once',
          body: webhookEndpointInputSchema,
          response: { 201: createdWebhookEndpointSchema },
        },
      },
      async (request, reply) => reply.code(201).send(await service.create(request.body, actorOf(request))),
    );

    app.patch(
      '/admin/webhooks/:id',
      {
        config,
        schema: {
          tags,
          operationId: 'updateWebhook',
          summary: 'Turn an endpoint on or off, or change its events or description',
          params: idParams,
          body: webhookEndpointUpdateSchema,
          response: { 200: webhookEndpointSchema },
        },
      },
      async (request) => service.update(request.params.id, request.body, actorOf(request)),
    );

    app.delete(
      '/admin/webhooks/:id',
      {
        config,
        schema: {
          tags,
          operationId: 'deleteWebhook',
          summary: 'Remove an endpoint and its deliveries',
          params: idParams,
          response: { 204: z.null().describe('Removed') },
        },
      },
      async (request, reply) => {
        await service.remove(request.params.id, actorOf(request));
        return reply.code(204).send(null);
      },
    );

    app.post(
      '/admin/webhooks/:id/test',
      {
        config,
        schema: {
          tags,
          operationId: 'sendWebhookTestEvent',
          summary: 'Queue a `webhook.test` event to this endpoint only',
          params: idParams,
          response: { 202: webhookDeliverySchema },
        },
      },
      async (request, reply) => reply.code(202).send(await service.sendTest(request.params.id)),
    );
  };
}
