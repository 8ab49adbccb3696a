import {
  confirmHoldAnswerSchema,
  confirmHoldSchema,
  createOrderResponseSchema,
  createOrderSchema,
  localeCookie,
  orderConfirmationSchema,
  orderIdParamsSchema,
  payOrderSchema,
  paymentResultSchema,
  pickLocale,
  trackByCodeQuerySchema,
  trackOrderResponseSchema,
  trackOrderSchema,
} from '@bilum/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AuthLimitsConfig, CheckoutLimitsConfig } from '../../config';
import { byAddress, rateLimiter } from '../../plugins/rate-limit';
import { callerOf, checkoutTokenHeaders, trackingLimits } from './order-caller';
import type { OrdersService } from './orders.service';
import type { PaymentCompletion } from './payment-completion';

/**
 * Checkout: the server makes the order (prices, stock hold, tracking code) and its payment intent; the page
 * then pays it. Guests prove ownership with the checkout token, shoppers with their session.
 */
export function ordersRoutes(deps: {
  orders: OrdersService;
  completion: PaymentCompletion;
  limits: AuthLimitsConfig;
  checkoutLimits: CheckoutLimitsConfig;
}): FastifyPluginAsyncZod {
  const { orders, completion, limits, checkoutLimits } = deps;
  return async (app) => {
    app.post(
      '/orders',
      {
        // Each order holds stock: placing them is throttled per address (the service also bounds what is held).
        preHandler: rateLimiter(app, [
          { name: 'orders:ip', max: checkoutLimits.ordersPerIp, windowMs: checkoutLimits.windowMs, key: byAddress },
        ]),
        schema: {
          tags: ['checkout'],
          summary:
            'Place an order from cart lines or items, hold its stock for 15 minutes and create its payment intent (create_payment_intent, create_payment_intent2); rate-limited, and unpaid orders per address and shopper are limited',
          body: createOrderSchema,
          response: { 200: createOrderResponseSchema, 201: createOrderResponseSchema },
        },
      },
      async (request, reply) => {
        const { created, replaced, response } = await orders.createOrder(
          request.user,
          request.body,
          byAddress(request),
          // Issue 31: the order's texts in the language the shopper reads the shop in (decision 046's rule).
          pickLocale(request.cookies[localeCookie], request.headers['accept-language']),
        );
        // The order this attempt replaced was released with the new one; its intent is cancelled now. A failure
        // here leaves it to the reconciliation job (a payment on it is refunded either way).
        if (replaced?.paymentIntentId) {
          await completion
            .cancelReleasedIntent(replaced.orderId, replaced.paymentIntentId)
            .catch((error: unknown) =>
              request.log.error(
                { err: error, orderId: replaced.orderId },
                'could not cancel a replaced order’s payment',
              ),
            );
        }
        return reply.code(created ? 201 : 200).send(response);
      },
    );

    app.post(
      '/orders/:id/payment',
      {
        schema: {
          tags: ['checkout'],
          summary: 'Pay the order: confirm with the provider, then mark it paid only if the provider says so',
          params: orderIdParamsSchema,
          headers: checkoutTokenHeaders,
          body: payOrderSchema,
          response: { 200: paymentResultSchema },
        },
      },
      async (request) => completion.pay(await orders.ownedOrder(request.params.id, callerOf(request)), request.body),
    );

    app.post(
      '/orders/:id/payment/refresh',
      {
        schema: {
          tags: ['checkout'],
          summary: 'Ask the provider again (after 3-D Secure, or while processing) and finish the order',
          params: orderIdParamsSchema,
          headers: checkoutTokenHeaders,
          response: { 200: paymentResultSchema },
        },
      },
      async (request) => completion.refresh(await orders.ownedOrder(request.params.id, callerOf(request))),
    );

    app.get(
      '/orders/:id/confirmation',
      {
        schema: {
          tags: ['checkout'],
          summary: 'The order confirmation: order id, tracking code, e-mail, guest flag and the e-mail’s status',
          params: orderIdParamsSchema,
          headers: checkoutTokenHeaders,
          response: { 200: orderConfirmationSchema },
        },
      },
      async (request) => orders.confirmation(await orders.ownedOrder(request.params.id, callerOf(request))),
    );

    app.post(
      '/orders/:id/confirm-hold',
      {
        // Issue 28: the token is 256 random bits; the limit keeps a flood of guesses off the database.
        preHandler: rateLimiter(app, [
          { name: 'confirm-hold:ip', max: limits.perIp, windowMs: limits.windowMs, key: byAddress },
        ]),
        schema: {
          tags: ['checkout'],
          summary:
            'Confirm a guest’s bank-transfer or pickup order from the single-use link in its e-mail: the long hold starts now',
          params: orderIdParamsSchema,
          body: confirmHoldSchema,
          response: { 200: confirmHoldAnswerSchema },
        },
      },
      async (request) => orders.confirmHold(request.params.id, request.body.token),
    );

    app.post(
      '/orders/track',
      {
        preHandler: rateLimiter(app, trackingLimits(limits)),
        schema: {
          tags: ['checkout'],
          summary:
            'Track an order by e-mail and order id, or by tracking code (track_guest_order, track_user_order); rate-limited',
          body: trackOrderSchema,
          response: { 200: trackOrderResponseSchema },
        },
      },
      async (request) => ({ order: await orders.track(request.body) }),
    );

    // The tracking link's lookup as a GET, so /track-order?tracking_code=… is rendered with its order (issue 29).
    app.get(
      '/orders/track',
      {
        preHandler: rateLimiter(app, trackingLimits(limits)),
        schema: {
          tags: ['checkout'],
          summary: 'Track an order by the tracking code of its link; the same answer and limits as POST',
          querystring: trackByCodeQuerySchema,
          response: { 200: trackOrderResponseSchema },
        },
      },
      async (request) => ({ order: await orders.track({ trackingCode: request.query.tracking_code }) }),
    );
  };
}
