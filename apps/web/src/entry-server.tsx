import { AsyncLocalStorage } from 'node:async_hooks';
import { dehydrate, type QueryClient, type QueryKey, type QueryOptions, skipToken } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { matchRoutes, Route, Routes, StaticRouter } from 'react-router';
import {
  type FirstScreenData,
  type FirstScreenRenderer,
  firstScreenReadingPosts,
  firstScreenStateId,
} from '@bilum/shared';
import {
  isLandingPageAskedWithSession,
  isRenderedAsAsked,
  isRenderedFromStorage,
  seedFirstScreen,
  guestCartSnapshot,
  storageFromCookies,
} from './app/first-screen-seeds';
import { AppTree } from './app/App';
import { appRoutes, preloadRoute, routeComponents } from './app/router';
import { prefetchFrameCode, ShopLayout } from './app/ShopLayout';
import { Spinner } from './components/ui/states';
import { ApiError, setApiTransport } from './lib/api-client';
import { renderWithBrowserStorage, type StorageSnapshot } from './lib/browser-storage';
import type { LazyPage } from './lib/lazy-page';
import { activateLocale, createShopI18n } from './i18n/i18n';
import './i18n/all-catalogs';
import type { I18n } from '@lingui/core';
import { createQueryClient } from './lib/query-client';

/** JSON that is safe inside a <script> element: no "</script>", no "<!--", no line separators. */
function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** The request being rendered: the page's API calls are answered in-process for its visitor. */
const rendering = new AsyncLocalStorage<FirstScreenData>();

/** Thrown for a call the server does not make for a page (not a GET, or one with headers of its own). */
class NotOnServer extends Error {}

setApiTransport(async (path, init) => {
  const data = rendering.getStore();
  const { 'content-type': contentType, ...headers } = (init.headers ?? {}) as Record<string, string>;
  const get = init.method === 'GET' && init.body == null && contentType === undefined;
  // A POST that only reads (checkout's quote) with its JSON body, and nothing else of its own.
  const readingPost =
    init.method === 'POST' &&
    typeof init.body === 'string' &&
    contentType === 'application/json' &&
    firstScreenReadingPosts.includes(path);
  if (!data || !(get || readingPost) || Object.keys(headers).length > 0) {
    throw new NotOnServer(`${init.method} /api${path} is left to the browser`);
  }
  const { status, body } = await data.get(path, readingPost ? (init.body as string) : undefined);
  return new Response(status === 204 || status === 304 ? null : body, {
    status,
    headers: { 'content-type': 'application/json' },
  });
});

/** The shop's frame with the loading state in its main part, for a page whose content is in browser storage. */
function PageShell() {
  return (
    <Routes>
      <Route element={<ShopLayout />}>
        <Route path="*" element={<Spinner />} />
      </Route>
    </Routes>
  );
}

const noStorage: StorageSnapshot = { local: {}, session: {} };

function renderApp(url: string, queryClient: QueryClient, storage: StorageSnapshot, i18n: I18n, shell = false): string {
  return renderWithBrowserStorage(storage, () =>
    renderToString(
      <StrictMode>
        <AppTree
          queryClient={queryClient}
          i18n={i18n}
          router={({ children }) => <StaticRouter location={url}>{children}</StaticRouter>}
          pages={shell ? <PageShell /> : undefined}
        />
      </StrictMode>,
    ),
  );
}

type AskedQuery = QueryOptions<unknown, Error, unknown, QueryKey> & {
  queryKey: QueryKey;
  queryHash: string;
  enabled?: unknown;
  initialPageParam?: unknown;
  getNextPageParam?: unknown;
};

/** At most this many renderings of one page, each with the data the one before asked for. */
const maxPasses = 4;

/**
 * Renders the page at `url` with the data it asks for: each rendering notes the queries the page's components
 * ask for (their options, so with the page's own keys and functions); those not yet answered are fetched (their
 * API calls answered in-process for this visitor) and the page rendered again, until it asks for nothing new.
 * A query the server cannot answer (a POST that writes, a call with a token from browser storage) or that failed for a
 * reason other than a 4xx renders as loading, and the browser asks for it.
 */
async function renderAsAsked(
  url: string,
  queryClient: QueryClient,
  storage: StorageSnapshot,
  i18n: I18n,
  shell: boolean,
) {
  const asked = new Map<string, AskedQuery>();
  const defaults = queryClient.defaultQueryOptions.bind(queryClient);
  queryClient.defaultQueryOptions = ((options: Parameters<typeof defaults>[0]) => {
    const defaulted = defaults(options) as unknown as AskedQuery;
    asked.set(defaulted.queryHash, defaulted);
    return defaulted;
  }) as typeof queryClient.defaultQueryOptions;
  const tried = new Set<string>();
  for (let pass = 1; ; pass += 1) {
    asked.clear();
    const html = renderApp(url, queryClient, storage, i18n, shell);
    const wanted = [...asked.values()].filter((options) => {
      if (tried.has(options.queryHash) || !options.queryFn || options.queryFn === skipToken) return false;
      if (queryClient.getQueryState(options.queryKey)?.status === 'success') return false;
      const query = queryClient.getQueryCache().build(queryClient, options);
      const enabled =
        typeof options.enabled === 'function' ? (options.enabled as (q: unknown) => unknown)(query) : options.enabled;
      return enabled !== false;
    });
    if (wanted.length === 0 || pass === maxPasses) return html;
    await Promise.all(
      wanted.map((options) => {
        tried.add(options.queryHash);
        // Kept until the page is dehydrated, whatever the query's own gcTime (the quote's is 0).
        const once = { ...options, retry: false, gcTime: Number.POSITIVE_INFINITY };
        return options.getNextPageParam
          ? queryClient.prefetchInfiniteQuery(once as Parameters<QueryClient['prefetchInfiniteQuery']>[0])
          : queryClient.prefetchQuery(once as Parameters<QueryClient['prefetchQuery']>[0]);
      }),
    );
    for (const options of wanted) {
      const query = queryClient.getQueryCache().get(options.queryHash);
      const error = query?.state.error;
      const shown = error instanceof ApiError && error.status >= 400 && error.status < 500;
      if (query?.state.status === 'error' && !shown) query.reset();
    }
  }
}

