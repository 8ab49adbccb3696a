import type { Messages } from '@lingui/core';
import en from './catalogs/en.json';
import enPages from './catalogs/en.pages.json';
import tpi from './catalogs/tpi.json';
import tpiPages from './catalogs/tpi.pages.json';
import { registerCatalogPart } from './i18n';

/**
 * Every catalog, here at once: imported by the server renderer (entry-server.tsx: it renders any page in either
 * language without waiting) and by the web unit tests (vitest.config.ts: a component rendered alone speaks
 * English at once). Never imported by the browser's code: there the parts load as they are needed (decision 046).
 */
registerCatalogPart('en', 'startup', en as Messages);
registerCatalogPart('en', 'pages', enPages as Messages);
registerCatalogPart('tpi', 'startup', tpi as Messages);
registerCatalogPart('tpi', 'pages', tpiPages as Messages);

/** Every English message and every Tok Pisin one by key, both parts together (for tests that read the catalogs). */
export const englishMessages = { ...en, ...enPages };
export const tokPisinMessages = { ...tpi, ...tpiPages };
