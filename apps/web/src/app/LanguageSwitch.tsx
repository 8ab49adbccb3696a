import {
  htmlLang,
  type Locale,
  localeCookie,
  localeCookieMaxAgeSeconds,
  localeNames,
  locales,
  urlInLocale,
} from '@bilum/shared';
import type { MouseEvent } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { activateLocale } from '../i18n/i18n';
import { useLocale, useStartupT } from '../i18n/react';
import { writeMirrorCookie } from '../lib/browser-storage';
import { cn } from '../lib/cn';

/**
 * "English | Tok Pisin" in the header and the footer (issue 31). Each is a link to this page in that language
 * (`?lang=`, which the server answers in it and keeps in the cookie), so it works before the app has taken over;
 * once it has, a tap keeps the choice in the `lang` cookie and renders the page again in place, without `?lang=`.
 */
export function LanguageSwitch({ className, look = 'dark' }: { className?: string; look?: 'dark' | 'light' }) {
  const { locale, i18n } = useLocale();
  const t = useStartupT();
  const location = useLocation();
  const navigate = useNavigate();
  const here = `${location.pathname}${location.search}`;

  const choose = (event: MouseEvent<HTMLAnchorElement>, next: Locale) => {
    event.preventDefault();
    writeMirrorCookie(localeCookie, next, localeCookieMaxAgeSeconds);
    document.documentElement.lang = htmlLang[next];
    void activateLocale(i18n, next);
    const plain = urlInLocale(here, null);
    if (plain !== here) void navigate(`${plain}${location.hash}`, { replace: true, preventScrollReset: true });
  };

  return (
    <p role="group" aria-label={t('language.switch')} className={cn('flex items-center gap-1 text-sm', className)}>
      {locales.map((option, index) => (
        <span key={option} className="flex items-center gap-1">
          {index > 0 && (
            <span aria-hidden className={look === 'dark' ? 'text-stone-300' : 'text-stone-600'}>
              |
            </span>
          )}
          <a
            href={urlInLocale(here, option)}
            hrefLang={htmlLang[option]}
            lang={htmlLang[option]}
            aria-current={option === locale ? 'true' : undefined}
            onClick={(event) => choose(event, option)}
            className={cn(
              'rounded px-1 py-0.5 underline-offset-2 hover:underline',
              option === locale && 'font-semibold',
              look === 'dark'
                ? option === locale
                  ? 'text-white'
                  : 'text-stone-300 hover:text-brand-300'
                : option === locale
                  ? 'text-stone-900'
                  : 'text-stone-600 hover:text-brand-700',
            )}
          >
            {localeNames[option]}
          </a>
        </span>
      ))}
    </p>
  );
}
