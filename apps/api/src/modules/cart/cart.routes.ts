import {
  addCartItemResponseSchema,
  addCartItemSchema,
  cartItemIdParamsSchema,
  cartSchema,
  mergeCartResponseSchema,
  mergeCartSchema,
  updateCartItemSchema,
} from '@bilum/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUser, signedInUser } from '../../plugins/auth';
import type { CartService } from './cart.service';

/** The signed-in shopper's server cart; the shopper always comes from the session. */
export function cartRoutes(cart: CartService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/cart',
      {
        onRequest: requireUser,
        schema: {
          tags: ['cart'],
          summary: 'The server cart with server prices, member state, sold-out lines and totals (get_cart_view)',
          response: { 200: cartSchema },
        },
      },
      async (request) => cart.getCart(signedInUser(request).id),
    );

    app.post(
      '/cart/items',
      {
        onRequest: requireUser,
        schema: {
          tags: ['cart'],
          summary: 'Add a product (add_cart); prices sent by the browser are ignored',
          body: addCartItemSchema,
          response: { 200: addCartItemResponseSchema, 201: addCartItemResponseSchema },
        },
      },
      async (request, reply) => {
        const result = await cart.addItem(signedInUser(request).id, request.body);
        return reply.code(result.alreadyInCart ? 200 : 201).send(result);
      },
    );

    app.patch(
      '/cart/items/:id',
      {
        onRequest: requireUser,
        schema: {
          tags: ['cart'],
          summary: 'Change a line’s quantity (1 up to the stock)',
          params: cartItemIdParamsSchema,
          body: updateCartItemSchema,
          response: { 200: cartSchema },
        },
      },
      async (request) => cart.updateQuantity(signedInUser(request).id, request.params.id, request.body.quantity),
    );

    app.delete(
      '/cart/items/:id',
      {
        onRequest: requireUser,
        schema: {
          tags: ['cart'],
          summary: 'Remove a line (remove_item)',
          params: cartItemIdParamsSchema,
          response: { 200: cartSchema },
        },
      },
      async (request) => cart.removeItem(signedInUser(request).id, request.params.id),
    );

    app.delete(
      '/cart',
      {
        onRequest: requireUser,
        schema: { tags: ['cart'], summary: 'Empty the cart (clear_cart)', response: { 200: cartSchema } },
      },
      async (request) => cart.clear(signedInUser(request).id),
    );

    app.post(
      '/cart/merge',
      {
        onRequest: requireUser,
        schema: {
          tags: ['cart'],
          summary: 'Join the guest cart to the server cart at sign-in',
          body: mergeCartSchema,
          response: { 200: mergeCartResponseSchema },
        },
      },
      async (request) => cart.merge(signedInUser(request).id, request.body),
    );
  };
}
