import {
  adminOrderPaymentAnswerSchema,
  adminOrderPaymentSchema,
  markCollectedSchema,
  membershipBankTransferResponseSchema,
  orderIdParamsSchema,
  paymentMethodMessages,
  paymentSettingsResponseSchema,
  paymentSettingsSchema,
  publicPaymentMethodsSchema,
  recordPaymentSchema,
} from '@bilum/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { requireUser, signedInUser } from '../../plugins/auth';
import { guardAdminRoutes } from '../admin/admin-guard';
import { actorOf, recordActivity } from '../audit/audit.service';
import type { OrderPaymentsService } from './order-payments.service';
import type { PremiumBankTransfer } from './premium-bank-transfer';
import { publicMethods, readPaymentSettings, writePaymentSettings } from './payment-settings';

/** GET /api/payment-methods and POST /api/membership/payment/bank-transfer (issue 19). */
export function paymentMethodsRoutes(deps: { db: Database; premium: PremiumBankTransfer }): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/payment-methods',
      {
        schema: {
          tags: ['payments'],
          summary: 'Which ways to pay are on: card, bank transfer / mobile banking, pay at pickup',
          response: { 200: publicPaymentMethodsSchema },
        },
      },
      async () => publicMethods(await readPaymentSettings(deps.db)),
    );

    app.post(
      '/membership/payment/bank-transfer',
      {
        onRequest: requireUser,
        schema: {
          tags: ['membership'],
          summary:
            'Premium paid by bank transfer: an order awaiting payment with its reference and instructions (the ' +
            'open one again if there is one); Premium starts when staff record the full payment',
          body: z.object({}).optional(),
          response: { 201: membershipBankTransferResponseSchema },
        },
      },
      async (request, reply) => reply.code(201).send(await deps.premium.start(signedInUser(request), request.ip)),
    );
  };
}

/** The admin's payment settings and the payments staff record on an order (issue 19). */
export function adminPaymentMethodsRoutes(deps: {
  db: Database;
  payments: OrderPaymentsService;
  now: () => Date;
}): FastifyPluginAsyncZod {
  return async (app) => {
    guardAdminRoutes(app);

    app.get(
      '/admin/settings/payments',
      {
        config: { permission: 'settings' },
        schema: {
          tags: ['admin'],
          summary: 'Payment methods on/off, the bank account shoppers pay into, hold and pickup times',
          response: { 200: paymentSettingsSchema },
        },
      },
      async () => readPaymentSettings(deps.db),
    );

    app.put(
      '/admin/settings/payments',
      {
        config: { permission: 'settings' },
        schema: {
          tags: ['admin'],
          summary: 'Save the payment settings (at least one method on; bank details required for bank transfer)',
          body: paymentSettingsSchema,
          response: { 200: paymentSettingsResponseSchema },
        },
      },
      async (request) => {
        const settings = request.body;
        await deps.db.transaction(async (tx) => {
          const before = await writePaymentSettings(tx, settings, deps.now());
          await recordActivity(tx, {
            actor: actorOf(request),
            action: 'settings.payments-updated',
            entityType: 'settings',
            entityId: 'payments',
            summary: 'Changed the payment settings',
            before,
            after: settings,
          });
        });
        return { settings: await readPaymentSettings(deps.db), message: paymentMethodMessages.settingsSaved };
      },
    );

    app.get(
      '/admin/orders/:id/payments',
      {
        config: { permission: 'orders.view' },
        schema: {
          tags: ['admin'],
          summary: "The order's way to pay, reference, amount received and the payments staff recorded",
          params: orderIdParamsSchema,
          response: { 200: adminOrderPaymentSchema },
        },
      },
      async (request) => deps.payments.adminPayment(request.params.id),
    );

    app.post(
      '/admin/orders/:id/payments',
      {
        config: { permission: 'orders.fulfil' },
        schema: {
          tags: ['admin'],
          summary:
            'Record money received for a bank-transfer order (amount in toea, bank reference, date received): ' +
            'the full amount makes it paid (over-paid is flagged), less leaves it part-paid',
          params: orderIdParamsSchema,
          body: recordPaymentSchema,
          response: { 200: adminOrderPaymentAnswerSchema },
        },
      },
      async (request) => deps.payments.recordPayment(actorOf(request), request.params.id, request.body),
    );

    app.post(
      '/admin/orders/:id/collected',
      {
        config: { permission: 'orders.fulfil' },
        schema: {
          tags: ['admin'],
          summary: 'A pay-at-pickup order paid at the counter (cash or EFTPOS) and collected: paid and delivered',
          params: orderIdParamsSchema,
          body: markCollectedSchema,
          response: { 200: adminOrderPaymentAnswerSchema },
        },
      },
      async (request) => deps.payments.markCollected(actorOf(request), request.params.id, request.body.method),
    );
  };
}
