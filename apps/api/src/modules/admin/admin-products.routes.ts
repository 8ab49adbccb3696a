import {
  addProductMessages,
  inventoryMessages,
  newProductSchema,
  productSchema,
  productUpdateSchema,
} from '@bilum/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { productIdParams } from '../catalog/catalog.routes';
import { guardAdminRoutes } from './admin-guard';
import type { AdminProductsService } from './admin-products.service';

const messageSchema = z.object({ message: z.string() });

/** /api/admin/products: the inventory, add, edit and delete (admin only). */
export function adminProductsRoutes(service: AdminProductsService): FastifyPluginAsyncZod {
  return async (app) => {
    guardAdminRoutes(app);

    app.get(
      '/admin/products',
      {
        schema: {
          tags: ['admin'],
          summary: 'Every product, inactive and sold ones included (the spec’s fetch_products)',
          response: { 200: z.object({ products: z.array(productSchema) }) },
        },
      },
      async () => ({ products: await service.list() }),
    );

    app.post(
      '/admin/products',
      {
        schema: {
          tags: ['admin'],
          summary: 'Add a product (the spec’s add_product); prices in toea',
          body: newProductSchema,
          response: { 201: z.object({ product: productSchema, message: z.string() }) },
        },
      },
      async (request, reply) => {
        const product = await service.create(request.body);
        return reply.code(201).send({ product, message: addProductMessages.added });
      },
    );

    app.put(
      '/admin/products/:id',
      {
        schema: {
          tags: ['admin'],
          summary: 'Save an edited product (the spec’s update_product); prices in toea',
          params: productIdParams,
          body: productUpdateSchema,
          response: { 200: z.object({ product: productSchema, message: z.string() }) },
        },
      },
      async (request) => ({
        product: await service.update(request.params.id, request.body),
        message: 'Product updated.',
      }),
    );

    app.delete(
      '/admin/products/:id',
      {
        schema: {
          tags: ['admin'],
          summary: 'Delete a product (the spec’s delete_product): archived, so orders that refer to it stay intact',
          params: productIdParams,
          response: { 200: messageSchema },
        },
      },
      async (request) => {
        await service.remove(request.params.id);
        return { message: inventoryMessages.deleted };
      },
    );
  };
}
