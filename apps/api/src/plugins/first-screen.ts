import { createHash, randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  type FirstScreenData,
  type FirstScreenRenderer,
  formatGuestCartCookie,
  type RenderedFirstScreen,
  guestCartCookie,
  checkoutMirrorCookie,
  firstScreenReadingPosts,
  parseCheckoutMirror,
  parseGuestCartCookie,
  type ProductListInput,
  type ProductListPage,
  productListQuerySchema,
} from '@bilum/shared';
import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';
import type { CatalogService } from '../modules/catalog/catalog.service';
import type { PageProductLookup } from '../modules/catalog/page-product';
import { carriesSecret } from '../security/log-redaction';
import { requestLocale } from './page-language';
import type { HtmlTransformer } from './web-app';

/** The renderer of a web build, or null when the build has none (an older build, or none at all). */
export async function loadFirstScreenRenderer(
  webDist: string,
  log: FastifyBaseLogger,
): Promise<FirstScreenRenderer | null> {
  const file = path.join(webDist, '.server', 'entry-server.js');
  if (webDist === '' || !existsSync(file)) return null;
  try {
    return (await import(pathToFileURL(file).href)) as FirstScreenRenderer;
  } catch (error) {
    log.warn({ err: error, file }, 'the first-screen renderer did not load: pages are rendered in the browser only');
    return null;
  }
}

/**
 * The renderer's in-process API calls (FirstScreenData.get) carry this header with a secret made at start-up:
 * they are not logged as requests of their own (the page's request is), and no visitor can pass for one.
 */
export function inProcessCalls() {
  const header = 'x-bilum-first-screen';
  const secret = randomBytes(16).toString('base64url');
  return {
    headers: { [header]: secret },
    isInProcess: (request: { headers: Record<string, unknown> }) => request.headers[header] === secret,
  };
}
export type InProcessCalls = ReturnType<typeof inProcessCalls>;

/** What a page's in-process calls left for its answer: cookies to set (a session that ended is cleared). */
interface PageCalls {
  made: boolean;
  setCookies: string[];
  /** The rendering read the checkout mirror cookie: the visitor's own checkout (an order's reference, an e-mail). */
  readCheckout: boolean;
}

/** The visitor's headers an API call of theirs would carry; no other (no body, no content type). */
const forwardedHeaders = ['cookie', 'user-agent', 'accept-language'] as const;

/**
 * The catalogue as the renderer asks for it, the same answers as GET /api/products and GET /api/products/:id,
 * and what the request says of the visitor. Each answer adds a version of what it gave to `versions`: the same
 * URL with the same versions renders the same.
 */
function pageData(
  deps: {
    productList: (query: ProductListInput) => Promise<{ etag: string; list: ProductListPage }>;
    productFor: PageProductLookup;
    sessionCookieName: string;
    app: FastifyInstance;
    inProcess: InProcessCalls;
  },
  request: FastifyRequest,
  versions: string[],
  calls: PageCalls,
): FirstScreenData {
  return {
    async get(apiPath, jsonBody) {
      if (!apiPath.startsWith('/') || apiPath.startsWith('//')) throw new Error(`not an API path: ${apiPath}`);
      if (jsonBody !== undefined && !firstScreenReadingPosts.includes(apiPath)) {
        throw new Error(`POST /api${apiPath} is not asked by a page's rendering`);
      }
      const headers: Record<string, string> = { ...deps.inProcess.headers, accept: 'application/json' };
      for (const name of forwardedHeaders) {
        const value = request.headers[name];
        if (typeof value === 'string') headers[name] = value;
      }
      if (jsonBody !== undefined) headers['content-type'] = 'application/json';
      const response = await deps.app.inject({
        method: jsonBody === undefined ? 'GET' : 'POST',
        url: `/api${apiPath}`,
        headers,
        remoteAddress: request.ip,
        ...(jsonBody === undefined ? {} : { payload: jsonBody }),
      });
      calls.made = true;
      const setCookie = response.headers['set-cookie'];
      for (const cookie of [setCookie ?? []].flat())
        if (!calls.setCookies.includes(cookie)) calls.setCookies.push(cookie);
      versions.push(
        createHash('sha1').update(`${apiPath}\n${response.statusCode}\n${response.body}`).digest('base64url'),
      );
      return { status: response.statusCode, body: response.body };
    },
    hasSession() {
      const present = Boolean(request.cookies?.[deps.sessionCookieName]);
      versions.push(present ? 'with session' : 'no session');
      return present;
    },
    guestCart() {
      const entries = parseGuestCartCookie(request.cookies?.[guestCartCookie]);
      versions.push(formatGuestCartCookie(entries));
      return entries;
    },
    locale() {
      const locale = requestLocale(request);
      versions.push(`lang ${locale}`);
      return locale;
    },
    checkoutMirror() {
      const mirror = parseCheckoutMirror(request.cookies?.[checkoutMirrorCookie]);
      if (mirror) calls.readCheckout = true;
      return mirror;
    },
    async products(query = {}) {
      const { etag, list } = await deps.productList(query);
      versions.push(etag);
      return list;
    },
    async product(id) {
      const product = await deps.productFor(request, id);
      if (product) versions.push(createHash('sha1').update(JSON.stringify(product)).digest('base64url'));
      return product;
    },
  };
}

