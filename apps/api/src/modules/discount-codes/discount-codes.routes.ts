import {
  adminDiscountCodeResponseSchema,
  adminDiscountCodesResponseSchema,
  discountCodeActiveSchema,
  discountCodeAdminMessages,
  discountCodeIdParamsSchema,
  discountCodeInputSchema,
  messageSchema,
} from '@bilum/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { guardAdminRoutes } from '../admin/admin-guard';
import { actorOf } from '../audit/audit.service';
import type { DiscountCodesService } from './discount-codes.service';

/** /api/admin/discount-codes: the staff's discount codes (issue 30, decision 040); permission "catalog". */
export function adminDiscountCodesRoutes(service: DiscountCodesService): FastifyPluginAsyncZod {
  return async (app) => {
    guardAdminRoutes(app);
    const config = { permission: 'catalog' as const };

    app.get(
      '/admin/discount-codes',
      {
        config,
        schema: {
          tags: ['admin'],
          summary: 'Every discount code, A to Z, with its uses counted (paid orders) and held (placed, unpaid)',
          response: { 200: adminDiscountCodesResponseSchema },
        },
      },
      async () => ({ codes: await service.list() }),
    );

    app.post(
      '/admin/discount-codes',
      {
        config,
        schema: {
          tags: ['admin'],
          summary: 'Add a discount code: percentage, fixed amount or free delivery, with its limits',
          body: discountCodeInputSchema,
          response: { 201: adminDiscountCodeResponseSchema },
        },
      },
      async (request, reply) => {
        const code = await service.add(actorOf(request), request.body);
        return reply.code(201).send({ code, message: discountCodeAdminMessages.added });
      },
    );

    app.put(
      '/admin/discount-codes/:id',
      {
        config,
        schema: {
          tags: ['admin'],
          summary: 'Save a discount code’s terms (its letters stay once an order has used it)',
          params: discountCodeIdParamsSchema,
          body: discountCodeInputSchema,
          response: { 200: adminDiscountCodeResponseSchema },
        },
      },
      async (request) => ({
        code: await service.update(actorOf(request), request.params.id, request.body),
        message: discountCodeAdminMessages.saved,
      }),
    );

    app.patch(
      '/admin/discount-codes/:id',
      {
        config,
        schema: {
          tags: ['admin'],
          summary: 'Pause or resume a discount code (only `active` changes)',
          params: discountCodeIdParamsSchema,
          body: discountCodeActiveSchema,
          response: { 200: adminDiscountCodeResponseSchema },
        },
      },
      async (request) => {
        const code = await service.setActive(actorOf(request), request.params.id, request.body.active);
        return {
          code,
          message: code.active
            ? discountCodeAdminMessages.resumed(code.code)
            : discountCodeAdminMessages.paused(code.code),
        };
      },
    );

    app.delete(
      '/admin/discount-codes/:id',
      {
        config,
        schema: {
          tags: ['admin'],
          summary: 'Delete a discount code no order has used; otherwise 409: pause it instead',
          params: discountCodeIdParamsSchema,
          response: { 200: messageSchema },
        },
      },
      async (request) => {
        await service.remove(actorOf(request), request.params.id);
        return { message: discountCodeAdminMessages.deleted };
      },
    );
  };
}
