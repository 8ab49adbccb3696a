import { signedOutSession } from '@bilum/shared';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
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
