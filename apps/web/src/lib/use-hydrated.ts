import { useSyncExternalStore } from 'react';

const never = () => () => undefined;

/**
 * False while the app takes over the page the server rendered (and on the server), true from then on and on every
 * page the app renders itself. For what only the browser can judge (what the shopper saw before, in its storage),
 * so that the app's first rendering is the server's (decision 034) and the part shows a moment later.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
}