/** The browser neither fetches nor runs a script of this type; apps/web/public/app-after-paint.js starts them. */
const heldScriptType = 'text/x-after-paint';
/** A link the browser does not act on (an unknown rel); apps/web/public/app-after-paint.js makes it a modulepreload. */
const heldChunkRel = 'x-after-paint-modulepreload';

/**
 * A server-rendered page is on screen before the app's code runs: its module scripts are put on hold and
 * started once the page has been painted (apps/web/public/app-after-paint.js), so on slow mobile data the
 * stylesheet and the pictures the shopper sees get the bandwidth first.
 */
export function holdAppScripts(html: string, pageChunks: readonly string[] = []): string {
  let held = false;
  const page = html.replace(/<script type="module" crossorigin src="([^"]+)"><\/script>/g, (_tag, src: string) => {
    held = true;
    return `<script type="${heldScriptType}" src="${src}"></script>`;
  });
  // The page's own code (its lazy chunk and what it imports), named for the loader, which makes them
  // modulepreloads two a task when the app asks for its page's code: the app's start-up asked for all of them in
  // one task (25-30 files on the checkout pages, each a <link rel=modulepreload> put into the page), one of its
  // longest tasks (issue 29). Until then the browser fetches nothing for them (an unknown rel), and the app's own
  // preloading (Vite's, which skips every address a link of the page already names) leaves them to the loader.
  const chunks = pageChunks.map((file) => `  <link rel="${heldChunkRel}" href="/${file}" />\n`).join('');
  return held
    ? page.replace('</head>', () => `${chunks}  <script type="module" src="/app-after-paint.js"></script>\n  </head>`)
    : html;
}

/**
 * Puts the first screen of the pages a shopper opens into the page as HTML, so a shopper on slow mobile data sees
 * it before the app's JavaScript has arrived and run (in docs/performance.md, decision 030): the landing pages
 * from the catalogue, the others (sign-in, cart, checkout, profile, the member storefront…) from the page's own
 * API calls answered in-process for the visitor. Renderings of a visitor without a session are kept per URL and
 * data version (product changes show at once); a rendering made with a session's data, from an address with a
 * secret (a tracking link) or from the visitor's checkout (the checkout mirror cookie, decision 033) is never kept, and is sent `no-store` like the private API answers it holds (plugins/private-answers.ts), so no cache keeps or shares it. A page the renderer cannot render is sent as it is: the app then renders it
 * in the browser, as before.
 */
export function firstScreenTransformer(
  renderer: FirstScreenRenderer | null,
  deps: {
    catalog: CatalogService;
    productFor: PageProductLookup;
    sessionCookieName: string;
    log: FastifyBaseLogger;
    app: FastifyInstance;
    inProcess: InProcessCalls;
    /** The files of the page modules' code the entry does not load (plugins/page-preload.ts `pageChunkFiles`). */
    pageChunks: (modules: readonly string[]) => string[];
  },
): HtmlTransformer {
  const { catalog, productFor, sessionCookieName, log, app, inProcess, pageChunks } = deps;
  if (!renderer) return (html) => html;
  const rendered = new LRUCache<string, RenderedFirstScreen>({ max: 64 });
  // Each list page parsed once per version of its answer, not once per page request. Pages are rendered as a
  // guest sees them (decision 014): the renderer's guest pages carry no member prices.
  const parsed = new LRUCache<string, ProductListPage>({ max: 64 });
  const productList = async (input: ProductListInput) => {
    const { body, etag } = await catalog.listProductsAnswer(productListQuerySchema.parse(input));
    let list = parsed.get(etag);
    if (!list) parsed.set(etag, (list = JSON.parse(body.toString('utf8')) as ProductListPage));
    return { etag, list };
  };
  return async (html, request, reply) => {
    const calls: PageCalls = { made: false, setCookies: [], readCheckout: false };
    try {
      const versions: string[] = [];
      const prepared = await renderer.prepareFirstScreen(
        request.url,
        pageData({ productList, productFor, sessionCookieName, app, inProcess }, request, versions, calls),
      );
      if (!prepared) return html;
      // The visitor's own data (their session's answers, what an address with a secret opens: a tracking link's
      // order, or their checkout as its cookie mirrors it) is never kept, nor shared by a cache on the way.
      const personal =
        calls.readCheckout ||
        (calls.made && (Boolean(request.cookies?.[sessionCookieName]) || carriesSecret(request.url)));
      const key = `${request.url}\n${versions.join('\n')}`;
      let screen = personal ? undefined : rendered.get(key);
      if (!screen) {
        screen = await prepared.render();
        if (!personal) rendered.set(key, screen);
      }
      if (personal) reply.header('cache-control', 'no-store');
      const { html: markup, stateScript, pageModules = [] } = screen;
      return holdAppScripts(
        html.replace('<div id="root"></div>', () => `<div id="root">${markup}</div>\n    ${stateScript}`),
        pageChunks(pageModules),
      );
    } catch (error) {
      log.warn({ err: error, url: request.url }, 'first screen not rendered on the server');
      return html;
    } finally {
      // What the in-process calls answered with reaches the browser, as their own calls' answers would.
      for (const cookie of calls.setCookies) reply.header('set-cookie', cookie);
    }
  };
}
