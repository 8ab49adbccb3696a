import {
  portMoresbyDateSchema,
  dashboardSchema,
  customerOrderSchema,
  customerOrdersQuerySchema,
  customersPageSchema,
  customersQuerySchema,
  membershipChangeResponseSchema,
  membershipChangeSchema,
  createRefundResponseSchema,
  createRefundSchema,
  orderRefundsSchema,
  createOrderNoteResponseSchema,
  createOrderNoteSchema,
  orderAlertSettingsResponseSchema,
  orderAlertSettingsSchema,
  orderIdParamsSchema,
  orderNotesResponseSchema,
} from '@bilum/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client';
import { guardAdminRoutes } from '../admin/admin-guard';
import { actorOf, callerOf, recordActivity } from '../audit/audit.service';
import type { SettingsService } from '../settings/settings.service';
import { orderAlertSettings, writeOrderEmail } from './order-alerts';
import type { OrderNotesService } from './order-notes.service';
import type { RefundsService } from './refunds.service';
import type { CustomersService } from './customers.service';
import type { DashboardService } from './dashboard.service';
import { exportKinds, type ExportsService } from './exports.service';
import { z } from 'zod';

/** The back office (issue 21, decision 018): order notes and the shop's order address. */
export function backofficeRoutes(deps: {
  db: Database;
  notes: OrderNotesService;
  refunds: RefundsService;
  customers: CustomersService;
  dashboard: DashboardService;
  exports: ExportsService;
  settings: SettingsService;
  now: () => Date;
}): FastifyPluginAsyncZod {
  return async (app) => {
    guardAdminRoutes(app);

    app.get(
      '/admin/orders/:id/notes',
      {
        config: { permission: 'orders.fulfil' },
        schema: {
          tags: ['admin'],
          summary: "The order's internal notes (staff only, never shown to the shopper), oldest first",
          params: orderIdParamsSchema,
          response: { 200: orderNotesResponseSchema },
        },
      },
      async (request) => ({ notes: await deps.notes.list(request.params.id) }),
    );

    app.post(
      '/admin/orders/:id/notes',
      {
        config: { permission: 'orders.fulfil' },
        schema: {
          tags: ['admin'],
          summary: 'Add an internal note to the order (author and time recorded)',
          params: orderIdParamsSchema,
          body: createOrderNoteSchema,
          response: { 201: createOrderNoteResponseSchema },
        },
      },
      async (request, reply) =>
        reply.code(201).send({ note: await deps.notes.add(callerOf(request), request.params.id, request.body.body) }),
    );

    app.get(
      '/admin/orders/:id/refunds',
      {
        config: { permission: 'orders.refund' },
        schema: {
          tags: ['admin'],
          summary: 'What was paid, refunded and can still be refunded (in toea, and per line), and each refund',
          params: orderIdParamsSchema,
          response: { 200: orderRefundsSchema },
        },
      },
      async (request) => deps.refunds.list(request.params.id),
    );

    app.post(
      '/admin/orders/:id/refunds',
      {
        config: { permission: 'orders.refund' },
        schema: {
          tags: ['admin'],
          summary:
            'Refund lines or an amount (toea) with a reason, optionally returning the units to stock: a card through ' +
            'the payment provider, a bank transfer or pickup payment recorded. Never more than is left (409/400).',
          params: orderIdParamsSchema,
          body: createRefundSchema,
          response: { 201: createRefundResponseSchema },
        },
      },
      async (request, reply) =>
        reply.code(201).send(await deps.refunds.create(callerOf(request), request.params.id, request.body)),
    );

    app.get(
      '/admin/customers',
      {
        config: { permission: 'members' },
        schema: {
          tags: ['admin'],
          summary:
            'Customers: registered shoppers and guests (by e-mail) with orders, total spent (toea, paid less ' +
            'refunds) and membership; q searches name and e-mail; paged',
          querystring: customersQuerySchema,
          response: { 200: customersPageSchema },
        },
      },
      async (request) => deps.customers.list(request.query),
    );

    app.get(
      '/admin/customers/orders',
      {
        config: { permission: 'members' },
        schema: {
          tags: ['admin'],
          summary: "A customer's orders (userId for a registered shopper, email for a guest), newest first",
          querystring: customerOrdersQuerySchema,
          response: { 200: z.object({ orders: z.array(customerOrderSchema) }) },
        },
      },
      async (request) => ({ orders: await deps.customers.orders(request.query) }),
    );

    app.post(
      '/admin/customers/:id/membership',
      {
        config: { permission: 'members' },
        schema: {
          tags: ['admin'],
          summary: "Grant, extend or end a shopper's Premium membership with a reason (audited, e-mailed)",
          params: z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) }),
          body: membershipChangeSchema,
          response: { 200: membershipChangeResponseSchema },
        },
      },
      async (request) => deps.customers.changeMembership(callerOf(request), request.params.id, request.body),
    );

    app.get(
      '/admin/dashboard',
      {
        config: { permission: 'reports' },
        schema: {
          tags: ['admin'],
          summary:
            "The day's numbers in Port Moresby time, net of refunds: today / this week / this month (gross sales, " +
            'refunds, net sales, GST on net sales, orders, average), 30 days of the same per day, top products ' +
            '(units sold less units refunded), low stock, orders awaiting payment or dispatch, refunds that failed',
          response: { 200: dashboardSchema },
        },
      },
      async () => deps.dashboard.get(),
    );

    app.get(
      '/admin/exports/:kind',
      {
        config: { permission: 'reports' },
        schema: {
          tags: ['admin'],
          summary:
            'Orders, order lines, customers, members or daily sales net of refunds as CSV (text/csv, streamed, ' +
            'UTF-8 with a byte-order mark) for Port Moresby days from/to (included): amounts in kina with two ' +
            'decimals, times in Port Moresby time',
          produces: ['text/csv'],
          params: z.object({ kind: z.enum(exportKinds) }),
          querystring: z
            .object({ from: portMoresbyDateSchema, to: portMoresbyDateSchema })
            .refine((query) => query.from <= query.to, {
              message: 'The start date must be on or before the end date.',
              path: ['to'],
            }),
        },
      },
      async (request, reply) => {
        const { kind } = request.params;
        const { from, to } = request.query;
        return reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="bilum-${kind}-${from}-to-${to}.csv"`)
          .send(deps.exports.stream(kind, from, to));
      },
    );

    app.get(
      '/admin/settings/orders',
      {
        config: { permission: 'settings' },
        schema: {
          tags: ['admin'],
          summary: "The shop's order address: where the order paid and bank transfer placed e-mails go",
          response: { 200: orderAlertSettingsResponseSchema },
        },
      },
      async () => orderAlertSettings(deps.db, await deps.settings.get()),
    );

    app.put(
      '/admin/settings/orders',
      {
        config: { permission: 'settings' },
        schema: {
          tags: ['admin'],
          summary: "Save the shop's order address (null: the contact e-mail)",
          body: orderAlertSettingsSchema,
          response: { 200: orderAlertSettingsResponseSchema },
        },
      },
      async (request) => {
        const orderEmail = request.body.orderEmail;
        await deps.db.transaction(async (tx) => {
          const before = await writeOrderEmail(tx, orderEmail, deps.now());
          await recordActivity(tx, {
            actor: actorOf(request),
            action: 'settings.order-email-updated',
            entityType: 'settings',
            entityId: 'orders',
            summary: `Order e-mails go to ${orderEmail ?? 'the contact e-mail'}`,
            before: { orderEmail: before },
            after: { orderEmail },
          });
        });
        return orderAlertSettings(deps.db, await deps.settings.get());
      },
    );
  };
}
