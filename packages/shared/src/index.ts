// Pure rules (no zod): safe for the storefront's first-page bundle.
export * from './money';
export * from './catalog';
export * from './session';
// Schemas (zod): for the API and for forms in lazily loaded pages.
export * from './errors';
export * from './catalog.schema';
