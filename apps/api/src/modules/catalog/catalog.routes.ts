import { productListPageSchema, productListQuerySchema, productSchema } from '@bilum/shared';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { negotiateEncoding } from '../../compress';
import type { createMembershipService } from '../membership/membership.service';
import { audienceOf, type CatalogService, guestAudience } from './catalog.service';

export const productIdParams = z.object({
  id: z.coerce.number({ error: 'Product id must be a number.' }).int().positive().max(2_147_483_647),
});

export function catalogRoutes(
  catalog: CatalogService,
  membership: Pick<ReturnType<typeof createMembershipService>, 'getState'>,
): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/products',
      {
        // Compressed here, once per answer (ProductListAnswer.encoded), not by @fastify/compress per request.
        compress: false,
        decompress: false,
        // A guest's page is the same for every guest until the catalogue changes (plugins/anonymous-answers.ts).
        config: { anonymousAnswer: catalog.version },
        schema: {
          tags: ['catalog'],
          summary:
            'One page of products (the spec’s get_products) with search, category, price band, feature and sort, priced for the session',
          querystring: productListQuerySchema,
          response: { 200: productListPageSchema },
        },
      },
      async (request, typedReply) => {
        // Bytes, not the object the schema describes: the schema still documents the answer in /api/docs.
        const reply = typedReply as FastifyReply;
        // The hot path of the storefront: each page's answer is cached as bytes per audience (no serialising per
        // request) and revalidated with its ETag. `no-cache` makes browsers ask each time, so a new price shows at
        // once; a member's prices are private to their session and never kept by a shared cache (decision 014).
        const audience = request.user ? audienceOf(await membership.getState(request.user.id)) : guestAudience;
        const answer = await catalog.listProductsAnswer(request.query, audience);
        const { body, etag, personal } = answer;
        reply
          .header('etag', etag)
          .header('cache-control', personal ? 'private, no-cache' : 'no-cache')
          .header('vary', 'Cookie, Accept-Encoding');
        if (request.headers['if-none-match'] === etag) return reply.code(304).send();
        reply.type('application/json; charset=utf-8');
        const encoding = negotiateEncoding(request.headers['accept-encoding']);
        if (!encoding) return reply.send(body);
        return reply.header('content-encoding', encoding).send(await answer.encoded(encoding));
      },
    );

    app.get(
      '/products/:id',
      {
        // The same for every visitor (no member price here) until the catalogue changes: a stock change or a hold
        // taken or released changes its version too, as for the list (plugins/anonymous-answers.ts).
        config: { anonymousAnswer: catalog.version },
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
