import {
  confirmMembershipPaymentSchema,
  membershipPaymentIdParamsSchema,
  membershipPaymentResultSchema,
  premiumOfferSchema,
  startMembershipPaymentResponseSchema,
} from '@bilum/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser, signedInUser } from '../../plugins/auth';
import type { MembershipPurchaseService } from './membership-purchase.service';

const tags = ['membership'];

/** Buying Premium on /membership-payment; the shopper always comes from the session, the amount from the server. */
export function membershipRoutes(purchases: MembershipPurchaseService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/membership/premium',
      {
        schema: {
          tags,
          summary: 'The Premium membership product and its price: the one source of the price every page shows',
          response: { 200: premiumOfferSchema },
        },
      },
      async () => purchases.offer(),
    );

    app.post(
      '/membership/payment',
      {
        onRequest: requireUser,
        schema: {
          tags,
          summary:
            'Open a Premium payment (the spec’s create_membership_payment_intent): a pending record and its intent for the Premium product’s price',
          body: z.object({}).optional(),
          response: { 201: startMembershipPaymentResponseSchema },
        },
      },
      async (request, reply) => reply.code(201).send(await purchases.start(signedInUser(request).id)),
    );

    app.post(
      '/membership/payment/:id/confirm',
      {
        onRequest: requireUser,
        schema: {
          tags,
          summary: 'Pay with the card (the spec’s process_membership_payment); active only once the provider confirms',
          params: membershipPaymentIdParamsSchema,
          body: confirmMembershipPaymentSchema,
          response: { 200: membershipPaymentResultSchema },
        },
      },
      async (request) => purchases.confirm(signedInUser(request).id, request.params.id, request.body),
    );

    app.post(
      '/membership/payment/:id/refresh',
      {
        onRequest: requireUser,
        schema: {
          tags,
          summary: 'Read the payment again after the 3-D Secure page or while it is processing',
          params: membershipPaymentIdParamsSchema,
          body: z.object({}).optional(),
          response: { 200: membershipPaymentResultSchema },
        },
      },
      async (request) => purchases.refresh(signedInUser(request).id, request.params.id),
    );
  };
}
