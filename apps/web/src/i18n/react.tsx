import type { I18n } from '@lingui/core';
import { createContext, type ReactNode, use, useCallback, useContext, useMemo, useSyncExternalStore } from 'react';
import { isLocale, type Locale, defaultLocale } from '@bilum/shared';
import {
  englishI18n,
  hasCatalogPart,
  loadCatalogPart,
  type MessageId,
  type MessageValues,
  type StartupMessageId,
  type StartupTranslate,
  type Translate,
} from './i18n';

const I18nContext = createContext<{ i18n: I18n; locale: Locale }>({ i18n: englishI18n, locale: defaultLocale });

/**
 * Gives the app its Lingui instance (main.tsx, entry-server.tsx) and renders it again when its language changes
 * (the switch in the header and the footer). Without one, components speak English (unit tests).
 */
export function LocaleProvider({ i18n, children }: { i18n: I18n; children: ReactNode }) {
  const locale = useSyncExternalStore(
    (onChange) => i18n.on('change', onChange),
    () => i18n.locale,
    () => i18n.locale,
  );
  const value = useMemo(() => ({ i18n, locale: isLocale(locale) ? locale : defaultLocale }), [i18n, locale]);
  return <I18nContext.Provider value={value}>{children}</I18nContext.Provider>;
}

/** The page's language and its Lingui instance. */
export function useLocale(): { locale: Locale; i18n: I18n } {
  return useContext(I18nContext);
}

/**
 * `t('cart.title')`: the message in the page's language (a new function when the language changes). The page's
 * messages are a part of their own (decision 046): a component that renders before they have arrived waits for
 * them (it suspends, like a lazy page's code; the browser loads them beside the page's code, so it seldom does).
 */
export function useT(): Translate {
  const { i18n, locale } = useContext(I18nContext);
  if (!hasCatalogPart(i18n, locale, 'pages')) use(loadCatalogPart(i18n, locale, 'pages'));
  return useCallback<Translate>(
    (id: MessageId, values?: MessageValues) => i18n._(id, values),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- a new function per language, so memoised texts follow
    [i18n, locale],
  );
}

/**
 * `t('header.trackOrder')` for the components of the home page's first screen (the frame, the home page, the
 * product lists): only the start-up part's messages, which are always here, so it never waits.
 */
export function useStartupT(): StartupTranslate {
  const { i18n, locale } = useContext(I18nContext);
  return useCallback<StartupTranslate>(
    (id: StartupMessageId, values?: MessageValues) => i18n._(id, values),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- a new function per language, so memoised texts follow
    [i18n, locale],
  );
}

/**
 * The staff's pages stay English whatever language the shop is in (issue 31: "The admin stays English"): the admin
 * area, the staff's sign-in, second factor and invitation (router.tsx).
 */
export function InEnglish({ children }: { children: ReactNode }) {
  return <LocaleProvider i18n={englishI18n}>{children}</LocaleProvider>;
}
