/**
 * The shop's two languages (issue 31): English and Tok Pisin. The shopper's choice is kept in the `lang` cookie;
 * a first visit follows the browser's `Accept-Language`; a page address may carry `?lang=tpi` (the `hreflang`
 * alternates), which the server answers in that language and keeps in the cookie (decision 046).
 */
export type Locale = 'en' | 'tpi';

export const locales: readonly Locale[] = ['en', 'tpi'];
export const defaultLocale: Locale = 'en';

/** The cookie that keeps the shopper's language (a year), and the query parameter of the `hreflang` addresses. */
export const localeCookie = 'lang';
export const localeQueryParameter = 'lang';
export const localeCookieMaxAgeSeconds = 365 * 24 * 60 * 60;

/** Each language's name in itself, as the switch shows it ("English | Tok Pisin"): never translated. */
export const localeNames: Readonly<Record<Locale, string>> = { en: 'English', tpi: 'Tok Pisin' };

/** The page's `<html lang>`: English as written in Papua New Guinea, and Tok Pisin (ISO 639-3 `tpi`). */
export const htmlLang: Readonly<Record<Locale, string>> = { en: 'en-PG', tpi: 'tpi' };

export function isLocale(value: unknown): value is Locale {
  return value === 'en' || value === 'tpi';
}

/** The locale an `<html lang>` value names ("tpi", "tpi-PG", "en-PG"); null for anything else. */
export function localeOfLanguageTag(tag: string | null | undefined): Locale | null {
  const primary = (tag ?? '').trim().toLowerCase().split(/[-_]/)[0];
  return isLocale(primary) ? primary : null;
}

/**
 * The language of a page: the `lang` cookie when it names one of ours; otherwise the first of the browser's
 * `Accept-Language` ranges that is English or Tok Pisin, by quality (`tpi, en;q=0.8`; `en-AU`; `tpi-PG`);
 * otherwise English. A range of another language ("fr") is passed over, "*" means English.
 */
export function pickLocale(cookie: string | null | undefined, acceptLanguage: string | null | undefined): Locale {
  if (isLocale(cookie)) return cookie;
  const ranges = (acceptLanguage ?? '')
    .slice(0, 1000)
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((param) => /^\s*q\s*=\s*([\d.]+)\s*$/i.exec(param)?.[1]).find(Boolean);
      const quality = q === undefined ? 1 : Number(q);
      return { tag: tag.trim(), quality: Number.isFinite(quality) ? quality : 0, index };
    })
    .filter((range) => range.tag !== '' && range.quality > 0)
    .sort((a, b) => b.quality - a.quality || a.index - b.index);
  for (const range of ranges) {
    if (range.tag === '*') return defaultLocale;
    const locale = localeOfLanguageTag(range.tag);
    if (locale) return locale;
  }
  return defaultLocale;
}

/** The `lang` value of a page address's query ("/category/all?lang=tpi"); null when it has none of ours. */
export function localeOfUrl(url: string): Locale | null {
  const query = url.split('#')[0]?.split('?')[1];
  if (!query) return null;
  const value = new URLSearchParams(query).get(localeQueryParameter);
  return isLocale(value) ? value : null;
}

/**
 * A page address in one language (the `hreflang` alternates): the path and query with `lang` set, or with it
 * removed for `null` (x-default: the page follows the cookie and the browser).
 */
export function urlInLocale(url: string, locale: Locale | null): string {
  const [beforeHash = ''] = url.split('#');
  const [path = '/', query = ''] = beforeHash.split('?');
  const params = new URLSearchParams(query);
  params.delete(localeQueryParameter);
  if (locale) params.set(localeQueryParameter, locale);
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}
