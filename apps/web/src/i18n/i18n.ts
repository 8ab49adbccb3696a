import { type I18n, type Messages, setupI18n } from '@lingui/core';
import { defaultLocale, type Locale } from '@bilum/shared';
// English is in the entry (every page's first screen needs it); Tok Pisin is its own file, loaded when chosen.
// In builds both are compiled to Lingui's message format (vite-compiled-catalogs.ts); in tests and in the dev
// server's unit runs Lingui compiles them as they are used.
import en from './catalogs/en.json';

/** The key of a message: the English catalog's keys (the catalogs test holds Tok Pisin to the same set). */
export type MessageId = keyof typeof en;

/** The values a message's `{placeholders}` take (ICU: `{count, plural, one {...} other {...}}`, `{price}`). */
export type MessageValues = Record<string, string | number>;

export type Translate = (id: MessageId, values?: MessageValues) => string;

const catalogs: Record<Locale, () => Promise<Messages>> = {
  en: () => Promise.resolve(en),
  tpi: () => import('./catalogs/tpi.json').then((module) => module.default as Messages),
};

/**
 * A Lingui instance for one page (the browser's, or one server rendering's: requests in two languages render at
 * the same time), with English loaded and active. `activateLocale` switches it.
 */
export function createShopI18n(): I18n {
  return setupI18n({ locale: defaultLocale, messages: { [defaultLocale]: en } });
}

/** The locales whose catalog each instance holds (English from the start). */
const loaded = new WeakMap<I18n, Set<Locale>>();

/** Loads the locale's catalog once and makes it the instance's language (its listeners then render again). */
export async function activateLocale(i18n: I18n, locale: Locale): Promise<void> {
  if (i18n.locale === locale) return;
  const held = loaded.get(i18n) ?? new Set<Locale>([defaultLocale]);
  if (!held.has(locale)) {
    i18n.load(locale, await catalogs[locale]());
    held.add(locale);
    loaded.set(i18n, held);
  }
  i18n.activate(locale);
}

/** The instance used where no provider gives one (unit tests rendering a component alone): English. */
export const englishI18n: I18n = createShopI18n();

/** English, for rules outside components that take a `t` and are called without one (their unit tests). */
export const englishT: Translate = (id, values) => englishI18n._(id, values);
