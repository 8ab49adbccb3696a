import { checkoutQuoteResponseSchema, checkoutQuoteSchema } from '@bilum/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { CartService } from '../cart/cart.service';
import type { SettingsService } from '../settings/settings.service';

/**
 * The checkout's quote: before the order is made, checkout shows the lines and the total as the server prices
 * them now (sold-out lines marked), never the browser's copy of the cart (issue 17, defect 1).
 */
export function checkoutQuoteRoutes(
  cart: CartService,
  settings: Pick<SettingsService, 'memberCodeRule'>,
  now: () => Date,
): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/checkout/quote',
      {
        schema: {
          tags: ['checkout'],
          summary:
            'The lines a checkout is about to buy as the server sees them now (price for this shopper, sold out or not) and the total an order of the available lines would charge, with the delivery fee to `delivery` and the discount code `discountCode` (applied, or refused with the reason); holds nothing',
          body: checkoutQuoteSchema,
          response: { 200: checkoutQuoteResponseSchema },
        },
      },
      async (request) => {
        const { source, delivery, discountCode } = request.body;
        const discount = discountCode
          ? { code: discountCode, rule: await settings.memberCodeRule(), now: now() }
          : undefined;
        return cart.quote(request.user, source, delivery, discount);
      },
    );
  };
}
