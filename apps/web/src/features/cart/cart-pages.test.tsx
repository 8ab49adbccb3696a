import { type Cart, type Product, type SessionState, signedOutSession } from '@bilum/shared';
import { focusManager, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router';
import { toast } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../lib/query-client';
import { sessionKey } from '../../lib/session';
import CartPage from './CartPage';
import HeaderCart from './HeaderCart';

vi.mock('sonner', () => ({ toast: { error: vi.fn(), success: vi.fn(), info: vi.fn() } }));

const shopper: SessionState = {
  user: { id: 7, email: 'kila@example.pg', fullName: 'Kila Wari', role: 'shopper' },
  membership: signedOutSession.membership,
};

/** A product as GET /api/products/:id answers it. */
const shelfProduct: Product = {
  id: 10,
  name: 'itel A70',
  description: 'Budget smartphone',
  category: 'phones',
  price: 29_900,
  originalPrice: null,
  discountPercentage: 0,
  condition: 'New',
  status: 'active',
  stock: 5,
  isHot: false,
  isAuction: false,
  isTopPick: false,
  isExclusive: false,
  isMembership: false,
  image: null,
  galleryImages: [],
  reserved: false,
  reservedUntil: null,
};

const cart: Cart = {
  items: [
    {
      cartItemId: 1,
      variantId: 100,
      variantLabel: '',
      productId: 10,
      name: 'itel A70',
      description: 'Budget smartphone',
      image: null,
      category: 'phones',
      condition: 'New',
      isMembership: false,
      status: 'available',
      quantity: 1,
      maxQuantity: 5,
      unitPrice: 29_900,
      originalPrice: null,
      isMemberPrice: false,
    },
  ],
  isMember: false,
  discountRate: 0,
  summary: { itemCount: 1, subtotal: 29_900, savings: 0, shipping: 0, discount: 0, total: 29_900 },
};

/** Renders `ui` at `path` for `session`; `cartAnswer` answers GET /api/cart, `writeAnswer` every other cart call. */
function renderAt(
  ui: ReactElement,
  path: string,
  session: SessionState,
  cartAnswer = () => Response.json(cart),
  writeAnswer = () => Response.json(cart),
) {
  const client = createQueryClient();
  client.setQueryData(sessionKey, session);
  const fetch = vi.fn(async (url: string, init?: RequestInit) => {
    if (url.startsWith('/api/cart')) return (init?.method ?? 'GET') === 'GET' ? cartAnswer() : writeAnswer();
    return Response.json(session);
  });
  vi.stubGlobal('fetch', fetch);
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>{ui}</MemoryRouter>
    </QueryClientProvider>,
  );
  const cartReads = () => fetch.mock.calls.filter(([url]) => url === '/api/cart').length;
  return { cartReads };
}

const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  cleanup();
  focusManager.setFocused(undefined);
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

describe('the cart page', () => {
  it('re-reads the server cart every 30 s', async () => {
    const { cartReads } = renderAt(<CartPage />, '/cart', shopper);
    await advance(0);
    expect(screen.getByText('itel A70')).toBeTruthy();
    expect(cartReads()).toBe(1);
    await advance(29_000);
    expect(cartReads()).toBe(1);
    await advance(1_000);
    expect(cartReads()).toBe(2);
    await advance(30_000);
    expect(cartReads()).toBe(3);
  });

  it('re-reads the server cart when the window regains focus, however fresh it is', async () => {
    const { cartReads } = renderAt(<CartPage />, '/cart', shopper);
    await advance(0);
    expect(cartReads()).toBe(1);
    act(() => focusManager.setFocused(false));
    act(() => focusManager.setFocused(true));
    await advance(0);
    expect(cartReads()).toBe(2);
  });

  it('says "Failed to load cart. It might be empty or a network issue." when the server cannot be reached', async () => {
    renderAt(<CartPage />, '/cart', shopper, () => {
      throw new TypeError('Failed to fetch');
    });
    // Two more tries after the first failure.
    await advance(10_000);
    expect(screen.getByRole('alert').textContent).toContain(
      'Failed to load cart. It might be empty or a network issue.',
    );
  });

  it('says "Failed to load cart items." when the server fails', async () => {
    renderAt(<CartPage />, '/cart', shopper, () =>
      Response.json({ error: { code: 'INTERNAL', message: 'Something went wrong.' } }, { status: 500 }),
    );
    await advance(10_000);
    expect(screen.getByRole('alert').textContent).toContain('Failed to load cart items.');
  });
});

