import { checkoutQuoteResponseSchema, checkoutQuoteSchema } from '@bilum/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { CartService } from '../cart/cart.service';

/**
 * The checkout's quote: before the order is made, checkout shows the lines and the total as the server prices
 * them now (sold-out lines marked), never the browser's copy of the cart (issue 17, defect 1).
 */
export function checkoutQuoteRoutes(cart: CartService): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/checkout/quote',
      {
        schema: {
          tags: ['checkout'],
          summary:
            'The lines a checkout is about to buy as the server sees them now (price for this shopper, sold out or not) and the total an order of the available lines would charge, with the delivery fee to `delivery`; holds nothing',
          body: checkoutQuoteSchema,
          response: { 200: checkoutQuoteResponseSchema },
        },
      },
      async (request) => cart.quote(request.user, request.body.source, request.body.delivery),
    );
  };
}
