import { firstScreenStateId } from '@bilum/shared';
import { type DehydratedState, hydrate, type QueryClient } from '@tanstack/react-query';

/**
 * Seeds the app's query cache with the data the server rendered the page from; true when there was some. The
 * data counts as fetched now: the server keeps a rendering only while its data version holds, so however long
 * ago it was rendered, it shows the data as it is (issue 29: without this, a rendering older than the queries'
 * stale time was fetched again at boot, and the whole list rendered twice).
 */
export function hydrateFirstScreen(queryClient: QueryClient, doc: Document = document): boolean {
  const element = doc.getElementById(firstScreenStateId);
  if (!element?.textContent) return false;
  try {
    const state = JSON.parse(element.textContent) as DehydratedState;
    const now = Date.now();
    hydrate(queryClient, {
      ...state,
      queries: state.queries.map((query) => ({ ...query, state: { ...query.state, dataUpdatedAt: now } })),
    });
    return true;
  } catch {
    return false;
  } finally {
    element.remove();
  }
}
