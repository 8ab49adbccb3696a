import { type ReactNode, startTransition, StrictMode, useLayoutEffect } from 'react';
import { App } from './app/App';
import { hydrateFirstScreen } from './app/first-screen';
import { handOverFirstScreenInput } from './app/first-screen-handover';
import { preloadRoute, routeComponents } from './app/router';
import { prefetchFrameCode, ShopLayout } from './app/ShopLayout';
import { installCheckoutMirror } from './lib/checkout-mirror';
import { trackLastFocused } from './lib/last-focused';
import { createQueryClient } from './lib/query-client';
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
const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');
const rootElement = root;

// (No top-level await: the page's lazy chunk imports this one, which must finish evaluating first.)
void nextTask().then(async () => {
  // The page's lazy code (and the frame's) is fetched while the rest of the start-up runs.
  const pathname = window.location.pathname;
  const components = routeComponents(pathname);
  const pageCode = preloadRoute(pathname, components).catch(() => undefined);
  if (components.includes(ShopLayout)) prefetchFrameCode();
  await nextTask();
  const queryClient = createQueryClient();
  const seeded = hydrateFirstScreen(queryClient);
  await nextTask();
  const { createRoot } = await reactDom;
  await nextTask();
  const reactRoot = createRoot(rootElement);
  const app = (
    <StrictMode>
      <App queryClient={queryClient} />
    </StrictMode>
  );
  // Rendered as a transition, the app yields to the browser while it builds a large page (no long task).
  if (!seeded) {
    startTransition(() => reactRoot.render(app));
    return;
  }
  // A page the server rendered stays on screen until the app can show the same: its data came with it and its
  // lazy code is loaded before the switch, so there is no spinner in between.
  await pageCode;
  startTransition(() => reactRoot.render(<HandOver>{app}</HandOver>));
});
