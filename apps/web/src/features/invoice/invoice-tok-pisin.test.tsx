import type { Invoice } from '@bilum/shared';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { activateLocale, createShopI18n } from '../../i18n/i18n';
import { InEnglish, LocaleProvider } from '../../i18n/react';
import { createQueryClient } from '../../lib/query-client';
import AdminInvoicePage from './AdminInvoicePage';
import InvoicePage from './InvoicePage';

const invoice: Invoice = {
  orderId: 42,
  invoiceNumber: 'INV-000042',
  issuedAt: '2026-11-20T02:00:00.000Z',
  seller: { legalName: 'Bilum Trading Ltd', tin: '500123456', address: 'Section 5, Port Moresby' },
  customer: { name: 'Mary Kila', email: 'mary@example.pg', phone: '+67571234567' },
  delivery: { kind: 'pickup', address: null, pickupPoint: 'Bilum, Waigani' },
  lines: [{ name: 'Solar lamp', sku: null, quantity: 2, unitPrice: 4_500, lineTotal: 9_000 }],
  subtotal: 9_000,
  savings: 1_000,
  shipping: 0,
  discount: 500,
  discountCode: null,
  total: 8_500,
  gstIncluded: 773,
  paymentStatus: 'paid',
  currency: 'pgk',
};

async function renderIn(locale: 'en' | 'tpi', path: string, routes: ReactNode, answer: Response | (() => Response)) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => (typeof answer === 'function' ? answer() : answer)),
  );
  const i18n = createShopI18n();
  await activateLocale(i18n, locale);
  return render(
    <LocaleProvider i18n={i18n}>
      <QueryClientProvider client={createQueryClient()}>
        <MemoryRouter initialEntries={[path]}>
          <Routes>{routes}</Routes>
        </MemoryRouter>
      </QueryClientProvider>
    </LocaleProvider>,
  );
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the shopper’s tax invoice in Tok Pisin (issue 31)', () => {
  it('shows the invoice in Tok Pisin, kina as in English', async () => {
    await renderIn('tpi', '/invoice/42', <Route path="/invoice/:orderId" element={<InvoicePage />} />, () =>
      Response.json(invoice),
    );
    expect(await screen.findByRole('article', { name: 'Takis invois INV-000042' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Takis invois' })).toBeTruthy();
    expect(document.title).toBe('Takis invois - Bilum');
    expect(screen.getByText('Namba bilong invois')).toBeTruthy();
    expect(screen.getByText('Ples bilong kisim')).toBeTruthy();
    expect(screen.getByText('I go daun (kod)')).toBeTruthy();
    expect(screen.getByText('Olgeta (PGK)')).toBeTruthy();
    expect(screen.getByText('K85.00')).toBeTruthy();
    expect(screen.getByText('GST i stap insait long olgeta prais. Yu peim olgeta pinis, tenkyu.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Prinim' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go bek long ol oda bilong yu' })).toBeTruthy();
    expect(screen.queryByText(/Invoice number|Subtotal|Paid in full/)).toBeNull();
  });

  it('says an unpaid order’s invoice is not ready yet in Tok Pisin', async () => {
    await renderIn('tpi', '/invoice/42', <Route path="/invoice/:orderId" element={<InvoicePage />} />, () =>
      Response.json(
        { error: { code: 'CONFLICT', message: 'The tax invoice is available once the order is paid.' } },
        { status: 409 },
      ),
    );
    expect(await screen.findByText('Takis invois i kamap taim oda i peim pinis.')).toBeTruthy();
  });

  it('keeps the staff’s copy of the invoice English, whatever the site’s language (the admin area is InEnglish)', async () => {
    await renderIn(
      'tpi',
      '/order-inventory/42/invoice',
      <Route
        path="/order-inventory/:orderId/invoice"
        element={
          <InEnglish>
            <AdminInvoicePage />
          </InEnglish>
        }
      />,
      () => Response.json(invoice),
    );
    expect(await screen.findByText('Invoice number')).toBeTruthy();
    expect(screen.getByText('Discount (code)')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Print' })).toBeTruthy();
    expect(screen.queryByText('Namba bilong invois')).toBeNull();
  });
});
