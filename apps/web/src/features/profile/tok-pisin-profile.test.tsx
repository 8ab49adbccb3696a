import { type MyOrder, type Profile, type SessionState, signedOutSession } from '@bilum/shared';
import type { I18n } from '@lingui/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { activateLocale, createShopI18n } from '../../i18n/i18n';
import { LocaleProvider } from '../../i18n/react';
import { createQueryClient } from '../../lib/query-client';
import { sessionKey } from '../../lib/session';
import OrderHistoryPage from './OrderHistoryPage';
import ProfilePage from './ProfilePage';

vi.mock('sonner', () => ({ toast: { info: vi.fn(), success: vi.fn(), error: vi.fn() } }));

const session: SessionState = {
  user: { id: 3, email: 'kila@example.pg', fullName: 'Kila Wari', role: 'shopper' },
  membership: { isMember: true, discountRate: 0.1, membershipType: 'premium', endsAt: '2027-11-23T00:00:00.000Z' },
};

const profile: Profile = {
  id: 3,
  email: 'kila@example.pg',
  fullName: 'Kila Wari',
  firstName: 'Kila',
  lastName: 'Wari',
  phone: '+67571234567',
  address: 'Section 5, Lot 12, Boroko Drive',
  city: 'Port Moresby',
  state: 'NCD',
  postcode: '111',
  pendingEmail: null,
  membership: {
    isMember: true,
    membershipType: 'premium',
    discountRate: 0.1,
    endsAt: '2027-11-23T00:00:00.000Z',
    lastPaymentAt: '2026-11-23T00:00:00.000Z',
    lastPaymentStatus: 'completed',
    canRenew: false,
  },
  lastOrderAddress: null,
  textMessages: true,
};

const transfer: MyOrder = {
  id: 41,
  trackingCode: 'BLM-WAIT-0041',
  placedAt: '2026-11-18T01:00:00.000Z',
  shipping: 0,
  discountCode: null,
  discount: 0,
  total: 24_000,
  paymentStatus: 'pending',
  shippingStatus: 'Pending',
  cardLast4: 'N/A',
  paymentMethod: 'bank-transfer',
  payment: {
    method: 'bank-transfer',
    state: 'part-paid',
    stateLabel: 'Part-paid',
    reference: 'BLM-482731',
    amountReceived: 4_000,
    bankTransfer: null,
    collectBy: null,
    confirmBy: null,
    pickup: null,
    status: { kind: 'part-paid', label: 'Part-paid: K40.00 of K240.00 received', tone: 'orange' },
  },
  amountDue: 20_000,
  payBy: '2026-11-22T01:00:00.000Z',
  pickupLocation: null,
  items: [
    {
      productId: 6,
      name: 'itel A70',
      image: null,
      quantity: 1,
      unitPrice: 24_000,
      lineTotal: 24_000,
      isMembership: false,
    },
  ],
};

const paid: MyOrder = {
  ...transfer,
  id: 40,
  trackingCode: 'BLM-PAID-0040',
  paymentStatus: 'paid',
  shippingStatus: 'Dispatched',
  cardLast4: '4242',
  paymentMethod: 'card',
  payment: {
    ...transfer.payment,
    method: 'card',
    state: 'paid',
    stateLabel: 'Paid',
    reference: null,
    amountReceived: 0,
    status: { kind: 'dispatched', label: 'Dispatched', tone: 'blue' },
  },
  amountDue: 0,
  payBy: null,
};

async function tokPisin(): Promise<I18n> {
  const i18n = createShopI18n();
  await activateLocale(i18n, 'tpi');
  return i18n;
}

function renderInTokPisin(i18n: I18n, ui: React.ReactNode, path: string, state: SessionState = session) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) =>
      url.endsWith('/profile') ? Response.json(profile) : Response.json({ orders: [transfer, paid] }),
    ),
  );
  const client = createQueryClient();
  client.setQueryData(sessionKey, state);
  render(
    <LocaleProvider i18n={i18n}>
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={[path]}>{ui}</MemoryRouter>
      </QueryClientProvider>
    </LocaleProvider>,
  );
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the profile and order history in Tok Pisin', () => {
  it('shows the order history with its statuses, payment due and buttons in Tok Pisin, kina as in English', async () => {
    renderInTokPisin(await tokPisin(), <OrderHistoryPage />, '/order-history');
    expect(screen.getByRole('heading', { name: 'Ol oda bilong yu' })).toBeTruthy();
    const card = await screen.findByRole('article', { name: 'Oda BLM-WAIT-0041' });
    expect(within(card).getByTestId('order-status').textContent).toBe('Peim hap: mipela i kisim K40.00 long K240.00');
    const due = within(card).getByRole('region', { name: 'Peimen yu mas mekim long oda BLM-WAIT-0041' });
    expect(within(due).getByText('Namba rifrens bilong peimen')).toBeTruthy();
    expect(within(due).getByText('K200.00')).toBeTruthy();
    const paidCard = screen.getByRole('article', { name: 'Oda BLM-PAID-0040' });
    expect(within(paidCard).getByTestId('order-status').textContent).toBe('I go pinis');
    expect(within(paidCard).getByTestId('payment-status').textContent).toBe('Peim pinis');
    expect(within(paidCard).getByRole('link', { name: 'Takis invois' })).toBeTruthy();
    expect(screen.getAllByRole('link', { name: 'Painim dispela oda' })).toHaveLength(2);
    for (const english of ['Your Order History', 'Track This Order', 'Amount to pay', 'Dispatched', 'Paid']) {
      expect(screen.queryByText(english)).toBeNull();
    }
  });

  it('shows the profile, its membership card and quick actions in Tok Pisin', async () => {
    renderInTokPisin(await tokPisin(), <ProfilePage />, '/profile');
    expect(await screen.findByRole('heading', { name: 'Welkam, Kila!' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Toksave bilong profail' })).toBeTruthy();
    expect(screen.getByText('Fes nem')).toBeTruthy();
    expect(screen.getByText('Namba fon')).toBeTruthy();
    expect(screen.getByText('Memba i wok')).toBeTruthy();
    expect(screen.getByRole('button', { name: /Ol oda bilong mi/ })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Senisim profail' })).toBeTruthy();
    for (const english of ['Profile Details', 'First Name', 'Active Member', 'Edit Profile', 'Quick Actions']) {
      expect(screen.queryByText(english)).toBeNull();
    }
  });

  it('asks a signed-out shopper to sign in, in Tok Pisin', async () => {
    renderInTokPisin(await tokPisin(), <ProfilePage />, '/profile', signedOutSession);
    expect(screen.getByRole('link', { name: 'Go insait' })).toBeTruthy();
    expect(screen.queryByText('Go to Login')).toBeNull();
  });
});