describe('removing from the server cart', () => {
  const removeWithDialog = async () => {
    await advance(0);
    fireEvent.click(screen.getByRole('button', { name: 'Remove itel A70' }));
    fireEvent.click(screen.getByRole('button', { name: 'Remove' }));
    await advance(0);
  };

  it('says "Failed to remove item" with "Could not remove item. Please check your connection." offline', async () => {
    renderAt(<CartPage />, '/cart', shopper, undefined, () => {
      throw new TypeError('Failed to fetch');
    });
    await removeWithDialog();
    expect(toast.error).toHaveBeenCalledWith('Failed to remove item', {
      description: 'Could not remove item. Please check your connection.',
    });
    // The dialog stays open so the shopper can try again.
    expect(screen.getByRole('dialog', { name: 'Remove item?' })).toBeTruthy();
  });

  it('says "Failed to clear cart" when the server refuses to clear it', async () => {
    renderAt(<CartPage />, '/cart', shopper, undefined, () =>
      Response.json({ error: { code: 'INTERNAL', message: 'Something went wrong.' } }, { status: 500 }),
    );
    await advance(0);
    fireEvent.click(screen.getByRole('button', { name: 'Clear cart' }));
    fireEvent.click(screen.getByRole('button', { name: 'Clear Cart' }));
    await advance(0);
    expect(toast.error).toHaveBeenCalledWith('Failed to clear cart', { description: undefined });
  });
});

describe('the header cart', () => {
  it('re-reads the cart every 60 s on the member home, and not on other pages', async () => {
    const home = renderAt(<HeaderCart />, '/dashboard', shopper);
    await advance(0);
    expect(home.cartReads()).toBe(1);
    await advance(59_000);
    expect(home.cartReads()).toBe(1);
    await advance(1_000);
    expect(home.cartReads()).toBe(2);
    cleanup();

    const category = renderAt(<HeaderCart />, '/dashboard-category/phones', shopper);
    await advance(0);
    await advance(120_000);
    expect(category.cartReads()).toBe(1);
  });

  it('opens the dropdown on hover and hides it 200 ms after the pointer leaves, not before', async () => {
    renderAt(<HeaderCart />, '/dashboard', shopper);
    await advance(0);
    const link = screen.getByRole('link', { name: 'Cart, 1 item' });
    fireEvent.pointerEnter(link.parentElement!);
    expect(screen.getByRole('region', { name: 'Cart preview' }).textContent).toContain('itel A70');

    fireEvent.pointerLeave(link.parentElement!);
    await advance(150);
    expect(screen.queryByRole('region', { name: 'Cart preview' })).not.toBeNull();
    // Coming back in time keeps it open.
    fireEvent.pointerEnter(link.parentElement!);
    await advance(300);
    expect(screen.queryByRole('region', { name: 'Cart preview' })).not.toBeNull();

    fireEvent.pointerLeave(link.parentElement!);
    await advance(199);
    expect(screen.queryByRole('region', { name: 'Cart preview' })).not.toBeNull();
    await advance(1);
    expect(screen.queryByRole('region', { name: 'Cart preview' })).toBeNull();
  });

  it('says "Failed to load cart data." in the dropdown when the cart cannot be read', async () => {
    renderAt(<HeaderCart />, '/dashboard', shopper, () =>
      Response.json({ error: { code: 'INTERNAL', message: 'Something went wrong.' } }, { status: 500 }),
    );
    await advance(10_000);
    fireEvent.focus(screen.getByRole('link', { name: /^Cart/ }));
    expect(screen.getByRole('region', { name: 'Cart preview' }).textContent).toContain('Failed to load cart data.');
  });

  it('counts only the lines that can be bought now in the badge: sold-out and Reserved lines are left out', async () => {
    const line = cart.items[0]!;
    const mixed: Cart = {
      ...cart,
      items: [
        { ...line, quantity: 2 },
        { ...line, cartItemId: 2, productId: 11, name: 'Sold phone', status: 'sold', quantity: 1 },
        { ...line, cartItemId: 3, productId: 12, name: 'Held phone', status: 'reserved', quantity: 3 },
      ],
    };
    renderAt(<HeaderCart />, '/dashboard', shopper, () => Response.json(mixed));
    await advance(0);
    expect(screen.getByRole('link', { name: 'Cart, 2 items' }).textContent).toContain('2');
  });

  it('leaves a guest’s sold-out line out of the badge, by the product as the shop has it now', async () => {
    localStorage.setItem(
      'guestCartItems',
      JSON.stringify([
        { product_id: 10, product_name: 'itel A70', price: 29_900, quantity: 1 },
        { product_id: 11, product_name: 'Sold phone', price: 19_900, quantity: 1 },
      ]),
    );
    const client = createQueryClient();
    client.setQueryData(sessionKey, signedOutSession);
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        const id = Number(url.split('/').pop());
        const stock = id === 11 ? 0 : 5;
        return Response.json({ product: { ...shelfProduct, id, stock, status: stock > 0 ? 'active' : 'sold' } });
      }),
    );
    render(
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={['/']}>
          <HeaderCart />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    await advance(0);
    await advance(0);
    expect(screen.getByRole('link', { name: /^Cart/ }).getAttribute('aria-label')).toBe('Cart, 1 item');
    localStorage.clear();
  });

  it('sends a guest on a member page to /login?returnUrl=/cart, and to the guest cart elsewhere', async () => {
    renderAt(<HeaderCart />, '/dashboard', signedOutSession);
    await advance(0);
    expect(screen.getByRole('link', { name: /^Cart/ }).getAttribute('href')).toBe('/login?returnUrl=%2Fcart');
    cleanup();

    renderAt(<HeaderCart />, '/', signedOutSession);
    await advance(0);
    expect(screen.getByRole('link', { name: /^Cart/ }).getAttribute('href')).toBe('/guest-cart');
  });
});
