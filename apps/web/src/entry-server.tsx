import { dehydrate, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import { type FirstScreenData, type FirstScreenRenderer, firstScreenStateId } from '@bilum/shared';
import { seedFirstScreen } from './app/first-screen-seeds';
import { AppRoutes, preloadRoute } from './app/router';
import { renderWithGuestCart } from './lib/guest-cart';
import { createQueryClient } from './lib/query-client';

/** JSON that is safe inside a <script> element: no "</script>", no "<!--", no line separators. */
function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/**
 * Step one of rendering the first screen of a storefront landing page (`url`: path and query): fetches the data
 * it shows from `data`; null for pages not rendered on the server. The API server
 * (apps/api/src/plugins/first-screen.ts) renders it, or reuses a rendering of the same URL from the same data,
 * and puts it into index.html's #root; apps/web/src/main.tsx takes over from it.
 */
export const prepareFirstScreen: FirstScreenRenderer['prepareFirstScreen'] = async (
  url: string,
  data: FirstScreenData,
) => {
  const queryClient = createQueryClient();
  const pathname = new URL(url, 'http://shop.invalid').pathname;
  const seeds = await seedFirstScreen(queryClient, url, data);
  if (!seeds) return null;
  return {
    async render() {
      // The page's own code is loaded first, so it renders in place. What else is lazy (the footer, menus, the
      // toaster) renders its fallback here and comes with the app: renderToString then writes no inline script,
      // which the shop's Content-Security-Policy would refuse to run.
      await preloadRoute(pathname);
      const html = renderWithGuestCart(seeds.guestCart ?? [], () =>
        renderToString(
          <StrictMode>
            <QueryClientProvider client={queryClient}>
              <StaticRouter location={url}>
                <AppRoutes />
              </StaticRouter>
            </QueryClientProvider>
          </StrictMode>,
        ),
      );
      const state = dehydrate(queryClient, { shouldDehydrateQuery: (query) => query.state.status === 'success' });
      const stateScript = `<script type="application/json" id="${firstScreenStateId}">${scriptJson(state)}</script>`;
      queryClient.clear();
      return { html, stateScript };
    },
  };
};
