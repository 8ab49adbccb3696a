import {
  adminProductListQuerySchema,
  adminProductListResponseSchema,
  catalogImportSchema,
  csvTooLargeMessage,
  importPreviewSchema,
  importResultSchema,
  MAX_CSV_CHARS,
} from '@bilum/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../errors';
import { callerOf } from '../audit/audit.service';
import { guardAdminRoutes } from './admin-guard';
import type { AdminCatalogService } from './admin-catalog.service';

/** A CSV text of MAX_CSV_CHARS characters, as UTF-8 JSON (up to 4 bytes each, plus escapes), fits. */
const importBodyLimit = MAX_CSV_CHARS * 4 + 1024;

/** A CSV text over MAX_CSV_CHARS is a body over a limit: 413, like every other (issue 28), before the schema's 400. */
async function csvWithinLimit(request: FastifyRequest) {
  const csv = (request.body as { csv?: unknown } | null)?.csv;
  if (typeof csv === 'string' && csv.length > MAX_CSV_CHARS)
    throw new AppError('PAYLOAD_TOO_LARGE', csvTooLargeMessage);
}

/** /api/admin/products (the list) and the catalogue as CSV (issue 18); admin only. */
export function adminCatalogRoutes(service: AdminCatalogService): FastifyPluginAsyncZod {
  return async (app) => {
    guardAdminRoutes(app);

    app.get(
      '/admin/products',
      {
        config: { permission: 'catalog' },
        schema: {
          tags: ['admin'],
          summary:
            'One page of the inventory (the spec’s fetch_products), sorted and filtered by the server, with the total and the stat cards',
          querystring: adminProductListQuerySchema,
          response: { 200: adminProductListResponseSchema },
        },
      },
      async (request) => service.listPage(request.query),
    );

    app.get(
      '/admin/products/export',
      {
        config: { permission: 'catalog' },
        schema: {
          tags: ['admin'],
          summary: 'The catalogue as a CSV file, text/csv (cells that look like formulas are defused)',
          produces: ['text/csv'],
        },
      },
      async (_request, reply) => {
        const csv = await service.exportCsv();
        const day = new Date().toISOString().slice(0, 10);
        return reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="bilum-catalogue-${day}.csv"`)
          .send(csv);
      },
    );

    app.post(
      '/admin/products/import/preview',
      {
        config: { permission: 'catalog' },
        bodyLimit: importBodyLimit,
        preValidation: csvWithinLimit,
        schema: {
          tags: ['admin'],
          summary: 'What a CSV file would change, row by row, and each row’s errors; nothing is written',
          body: catalogImportSchema,
          response: { 200: importPreviewSchema },
        },
      },
      async (request) => service.previewImport(request.body.csv),
    );

    app.post(
      '/admin/products/import',
      {
        config: { permission: 'catalog' },
        bodyLimit: importBodyLimit,
        preValidation: csvWithinLimit,
        schema: {
          tags: ['admin'],
          summary:
            'Import a CSV file (create and update by SKU): checked again, then every row written in one transaction, or none',
          body: catalogImportSchema,
          response: { 200: importResultSchema },
        },
      },
      async (request) => service.commitImport(request.body.csv, callerOf(request)),
    );
  };
}
