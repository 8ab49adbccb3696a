import { type SessionState, signedOutSession } from '@bilum/shared';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { createQueryClient } from '../../lib/query-client';
import { sessionKey } from '../../lib/session';
import MembershipSuccessPage from './MembershipSuccessPage';

const user = { id: 3, email: 'kila@example.pg', fullName: 'Kila Wari', role: 'shopper' as const };
const shopper: SessionState = { user, membership: signedOutSession.membership };
const member: SessionState = {
  user,
  membership: { isMember: true, discountRate: 0.1, membershipType: 'premium', endsAt: '2027-11-23T00:00:00.000Z' },
};

function renderSuccess(session: SessionState) {
  const client = createQueryClient();
  client.setQueryData(sessionKey, session);
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/membership-success']}>
        <Routes>
          <Route path="/membership-success" element={<MembershipSuccessPage />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

afterEach(cleanup);

describe('/membership-success', () => {
  it('welcomes an active member to Premium by first name with the perks', () => {
    renderSuccess(member);
    expect(screen.getByRole('heading', { name: 'Welcome to Premium, Kila!' })).toBeTruthy();
    expect(screen.getByText('Member-only deals')).toBeTruthy();
  });

  it('does not welcome a signed-out visitor to Premium: "Sign In Required" instead', () => {
    renderSuccess(signedOutSession);
    expect(screen.queryByText(/Welcome to Premium/)).toBeNull();
    expect(screen.getByRole('heading', { name: 'Sign In Required' })).toBeTruthy();
  });

  it('does not welcome a shopper who is not a member: it invites them to join instead', () => {
    renderSuccess(shopper);
    expect(screen.queryByText(/Welcome to Premium/)).toBeNull();
    expect(screen.getByRole('heading', { name: 'You are not a Premium member yet' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Become a Member!' }).getAttribute('href')).toBe('/membership-payment');
  });
});
