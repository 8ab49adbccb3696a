import type { I18n } from '@lingui/core';
import { type Cart, cartScreenMessages, type SessionState, signedOutSession } from '@bilum/shared';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { englishMessages as en } from '../../i18n/all-catalogs';
import { activateLocale, createShopI18n } from '../../i18n/i18n';
import { LocaleProvider } from '../../i18n/react';
import { createQueryClient } from '../../lib/query-client';
import { sessionKey } from '../../lib/session';
import CartPage from './CartPage';
import HeaderCart from './HeaderCart';

const shopper: SessionState = {
  user: { id: 7, email: 'kila@example.pg', fullName: 'Kila Wari', role: 'shopper' },
  membership: signedOutSession.membership,
};

const line = {
  variantId: 100,
  variantLabel: '',
  description: 'Budget smartphone',
  image: null,
  category: 'phones',
  condition: 'New',
  isMembership: false,
  quantity: 1,
  maxQuantity: 5,
  originalPrice: null,
  isMemberPrice: false,
} as const;

const cart: Cart = {
  items: [
    { ...line, cartItemId: 1, productId: 10, name: 'itel A70', status: 'available', unitPrice: 29_900 },
    { ...line, cartItemId: 2, productId: 11, name: 'Nissan Navara', status: 'sold', unitPrice: 8_900_000 },
  ],
  isMember: false,
  discountRate: 0,
  summary: { itemCount: 1, subtotal: 29_900, savings: 0, shipping: 0, discount: 0, total: 29_900 },
};

async function renderInTokPisin(children: ReactNode) {
  const i18n: I18n = createShopI18n();
  await activateLocale(i18n, 'tpi');
  const client = createQueryClient();
  client.setQueryData(sessionKey, shopper);
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => (url.startsWith('/api/cart') ? Response.json(cart) : Response.json(shopper))),
  );
  render(
    <LocaleProvider i18n={i18n}>
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={['/cart?lang=tpi']}>{children}</MemoryRouter>
      </QueryClientProvider>
    </LocaleProvider>,
  );
  await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the cart in Tok Pisin', () => {
  it('shows the cart page in Tok Pisin, with kina as in English', async () => {
    await renderInTokPisin(<CartPage />);
    expect(screen.getByRole('heading', { level: 1, name: 'Kat Bilong Yu' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Peim' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Baim moa samting' })).toBeTruthy();
    expect(screen.getByRole('checkbox', { name: 'Makim itel A70' })).toBeTruthy();
    expect(screen.getByText('I PINIS!')).toBeTruthy();
    expect(screen.getByText('Sabtotal (1 samting)')).toBeTruthy();
    expect(screen.getByPlaceholderText('Painim long kat bilong yu')).toBeTruthy();
    expect(screen.getAllByText('K299.00').length).toBeGreaterThan(0);
    expect(screen.queryByText('Your Cart')).toBeNull();
    expect(screen.queryByText('Check out')).toBeNull();
    expect(screen.queryByText('SOLD OUT!')).toBeNull();
  });

  it('names the header cart in Tok Pisin', async () => {
    await renderInTokPisin(<HeaderCart />);
    expect(screen.getByRole('link', { name: 'Kat, 1 samting' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Cart, 1 item' })).toBeNull();
  });
});

describe('the English catalog and the shared cart texts', () => {
  it('hold the same words', () => {
    expect(en['cart.empty']).toBe(cartScreenMessages.emptyCart);
    expect(en['cart.noSearchMatch']).toBe(cartScreenMessages.noSearchMatch);
    expect(en['cart.soldOut']).toBe(cartScreenMessages.soldOut);
    expect(en['cart.reserved']).toBe(cartScreenMessages.reserved);
    expect(en['cart.cannotCheckoutTitle']).toBe(cartScreenMessages.cannotCheckoutTitle);
    expect(en['cart.cannotCheckout']).toBe(cartScreenMessages.cannotCheckout);
    expect(en['cart.notSignedIn']).toBe(cartScreenMessages.notSignedIn);
    expect(en['cart.loadFailed']).toBe(cartScreenMessages.loadFailed);
    expect(en['cart.loadDataFailed']).toBe(cartScreenMessages.loadDataFailed);
    expect(en['cart.loadNetwork']).toBe(cartScreenMessages.loadNetwork);
    expect(en['cart.removeFailed']).toBe(cartScreenMessages.removeFailed);
    expect(en['cart.clearFailed']).toBe(cartScreenMessages.clearFailed);
    expect(en['cart.removeNetwork']).toBe(cartScreenMessages.removeNetwork);
    expect(en['cart.updateFailed']).toBe(cartScreenMessages.updateFailed);
    expect(en['cart.addFailedTitle']).toBe(cartScreenMessages.addFailedTitle);
    expect(en['cart.addFailed']).toBe(cartScreenMessages.addFailed);
    expect(en['cart.addNetworkTitle']).toBe(cartScreenMessages.addNetworkTitle);
    expect(en['cart.addNetwork']).toBe(cartScreenMessages.addNetwork);
  });
});
