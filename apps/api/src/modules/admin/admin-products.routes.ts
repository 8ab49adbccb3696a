import {
  addProductMessages,
  adminProductSchema,
  inventoryMessages,
  nameWithVariant,
  newProductSchema,
  productUpdateSchema,
  restockSchema,
  stockMessages,
  stockMovementsQuerySchema,
  stockMovementsResponseSchema,
} from '@bilum/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { callerOf } from '../audit/audit.service';
import { productIdParams } from '../catalog/catalog.routes';
import { guardAdminRoutes } from './admin-guard';
import type { AdminProductsService } from './admin-products.service';

const messageSchema = z.object({ message: z.string() });

/** /api/admin/products: the inventory, add, edit and delete (admin only). */
export function adminProductsRoutes(service: AdminProductsService): FastifyPluginAsyncZod {
  return async (app) => {
    guardAdminRoutes(app);

    // GET /admin/products (the inventory's pages) is in admin-catalog.routes.ts.

    app.post(
      '/admin/products',
      {
        config: { permission: 'catalog' },
        schema: {
          tags: ['admin'],
          summary: 'Add a product (the spec’s add_product); prices in toea',
          body: newProductSchema,
          response: { 201: z.object({ product: adminProductSchema, message: z.string() }) },
        },
      },
      async (request, reply) => {
        const product = await service.create(callerOf(request), request.body);
        return reply.code(201).send({ product, message: addProductMessages.added });
      },
    );

    app.put(
      '/admin/products/:id',
      {
        config: { permission: 'catalog' },
        schema: {
          tags: ['admin'],
          summary: 'Save an edited product (the spec’s update_product); prices in toea',
          params: productIdParams,
          body: productUpdateSchema,
          response: { 200: z.object({ product: adminProductSchema, message: z.string() }) },
        },
      },
      async (request) => ({
        product: await service.update(callerOf(request), request.params.id, request.body),
        message: 'Product updated.',
      }),
    );

    app.post(
      '/admin/products/:id/restock',
      {
        config: { permission: 'catalog', apiAction: 'stock' },
        schema: {
          tags: ['admin'],
          summary:
            'Add units on hand (relative: checkouts at the same moment lose nothing) with a reason and note; logged. ' +
            'A product with options names the variant (`variantId`: 400 when missing or not one of its own)',
          params: productIdParams,
          body: restockSchema,
          response: { 200: z.object({ product: adminProductSchema, message: z.string() }) },
        },
      },
      async (request) => {
        const product = await service.restock(callerOf(request), request.params.id, request.body);
        // Issue 30: a variant's restock says that variant's units on hand.
        const variant = product.variantStock.find((each) => each.id === request.body.variantId);
        const message = variant
          ? stockMessages.restocked(nameWithVariant(product.name, variant.label), variant.stock)
          : stockMessages.restocked(product.name, product.stock);
        return { product, message };
      },
    );

    app.get(
      '/admin/products/:id/stock-movements',
      {
        config: { permission: 'catalog' },
        schema: {
          tags: ['admin'],
          summary:
            'The product’s stock movement log, newest first (who or what, before and after, the variant); ' +
            '`variantId`: one variant’s only (404 when not one of the product’s)',
          params: productIdParams,
          querystring: stockMovementsQuerySchema,
          response: { 200: stockMovementsResponseSchema },
        },
      },
      async (request) => service.movements(request.params.id, request.query),
    );

    app.delete(
      '/admin/products/:id',
      {
        config: { permission: 'catalog' },
        schema: {
          tags: ['admin'],
          summary: 'Delete a product (the spec’s delete_product): archived, so orders that refer to it stay intact',
          params: productIdParams,
          response: { 200: messageSchema },
        },
      },
      async (request) => {
        await service.remove(callerOf(request), request.params.id);
        return { message: inventoryMessages.deleted };
      },
    );
  };
}
