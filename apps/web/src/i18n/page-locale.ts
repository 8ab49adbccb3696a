import { firstScreenStateId, isLocale, type Locale, localeCookie, localeOfLanguageTag } from '@bilum/shared';
import { readMirrorCookie } from '../lib/browser-storage';

/**
 * The language the app starts in. A page the server rendered is in the language the server wrote into
 * `<html lang>` (it chose it from the address's `?lang=`, the `lang` cookie or Accept-Language, decision 046), so
 * the app's first rendering is the server's page and hydrates. A page it did not render (from the Vite dev server,
 * or a copy kept offline) follows the cookie, then `<html lang>`.
 */
export function pageLocale(doc: Document = document): Locale {
  const fromPage = localeOfLanguageTag(doc.documentElement.getAttribute('lang')) ?? 'en';
  if (doc.getElementById(firstScreenStateId)) return fromPage;
  const cookie = readMirrorCookie(localeCookie, doc);
  return isLocale(cookie) ? cookie : fromPage;
}

/**
 * The page whose first screen uses only the start-up part of the messages (the home page; `start-up-code.test.ts`
 * holds its code to `useStartupT`; a member's /dashboard shows the member slider, whose messages are in the pages
 * part): the app starts it without the pages part, which then comes with the first page that needs it
 * (decision 046).
 */
export function showsStartupMessagesOnly(pathname: string): boolean {
  return pathname === '/';
}
