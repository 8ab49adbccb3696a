import { signedOutSession } from '@bilum/shared';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SiteHeader } from '../app/SiteHeader';
import { ProductCard } from '../features/catalog/ProductCard';
import { createQueryClient } from '../lib/query-client';
import { testProduct } from '../features/catalog/test-product';
import { activateLocale, createShopI18n } from './i18n';
import { LocaleProvider } from './react';
import type { I18n } from '@lingui/core';

function renderInLocale(i18n: I18n, children: React.ReactNode) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) =>
      url === '/api/session' ? Response.json(signedOutSession) : Response.json({ categories: [] }),
    ),
  );
  return render(
    <LocaleProvider i18n={i18n}>
      <QueryClientProvider client={createQueryClient()}>
        <MemoryRouter initialEntries={['/category/all?lang=tpi']}>{children}</MemoryRouter>
      </QueryClientProvider>
    </LocaleProvider>,
  );
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  document.cookie = 'lang=; Path=/; Max-Age=0';
});

describe('a shopper page in Tok Pisin', () => {
  it('shows the header and a product card in Tok Pisin, with kina written as in English', async () => {
    const i18n = createShopI18n();
    await activateLocale(i18n, 'tpi');
    renderInLocale(
      i18n,
      <>
        <SiteHeader />
        <ProductCard
          product={{ ...testProduct, description: '', memberPrice: null, priceFrom: null }}
          detailBase="/index-item"
        />
      </>,
    );
    expect(screen.getByRole('navigation', { name: 'Akaun' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Opim menu' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Painim oda' })).toBeTruthy();
    expect(screen.getByText('Klik long lukim moa')).toBeTruthy();
    expect(screen.getByText('I no gat stori long dispela samting.')).toBeTruthy();
    expect(screen.getByText(/^K\d{1,3}(,\d{3})*\.\d{2}$/)).toBeTruthy();
  });

  it('switches from English to Tok Pisin in place and keeps the choice in the lang cookie', async () => {
    const i18n = createShopI18n();
    renderInLocale(i18n, <SiteHeader />);
    expect(screen.getByRole('link', { name: 'Track order' })).toBeTruthy();
    // The header's switch (the footer has the same one).
    const tokPisin = screen.getByRole('link', { name: 'Tok Pisin' });
    expect(tokPisin.getAttribute('href')).toBe('/category/all?lang=tpi');
    await act(async () => {
      fireEvent.click(tokPisin);
      await new Promise((resolve) => setTimeout(resolve, 20));
    });
    expect(screen.getByRole('link', { name: 'Painim oda' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Tok Pisin' }).getAttribute('aria-current')).toBe('true');
    expect(document.cookie).toContain('lang=tpi');
    expect(document.documentElement.lang).toBe('tpi');
  });
});
