import { myOrdersSchema } from '@bilum/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUser, signedInUser } from '../../plugins/auth';
import type { OrderHistoryService } from './order-history.service';

/** The signed-in shopper's order history; the shopper always comes from the session, never from the request. */
export function orderHistoryRoutes(history: OrderHistoryService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/orders/mine',
      {
        onRequest: requireUser,
        schema: {
          tags: ['orders'],
          summary:
            'The shopper’s orders with items, newest first: paid ones, and bank-transfer and pickup ones once placed (the spec’s fetch_user_orders)',
          response: { 200: myOrdersSchema },
        },
      },
      async (request) => history.listForUser(signedInUser(request).id),
    );
  };
}
