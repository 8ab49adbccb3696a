import { firstScreenStateId } from '@bilum/shared';
import { type DehydratedState, hydrate, type QueryClient } from '@tanstack/react-query';

/** Seeds the app's query cache with the data the server rendered the page from; true when there was some. */
export function hydrateFirstScreen(queryClient: QueryClient, doc: Document = document): boolean {
  const element = doc.getElementById(firstScreenStateId);
  if (!element?.textContent) return false;
  try {
    hydrate(queryClient, JSON.parse(element.textContent) as DehydratedState);
    return true;
  } catch {
    return false;
  } finally {
    element.remove();
  }
}
