import { signedOutSession } from '@bilum/shared';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import MembershipChoicePage from '../features/account/MembershipChoicePage';
import { premiumOfferKey } from '../lib/premium-offer';
import { createQueryClient } from '../lib/query-client';
import { sessionKey } from '../lib/session';
import { SiteFooter } from './SiteFooter';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the footer’s membership link', () => {
  it('shows a guest who follows "Premium Membership" the price, the perks and "Create account"', () => {
    // The shop's contact details are not what this test reads.
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json({ error: { code: 'NOT_FOUND', message: 'Not found' } }, { status: 404 })),
    );
    const client = createQueryClient();
    client.setQueryData(sessionKey, signedOutSession);
    // The Premium product's price as the server answers it (GET /api/membership/premium).
    client.setQueryData(premiumOfferKey, { productId: 9, price: 20_050 });
    render(
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={['/']}>
          <Routes>
            <Route path="/" element={<SiteFooter />} />
            <Route path="/membership-choice" element={<MembershipChoicePage />} />
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>,
    );
    fireEvent.click(screen.getByRole('link', { name: 'Premium Membership' }));
    expect(screen.queryByText('Sign In Required')).toBeNull();
    expect(screen.getByText('K200.50')).toBeTruthy();
    expect(screen.getByText('Free shipping')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Create account' })).toBeTruthy();
  });
});

describe('the footer’s Shop links', () => {
  it('lists the shop’s visible categories by name, in the owner’s order', async () => {
    const categories = [
      { slug: 'solar', name: 'Solar', position: 1 },
      { slug: 'phones', name: 'Mobile Phones', position: 2 },
    ];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) =>
        url === '/api/categories'
          ? Response.json({ categories })
          : Response.json({ error: { code: 'NOT_FOUND', message: 'Not found' } }, { status: 404 }),
      ),
    );
    const client = createQueryClient();
    client.setQueryData(sessionKey, signedOutSession);
    render(
      <QueryClientProvider client={client}>
        <MemoryRouter>
          <SiteFooter />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    const shop = within(screen.getByRole('heading', { name: 'Shop' }).parentElement!);
    await waitFor(() =>
      expect(shop.getAllByRole('link').map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
        ['Solar', '/category/solar'],
        ['Mobile Phones', '/category/phones'],
        ['Premium Membership', '/membership-choice'],
      ]),
    );
  });
});
