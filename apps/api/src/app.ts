import type { FirstScreenRenderer } from '@bilum/shared';
import Fastify, { type FastifyInstance, LogController } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { registerBackupControl } from './backup/backup-control';
import { type Config, shopUrl } from './config';
import { registerChangeFeed } from './db/change-feed';
import type { Database } from './db/client';
import { authRoutes } from './modules/auth/auth.routes';
import { cartRoutes } from './modules/cart/cart.routes';
import { createCartService } from './modules/cart/cart.service';
import { createAuthService } from './modules/auth/auth.service';
import { createPasswordResetService } from './modules/auth/password-reset.service';
import { createSessionService } from './modules/auth/session.service';
import { catalogRoutes } from './modules/catalog/catalog.routes';
import { pageProductLookup } from './modules/catalog/page-product';
import { createCatalogService } from './modules/catalog/catalog.service';
import { adminMembersRoutes } from './modules/admin/admin-members.routes';
import { createAdminMembersService } from './modules/admin/admin-members.service';
import { adminOrdersRoutes } from './modules/admin/admin-orders.routes';
import { backofficeRoutes } from './modules/backoffice/backoffice.routes';
import { createOrderNotesService } from './modules/backoffice/order-notes.service';
import { createRefundsService } from './modules/backoffice/refunds.service';
import { createCustomersService } from './modules/backoffice/customers.service';
import { createDashboardService } from './modules/backoffice/dashboard.service';
import { createExportsService } from './modules/backoffice/exports.service';
import { createAdminOrdersService } from './modules/admin/admin-orders.service';
import { adminCatalogRoutes } from './modules/admin/admin-catalog.routes';
import { createAdminCatalogService } from './modules/admin/admin-catalog.service';
import { adminProductsRoutes } from './modules/admin/admin-products.routes';
import { createAdminProductsService } from './modules/admin/admin-products.service';
import { variantsRoutes } from './modules/variants/variants.routes';
import { createVariantsAdminService } from './modules/variants/variants-admin.service';
import { imageServingRoutes, imageUploadRoutes } from './modules/uploads/images.routes';
import { createImagesService } from './modules/uploads/images.service';
import { newsletterRoutes } from './modules/newsletter/newsletter.routes';
import { paymentCspOrigins } from './modules/payments/payment-csp';
import { createNewsletterService } from './modules/newsletter/newsletter.service';
import { adminInvoiceRoutes, invoiceRoutes } from './modules/invoices/invoice.routes';
import { createInvoiceService } from './modules/invoices/invoice.service';
import { adminCategoriesRoutes, categoriesRoutes } from './modules/categories/categories.routes';
import { canonicalCategoryPageUrl } from './modules/categories/category-pages';
import { createCategoriesService } from './modules/categories/categories.service';
import { adminDiscountCodesRoutes } from './modules/discount-codes/discount-codes.routes';
import { createDiscountCodesService } from './modules/discount-codes/discount-codes.service';
import { registerMailer } from './modules/mail/mail.plugin';
import { createSmsProvider, type SmsProvider } from './modules/texts/sms-provider';
import { registerTexts } from './modules/texts/texts.service';
import { webhooksRoutes } from './modules/webhooks/webhooks.routes';
import { createWebhooksService } from './modules/webhooks/webhooks.service';
import { createMembershipService } from './modules/membership/membership.service';
import { registerCheckout } from './modules/orders/checkout.plugin';
import { type ConfiguredPaymentProvider, createPaymentProvider } from './modules/payments/create-payment-provider';
import { orderHistoryRoutes } from './modules/orders/order-history.routes';
import { createOrderHistoryService } from './modules/orders/order-history.service';
import { profileRoutes } from './modules/profile/profile.routes';
import { createProfileService } from './modules/profile/profile.service';
import { savedProductsRoutes } from './modules/saved-products/saved-products.routes';
import { createSavedProductsService } from './modules/saved-products/saved-products.service';
import { adminSettingsRoutes, settingsRoutes } from './modules/settings/settings.routes';
import { adminDeliveryRoutes, deliveryRoutes } from './modules/delivery/delivery.routes';
import { createDeliveryService } from './modules/delivery/delivery.service';
import { requoteDeliveredOrders } from './modules/orders/order-quote';
import { createSettingsService } from './modules/settings/settings.service';
import { setupRoutes } from './modules/setup/setup.routes';
import { createSetupService } from './modules/setup/setup.service';
import { registerApiKeyAuth } from './modules/staff/api-key-auth';
import { createApiKeysService } from './modules/staff/api-keys.service';
import { entityActivityRoutes, staffAdminRoutes, staffInviteRoutes } from './modules/staff/staff.routes';
import { createStaffService } from './modules/staff/staff.service';
import { secondFactorAdminRoutes, secondFactorSignInRoutes } from './modules/second-factor/second-factor.routes';
import { createSecondFactorService } from './modules/second-factor/second-factor.service';
import { registerAuth, sessionCookie } from './plugins/auth';
import { trustProxyOption } from './plugins/client-address';
import { registerCompression } from './plugins/compression';
import { registerCrossSiteProtection } from './plugins/cross-site';
import { frameworkErrors, registerErrorHandler } from './plugins/error-handler';
import { registerReadiness } from './plugins/health';
import { registerInputGuard } from './plugins/input-guard';
import { registerOpenApi } from './plugins/openapi';
import { registerPrivateAnswers } from './plugins/private-answers';
import { createAnonymousAnswers } from './plugins/anonymous-answers';
import { registerRateLimit } from './plugins/rate-limit';
import { firstScreenTransformer, inProcessCalls, loadFirstScreenRenderer } from './plugins/first-screen';
import { chainHtmlTransformers, pageChunkFiles, pagePreloadTransformer } from './plugins/page-preload';
import { registerSecurityHeaders, securityHeaders } from './plugins/security-headers';
import { registerWebApp } from './plugins/web-app';
import { pageLanguageTransformer } from './plugins/page-language';
import { createPageHeads } from './modules/seo/page-head';
import { seoRoutes } from './modules/seo/seo.routes';
import { createShareImages } from './modules/seo/share-images.service';
import { createSitemapService } from './modules/seo/sitemap.service';
import { logRedaction } from './security/log-redaction';
import { resolveServerKey, secretHasher } from './security/server-key';

