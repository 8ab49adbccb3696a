import {
  deliveryAdminMessages,
  deliveryOptionsResponseSchema,
  deliveryZonesResponseSchema,
  pickupPointIdParamsSchema,
  pickupPointInputSchema,
  pickupPointResponseSchema,
  pickupPointsResponseSchema,
  saveDeliveryZonesSchema,
} from '@bilum/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { guardAdminRoutes } from '../admin/admin-guard';
import { actorOf } from '../audit/audit.service';
import type { DeliveryService } from './delivery.service';

/** GET /api/delivery/options: the checkout's provinces, zone fees and open pickup points (public). */
export function deliveryRoutes(delivery: DeliveryService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/delivery/options',
      {
        schema: {
          tags: ['checkout'],
          summary: 'The provinces, each delivery zone’s fee and days, and the pickup points open for collection',
          response: { 200: deliveryOptionsResponseSchema },
        },
      },
      async () => delivery.options(),
    );
  };
}

/** The admin /settings delivery section (issue 19): zones by province and pickup points. */
export function adminDeliveryRoutes(delivery: DeliveryService): FastifyPluginAsyncZod {
  return async (app) => {
    guardAdminRoutes(app);
    const settings = { permission: 'settings' as const };
    app.get(
      '/admin/delivery-zones',
      {
        config: settings,
        schema: {
          tags: ['admin'],
          summary: 'The delivery zones: fee (toea), delivery days and provinces of each',
          response: { 200: deliveryZonesResponseSchema },
        },
      },
      async () => ({ zones: await delivery.zones() }),
    );
    app.put(
      '/admin/delivery-zones',
      {
        config: settings,
        schema: {
          tags: ['admin'],
          summary: 'Replace the delivery zones; every one of the 22 provinces must be in exactly one zone',
          body: saveDeliveryZonesSchema,
          response: { 200: deliveryZonesResponseSchema.extend({ message: z.string() }) },
        },
      },
      async (request) => ({
        zones: await delivery.saveZones(request.body, actorOf(request)),
        message: deliveryAdminMessages.zonesSaved,
      }),
    );
    app.get(
      '/admin/pickup-points',
      {
        config: settings,
        schema: {
          tags: ['admin'],
          summary: 'Every pickup point, open or turned off',
          response: { 200: pickupPointsResponseSchema },
        },
      },
      async () => ({ pickupPoints: await delivery.pickupPoints() }),
    );
    app.post(
      '/admin/pickup-points',
      {
        config: settings,
        schema: {
          tags: ['admin'],
          summary: 'Add a pickup point (name, address, opening hours)',
          body: pickupPointInputSchema,
          response: { 201: pickupPointResponseSchema },
        },
      },
      async (request, reply) => {
        const pickupPoint = await delivery.createPickupPoint(request.body, actorOf(request));
        return reply.code(201).send({ pickupPoint });
      },
    );
    app.put(
      '/admin/pickup-points/:id',
      {
        config: settings,
        schema: {
          tags: ['admin'],
          summary: 'Edit a pickup point, or turn it off (active: false)',
          params: pickupPointIdParamsSchema,
          body: pickupPointInputSchema,
          response: { 200: pickupPointResponseSchema },
        },
      },
      async (request) => ({
        pickupPoint: await delivery.updatePickupPoint(request.params.id, request.body, actorOf(request)),
      }),
    );
    app.delete(
      '/admin/pickup-points/:id',
      {
        config: settings,
        schema: {
          tags: ['admin'],
          summary: 'Remove a pickup point (orders keep its name and address)',
          params: pickupPointIdParamsSchema,
          response: { 200: z.object({ message: z.string() }) },
        },
      },
      async (request) => {
        await delivery.removePickupPoint(request.params.id, actorOf(request));
        return { message: deliveryAdminMessages.pickupRemoved };
      },
    );
  };
}
