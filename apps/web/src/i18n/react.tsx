import type { I18n } from '@lingui/core';
import { createContext, type ReactNode, useCallback, useContext, useMemo, useSyncExternalStore } from 'react';
import { isLocale, type Locale, defaultLocale } from '@bilum/shared';
import { englishI18n, type MessageId, type MessageValues, type Translate } from './i18n';

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

/** `t('header.trackOrder')`: the message in the page's language (a new function when the language changes). */
export function useT(): Translate {
  const { i18n, locale } = useContext(I18nContext);
  return useCallback<Translate>(
    (id: MessageId, values?: MessageValues) => i18n._(id, values),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- a new function per language, so memoised texts follow
    [i18n, locale],
  );
}
