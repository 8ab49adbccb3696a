import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/** OpenAPI document at /api/docs/json and a browsable UI at /api/docs, both generated from the route schemas. */
export async function registerOpenApi(app: FastifyInstance) {
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Bilum shop API',
        description: 'The API of the Bilum online shop. Money is in toea (1 kina = 100 toea).',
        version: '1.0.0',
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    // The UI's own policy (its inline scripts by hash, never 'unsafe-inline'), but never framed, like every page.
    staticCSP: true,
    transformStaticCSP: (header) => header.replace("frame-ancestors 'self'", "frame-ancestors 'none'"),
  });
}
