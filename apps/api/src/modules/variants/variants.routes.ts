import { adminProductVariantsSchema, productVariantsSchema } from '@bilum/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { callerOf } from '../audit/audit.service';
import { productIdParams } from '../catalog/catalog.routes';
import { guardAdminRoutes } from '../admin/admin-guard';
import type { VariantsAdminService } from './variants-admin.service';

/**
 * /api/admin/products/{id}/variants (issue 30, decision 042): a product's options and variants for the admin's add
 * and edit forms. Guarded as the product's own edit: the catalogue permission.
 */
export function variantsRoutes(service: VariantsAdminService): FastifyPluginAsyncZod {
  return async (app) => {
    guardAdminRoutes(app);

    app.get(
      '/admin/products/:id/variants',
      {
        config: { permission: 'catalog' },
        schema: {
          tags: ['admin'],
          summary: 'A product’s options (names and values in the owner’s order) and its live variants; prices in toea',
          params: productIdParams,
          response: { 200: adminProductVariantsSchema },
        },
      },
      async (request) => service.get(request.params.id),
    );

    app.put(
      '/admin/products/:id/variants',
      {
        config: { permission: 'catalog' },
        schema: {
          tags: ['admin'],
          summary:
            'Set a product’s options and variants (at most 3 options, 20 values each, 100 variants): a variant with ' +
            'an id keeps its stock log and orders, one left out is archived; the product takes the cheapest ' +
            'variant’s price and the sum of their stock. Prices in toea. 409 for a SKU another product or variant ' +
            'has; 400 for the membership product with options',
          params: productIdParams,
          body: productVariantsSchema,
          response: { 200: adminProductVariantsSchema },
        },
      },
      async (request) => service.set(callerOf(request), request.params.id, request.body),
    );
  };
}
