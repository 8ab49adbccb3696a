import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { BrowserRouter } from 'react-router';
import { LazyToaster } from '../lib/toaster';
import { RouteAnnouncer } from './RouteAnnouncer';
import { AppRoutes } from './router';
import { ScrollManager } from './ScrollManager';

/**
 * The app inside the router it is given: the same tree on the server (a StaticRouter, apps/web/src/entry-server.tsx)
 * and in the browser, so that the browser can hydrate the page the server rendered (decision 034). `pages` stands
 * in for the routes where the server renders only the shop's frame.
 */
export function AppTree({
  queryClient,
  router: Router,
  pages = <AppRoutes />,
}: {
  queryClient: QueryClient;
  router: (props: { children: ReactNode }) => ReactNode;
  pages?: ReactNode;
}) {
  return (
    <QueryClientProvider client={queryClient}>
      <Router>
        {pages}
        <RouteAnnouncer />
        <ScrollManager />
      </Router>
      <LazyToaster />
    </QueryClientProvider>
  );
}

export function App({ queryClient }: { queryClient: QueryClient }) {
  return <AppTree queryClient={queryClient} router={BrowserRouter} />;
}