/**
 * The data the page was rendered from, for the app to start with. `frameOnly`: the server rendered the shop's frame
 * with a spinner where the page goes (a checkout page without the mirror cookie), which the app renders anew
 * rather than hydrating (decision 034).
 */
function stateScriptOf(queryClient: QueryClient, frameOnly = false): string {
  const state = dehydrate(queryClient, { shouldDehydrateQuery: (query) => query.state.status === 'success' });
  const frame = frameOnly ? ' data-frame-only' : '';
  return `<script type="application/json" id="${firstScreenStateId}"${frame}>${scriptJson(state)}</script>`;
}

/**
 * Step one of rendering the first screen of a page (`url`: path and query): fetches the data it shows from
 * `data`; null for pages not rendered on the server. The API server (apps/api/src/plugins/first-screen.ts)
 * renders it, or reuses a rendering of the same URL from the same data, and puts it into index.html's #root;
 * apps/web/src/main.tsx takes over from it.
 *
 * The guest landing pages (home, categories, guest product pages, the guest cart) are seeded with what they show
 * (app/first-screen-seeds.ts) and rendered in `render()`, so a rendering can be kept and reused; the other pages
 * a shopper opens are rendered with what they ask for as they render, for the request's visitor.
 */
/** The manifest keys of these lazy pages and frames (lib/lazy-page.tsx `module`). */
function pageModulesOf(components: unknown[]): string[] {
  return components.flatMap((type) => {
    const module = (type as Partial<LazyPage<object>> | undefined)?.module;
    return module ? [module] : [];
  });
}

export const prepareFirstScreen: FirstScreenRenderer['prepareFirstScreen'] = async (
  url: string,
  data: FirstScreenData,
) => {
  const queryClient = createQueryClient();
  // The page in the visitor's language (decision 046): the one the API server writes into <html lang>.
  const i18n = createShopI18n();
  await activateLocale(i18n, data.locale?.() ?? 'en');
  const pathname = new URL(url, 'http://shop.invalid').pathname;
  // Matched once: a page's rendering asks for its components' code and names their chunks.
  const routes = matchRoutes(appRoutes, pathname) ?? [];
  const components = routeComponents(pathname, routes);
  // The frame's lazy parts (the footer, the header's cart and the shopper's menu, the home page's lower sections)
  // are rendered too, so that the app hydrates them rather than rendering them anew in the task that takes over
  // the page (issue 29). The app loads the same before it hydrates (main.tsx).
  const frameCode = components.includes(ShopLayout) ? prefetchFrameCode({ signedIn: true }) : undefined;
  const seeds = await seedFirstScreen(queryClient, url, data);
  if (seeds) {
    return {
      async render() {
        // The page's own code and the frame's are loaded first, so they render in place. What else is lazy (the
        // toaster, a menu not yet opened) renders its fallback here and comes with the app: renderToString then
        // writes no inline script, which the shop's Content-Security-Policy would refuse to run.
        await Promise.all([preloadRoute(pathname, components), frameCode]);
        const html = renderApp(url, queryClient, guestCartSnapshot(seeds.guestCart ?? []), i18n);
        const stateScript = stateScriptOf(queryClient);
        queryClient.clear();
        return { html, stateScript, pageModules: pageModulesOf(components) };
      },
    };
  }
  const isNotFound = routes.at(-1)?.route.path === '*';
  const fromStorage = isRenderedFromStorage(pathname);
  const asAsked =
    isRenderedAsAsked(pathname, isNotFound) || (isLandingPageAskedWithSession(pathname) && data.hasSession());
  if (!asAsked && !fromStorage) return null;
  await Promise.all([preloadRoute(pathname, components), frameCode]);
  const screen = await rendering.run(data, async () => {
    const storage = (await storageFromCookies(data)) ?? noStorage;
    // A checkout page with nothing of checkout in the visitor's storage: its frame, which the app fills.
    const shell = fromStorage && Object.keys(storage.session).length === 0 && Object.keys(storage.local).length === 0;
    const html = await renderAsAsked(url, queryClient, storage, i18n, shell);
    return { html, stateScript: stateScriptOf(queryClient, shell), pageModules: pageModulesOf(components) };
  });
  queryClient.clear();
  return { render: async () => screen };
};