export interface AppDeps {
  db: Database;
  config: Config;
  /** The payment provider; default: the one the configuration names (createPaymentProvider). */
  payments?: ConfiguredPaymentProvider;
  /** The clock for checkout (stock holds, payments); tests pass one they can move. */
  now?: () => Date;
  /** Where log lines go instead of stdout (tests read them). */
  logStream?: { write(line: string): void };
  /** Where text messages go; default: the one SMS_PROVIDER names (createSmsProvider). Tests pass a recording one. */
  sms?: SmsProvider;
  /** The first-screen renderer; default: the web build's (dist/.server/entry-server.js), if it has one. */
  firstScreenRenderer?: FirstScreenRenderer | null;
}

/** Builds the whole shop without listening: tests call it with `app.inject`, the server with `listen`. */
export async function buildApp({ db, config, ...deps }: AppDeps): Promise<FastifyInstance> {
  const now = deps.now ?? (() => new Date());
  const payments = deps.payments ?? createPaymentProvider(config.payments, db, { now });
  // Secrets at rest (reset codes and links, checkout tokens) are HMACs under the server key (issue 16).
  const secrets = secretHasher(await resolveServerKey(config));
  const security = {
    https: (config.publicUrl ?? '').startsWith('https://'),
    ...paymentCspOrigins(config.payments.provider),
  };
  // Answers the same for every anonymous visitor (the product list) are kept and served in front of Fastify.
  const anonymousAnswers = createAnonymousAnswers();
  // A server-rendered page's API calls are made in-process (plugins/first-screen.ts): logged as the page's request.
  const inProcess = inProcessCalls();
  const app = Fastify({
    logController: new LogController({ disableRequestLogging: (request) => inProcess.isInProcess(request) }),
    serverFactory: anonymousAnswers.serverFactory,
    // No secret in any log line (a reset link's token, a failed query's parameters): security/log-redaction.ts.
    logger:
      config.logLevel === 'silent'
        ? false
        : { level: config.logLevel, ...logRedaction, ...(deps.logStream ? { stream: deps.logStream } : {}) },
    trustProxy: trustProxyOption(config.deployment.trustedProxies),
    bodyLimit: 1_048_576,
    frameworkErrors: frameworkErrors(securityHeaders(security)),
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  registerErrorHandler(app);
  await registerCompression(app);
  await registerSecurityHeaders(app, security);
  registerPrivateAnswers(app);
  anonymousAnswers.register(app);
  await registerOpenApi(app);
  registerCrossSiteProtection(app, { publicUrl: config.publicUrl });
  registerInputGuard(app);
  const sessions = createSessionService(db);
  const cookie = sessionCookie(config.publicUrl);
  await registerAuth(app, { sessions, cookie });
  await registerRateLimit(app, {
    db,
    redisUrl: config.deployment.redisUrl,
    keyPrefix: config.deployment.rateLimitKeyPrefix,
  });
  const mailer = registerMailer(app, { db, config: config.mail });
  // Text messages (issue 31, decision 044): outbox jobs the mailer's worker runs after the commit.
  registerTexts({ db, mailer, provider: deps.sms ?? createSmsProvider(config.sms, app.log), log: app.log });
  // API keys (issue 21, decision 016): `Authorization: Bearer` on /api/admin, rate-limited, checked by the admin guard.
  const apiKeys = createApiKeysService(db, secrets, now);
  registerApiKeyAuth(app, apiKeys);

  const catalog = createCatalogService(db);
  await app.register(catalogRoutes(catalog, createMembershipService(db)), { prefix: '/api' });
  // Categories the owner manages (issue 30, decision 041): the storefront's menus, pages and sitemap read them.
  const categories = createCategoriesService(db, catalog);
  await app.register(categoriesRoutes(categories), { prefix: '/api' });
  await app.register(adminCategoriesRoutes(categories), { prefix: '/api' });
  // Discount codes (issue 30, decision 040): the staff's codes; the checkouts price with them in step 2.
  await app.register(adminDiscountCodesRoutes(createDiscountCodesService(db)), { prefix: '/api' });
  // Staff accounts' second factor (issue 28, decision 027): the admin sign-in asks it for the step after the password.
  const secondFactor = createSecondFactorService({ db, mailer, secrets, shopUrl: shopUrl(config), now });
  const auth = createAuthService(db, sessions, secondFactor);
  await app.register(
    authRoutes({
      auth,
      resets: createPasswordResetService({ db, sessions, mailer, secrets, shopUrl: shopUrl(config) }),
      membership: createMembershipService(db),
      cookie,
      limits: config.authLimits,
      shopUrl: shopUrl(config),
    }),
    { prefix: '/api' },
  );
  const settings = createSettingsService(db);
  // Every instance drops its cached product list and settings when any instance changes them (issue 11).
  registerChangeFeed(app, {
    db,
    databaseUrl: config.databaseUrl,
    drop: {
      catalog: () => {
        catalog.dropCache();
        categories.dropCache();
      },
      settings: () => settings.invalidate(),
    },
  });
  await app.register(settingsRoutes(settings), { prefix: '/api' });
  await app.register(newsletterRoutes(createNewsletterService(db), config.authLimits), { prefix: '/api' });
  await app.register(cartRoutes(createCartService(db)), { prefix: '/api' });
  await app.register(
    profileRoutes(createProfileService({ db, sessions, mailer, secrets, shopUrl: shopUrl(config) }), config.authLimits),
    { prefix: '/api' },
  );
  await app.register(savedProductsRoutes(createSavedProductsService(db)), { prefix: '/api' });
  await app.register(orderHistoryRoutes(createOrderHistoryService(db)), { prefix: '/api' });
  // Admin (issue 8): every route under /api/admin refuses anyone but an administrator (modules/admin/admin-guard.ts).
  const images = createImagesService(db, config.imageFetch);
  await app.register(adminProductsRoutes(createAdminProductsService(db, catalog, images)), { prefix: '/api' });
  // A product's options and variants, for the add and edit forms (issue 30, decision 042).
  await app.register(variantsRoutes(createVariantsAdminService(db, catalog)), { prefix: '/api' });
  await app.register(adminCatalogRoutes(createAdminCatalogService(db, catalog)), { prefix: '/api' });
  await app.register(adminMembersRoutes(createAdminMembersService(db, now)), { prefix: '/api' });
  const adminOrders = createAdminOrdersService({
    db,
    payments,
    mailer,
    settings,
    catalog,
    shopUrl: shopUrl(config),
    now,
    log: app.log,
  });
  await app.register(adminOrdersRoutes(adminOrders), { prefix: '/api' });
  // The back office (issue 21, decision 018): order notes, the shop's order address.
  await app.register(
    backofficeRoutes({
      db,
      notes: createOrderNotesService({ db, now }),
      refunds: createRefundsService({
        db,
        payments,
        now,
        log: app.log,
        catalog,
        mailer,
        settings,
        shopUrl: shopUrl(config),
      }),
      customers: createCustomersService({ db, mailer, now }),
      dashboard: createDashboardService({ db, now }),
      exports: createExportsService({ db }),
      settings,
      now,
    }),
    { prefix: '/api' },
  );
  await app.register(adminSettingsRoutes(settings), { prefix: '/api' });
  // The new shop's setup checklist on the admin's first screen (issue 27).
  await app.register(setupRoutes(createSetupService(db, settings)), { prefix: '/api' });
  // Staff accounts, roles, API keys and the activity log (issue 21, decision 016).
  const staff = createStaffService({
    db,
    sessions,
    mailer,
    secrets,
    shopUrl: shopUrl(config),
    admin: config.admin,
    now,
  });
  await app.register(staffAdminRoutes({ db, staff, keys: apiKeys, limits: config.authLimits }), { prefix: '/api' });
  await app.register(secondFactorSignInRoutes({ secondFactor, auth, cookie, limits: config.authLimits }), {
    prefix: '/api',
  });
  await app.register(secondFactorAdminRoutes({ secondFactor, limits: config.authLimits }), { prefix: '/api' });
  await app.register(entityActivityRoutes(db), { prefix: '/api' });
  await app.register(staffInviteRoutes(staff, config.authLimits), { prefix: '/api' });
  // Delivery zones and pickup points (issue 19, decision 012).
  const delivery = createDeliveryService(db, { onZonesSaved: (tx) => requoteDeliveredOrders(tx, now()) });
  await app.register(deliveryRoutes(delivery), { prefix: '/api' });
  await app.register(adminDeliveryRoutes(delivery), { prefix: '/api' });
  await app.register(imageUploadRoutes(images), { prefix: '/api' });
  await app.register(imageServingRoutes(images), { prefix: '/api' });
  await registerCheckout(app, { db, config, payments, mailer, settings, now, secrets });
  // Tax invoices and packing slips (issue 19, decision 013).
  const invoices = createInvoiceService(db);
  await app.register(invoiceRoutes({ invoices, orders: app.checkout.orders, limits: config.authLimits }), {
    prefix: '/api',
  });
  await app.register(adminInvoiceRoutes(invoices), { prefix: '/api' });
  // Outgoing webhooks through the durable outbox (issue 21, decision 017).
  const webhooks = createWebhooksService({ db, mailer, secrets, allowLoopback: config.imageFetch.allowLoopback, now });
  await app.register(webhooksRoutes(webhooks), { prefix: '/api' });
  app.get('/api/health', { schema: { hide: true } }, async () => ({ ok: true }));
  registerReadiness(app, { db });
  // `npm run backup` of a running PGlite shop asks the shop itself, on a socket of its own (decision 020).
  registerBackupControl(app, { db, config });

  const productFor = pageProductLookup(catalog);
  // Search engines and link previews (issue 20): robots.txt, the sitemap, preview pictures, every page's head.
  const shareImages = createShareImages({ db, images, webDist: config.webDist });
  await app.register(
    seoRoutes({
      shopUrl: shopUrl(config),
      sitemap: createSitemapService(db, config.sitemapUrlsPerFile),
      shareImages,
      productFor,
    }),
  );
  const pageHeads = createPageHeads({ productFor, shopUrl: shopUrl(config), shareImages, categories });
  await registerWebApp(app, {
    webDist: config.webDist,
    canonicalPageUrl: (url) => canonicalCategoryPageUrl(url, categories),
    pageStatus: pageHeads.status,
    transformHtml: chainHtmlTransformers(
      pageHeads.transformer,
      firstScreenTransformer(deps.firstScreenRenderer ?? (await loadFirstScreenRenderer(config.webDist, app.log)), {
        catalog,
        productFor,
        sessionCookieName: cookie.name,
        log: app.log,
        app,
        inProcess,
        pageChunks: pageChunkFiles(config.webDist),
      }),
      pagePreloadTransformer(config.webDist),
      pageLanguageTransformer({ shopUrl: shopUrl(config), secureCookie: shopUrl(config).startsWith('https://') }),
    ),
  });
  return app;
}
