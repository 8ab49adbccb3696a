import type { Product, ProductListInput, ProductListPage } from './catalog';
import type { CheckoutMirror } from './checkout-mirror';
import type { Locale } from './locale';

/**
 * The first screen of the storefront's landing pages is rendered by the server, so a shopper on slow mobile data
 * sees the page before the app's JavaScript has arrived. The web build's renderer (apps/web/src/entry-server.tsx)
 * and the API server (apps/api/src/plugins/first-screen.ts) meet here.
 */

/** The id of the script element in the page that carries the data the page was rendered from. */
export const firstScreenStateId = 'first-screen-state';

/**
 * What the server gives the renderer: the same answers as GET /api/products and GET /api/products/:id, and what
 * the request says of the visitor.
 */
export interface FirstScreenData {
  /**
   * One page of the storefront list as GET /api/products answers it for a guest (decision 014): the query's
   * missing values take their defaults (page 1 of 24, sort "default").
   */
  products(query?: ProductListInput): Promise<ProductListPage>;
  /** null when there is no such product for sale. */
  product(id: number): Promise<Product | null>;
  /** Whether the request carries a session cookie: then the visitor may be signed in, and sees no guest page. */
  hasSession(): boolean;
  /** The guest cart as the browser mirrors it into the `guestCartCookie` cookie ([] when none or unreadable). */
  guestCart(): GuestCartEntry[];
  /** What checkout keeps in the browser's session storage, as the app mirrors it (`checkoutMirrorCookie`); null when none. */
  checkoutMirror(): CheckoutMirror | null;
  /**
   * The answer of `GET /api{path}` for this request's visitor (their cookies), asked in-process: a server-rendered
   * page that shows the visitor's own data (their cart, orders, member prices) is seeded with exactly what the
   * browser's own call would get. With `jsonBody`, a POST, only to a path of `firstScreenReadingPosts`. The status
   * and the body as text.
   */
  get(path: string, jsonBody?: string): Promise<FirstScreenAnswer>;
  /**
   * The page's language (issue 31, decision 046): the address's `?lang=`, else the `lang` cookie, else the
   * browser's Accept-Language. Absent (English) for a caller that does not say.
   */
  locale?(): Locale;
}

/**
 * The POSTs a server rendering may ask, because they only read: checkout's quote (the lines priced for this
 * shopper now; nothing is held or written). Every other call of a page is a GET.
 */
export const firstScreenReadingPosts: readonly string[] = ['/checkout/quote'];

export interface FirstScreenAnswer {
  status: number;
  body: string;
}

export interface GuestCartEntry {
  productId: number;
  quantity: number;
  /** The variant chosen (issue 30); absent for a line saved before variants (the product's first). */
  variantId?: number;
}

/**
 * The guest cart lives in the browser's storage (the spec's `guestCartItems`); the app mirrors its products and
 * quantities into this cookie, "1.2-5.1" (product 1 twice, product 5 once), so the server can render /guest-cart.
 * A line with its variant reads "product.quantity.variant" ("7.1.12-7.1.13": two variants of product 7).
 */
export const guestCartCookie = 'bilum_guest_cart';
const maxGuestCartEntries = 100;

export function formatGuestCartCookie(entries: readonly GuestCartEntry[]): string {
  return entries
    .slice(0, maxGuestCartEntries)
    .map((entry) => `${entry.productId}.${entry.quantity}${entry.variantId === undefined ? '' : `.${entry.variantId}`}`)
    .join('-');
}

/** The entries of a cookie value; [] for anything that is not exactly such a list. */
export function parseGuestCartCookie(value: string | undefined): GuestCartEntry[] {
  const entryPattern = String.raw`\d{1,10}\.\d{1,4}(?:\.\d{1,10})?`;
  if (!value || !new RegExp(`^${entryPattern}(?:-${entryPattern}){0,99}$`).test(value)) return [];
  const entries = value.split('-').map((entry) => {
    const [productId = 0, quantity = 0, variantId] = entry.split('.').map(Number);
    return variantId === undefined ? { productId, quantity } : { productId, quantity, variantId };
  });
  const isId = (id: number) => id >= 1 && id <= 2_147_483_647;
  const valid = entries.every(
    ({ productId, quantity, variantId }) =>
      isId(productId) && quantity >= 1 && (variantId === undefined || isId(variantId)),
  );
  const keys = new Set(entries.map((entry) => `${entry.productId}:${entry.variantId ?? ''}`));
  return valid && keys.size === entries.length ? entries : [];
}

export interface FirstScreenRenderer {
  /**
   * Fetches the data the page at `url` (path and query) shows; null for pages not rendered on the server. Its
   * `render()` gives the page's HTML as a guest first sees it, the script element with its data, and the lazy
   * modules of its route (the build manifest's keys, src/features/…/Page.tsx), whose code the app loads first.
   */
  prepareFirstScreen(url: string, data: FirstScreenData): Promise<{ render(): Promise<RenderedFirstScreen> } | null>;
}

export interface RenderedFirstScreen {
  html: string;
  stateScript: string;
  pageModules: string[];
}
