import {
  addCategorySchema,
  adminCategoriesResponseSchema,
  adminCategoryResponseSchema,
  categoryIdParamsSchema,
  categoryMessages,
  categoryVisibilitySchema,
  messageSchema,
  publicCategoriesResponseSchema,
  renameCategorySchema,
  reorderCategoriesSchema,
} from '@bilum/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { guardAdminRoutes } from '../admin/admin-guard';
import { actorOf } from '../audit/audit.service';
import type { CategoriesService } from './categories.service';

/** GET /api/categories: the storefront's categories (issue 30), visible ones in the owner's order. */
export function categoriesRoutes(service: CategoriesService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/categories',
      {
        schema: {
          tags: ['catalog'],
          summary: 'The visible categories in the owner’s order (slug, name, position)',
          response: { 200: publicCategoriesResponseSchema },
        },
      },
      async () => ({ categories: await service.listVisible() }),
    );
  };
}

/** /api/admin/categories: add, rename, reorder, hide and delete categories (issue 30); permission "catalog". */
export function adminCategoriesRoutes(service: CategoriesService): FastifyPluginAsyncZod {
  return async (app) => {
    guardAdminRoutes(app);
    const config = { permission: 'catalog' as const };

    app.get(
      '/admin/categories',
      {
        config,
        schema: {
          tags: ['admin'],
          summary: 'Every category in order, hidden ones included, with its product count and old slugs',
          response: { 200: adminCategoriesResponseSchema },
        },
      },
      async () => ({ categories: await service.listAll() }),
    );

    app.post(
      '/admin/categories',
      {
        config,
        schema: {
          tags: ['admin'],
          summary: 'Add a category at the end of the order; its slug is the one given, or made from the name',
          body: addCategorySchema,
          response: { 201: adminCategoryResponseSchema },
        },
      },
      async (request, reply) => {
        const category = await service.add(actorOf(request), request.body);
        return reply.code(201).send({ category, message: categoryMessages.added });
      },
    );

    app.put(
      '/admin/categories/order',
      {
        config,
        schema: {
          tags: ['admin'],
          summary: 'Put the categories in a new order: every category’s id once, first to last',
          body: reorderCategoriesSchema,
          response: { 200: adminCategoriesResponseSchema.extend({ message: messageSchema.shape.message }) },
        },
      },
      async (request) => ({
        categories: await service.reorder(actorOf(request), request.body.ids),
        message: categoryMessages.reordered,
      }),
    );

    app.patch(
      '/admin/categories/:id',
      {
        config,
        schema: {
          tags: ['admin'],
          summary: 'Rename a category (name and/or slug); a replaced slug keeps leading to it (a 301)',
          params: categoryIdParamsSchema,
          body: renameCategorySchema,
          response: { 200: adminCategoryResponseSchema },
        },
      },
      async (request) => ({
        category: await service.rename(actorOf(request), request.params.id, request.body),
        message: categoryMessages.saved,
      }),
    );

    app.put(
      '/admin/categories/:id/visibility',
      {
        config,
        schema: {
          tags: ['admin'],
          summary: 'Hide a category from the storefront, or show it again',
          params: categoryIdParamsSchema,
          body: categoryVisibilitySchema,
          response: { 200: adminCategoryResponseSchema },
        },
      },
      async (request) => {
        const category = await service.setHidden(actorOf(request), request.params.id, request.body.hidden);
        return { category, message: category.hidden ? categoryMessages.hidden : categoryMessages.shown };
      },
    );

    app.delete(
      '/admin/categories/:id',
      {
        config,
        schema: {
          tags: ['admin'],
          summary: 'Delete a category no product uses (archived ones included); otherwise 409: hide it instead',
          params: categoryIdParamsSchema,
          response: { 200: messageSchema },
        },
      },
      async (request) => {
        await service.remove(actorOf(request), request.params.id);
        return { message: categoryMessages.deleted };
      },
    );
  };
}
