import { type I18n, type Messages, setupI18n } from '@lingui/core';
import { defaultLocale, type Locale } from '@bilum/shared';
// Each language's messages come in two parts (decision 046): the start-up part (the frame, the home page and the
// product lists: what the first screen of the home page shows) and the pages part (every other page). Only
// English's start-up part is in the entry; the rest are files of their own, loaded beside the page's code. In
// builds all four are compiled to Lingui's message format (vite-compiled-catalogs.ts); in unit tests and the dev
// server Lingui compiles them as they are used.
import en from './catalogs/en.json';
import type enPages from './catalogs/en.pages.json';

/** A message of the start-up part: the only ones a component on the home page's first screen may use. */
export type StartupMessageId = keyof typeof en;
/** The key of any message: the English catalogs' keys (the catalogs test holds Tok Pisin to the same sets). */
export type MessageId = StartupMessageId | keyof typeof enPages;

/** The values a message's `{placeholders}` take (ICU: `{count, plural, one {...} other {...}}`, `{price}`). */
export type MessageValues = Record<string, string | number>;

export type Translate = (id: MessageId, values?: MessageValues) => string;
/** A `t` that knows only the start-up part (`useStartupT`); any `Translate` can stand in for it. */
export type StartupTranslate = (id: StartupMessageId, values?: MessageValues) => string;

/** The two parts of a language's messages. */
export type CatalogPart = 'startup' | 'pages';

const messagesOf = (module: { default: unknown }) => module.default as Messages;
const catalogs: Record<CatalogPart, Record<Locale, () => Promise<Messages>>> = {
  startup: {
    en: () => Promise.resolve(en),
    tpi: () => import('./catalogs/tpi.json').then(messagesOf),
  },
  pages: {
    en: () => import('./catalogs/en.pages.json').then(messagesOf),
    tpi: () => import('./catalogs/tpi.pages.json').then(messagesOf),
  },
};

/** Parts registered as already here (the server renderer and unit tests import every catalog: `all-catalogs.ts`). */
const registered = new Map<string, Messages>();
const partKey = (locale: Locale, part: CatalogPart) => `${locale}:${part}`;

/** The parts each instance holds, and the loading of each part under way (one promise per instance and part). */
const held = new WeakMap<I18n, Set<string>>();
const loading = new WeakMap<I18n, Map<string, Promise<void>>>();

function put(i18n: I18n, locale: Locale, part: CatalogPart, messages: Messages) {
  // A copy: Lingui keeps the first object it is given for a language and assigns later parts into it, which would
  // change the imported catalog itself (shared by every instance).
  i18n.load(locale, { ...messages });
  const parts = held.get(i18n) ?? new Set<string>();
  parts.add(partKey(locale, part));
  held.set(i18n, parts);
}

/**
 * A Lingui instance for one page (the browser's, or one server rendering's: requests in two languages render at
 * the same time), with English's start-up part (and every registered part) loaded and English active.
 */
export function createShopI18n(): I18n {
  const i18n = setupI18n({ locale: defaultLocale, messages: {} });
  put(i18n, defaultLocale, 'startup', en);
  for (const [key, messages] of registered) {
    const [locale, part] = key.split(':') as [Locale, CatalogPart];
    put(i18n, locale, part, messages);
  }
  return i18n;
}

/** Whether the instance holds this part of the language's messages. */
export function hasCatalogPart(i18n: I18n, locale: Locale, part: CatalogPart): boolean {
  return held.get(i18n)?.has(partKey(locale, part)) ?? false;
}

/** Loads a part of a language's messages into the instance, once (the same promise to every caller). */
export function loadCatalogPart(i18n: I18n, locale: Locale, part: CatalogPart): Promise<void> {
  if (hasCatalogPart(i18n, locale, part)) return Promise.resolve();
  const pending = loading.get(i18n) ?? new Map<string, Promise<void>>();
  loading.set(i18n, pending);
  const key = partKey(locale, part);
  let promise = pending.get(key);
  if (!promise) {
    promise = catalogs[part][locale]().then(
      (messages) => put(i18n, locale, part, messages),
      (error: unknown) => {
        pending.delete(key);
        throw error;
      },
    );
    pending.set(key, promise);
  }
  return promise;
}

/**
 * Makes `locale` the instance's language (its listeners then render again), once its start-up part is here, and
 * its pages part too when the instance already shows pages (a switch in place then never waits on a page).
 */
export async function activateLocale(i18n: I18n, locale: Locale): Promise<void> {
  if (i18n.locale === locale) return;
  const withPages = hasCatalogPart(i18n, i18n.locale as Locale, 'pages');
  await Promise.all([
    loadCatalogPart(i18n, locale, 'startup'),
    withPages ? loadCatalogPart(i18n, locale, 'pages') : undefined,
  ]);
  i18n.activate(locale);
}

/**
 * Registers a part as already here: every instance made afterwards holds it, and so does `englishI18n`. For the
 * server renderer and unit tests (all-catalogs.ts), never for the browser's bundle.
 */
export function registerCatalogPart(locale: Locale, part: CatalogPart, messages: Messages): void {
  registered.set(partKey(locale, part), messages);
  put(englishI18n, locale, part, messages);
}

/** The instance used where no provider gives one (unit tests rendering a component alone): English. */
export const englishI18n: I18n = createShopI18n();

/** English, for rules outside components that take a `t` and are called without one (their unit tests). */
export const englishT: Translate = (id, values) => englishI18n._(id, values);
