import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { BrowserRouter } from 'react-router';
import { LazyToaster } from '../lib/toaster';
import { RouteAnnouncer } from './RouteAnnouncer';
import { AppRoutes } from './router';
import { ScrollManager } from './ScrollManager';

export function App({ queryClient }: { queryClient: QueryClient }) {
  return (
    <QueryClientProvider client={queryClient}>
      <BrowserRouter>
        <AppRoutes />
        <RouteAnnouncer />
        <ScrollManager />
      </BrowserRouter>
      <LazyToaster />
    </QueryClientProvider>
  );
}
