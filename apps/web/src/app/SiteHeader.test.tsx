import { type SessionState, signedOutSession } from '@bilum/shared';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen, within } from '@testing-library/react';
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
