import { productListQuerySchema, productSchema } from '@bilum/shared';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type CatalogService, productListResponseSchema } from './catalog.service';

export const productIdParams = z.object({
  id: z.coerce.number({ error: 'Product id must be a number.' }).int().positive().max(2_147_483_647),
});

export function catalogRoutes(catalog: CatalogService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/products',
      {
        schema: {
          tags: ['catalog'],
          summary: 'List products (the spec’s get_products) with search, category, price band, feature and sort',
          querystring: productListQuerySchema,
          response: { 200: productListResponseSchema },
        },
      },
      async (request, typedReply) => {
        // Bytes, not the object the schema describes: the schema still documents the answer in /api/docs.
        const reply = typedReply as FastifyReply;
        // The hot path of the storefront: the answer is cached as bytes (no serialising per request) and
        // revalidated with its ETag. `no-cache` makes browsers ask each time, so a new price shows at once.
        const queryAt = request.url.indexOf('?');
        const key = queryAt === -1 ? '' : request.url.slice(queryAt + 1);
        const { body, etag } = await catalog.listProductsAnswer(key, request.query);
        reply.header('etag', etag).header('cache-control', 'no-cache');
        if (request.headers['if-none-match'] === etag) return reply.code(304).send();
        return reply.type('application/json; charset=utf-8').send(body);
      },
    );

    app.get(
      '/products/:id',
      {
        schema: {
          tags: ['catalog'],
          summary: 'One product (the spec’s get_item_detail)',
          params: productIdParams,
          response: { 200: z.object({ product: productSchema }) },
        },
      },
      async (request) => ({ product: await catalog.getProduct(request.params.id) }),
    );
  };
}
