import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { type Config, shopUrl } from './config';
import type { Database } from './db/client';
import { authRoutes } from './modules/auth/auth.routes';
import { cartRoutes } from './modules/cart/cart.routes';
import { createCartService } from './modules/cart/cart.service';
import { createAuthService } from './modules/auth/auth.service';
import { createPasswordResetService } from './modules/auth/password-reset.service';
import { createSessionService } from './modules/auth/session.service';
import { catalogRoutes } from './modules/catalog/catalog.routes';
import { productPreviewTransformer } from './modules/catalog/catalog.preview';
import { createCatalogService } from './modules/catalog/catalog.service';
import { newsletterRoutes } from './modules/newsletter/newsletter.routes';
import { paymentCspOrigins } from './modules/payments/payment-csp';
import { createNewsletterService } from './modules/newsletter/newsletter.service';
import { registerMailer } from './modules/mail/mail.plugin';
import { createMembershipService } from './modules/membership/membership.service';
import { settingsRoutes } from './modules/settings/settings.routes';
import { createSettingsService } from './modules/settings/settings.service';
import { registerAuth, sessionCookie } from './plugins/auth';
import { registerCrossSiteProtection } from './plugins/cross-site';
import { registerErrorHandler } from './plugins/error-handler';
import { registerOpenApi } from './plugins/openapi';
import { registerRateLimit } from './plugins/rate-limit';
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
  await registerSecurityHeaders(app, {
    https: (config.publicUrl ?? '').startsWith('https://'),
    ...paymentCspOrigins(config.payments.provider),
  });
  await registerOpenApi(app);
  registerCrossSiteProtection(app, { publicUrl: config.publicUrl });
  const sessions = createSessionService(db);
  const cookie = sessionCookie(config.publicUrl);
  await registerAuth(app, { sessions, cookie });
  await registerRateLimit(app);
  const mailer = registerMailer(app, { db, config: config.mail });

  const catalog = createCatalogService(db);
  await app.register(catalogRoutes(catalog), { prefix: '/api' });
  await app.register(
    authRoutes({
      auth: createAuthService(db, sessions),
      resets: createPasswordResetService({ db, sessions, mailer, shopUrl: shopUrl(config) }),
      membership: createMembershipService(db),
      cookie,
      limits: config.authLimits,
    }),
    { prefix: '/api' },
  );
  const settings = createSettingsService(db);
  await app.register(settingsRoutes(settings), { prefix: '/api' });
  await app.register(newsletterRoutes(createNewsletterService(db)), { prefix: '/api' });
  await app.register(cartRoutes(createCartService(db)), { prefix: '/api' });
  app.get('/api/health', { schema: { hide: true } }, async () => ({ ok: true }));

  await registerWebApp(app, {
    webDist: config.webDist,
    transformHtml: productPreviewTransformer(catalog, config.publicUrl),
  });
  return app;
}
