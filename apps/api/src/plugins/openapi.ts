import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { apiKeyAllows, apiKeyScopes } from '@bilum/shared';
import type { FastifyContextConfig, FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import {
  documentInfo,
  documentServers,
  errorBodyComponent,
  tagDescriptions,
  withOperationDocs,
} from './openapi-document';

/**
 * How a caller proves who it is (issue 21, decision 016): the session cookie of a browser sign-in (shoppers and
 * staff), or an API key as a bearer token (only on /api/admin routes its scopes allow).
 */
const securitySchemes = {
  sessionCookie: {
    type: 'apiKey',
    in: 'cookie',
    name: 'bilum_session',
    description:
      'The session cookie set by POST /api/auth/login or /api/auth/admin-login (named __Host-bilum_session over https).',
  },
  apiKey: {
    type: 'http',
    scheme: 'bearer',
    description:
      'An API key created by the owner in the admin (Staff > API keys): Authorization: Bearer blm_…. It reaches only ' +
      'the /api/admin operations its scopes allow (x-api-key-scopes); everything else answers 403.',
  },
} as const;

type SwaggerTransform = typeof jsonSchemaTransform;

/**
 * Admin operations carry their security (cookie or API key), the staff permission they need (`x-permission`,
 * packages/shared/src/staff.ts; none = owner only) and the API key scopes that reach them (`x-api-key-scopes`).
 */
function withAdminSecurity(transform: SwaggerTransform): SwaggerTransform {
  return (input) => {
    const result = transform(input);
    const url = input.url;
    if (!url.startsWith('/api/admin')) return result;
    const config = (input.route as { config?: FastifyContextConfig }).config ?? {};
    const method = Array.isArray(input.route.method) ? String(input.route.method[0]) : String(input.route.method);
    const permission = config.permission;
    const scopes = apiKeyScopes.filter((scope) =>
      apiKeyAllows([scope], { permission, method, action: config.apiAction }),
    );
    const schema = result.schema as Record<string, unknown>;
    return {
      ...result,
      schema: {
        ...schema,
        security: scopes.length ? [{ sessionCookie: [] }, { apiKey: [] }] : [{ sessionCookie: [] }],
        'x-permission': config.anyStaff ? 'any-staff' : (permission ?? 'owner'),
        'x-api-key-scopes': scopes,
      },
    } as ReturnType<SwaggerTransform>;
  };
}

/** OpenAPI document at /api/docs/json and a browsable UI at /api/docs, both generated from the route schemas. */
export async function registerOpenApi(app: FastifyInstance) {
  await app.register(swagger, {
    openapi: {
      info: documentInfo,
      servers: documentServers,
      tags: Object.entries(tagDescriptions).map(([name, description]) => ({ name, description })),
      components: { securitySchemes, schemas: { ErrorBody: errorBodyComponent } },
    },
    // openapi-document.ts: operationId, description and every error response of each operation (decision 017).
    transform: withOperationDocs(withAdminSecurity(jsonSchemaTransform)),
  });
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    // The UI's own policy (its inline scripts by hash, never 'unsafe-inline'), but never framed, like every page.
    staticCSP: true,
    transformStaticCSP: (header) => header.replace("frame-ancestors 'self'", "frame-ancestors 'none'"),
  });
}
