import { type SessionState, signedOutSession } from '@bilum/shared';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { activateLocale, createShopI18n } from '../../i18n/i18n';
import { LocaleProvider } from '../../i18n/react';
import { createQueryClient } from '../../lib/query-client';
import { sessionKey } from '../../lib/session';
import MembershipSuccessPage from './MembershipSuccessPage';

const user = { id: 3, email: 'kila@example.pg', fullName: 'Kila Wari', role: 'shopper' as const };
const member: SessionState = {
  user,
  membership: { isMember: true, discountRate: 0.1, membershipType: 'premium', endsAt: '2027-11-23T00:00:00.000Z' },
};

async function renderInTokPisin(session: SessionState) {
  const i18n = createShopI18n();
  await activateLocale(i18n, 'tpi');
  const client = createQueryClient();
  client.setQueryData(sessionKey, session);
  render(
    <LocaleProvider i18n={i18n}>
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={['/membership-success']}>
          <MembershipSuccessPage />
        </MemoryRouter>
      </QueryClientProvider>
    </LocaleProvider>,
  );
}

afterEach(cleanup);

describe('/membership-success in Tok Pisin', () => {
  it('welcomes a new member to Premium with the perks and the buttons in Tok Pisin', async () => {
    await renderInTokPisin(member);
    expect(screen.getByRole('heading', { name: 'Welkam long Premium, Kila!' })).toBeTruthy();
    expect(screen.getByText('Ol dil bilong memba tasol')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Stat long baim samting' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'ol oda bilong yu' }).getAttribute('href')).toBe('/order-history');
    for (const english of ['Member-only deals', 'Start Shopping', 'Go to Login']) {
      expect(screen.queryByText(english)).toBeNull();
    }
  });

  it('invites a shopper who is not a member to join, in Tok Pisin', async () => {
    await renderInTokPisin({ user, membership: signedOutSession.membership });
    expect(screen.getByRole('heading', { name: 'Yu no Premium memba yet' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Kamap memba!' }).getAttribute('href')).toBe('/membership-payment');
    expect(screen.queryByText('Become a Member!')).toBeNull();
  });
});
