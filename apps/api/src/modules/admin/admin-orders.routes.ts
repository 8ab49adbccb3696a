import {
  adminOrdersQuerySchema,
  adminOrdersResponseSchema,
  orderIdParamsSchema,
  orderInventoryMessages,
  updateOrderStatusResponseSchema,
  updateOrderStatusSchema,
} from '@bilum/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { callerOf } from '../audit/audit.service';
import { guardAdminRoutes, requirePermission } from './admin-guard';
import type { AdminOrdersService } from './admin-orders.service';

/** /api/admin/orders: order management (admin only; the spec's get_all_orders and update_*_order_status). */
export function adminOrdersRoutes(service: AdminOrdersService): FastifyPluginAsyncZod {
  return async (app) => {
    guardAdminRoutes(app);

    app.get(
      '/admin/orders',
      {
        config: { permission: 'orders.view' },
        schema: {
          tags: ['admin'],
          summary:
            'The orders, guest and registered, newest first, with items and status history, and the status tiles. ' +
            'payment: paid (default), unpaid or all; q: name, e-mail, phone, tracking code or order number; ' +
            'filters status, method, from/to (Port Moresby days), zone; paged (page, pageSize)',
          querystring: adminOrdersQuerySchema,
          response: { 200: adminOrdersResponseSchema },
        },
      },
      async (request) => service.list(request.query),
    );

    app.patch(
      '/admin/orders/:id',
      {
        config: { permission: 'orders.fulfil', apiAction: 'order-status' },
        schema: {
          tags: ['admin'],
          summary:
            'Change the shipping status (Dispatch, Deliver, Cancel); 409 for a transition that is not allowed. ' +
            'Cancelling a paid order returns its stock and refunds it; cancelling needs a reason (issue 21).',
          params: orderIdParamsSchema,
          body: updateOrderStatusSchema,
          response: { 200: updateOrderStatusResponseSchema },
        },
      },
      async (request) => {
        // Cancelling refunds a paid order and returns its stock (issue 21: orders.refund, not for API keys).
        if (request.body.status === 'Cancelled') requirePermission(request, 'orders.refund');
        const order = await service.updateStatus(
          callerOf(request),
          request.params.id,
          request.body.status,
          request.body.reason,
        );
        return { order, message: orderInventoryMessages.updated(order.id, order.shippingStatus) };
      },
    );
  };
}
