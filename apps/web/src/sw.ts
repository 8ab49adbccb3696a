/**
 * The shop's service worker (decision 045), built by vite-plugin-pwa (`injectManifest`) with Workbox bundled in:
 * nothing is loaded from another origin.
 *
 * - The app shell (the bare index.html, the start-up code, the icons) is precached, so any page opens offline: a
 *   page never visited renders in the browser and says what it cannot show.
 * - Catalogue pages the shopper opened (home, categories, products, the shop's terms) and the public catalogue's
 *   answers are network-first, and served from the cache when the network fails. No timeout: what is kept is the
 *   guest's version, and a signed-in member on a slow link would get it (no member prices, signed out on that
 *   page); the worker cannot tell, the session cookie being HttpOnly.
 * - Pictures and the hashed code files are served from the cache (pictures revalidated in the background).
 * - Nothing private is kept: only answers without `Cache-Control: private` or `no-store` (the server sends those
 *   for every answer made with a session, plugins/private-answers.ts and first-screen.ts), only status 200, and
 *   only the routes listed here; account, cart, checkout, orders and admin pages always go to the network.
 * - No skipWaiting and no clients.claim: a new version waits until every tab of the shop is closed and takes over
 *   on the next visit, never in the middle of a checkout.
 */
import { cleanupOutdatedCaches, matchPrecache, type PrecacheEntry, precacheAndRoute } from 'workbox-precaching';
import { registerRoute, setCatchHandler } from 'workbox-routing';
import { CacheFirst, NetworkFirst, NetworkOnly, StaleWhileRevalidate } from 'workbox-strategies';
import { ExpirationPlugin } from 'workbox-expiration';

declare const self: { __WB_MANIFEST: (string | PrecacheEntry)[]; location: Location };

const DAY = 24 * 60 * 60;

/** The shopper pages whose server rendering may be kept: the catalogue and the shop's own texts, nothing else. */
const cataloguePage =
  /^\/(?:|category(?:\/[^/]+)?|dashboard-category(?:\/[^/]+)?|(?:index-item|indexdetail|item|itemdetail)\/[^/]+|terms(?:-and-conditions|-of-service)?|privacy(?:-policy)?|contact)$/;
/** The catalogue's public answers (the same for every guest; a session's are `private` and refused below). */
const catalogueAnswer = /^\/api\/(?:products(?:\/\d+)?|categories|settings)$/;

/** Keeps only answers meant for anyone: a 200 the server did not mark private or no-store. */
const publicAnswersOnly = {
  cacheWillUpdate: async ({ response }: { response: Response }) => {
    if (response.status !== 200 || response.type !== 'basic') return null;
    return /\b(?:private|no-store)\b/i.test(response.headers.get('cache-control') ?? '') ? null : response;
  },
};

const sameOrigin = (url: URL) => url.origin === self.location.origin;

cleanupOutdatedCaches();
// No directory index or clean URLs: "/" is the server's rendered home page, never the precached bare shell.
precacheAndRoute(self.__WB_MANIFEST, { directoryIndex: '', cleanURLs: false });

registerRoute(
  ({ request, url }) => request.mode === 'navigate' && sameOrigin(url) && cataloguePage.test(url.pathname),
  new NetworkFirst({
    cacheName: 'bilum-pages',
    matchOptions: { ignoreVary: true },
    plugins: [publicAnswersOnly, new ExpirationPlugin({ maxEntries: 60, maxAgeSeconds: 14 * DAY })],
  }),
);
// Every other page goes to the network only; offline, the app shell opens it (the catch handler below).
registerRoute(
  ({ request, url }) => request.mode === 'navigate' && sameOrigin(url) && !url.pathname.startsWith('/api/'),
  new NetworkOnly(),
);
registerRoute(
  ({ url }) => sameOrigin(url) && catalogueAnswer.test(url.pathname),
  new NetworkFirst({
    cacheName: 'bilum-catalogue',
    matchOptions: { ignoreVary: true },
    plugins: [publicAnswersOnly, new ExpirationPlugin({ maxEntries: 100, maxAgeSeconds: 14 * DAY })],
  }),
);
// The demo catalogue's drawings and uploaded pictures (their copies' addresses never change).
registerRoute(
  ({ url }) => sameOrigin(url) && (url.pathname.startsWith('/images/') || url.pathname.startsWith('/api/images/')),
  new StaleWhileRevalidate({
    cacheName: 'bilum-pictures',
    plugins: [publicAnswersOnly, new ExpirationPlugin({ maxEntries: 200, maxAgeSeconds: 30 * DAY })],
  }),
);
// The code of the pages visited (file names carry their content's hash; the start-up code is precached).
registerRoute(
  ({ url }) => sameOrigin(url) && url.pathname.startsWith('/assets/'),
  new CacheFirst({
    cacheName: 'bilum-code',
    plugins: [publicAnswersOnly, new ExpirationPlugin({ maxEntries: 200, maxAgeSeconds: 30 * DAY })],
  }),
);

// A page that could not be fetched nor found in the cache: the app shell, which renders the page in the browser.
setCatchHandler(async ({ request }) => {
  if (request.destination === 'document') return (await matchPrecache('/index.html')) ?? Response.error();
  return Response.error();
});
