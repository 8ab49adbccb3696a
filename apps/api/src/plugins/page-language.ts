import {
  htmlLang,
  type Locale,
  localeCookie,
  localeCookieMaxAgeSeconds,
  localeOfUrl,
  matchSitePage,
  locales,
  pickLocale,
  urlInLocale,
} from '@bilum/shared';
import type { FastifyRequest } from 'fastify';
import type { HtmlTransformer } from './web-app';

/**
 * The language of a page request (issue 31, decision 046): the address's `?lang=` (the `hreflang` alternates, and
 * the language switch's links before the app has taken over), else the `lang` cookie, else Accept-Language.
 */
export function requestLocale(request: Pick<FastifyRequest, 'url' | 'headers' | 'cookies'>): Locale {
  const acceptLanguage = request.headers['accept-language'];
  return (
    localeOfUrl(request.url) ??
    pickLocale(request.cookies?.[localeCookie], typeof acceptLanguage === 'string' ? acceptLanguage : undefined)
  );
}

const escapeAttribute = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * Every page in the visitor's language: `<html lang="tpi">` (or `en-PG`), and the page's addresses in each
 * language for search engines: `hreflang="en"` and `"tpi"` with `?lang=`, `x-default` without (it follows the
 * cookie and the browser). An address with `?lang=` keeps that language in the cookie (a year), like the switch,
 * and its canonical link names that language's address. The staff's pages stay English and carry no alternates.
 */
export function pageLanguageTransformer(deps: { shopUrl: string; secureCookie: boolean }): HtmlTransformer {
  const origin = deps.shopUrl.replace(/\/+$/, '');
  return (html, request, reply) => {
    const path = request.url;
    // The staff's pages (the admin area, the staff's sign-in and invitation) are English (router.tsx's InEnglish).
    const isAdmin =
      matchSitePage(path.split(/[?#]/)[0] ?? '/')?.page.staff === true || /^\/admin(?:[/?#-]|$)/.test(path);
    const locale = isAdmin ? 'en' : requestLocale(request);
    const asked = localeOfUrl(path);
    if (asked && !isAdmin && request.cookies?.[localeCookie] !== asked) {
      const secure = deps.secureCookie ? '; Secure' : '';
      reply.header(
        'set-cookie',
        `${localeCookie}=${asked}; Path=/; Max-Age=${localeCookieMaxAgeSeconds}; SameSite=Lax${secure}`,
      );
    }
    let page = html.replace(/(<html\b[^>]*?\blang=")[^"]*(")/, (_tag, before: string, after: string) => {
      return `${before}${htmlLang[locale]}${after}`;
    });
    if (isAdmin) return page;
    const alternates = [
      ...locales.map((option) => [option, urlInLocale(path, option)] as const),
      ['x-default', urlInLocale(path, null)] as const,
    ].map(
      ([hreflang, url]) =>
        `<link rel="alternate" hreflang="${hreflang}" href="${escapeAttribute(`${origin}${url}`)}" />`,
    );
    if (asked) {
      page = page.replace(
        /<link rel="canonical" href="([^"]*)" \/>/,
        (_tag, href: string) =>
          `<link rel="canonical" href="${escapeAttribute(localisedCanonical(href.replace(/&amp;/g, '&'), asked))}" />`,
      );
    }
    return page.replace('</head>', () => `    ${alternates.join('\n    ')}\n  </head>`);
  };
}

/** A canonical address with `?lang=`: each language's page is its own canonical, as the alternates say. */
function localisedCanonical(href: string, locale: Locale): string {
  const url = new URL(href);
  return `${url.origin}${urlInLocale(`${url.pathname}${url.search}`, locale)}`;
}
