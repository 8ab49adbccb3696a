import { type ReactNode, startTransition, StrictMode, useEffect } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { hydrateFirstScreen } from './app/first-screen';
import { handOverFirstScreenInput } from './app/first-screen-handover';
import { preloadRoute } from './app/router';
import { trackLastFocused } from './lib/last-focused';
import { createQueryClient } from './lib/query-client';
import './app/styles.css';

/** Once the app shows the page the server rendered, what the shopper did on it meanwhile is done again. */
function HandOver({ children }: { children: ReactNode }) {
  useEffect(() => handOverFirstScreenInput(), []);
  return children;
}

trackLastFocused();
const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');
const queryClient = createQueryClient();
const reactRoot = createRoot(root);
const app = (
  <StrictMode>
    <App queryClient={queryClient} />
  </StrictMode>
);
if (hydrateFirstScreen(queryClient)) {
  // The page the server rendered stays on screen until the app can show the same: its data came with it and
  // its lazy code is loaded before the switch, so there is no spinner in between. Rendered as a transition, the
  // app yields to the browser while it builds a large page (no long task).
  // (No top-level await: the page's lazy chunk imports this one, which must finish evaluating first.)
  void preloadRoute(window.location.pathname)
    .catch(() => undefined)
    .then(() => startTransition(() => reactRoot.render(<HandOver>{app}</HandOver>)));
} else {
  reactRoot.render(app);
}
