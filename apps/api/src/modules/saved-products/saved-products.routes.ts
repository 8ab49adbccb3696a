import {
  saveProductResponseSchema,
  saveProductSchema,
  savedProductParamsSchema,
  savedProductsSchema,
} from '@bilum/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUser, signedInUser } from '../../plugins/auth';
import type { SavedProductsService } from './saved-products.service';

const tags = ['saved list'];

/** The signed-in shopper's saved list ("My Saved List"); the shopper always comes from the session. */
export function savedProductsRoutes(saved: SavedProductsService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/saved-products',
      {
        onRequest: requireUser,
        schema: {
          tags,
          summary: 'The shopper’s saved products with their price for this shopper and stock',
          response: { 200: savedProductsSchema },
        },
      },
      async (request) => saved.list(signedInUser(request).id),
    );

    app.post(
      '/saved-products',
      {
        onRequest: requireUser,
        schema: {
          tags,
          summary: 'Save a product to the list (the detail page’s favourites button)',
          body: saveProductSchema,
          response: { 200: saveProductResponseSchema, 201: saveProductResponseSchema },
        },
      },
      async (request, reply) => {
        const result = await saved.save(signedInUser(request).id, request.body.productId);
        return reply.code(result.alreadySaved ? 200 : 201).send(result);
      },
    );

    app.delete(
      '/saved-products/:productId',
      {
        onRequest: requireUser,
        schema: {
          tags,
          summary: 'Remove a product from the list',
          params: savedProductParamsSchema,
          response: { 200: savedProductsSchema },
        },
      },
      async (request) => saved.remove(signedInUser(request).id, request.params.productId),
    );
  };
}
