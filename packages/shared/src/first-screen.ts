import type { Product } from './catalog';

/**
 * The first screen of the storefront's landing pages is rendered by the server, so a shopper on slow mobile data
 * sees the page before the app's JavaScript has arrived. The web build's renderer (apps/web/src/entry-server.tsx)
 * and the API server (apps/api/src/plugins/first-screen.ts) meet here.
 */

/** The id of the script element in the page that carries the data the page was rendered from. */
export const firstScreenStateId = 'first-screen-state';

/** What the server gives the renderer: the same answers as GET /api/products and GET /api/products/:id. */
export interface FirstScreenData {
  products(): Promise<{ products: Product[]; count: number }>;
  /** null when there is no such product for sale. */
  product(id: number): Promise<Product | null>;
}

export interface FirstScreenRenderer {
  /**
   * Fetches the data the page at `url` (path and query) shows; null for pages not rendered on the server. Its
   * `render()` gives the page's HTML as a guest first sees it and the script element with its data.
   */
  prepareFirstScreen(
    url: string,
    data: FirstScreenData,
  ): Promise<{ render(): Promise<{ html: string; stateScript: string }> } | null>;
}
