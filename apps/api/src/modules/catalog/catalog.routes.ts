import { productListQuerySchema, productSchema } from '@bilum/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { CatalogService } from './catalog.service';

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
          response: { 200: z.object({ products: z.array(productSchema), count: z.number().int() }) },
        },
      },
      async (request) => {
        const list = await catalog.listProducts(request.query);
        return { products: list, count: list.length };
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
