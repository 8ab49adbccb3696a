import { firstScreenStateId } from '@bilum/shared';
import { type DehydratedState, hydrate, type QueryClient } from '@tanstack/react-query';

/** What the server rendered into the page: the page itself, only the shop's frame around a spinner, or nothing. */
export type FirstScreen = 'page' | 'frame' | null;

/**
 * Seeds the app's query cache with the data the server rendered the page from, and says what it rendered. The
 * data counts as fetched now: the server keeps a rendering only while its data version holds, so however long
 * ago it was rendered, it shows the data as it is (issue 29: without this, a rendering older than the queries'
 * stale time was fetched again at boot, and the whole list rendered twice).
 */
export function hydrateFirstScreen(queryClient: QueryClient, doc: Document = document): FirstScreen {
  const element = doc.getElementById(firstScreenStateId);
  if (!element?.textContent) return null;
  try {
    const state = JSON.parse(element.textContent) as DehydratedState;
    const now = Date.now();
    hydrate(queryClient, {
      ...state,
      queries: state.queries.map((query) => ({ ...query, state: { ...query.state, dataUpdatedAt: now } })),
    });
    return element.hasAttribute('data-frame-only') ? 'frame' : 'page';
  } catch {
    return null;
  } finally {
    element.remove();
  }
}
