/**
 * Registers the shop's service worker (src/sw.ts, decision 045) once the page has loaded and the browser is idle,
 * so it never competes with the first screen or the app's start-up for the network or the main thread. Builds
 * only: a development server's code changes on every save. A new version installs in the background and takes
 * over on the next visit (the worker does not skip waiting), so no page changes under the shopper's finger.
 */
export function registerServiceWorkerAfterLoad() {
  if (!import.meta.env.PROD || typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  const register = () => {
    navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch(() => undefined);
  };
  const whenIdle = () => {
    if ('requestIdleCallback' in window) window.requestIdleCallback(register, { timeout: 5000 });
    else setTimeout(register, 1000);
  };
  if (document.readyState === 'complete') whenIdle();
  else window.addEventListener('load', whenIdle, { once: true });
}
