import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config';
import type { Database } from './db/client';
import { catalogRoutes } from './modules/catalog/catalog.routes';
import { createCatalogService } from './modules/catalog/catalog.service';
import { registerErrorHandler } from './plugins/error-handler';
import { registerOpenApi } from './plugins/openapi';
import { registerSecurityHeaders } from './plugins/security-headers';
import { registerWebApp } from './plugins/web-app';

export interface AppDeps {
  db: Database;
  config: Config;
}

/** Builds the whole shop without listening: tests call it with `app.inject`, the server with `listen`. */
export async function buildApp({ db, config }: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger: config.logLevel === 'silent' ? false : { level: config.logLevel },
    trustProxy: config.env === 'production',
    bodyLimit: 1_048_576,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  registerErrorHandler(app);
  await registerSecurityHeaders(app, { https: (config.publicUrl ?? '').startsWith('https://') });
  await registerOpenApi(app);

  const catalog = createCatalogService(db);
  await app.register(catalogRoutes(catalog), { prefix: '/api' });
  app.get('/api/health', { schema: { hide: true } }, async () => ({ ok: true }));

  await registerWebApp(app, { webDist: config.webDist });
  return app;
}
