// Pure rules (no zod): safe for the storefront's first-page bundle.
export * from './money';
export * from './catalog';
export * from './catalog-query';
export * from './catalog-detail';
export * from './session';
export * from './phone';
export * from './return-url';
export * from './accounts';
export * from './pricing';
export * from './settings';
export * from './membership-perks';
export * from './cart';
// Schemas (zod): for the API and for forms in lazily loaded pages.
export * from './errors';
export * from './catalog.schema';
export * from './accounts.schema';
export * from './settings.schema';
export * from './newsletter.schema';
export * from './cart.schema';
