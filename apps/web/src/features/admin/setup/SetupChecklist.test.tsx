import { type SetupChecklist as Checklist, setupChecklist } from '@bilum/shared';
import { defaultInvoiceSettings, defaultShopSettings, pngProvinces } from '@bilum/shared';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../lib/query-client';
import { SetupChecklist } from './SetupChecklist';

const newShop = setupChecklist({
  shop: defaultShopSettings,
  invoice: defaultInvoiceSettings,
  payments: {
    cardEnabled: true,
    bankTransferEnabled: false,
    pickupEnabled: false,
    bankAccountName: '',
    bankName: '',
    bankBsb: '',
    bankAccountNumber: '',
  },
  provincesPriced: pngProvinces.length,
  activePickupPoints: 1,
});

function renderWith(answer: Checklist) {
  const fetch = vi.fn(async () => Response.json(answer));
  vi.stubGlobal('fetch', fetch);
  const view = render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter>
        <SetupChecklist enabled />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { ...view, fetch };
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the setup checklist on the admin’s first screen', () => {
  it('lists what a new shop lacks, each with a link to where it is set up', async () => {
    renderWith(newShop);
    expect(await screen.findByRole('heading', { name: 'Set up your shop for Papua New Guinea' })).toBeTruthy();
    expect(screen.getByText(/4 steps left/)).toBeTruthy();
    expect(screen.getByText(/Most shoppers in Papua New Guinea have no card/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Set up ways to pay' }).getAttribute('href')).toBe('/settings#payments');
    expect(screen.getByRole('link', { name: 'Set up business name and tin' }).getAttribute('href')).toBe(
      '/settings#tax-invoice',
    );
    // Delivery is done in a new shop (the zones and the store's pickup point come with it): no link.
    expect(screen.getByText('Delivery zones and pickup points').textContent).toContain('(done)');
    expect(screen.queryByRole('link', { name: /delivery zones/i })).toBeNull();
  });

  it('is gone once every item is done', async () => {
    const { container, fetch } = renderWith({
      items: newShop.items.map((item) => ({ ...item, done: true })),
      done: true,
    });
    await waitFor(() => expect(fetch).toHaveBeenCalledOnce());
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(container.textContent).toBe('');
  });
});
