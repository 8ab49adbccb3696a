import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { BrowserRouter } from 'react-router';
import type { I18n } from '@lingui/core';
import { englishI18n } from '../i18n/i18n';
import { LocaleProvider } from '../i18n/react';
import { LazyToaster } from '../lib/toaster';
import { RouteAnnouncer } from './RouteAnnouncer';
import { AppRoutes } from './router';
import { ScrollManager } from './ScrollManager';

/**
 * The app inside the router it is given: the same tree on the server (a StaticRouter, apps/web/src/entry-server.tsx)
 * and in the browser, so that the browser can hydrate the page the server rendered (decision 034). `pages` stands
 * in for the routes where the server renders only the shop's frame. `i18n`: the page's language (decision 046), the
 * same on both sides.
 */
export function AppTree({
  queryClient,
  router: Router,
  pages = <AppRoutes />,
  i18n = englishI18n,
}: {
  queryClient: QueryClient;
  i18n?: I18n;
  router: (props: { children: ReactNode }) => ReactNode;
  pages?: ReactNode;
}) {
  return (
    <LocaleProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <Router>
          {pages}
          <RouteAnnouncer />
          <ScrollManager />
        </Router>
        <LazyToaster />
      </QueryClientProvider>
    </LocaleProvider>
  );
}

export function App({ queryClient, i18n }: { queryClient: QueryClient; i18n?: I18n }) {
  return <AppTree queryClient={queryClient} router={BrowserRouter} i18n={i18n} />;
}
