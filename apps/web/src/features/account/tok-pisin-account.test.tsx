import { signedOutSession } from '@bilum/shared';
import type { I18n } from '@lingui/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { toast, Toaster } from 'sonner';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { activateLocale, createShopI18n } from '../../i18n/i18n';
import { LocaleProvider } from '../../i18n/react';
import { premiumOfferKey } from '../../lib/premium-offer';
import { createQueryClient } from '../../lib/query-client';
import { sessionKey } from '../../lib/session';
import LoginPage from './LoginPage';
import MembershipChoicePage from './MembershipChoicePage';
import RegisterPage from './RegisterPage';

let tokPisin: I18n;

beforeAll(async () => {
  tokPisin = createShopI18n();
  await activateLocale(tokPisin, 'tpi');
});

function renderInTokPisin(page: ReactNode, path: string) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => Response.json(signedOutSession)),
  );
  const client = createQueryClient();
  client.setQueryData(sessionKey, signedOutSession);
  client.setQueryData(premiumOfferKey, { productId: 9, price: 20_050 });
  render(
    <LocaleProvider i18n={tokPisin}>
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={[path]}>{page}</MemoryRouter>
        <Toaster />
      </QueryClientProvider>
    </LocaleProvider>,
  );
}

afterEach(() => {
  toast.dismiss();
  cleanup();
  vi.unstubAllGlobals();
});

describe('the account pages in Tok Pisin', () => {
  it('shows the sign-in page in Tok Pisin, and its toast when a field is left empty', async () => {
    renderInTokPisin(<LoginPage />, '/login?lang=tpi');
    expect(screen.getByRole('heading', { name: 'Go insait' })).toBeTruthy();
    expect(screen.getByLabelText('Imel')).toBeTruthy();
    expect(screen.getByLabelText('Paswod')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Yu lusim tingting long paswod?' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Mekim nupela akaun' }).getAttribute('href')).toBe('/register');
    expect(screen.queryByText('Sign in')).toBeNull();
    expect(screen.queryByText('Forgot password?')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Go Insait' }));
    expect(await screen.findByText('Yu mas putim imel na paswod bilong go insait.')).toBeTruthy();
    expect(screen.queryByText('Email and password are required to sign in.')).toBeNull();
  });

  it('shows the registration page in Tok Pisin', () => {
    renderInTokPisin(<RegisterPage />, '/register?lang=tpi');
    expect(screen.getByRole('heading', { name: 'Mekim akaun bilong yu' })).toBeTruthy();
    expect(screen.getByLabelText('Nem olgeta')).toBeTruthy();
    expect(screen.getByText('8 leta o moa. Sotpela tok i isi long tingim.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Mekim Akaun' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'ol lo' }).getAttribute('href')).toBe('/terms');
    expect(screen.getByRole('link', { name: 'Go insait' }).getAttribute('href')).toBe('/login');
    expect(screen.queryByText('Create your account')).toBeNull();
    expect(screen.queryByText('Full name')).toBeNull();
  });

  it('shows the membership plans to a visitor in Tok Pisin, with kina written as in English', () => {
    renderInTokPisin(<MembershipChoicePage />, '/membership-choice?lang=tpi');
    expect(screen.getByRole('heading', { name: 'Makim memba bilong yu' })).toBeTruthy();
    expect(screen.getByRole('article', { name: 'Basic' })).toBeTruthy();
    expect(screen.getByText('long wanpela yia')).toBeTruthy();
    expect(screen.getByText('K200.50')).toBeTruthy();
    expect(screen.getByText('Salim nating')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Mekim akaun nating' })).toBeTruthy();
    expect(screen.queryByText('per year')).toBeNull();
    expect(screen.queryByText('Free shipping')).toBeNull();
  });
});
