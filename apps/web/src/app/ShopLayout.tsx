import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { Spinner } from '../components/ui/states';
import { preloadHomeExtras } from '../features/catalog/HomePage';
import { useStartupT } from '../i18n/react';
import { lazyPage } from '../lib/lazy-page';
import { RouteErrorBoundary } from './RouteErrorBoundary';
import { preloadHeaderParts, SiteHeader } from './SiteHeader';

// Below the fold on every page: loaded after the first paint to keep the home page light.
const SiteFooter = lazyPage<object>(() => import('./SiteFooter').then((module) => ({ default: module.SiteFooter })));
// Shown only offline, and it registers the service worker: in the frame's lazy file, not the start-up code.
const OfflineBar = lazyPage<object>(() => import('./OfflineBar').then((module) => ({ default: module.OfflineBar })));

/**
 * Loads the frame's lazy parts (the footer, the header's menus and cart, the home page's lower sections: one file,
 * see vite.config.ts) alongside the page's own code at start-up (main.tsx), rather than once the page has
 * rendered and asked for them: one round trip fewer on a slow link. Once loaded they render at once: the app
 * hydrates the server's page only when they are here (decision 034), so that no part of the page it takes over
 * is left without its handlers (a tap on the account menu there would be lost). Never rejects.
 */
export function prefetchFrameCode({ signedIn }: { signedIn: boolean }): Promise<void> {
  return Promise.all([
    SiteFooter.preload(),
    OfflineBar.preload(),
    preloadHeaderParts({ signedIn }),
    preloadHomeExtras(),
  ]).then(
    () => undefined,
    () => undefined,
  );
}

export function ShopLayout() {
  const t = useStartupT();
  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2"
      >
        {t('layout.skipToContent')}
      </a>
      <SiteHeader />
      <Suspense fallback={null}>
        <OfflineBar />
      </Suspense>
      {/* At least a screen tall: the footer stays below the fold while a page loads its data, instead of
          showing and then jumping down (a layout shift on every page). */}
      <main id="main" className="min-h-svh flex-1">
        <RouteErrorBoundary>
          <Suspense fallback={<Spinner />}>
            <Outlet />
          </Suspense>
        </RouteErrorBoundary>
      </main>
      <Suspense fallback={null}>
        <SiteFooter />
      </Suspense>
    </div>
  );
}
