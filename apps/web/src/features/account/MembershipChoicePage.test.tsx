import { signedOutSession, type SessionState } from '@bilum/shared';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { toast, Toaster } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { premiumOfferKey } from '../../lib/premium-offer';
import { createQueryClient } from '../../lib/query-client';
import { sessionKey } from '../../lib/session';
import MembershipChoicePage from './MembershipChoicePage';

const user = { id: 3, email: 'kila@example.pg', fullName: 'Kila Wari', role: 'shopper' as const };
const shopper: SessionState = { user, membership: signedOutSession.membership };
const member: SessionState = {
  user,
  membership: { isMember: true, discountRate: 0.1, membershipType: 'premium', endsAt: '2026-12-31T00:00:00.000Z' },
};

function renderChoice(session: SessionState) {
  const client = createQueryClient();
  client.setQueryData(sessionKey, session);
  // The Premium product's price as the server answers it (GET /api/membership/premium): the page shows that one.
  client.setQueryData(premiumOfferKey, { productId: 9, price: 25_000 });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/membership-choice']}>
        <Routes>
          <Route path="/membership-choice" element={<MembershipChoicePage />} />
          <Route path="/membership-payment" element={<p>Payment page</p>} />
          <Route path="/dashboard" element={<p>Member home</p>} />
        </Routes>
      </MemoryRouter>
      <Toaster />
    </QueryClientProvider>,
  );
}

afterEach(() => {
  toast.dismiss();
  cleanup();
  vi.useRealTimers();
});

describe('/membership-choice', () => {
  it('offers Basic at K0.00 and Premium at the Premium product’s price per year', () => {
    renderChoice(shopper);
    expect(screen.getByText('K0.00')).toBeTruthy();
    expect(screen.getByText('K250.00')).toBeTruthy();
    expect(screen.queryByText('K200.50')).toBeNull();
    expect(screen.getByText('per year')).toBeTruthy();
  });

  it('sends a shopper who chooses Premium to /membership-payment', () => {
    renderChoice(shopper);
    fireEvent.click(screen.getByRole('button', { name: 'Choose Premium' }));
    expect(screen.getByText('Payment page')).toBeTruthy();
  });

  it('tells a member who chooses Premium "You already have an active membership." and stays', async () => {
    renderChoice(member);
    fireEvent.click(screen.getByRole('button', { name: 'Choose Premium' }));
    expect(await screen.findByText('You already have an active membership.')).toBeTruthy();
    expect(screen.queryByText('Payment page')).toBeNull();
  });

  it('does not tell a Premium member who chooses Basic that they are on the Basic plan', async () => {
    renderChoice(member);
    fireEvent.click(screen.getByRole('button', { name: 'Choose Basic' }));
    expect(await screen.findByText('You already have an active membership.')).toBeTruthy();
    expect(screen.queryByRole('dialog', { name: 'Welcome to Bilum!' })).toBeNull();
    expect(screen.queryByText(/You are on the Basic plan/)).toBeNull();
    expect(screen.queryByText('Member home')).toBeNull();
  });

  it('shows a visitor without an account the plans, the price and perks, and "Create account"', () => {
    renderChoice(signedOutSession);
    expect(screen.queryByText('Sign In Required')).toBeNull();
    expect(screen.getByText('K250.00')).toBeTruthy();
    expect(screen.getByText('10% off all products')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Create account' }).getAttribute('href')).toBe('/register');
    expect(screen.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe(
      '/login?returnUrl=%2Fmembership-payment',
    );
  });

  it('shows the success popup for Basic and goes to /dashboard after 2 seconds', () => {
    vi.useFakeTimers();
    renderChoice(shopper);
    fireEvent.click(screen.getByRole('button', { name: 'Choose Basic' }));
    expect(screen.getByRole('dialog', { name: 'Welcome to Bilum!' })).toBeTruthy();
    act(() => vi.advanceTimersByTime(1900));
    expect(screen.queryByText('Member home')).toBeNull();
    act(() => vi.advanceTimersByTime(200));
    expect(screen.getByText('Member home')).toBeTruthy();
  });
});
