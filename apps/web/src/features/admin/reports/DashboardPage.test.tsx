import type { Dashboard, SalesFigures } from '@bilum/shared';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../lib/query-client';
import DashboardPage from './DashboardPage';

const figures = (overrides: Partial<SalesFigures> = {}): SalesFigures => ({
  gross: 0,
  refunds: 0,
  net: 0,
  gst: 0,
  orders: 0,
  average: 0,
  ...overrides,
});

/** A K498.00 sale yesterday and a K249.00 refund of it today. */
const dashboard = (overrides: Partial<Dashboard> = {}): Dashboard => ({
  generatedAt: '2026-03-11T02:00:00.000Z',
  today: figures({ refunds: 24_900, net: -24_900, gst: -2_264 }),
  week: figures({ gross: 49_800, refunds: 24_900, net: 24_900, gst: 2_264, orders: 1, average: 49_800 }),
  month: figures({ gross: 49_800, refunds: 24_900, net: 24_900, gst: 2_264, orders: 1, average: 49_800 }),
  // 10 February to 11 March 2026.
  daily: Array.from({ length: 30 }, (_, index) => {
    const day = new Date(Date.UTC(2026, 1, 10 + index)).toISOString().slice(0, 10);
    if (index === 28) return { day, gross: 49_800, refunds: 0, net: 49_800, gst: 4_527, orders: 1 };
    if (index === 29) return { day, gross: 0, refunds: 24_900, net: -24_900, gst: -2_264, orders: 0 };
    return { day, gross: 0, refunds: 0, net: 0, gst: 0, orders: 0 };
  }),
  topProducts: [{ productId: 7, name: 'Kōkō bilum', units: 1, total: 24_900 }],
  lowStock: [],
  awaitingPayment: 0,
  awaitingDispatch: 1,
  refundProblems: [],
  ...overrides,
});

function renderPage(answer: Dashboard) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => Response.json(answer)),
  );
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter>
        <DashboardPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('/reports', () => {
  it('shows gross sales, refunds, net sales and GST on net sales for each period', async () => {
    renderPage(dashboard());
    expect((await screen.findByTestId('sales-month-net')).textContent).toBe('K249.00');
    expect(screen.getByTestId('sales-month-gross').textContent).toBe('K498.00');
    expect(screen.getByTestId('sales-month-refunds').textContent).toBe('-K249.00');
    expect(screen.getByTestId('sales-month-gst').textContent).toBe('K22.64');
    // Today: the refund only, so net and GST are given back.
    expect(screen.getByTestId('sales-today-net').textContent).toBe('-K249.00');
    expect(screen.getByTestId('sales-today-gross').textContent).toBe('K0.00');
    expect(screen.getByTestId('sales-today-gst').textContent).toBe('-K22.64');

    // The daily table has the same columns, each day's refund on its own day.
    const table = screen.getByRole('table');
    const header = within(table)
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent);
    expect(header).toEqual(['Day', 'Orders', 'Gross', 'Refunds', 'Net', 'GST on net']);
    const rows = within(table).getAllByRole('row');
    expect(
      within(rows.at(-1) as HTMLElement)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['11 Mar', '0', 'K0.00', 'K249.00', '-K249.00', '-K22.64']);
    expect(screen.getByText('Units sold less units refunded.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Daily sales CSV' }).getAttribute('href')).toMatch(
      /^\/api\/admin\/exports\/sales\?from=\d{4}-\d{2}-\d{2}&to=\d{4}-\d{2}-\d{2}$/,
    );
    // Nothing failed: no refunds section.
    expect(screen.queryByRole('region', { name: 'Refunds that did not go through' })).toBeNull();
  });

  it('lists the refunds that did not go through for staff', async () => {
    renderPage(
      dashboard({
        refundProblems: [
          {
            orderId: 12,
            amount: 5_000,
            at: '2026-03-11T01:00:00.000Z',
            problem: 'card-refund-failed',
            by: 'Kila Admin',
          },
          { orderId: 9, amount: 49_800, at: '2026-03-10T23:00:00.000Z', problem: 'cancelled-not-refunded', by: null },
        ],
      }),
    );
    const region = await screen.findByRole('region', { name: 'Refunds that did not go through' });
    const items = within(region).getAllByRole('listitem');
    expect(items[0]?.textContent).toContain('Order #12: the card refund of K50.00 failed on');
    expect(items[0]?.textContent).toContain('(asked by Kila Admin). Nothing was refunded');
    expect(items[1]?.textContent).toContain('Order #9: cancelled on');
    expect(items[1]?.textContent).toContain('its refund of K498.00 has not gone through');
  });
});
