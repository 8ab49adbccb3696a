import { act, StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { prepareFirstScreen } from '../entry-server';
import { GUEST_CART_KEY } from '../lib/guest-cart';
import { createQueryClient } from '../lib/query-client';
import { fakeData } from '../test/first-screen-data';
import { emptyCart, shopper } from '../test/shopper';
import { localCartItem } from '../test/local-cart-item';
import { App } from './App';
import { hydrateFirstScreen } from './first-screen';
import { preloadRoute } from './router';
import { prefetchFrameCode } from './ShopLayout';

/**
 * React's error 419: a lazy part the server rendered as its fallback (the toaster), rendered in the browser. The
 * frame's parts (footer, cart, the shopper's menu) are rendered on the server and hydrated (issue 29).
 */
const lazyFallback = /#419\b|renderToString|could not finish this Suspense boundary/;

beforeAll(() => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
});

afterEach(() => {
  document.body.innerHTML = '';
  localStorage.clear();
});

/**
 * The server's page for `url` put into the document as the API server sends it, then taken over by the app as
 * main.tsx does (decision 034): the recoverable errors React reported, and whether the server's elements are
 * still the ones on the page.
 */
async function hydrate(url: string, visitor: Parameters<typeof fakeData>[0] = {}) {
  const prepared = await prepareFirstScreen(url, fakeData(visitor));
  const screen = await prepared!.render();
  window.history.replaceState(null, '', url);
  document.body.innerHTML = `<div id="root">${screen.html}</div>${screen.stateScript}`;
  const root = document.getElementById('root')!;
  const serverHeading = root.querySelector('h1');
  const serverMain = root.querySelector('main');
  const serverFooter = root.querySelector('footer');
  const serverCart = root.querySelector('header a[aria-label^="Cart"]');
  const serverMenu = root.querySelector('header button[aria-label^="Account menu for"]');
  const queryClient = createQueryClient();
  expect(hydrateFirstScreen(queryClient)).toBe('page');
  await preloadRoute(new URL(url, 'http://shop.test').pathname);
  await prefetchFrameCode({ signedIn: visitor.session ?? false });
  const errors: string[] = [];
  await act(async () => {
    hydrateRoot(
      root,
      <StrictMode>
        <App queryClient={queryClient} />
      </StrictMode>,
      { onRecoverableError: (error) => errors.push(error instanceof Error ? error.message : String(error)) },
    );
  });
  return {
    cartLink: root.querySelector('header a[href="/guest-cart"]')?.getAttribute('aria-label') ?? null,
    mismatches: errors.filter((message) => !lazyFallback.test(message)),
    keptHeading: serverHeading !== null && root.querySelector('h1') === serverHeading,
    keptMain: serverMain !== null && root.querySelector('main') === serverMain,
    // The frame's lazy parts came rendered and were taken over, not rendered anew.
    keptFrame:
      serverFooter !== null &&
      root.querySelector('footer') === serverFooter &&
      serverCart !== null &&
      root.querySelector('header a[aria-label^="Cart"]') === serverCart,
    keptAccountMenu:
      serverMenu !== null && root.querySelector('header button[aria-label^="Account menu for"]') === serverMenu,
  };
}

describe('the app takes over the page the server rendered without rendering it again', () => {
  it.each(['/', '/category/phones', '/index-item/1', '/terms', '/login', '/track-order', '/no-such-page'])(
    '%s: the same elements stay, with nothing React found different',
    async (url) => {
      const { mismatches, keptHeading, keptMain, keptFrame } = await hydrate(url);
      expect(mismatches).toEqual([]);
      expect(keptMain).toBe(true);
      expect(keptFrame).toBe(true);
      expect(keptHeading).toBe(true);
    },
  );

  it('a signed-in shopper’s order history: the cart and the account menu came rendered and are taken over', async () => {
    const visitor = { session: true, api: { '/session': shopper, '/cart': emptyCart, '/orders/mine': { orders: [] } } };
    const { mismatches, keptMain, keptFrame, keptAccountMenu } = await hydrate('/order-history', visitor);
    expect(mismatches).toEqual([]);
    expect(keptMain).toBe(true);
    expect(keptFrame).toBe(true);
    expect(keptAccountMenu).toBe(true);
  });

  it('a guest with a cart: the header’s count comes from the cart cookie, as the browser’s storage has it', async () => {
    // What the app mirrors into the cookie (ids and quantities) and keeps in local storage (the whole lines).
    localStorage.setItem(GUEST_CART_KEY, JSON.stringify([localCartItem(1, 2), localCartItem(6, 1)]));
    const cart = [
      { productId: 1, quantity: 2 },
      { productId: 6, quantity: 1 },
    ];
    for (const url of ['/', '/index-item/1']) {
      const { mismatches, keptMain, cartLink } = await hydrate(url, { cart });
      expect(mismatches, url).toEqual([]);
      expect(keptMain, url).toBe(true);
      expect(cartLink, url).toBe('Cart, 3 items');
    }
  });
});
