import { cleanup, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import NotFoundPage from '../../app/NotFoundPage';
import { RouteErrorBoundary } from '../../app/RouteErrorBoundary';
import { activateLocale, createShopI18n } from '../../i18n/i18n';
import { LocaleProvider } from '../../i18n/react';
import { Dialog } from './dialog';
import { ProductImage } from './product-image';
import { ErrorState, Spinner } from './states';

async function renderIn(locale: 'en' | 'tpi', children: ReactNode) {
  const i18n = createShopI18n();
  await activateLocale(i18n, locale);
  return render(
    <LocaleProvider i18n={i18n}>
      <MemoryRouter>{children}</MemoryRouter>
    </LocaleProvider>,
  );
}

function Broken(): ReactNode {
  throw new Error('broken page');
}

afterEach(cleanup);

describe('the not-found page and the shared parts in Tok Pisin (issue 31)', () => {
  it('shows the not-found page in Tok Pisin, title included', async () => {
    await renderIn('tpi', <NotFoundPage />);
    expect(screen.getByRole('heading', { level: 1, name: 'Sori! Mipela i no painim dispela pes' })).toBeTruthy();
    expect(screen.getByText('Pes yu painim i no stap, o em i go long narapela hap.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go bek long Hom' }).getAttribute('href')).toBe('/');
    expect(document.title).toBe('Sori! Mipela i no painim dispela pes - Bilum');
    expect(screen.queryByText('Oops! Page not found')).toBeNull();
  });

  it('keeps the English not-found page as it was', async () => {
    await renderIn('en', <NotFoundPage />);
    expect(screen.getByRole('heading', { level: 1, name: 'Oops! Page not found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Return to Home' })).toBeTruthy();
    expect(document.title).toBe('Oops! Page not found - Bilum');
  });

  it('says loading, try again, close and no image in Tok Pisin', async () => {
    await renderIn(
      'tpi',
      <>
        <Spinner />
        <ErrorState message="x" onRetry={() => undefined} />
        <ProductImage src={null} alt="Radio" />
      </>,
    );
    expect(screen.getByText('Wetim liklik…')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Traim gen' })).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Radio: i no gat piksa' }).textContent).toBe('I no gat piksa');
    expect(screen.queryByText(/Loading|No Image/)).toBeNull();
    cleanup();
    await renderIn('tpi', <Dialog open onOpenChange={() => undefined} title="Dialog" />);
    expect(screen.getByRole('button', { name: 'Pasim' })).toBeTruthy();
  });

  it('says a page failed in Tok Pisin', async () => {
    const quiet = console.error;
    console.error = () => undefined;
    try {
      await renderIn(
        'tpi',
        <RouteErrorBoundary>
          <Broken />
        </RouteErrorBoundary>,
      );
    } finally {
      console.error = quiet;
    }
    expect(screen.getByRole('alert').textContent).toContain('Samting i no wok gut taim mipela i soim dispela pes.');
  });
});
