import type { SessionState } from '@bilum/shared';
import { type ReactNode, startTransition, StrictMode, useLayoutEffect } from 'react';
import { App } from './app/App';
import { hydrateFirstScreen } from './app/first-screen';
import { handOverFirstScreenInput } from './app/first-screen-handover';
import { activateLocale, createShopI18n, loadCatalogPart } from './i18n/i18n';
import { pageLocale, showsStartupMessagesOnly } from './i18n/page-locale';
import { preloadRoute, routeComponents } from './app/router';
import { prefetchFrameCode, ShopLayout } from './app/ShopLayout';
import { installCheckoutMirror } from './lib/checkout-mirror';
import { trackLastFocused } from './lib/last-focused';
import { createQueryClient } from './lib/query-client';
import { sessionKey } from './lib/session';
import './app/styles.css';

/**
 * Once the app shows the page the server rendered, what the shopper did on it meanwhile is done again. In the
 * same task as the app's page goes in (a layout effect, not a passive one): no tap can reach the app's controls
 * while app-after-paint.js still keeps taps, to be tapped a second time by the hand-over (a menu opened by the
 * press and shut again by the replay).
 */
function HandOver({ children }: { children: ReactNode }) {
  useLayoutEffect(() => handOverFirstScreenInput(), []);
  return children;
}

/**
 * A part of the server's page React could not take over and rendered anew. A lazy part the server rendered as its
 * fallback (the toaster, a menu not yet opened) is expected to be; anything else is a difference between
 * the server's rendering and the app's, worth knowing of.
 */
function reportHydrationMismatch(error: unknown) {
  const message = error instanceof Error ? error.message : String(error);
  // React's error 419 (its text in development builds): a lazy part rendered as its fallback on the server.
  if (/#419\b|renderToString|could not finish this Suspense boundary/.test(message)) return;
  console.warn("The page the server rendered differs from the app's; React rendered that part anew:", error);
}

/**
 * Lets the browser paint and answer taps between two steps of the start-up, so that no step is one long task on
 * a slow phone (issue 29, decision 031): the code's evaluation, reading the page's data, rendering, showing.
 */
function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

// React DOM, the largest module, in a file of its own: evaluated in a task of its own, not in the same long task
// as the rest of the app's code (issue 29). Asked for first thing, beside the page's code.
const reactDom = import('react-dom/client');
trackLastFocused();
installCheckoutMirror();
// The page's language, as the server rendered it (decision 046); its messages are fetched beside the page's code:
// Tok Pisin's start-up part, and the pages part for any page but the home page.
const i18n = createShopI18n();
const locale = pageLocale();
const localeReady = Promise.all([
  activateLocale(i18n, locale),
  showsStartupMessagesOnly(window.location.pathname) ? undefined : loadCatalogPart(i18n, locale, 'pages'),
]).catch(() => undefined);
const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');
const rootElement = root;

// (No top-level await: the page's lazy chunk imports this one, which must finish evaluating first.)
void nextTask().then(async () => {
  // The page's code a server-rendered page named is asked for by app-after-paint.js two files a task (issue 29); the
  // app's own preloading skips what is named.
  void (window as { bilumAskForPageChunks?: () => Promise<void> }).bilumAskForPageChunks?.();
  // The page's lazy code (and the frame's) is fetched while the rest of the start-up runs.
  const pathname = window.location.pathname;
  const components = routeComponents(pathname);
  // Each step below takes 25-40 ms on a slow phone: one task each, not one long task together.
  await nextTask();
  const pageCode = preloadRoute(pathname, components).catch(() => undefined);
  await nextTask();
  const queryClient = createQueryClient();
  const firstScreen = hydrateFirstScreen(queryClient);
  // The frame's lazy parts, the shopper's menu with them when the page came signed in.
  const signedIn = Boolean(queryClient.getQueryData<SessionState>(sessionKey)?.user);
  await nextTask();
  const frameCode = components.includes(ShopLayout) ? prefetchFrameCode({ signedIn }) : undefined;
  await nextTask();
  const { createRoot, hydrateRoot } = await reactDom;
  await localeReady;
  await nextTask();
  const app = (
    <StrictMode>
      <App queryClient={queryClient} i18n={i18n} />
    </StrictMode>
  );
  // Rendered as a transition, the app yields to the browser while it builds a large page (no long task).
  if (!firstScreen) {
    const reactRoot = createRoot(rootElement);
    startTransition(() => reactRoot.render(app));
    return;
  }
  // A page the server rendered stays on screen until the app can show the same: its data came with it and its
  // lazy code is loaded first, so there is no spinner in between.
  await Promise.all([pageCode, frameCode]);
  if (firstScreen === 'page') {
    // The app takes over the server's page as it is (decision 034): React walks the server's DOM instead of
    // building its own, so the browser neither lays out nor paints the page a second time. A part that does not
    // match what the app renders is rendered anew by React (the nearest Suspense boundary, or the whole page).
    startTransition(() => {
      hydrateRoot(rootElement, <HandOver>{app}</HandOver>, { onRecoverableError: reportHydrationMismatch });
    });
    return;
  }
  // Only the frame came from the server (a checkout page without the mirror cookie): the app renders the page.
  const reactRoot = createRoot(rootElement);
  startTransition(() => reactRoot.render(<HandOver>{app}</HandOver>));
});
