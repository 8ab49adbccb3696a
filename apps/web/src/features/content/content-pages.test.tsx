import { defaultShopSettings, shopHomeTitle, tokPisinPageTexts } from '@bilum/shared';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { englishMessages as en, tokPisinMessages as tpi } from '../../i18n/all-catalogs';
import { activateLocale, createShopI18n } from '../../i18n/i18n';
import { LocaleProvider } from '../../i18n/react';
import { createQueryClient } from '../../lib/query-client';
import ContactPage from './ContactPage';

import PrivacyPage from './PrivacyPage';
import TermsPage from './TermsPage';

async function renderIn(locale: 'en' | 'tpi', page: ReactNode) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) =>
      url === '/api/settings'
        ? Response.json({ ...defaultShopSettings, deliveryDays: 3 })
        : Response.json({ price: 12_000 }),
    ),
  );
  const i18n = createShopI18n();
  await activateLocale(i18n, locale);
  return render(
    <LocaleProvider i18n={i18n}>
      <QueryClientProvider client={createQueryClient()}>
        <MemoryRouter>{page}</MemoryRouter>
      </QueryClientProvider>
    </LocaleProvider>,
  );
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the content pages in Tok Pisin (issue 31)', () => {
  it('shows the terms in Tok Pisin, with the link inside its sentence and the delivery days from the settings', async () => {
    await renderIn('tpi', <TermsPage />);
    expect(screen.getByRole('heading', { level: 1, name: 'Ol Lo na Kondisen' })).toBeTruthy();
    expect(document.title).toBe('Ol Lo na Kondisen - Bilum');
    expect(screen.getByText('Las senis: 22 Novemba 2026')).toBeTruthy();
    expect(screen.getByRole('heading', { name: '4. Salim na kisim long stua' })).toBeTruthy();
    const link = screen.getByRole('link', { name: 'Painim oda' });
    expect(link.getAttribute('href')).toBe('/track-order');
    expect(link.parentElement?.textContent).toBe(
      'Yu ken bihainim oda bilong yu long pes Painim oda wantaim imel adres na namba bilong oda.',
    );
    expect(await screen.findByText(/insait long klostu 3 de bilong wok bihain/)).toBeTruthy();
    expect(screen.queryByText(/Terms and Conditions|Who we are/)).toBeNull();
  });

  it('shows the privacy policy and the contact page in Tok Pisin', async () => {
    await renderIn('tpi', <PrivacyPage />);
    expect(screen.getByRole('heading', { level: 1, name: 'Lo bilong Praivesi' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: '3. Ol kuki na brausa bilong yu' })).toBeTruthy();
    expect(screen.queryByText('Privacy Policy')).toBeNull();
    cleanup();
    await renderIn('tpi', <ContactPage />);
    expect(screen.getByRole('heading', { level: 1, name: 'Toktok wantaim mipela' })).toBeTruthy();
    expect(screen.getByText('Mande i go Fraide, 8:00 moning i go 5:00 apinun')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Ol lo na kondisen' }).getAttribute('href')).toBe('/terms-and-conditions');
    expect(screen.queryByText('Opening hours')).toBeNull();
  });

  it('keeps the English pages word for word', async () => {
    await renderIn('en', <ContactPage />);
    expect(screen.getByRole('heading', { level: 1, name: 'Contact Us' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Track Order' }).parentElement?.textContent).toBe(
      'Use Track Order with the e-mail address and order number from your confirmation. Signed-in shoppers also find every order in their order history.',
    );
    expect(screen.getByRole('link', { name: 'terms and conditions' }).parentElement?.textContent).toBe(
      'E-mail or call us with your order number and a short description. Our terms and conditions explain what we repair, replace or refund.',
    );
    cleanup();
    await renderIn('en', <TermsPage />);
    expect(screen.getByText('Last updated 22 November 2026')).toBeTruthy();
    expect(await screen.findByText(/usually arrive in about 3 working days after dispatch/)).toBeTruthy();
    expect(await screen.findByText(/^Premium costs K120\.00 a year/)).toBeTruthy();
  });

  it('gives the tab the same Tok Pisin titles the server writes into the page head (site-pages.ts)', () => {
    expect(tpi['page.shopTitle']).toBe(tokPisinPageTexts[en['page.shopTitle']]);
    expect(en['page.shopTitle']).toBe(shopHomeTitle);
    for (const key of [
      'content.terms.title',
      'content.privacy.title',
      'content.contact.title',
      'error.notFound.title',
    ] as const) {
      expect(tpi[key]).toBe(tokPisinPageTexts[en[key]]);
    }
  });
});
