import { type SessionState, signedOutSession } from '@bilum/shared';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../lib/query-client';
import { SiteHeader } from './SiteHeader';

const shopper: SessionState = {
  user: { id: 7, email: 'kila@example.pg', fullName: 'Kila Wari', role: 'shopper' },
  membership: signedOutSession.membership,
};

/** The header on the home page, with GET /api/session held until `answerSession` is called. */
function renderHeader() {
  let answerSession: (session: SessionState) => void = () => {};
  const session = new Promise<SessionState>((resolve) => (answerSession = resolve));
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      if (url === '/api/session') return Response.json(await session);
      return Response.json({ items: [], isMember: false, discountRate: 0, summary: {} });
    }),
  );
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter initialEntries={['/']}>
        <SiteHeader />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { answerSession: (value: SessionState) => act(async () => answerSession(value)) };
}

/** Lets the lazily loaded header parts (cart, account menu) arrive. */
const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 50)));

const account = () => screen.getByRole('navigation', { name: 'Account' });

// The header loads its cart lazily: have it ready, so the test sees the cart itself and not its fallback.
beforeAll(() => import('../features/cart/HeaderCart'));

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the site header while the session loads', () => {
  it('shows neither the Sign in link nor the guest cart link, then the signed-in shopper’s menu and cart', async () => {
    const { answerSession } = renderHeader();
    await settle();
    expect(screen.queryByRole('link', { name: 'Sign in' })).toBeNull();
    expect(screen.queryByRole('link', { name: /^Cart/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Account menu/ })).toBeNull();
    // Nothing that depends on the session can be followed meanwhile.
    expect(
      within(account())
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Track order']);

    await answerSession(shopper);
    expect(await screen.findByRole('button', { name: 'Account menu for Kila Wari' })).toBeTruthy();
    expect((await screen.findByRole('link', { name: 'Cart, 0 items' })).getAttribute('href')).toBe('/cart');
    expect(screen.queryByRole('link', { name: 'Sign in' })).toBeNull();
  });

  it('shows a guest the Sign in link and the guest cart once the session says signed out', async () => {
    const { answerSession } = renderHeader();
    await settle();
    await answerSession(signedOutSession);
    expect((await screen.findByRole('link', { name: 'Sign in' })).getAttribute('href')).toBe('/login');
    expect((await screen.findByRole('link', { name: 'Cart, 0 items' })).getAttribute('href')).toBe('/guest-cart');
  });
});

describe('the category menus', () => {
  /** The shop's visible categories as GET /api/categories answers them, in the owner's order. */
  const categories = [
    { slug: 'solar', name: 'Solar', position: 1 },
    { slug: 'phones', name: 'Mobile Phones', position: 2 },
    { slug: 'computers', name: 'Computers', position: 3 },
  ];

  function renderWithCategories(answer: () => Response) {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        if (url === '/api/session') return Response.json(signedOutSession);
        if (url === '/api/categories') return answer();
        return Response.json({ items: [], isMember: false, discountRate: 0, summary: {} });
      }),
    );
    render(
      <QueryClientProvider client={createQueryClient()}>
        <MemoryRouter initialEntries={['/']}>
          <SiteHeader />
        </MemoryRouter>
      </QueryClientProvider>,
    );
  }

  const linksOf = (nav: HTMLElement) =>
    within(nav)
      .getAllByRole('link')
      .map((link) => [link.textContent, link.getAttribute('href')]);

  it('lists the shop’s categories from the API by name, in the owner’s order, a new one included', async () => {
    renderWithCategories(() => Response.json({ categories }));
    const nav = screen.getByRole('navigation', { name: 'Categories' });
    await waitFor(() => expect(within(nav).getAllByRole('link')).toHaveLength(4));
    expect(linksOf(nav)).toEqual([
      ['All products', '/category/all'],
      ['Solar', '/category/solar'],
      ['Mobile Phones', '/category/phones'],
      ['Computers', '/category/computers'],
    ]);

    // The mobile menu lists the same.
    fireEvent.click(screen.getByRole('button', { name: 'Open menu' }));
    const menu = await screen.findByRole('navigation', { name: 'Shop' });
    expect(linksOf(menu)).toEqual([
      ['Home', '/'],
      ['All products', '/category/all'],
      ['Solar', '/category/solar'],
      ['Mobile Phones', '/category/phones'],
      ['Computers', '/category/computers'],
    ]);
  });

  it('offers "All products" only when the categories cannot be read', async () => {
    renderWithCategories(() => Response.json({ error: { code: 'NOT_FOUND', message: 'Not found' } }, { status: 404 }));
    await settle();
    expect(linksOf(screen.getByRole('navigation', { name: 'Categories' }))).toEqual([
      ['All products', '/category/all'],
    ]);
  });
});
