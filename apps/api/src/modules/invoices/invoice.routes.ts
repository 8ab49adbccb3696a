import {
  invoiceMessages,
  invoiceSchema,
  invoiceSettingsAnswerSchema,
  invoiceSettingsSchema,
  orderIdParamsSchema,
  packingSlipSchema,
  trackOrderSchema,
} from '@bilum/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AuthLimitsConfig } from '../../config';
import { rateLimiter } from '../../plugins/rate-limit';
import { guardAdminRoutes } from '../admin/admin-guard';
import { actorOf } from '../audit/audit.service';
import { callerOf, checkoutTokenHeaders, trackingLimits } from '../orders/order-caller';
import type { OrdersService } from '../orders/orders.service';
import type { InvoiceService } from './invoice.service';

/**
 * The shopper's tax invoice (issue 19): for the order's owner (its shopper's session, or a guest's checkout
 * token, the confirmation page's rule), or for whoever holds its tracking code (the tracking page's rule, with
 * the tracking's rate limits and counters). 409 while the order is unpaid.
 */
export function invoiceRoutes(deps: {
  invoices: InvoiceService;
  orders: OrdersService;
  limits: AuthLimitsConfig;
}): FastifyPluginAsyncZod {
  const { invoices, orders, limits } = deps;
  return async (app) => {
    app.get(
      '/orders/:id/invoice',
      {
        schema: {
          tags: ['orders'],
          summary: 'The tax invoice of the caller’s own paid order (404 for anyone else’s, 409 while unpaid)',
          params: orderIdParamsSchema,
          headers: checkoutTokenHeaders,
          response: { 200: invoiceSchema },
        },
      },
      async (request) => invoices.invoice(await orders.ownedOrder(request.params.id, callerOf(request))),
    );

    app.post(
      '/orders/invoice',
      {
        // The same counters as tracking: the same secret, so no second budget of guesses.
        preHandler: rateLimiter(app, trackingLimits(limits)),
        schema: {
          tags: ['orders'],
          summary:
            'The tax invoice of a paid order by tracking code, or by e-mail and order id (the tracking rule); rate-limited',
          body: trackOrderSchema,
          response: { 200: invoiceSchema },
        },
      },
      async (request) => invoices.invoiceById((await orders.track(request.body)).orderId),
    );
  };
}

/** Staff: print the invoice and the packing slip (orders.view); the invoice details in /settings (settings). */
export function adminInvoiceRoutes(invoices: InvoiceService): FastifyPluginAsyncZod {
  return async (app) => {
    guardAdminRoutes(app);

    app.get(
      '/admin/orders/:id/invoice',
      {
        config: { permission: 'orders.view' },
        schema: {
          tags: ['admin'],
          summary: 'The tax invoice of a paid order, to print (409 while unpaid)',
          params: orderIdParamsSchema,
          response: { 200: invoiceSchema },
        },
      },
      async (request) => invoices.invoiceById(request.params.id),
    );

    app.get(
      '/admin/orders/:id/packing-slip',
      {
        config: { permission: 'orders.view' },
        schema: {
          tags: ['admin'],
          summary: 'The packing slip of an order, to print: lines and quantities, where it goes, notes; no prices',
          params: orderIdParamsSchema,
          response: { 200: packingSlipSchema },
        },
      },
      async (request) => invoices.packingSlipById(request.params.id),
    );

    app.get(
      '/admin/settings/invoice',
      {
        config: { permission: 'settings' },
        schema: {
          tags: ['admin'],
          summary: 'The legal name, TIN and address printed on tax invoices',
          response: { 200: invoiceSettingsAnswerSchema },
        },
      },
      async () => ({ settings: await invoices.settings() }),
    );

    app.put(
      '/admin/settings/invoice',
      {
        config: { permission: 'settings' },
        schema: {
          tags: ['admin'],
          summary: 'Save the legal name, TIN and address for tax invoices issued from now on',
          body: invoiceSettingsSchema,
          response: { 200: invoiceSettingsAnswerSchema },
        },
      },
      async (request) => ({
        settings: await invoices.updateSettings(actorOf(request), request.body),
        message: invoiceMessages.saved,
      }),
    );
  };
}
