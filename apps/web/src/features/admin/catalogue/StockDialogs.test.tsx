import { type StockMovementsResponse, stockMessages } from '@bilum/shared';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../lib/query-client';
import { RestockDialog, StockLogDialog } from './StockDialogs';

vi.mock('sonner', () => ({ toast: { error: vi.fn(), success: vi.fn() } }));

const product = {
  id: 7,
  name: 'Galaxy A55',
  stock: 3,
  held: 1,
  sold: 2,
  stockLevel: 'in',
  isMembership: false,
} as const;

function renderWithQueries(ui: ReactNode) {
  render(<QueryClientProvider client={createQueryClient()}>{ui}</QueryClientProvider>);
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('RestockDialog (issue 30)', () => {
  it('asks why the units are added, sends the reason and the trimmed note, and sends nothing until a reason is chosen', async () => {
    const fetch = vi.fn(async (_url: string, _init?: RequestInit) =>
      Response.json({ product: { ...product, stock: 10 }, message: 'Galaxy A55 restocked: 10 on hand.' }),
    );
    vi.stubGlobal('fetch', fetch);
    const onClose = vi.fn();
    renderWithQueries(<RestockDialog product={product} onClose={onClose} />);
    const dialog = screen.getByRole('dialog', { name: 'Restock: Galaxy A55' });

    fireEvent.change(within(dialog).getByLabelText('Units to add'), { target: { value: '7' } });
    expect(await within(dialog).findByText('10 on hand after restocking.')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Restock' }));
    expect(await within(dialog).findByText(stockMessages.restockReason)).toBeTruthy();
    expect(within(dialog).getByLabelText('Reason').getAttribute('aria-invalid')).toBe('true');
    expect(fetch).not.toHaveBeenCalled();

    const reason = within(dialog).getByLabelText('Reason') as HTMLSelectElement;
    expect([...reason.options].map((option) => option.text)).toEqual([
      'Choose a reason',
      'Delivery from supplier',
      'Returned by customer',
      'Stock count correction',
      'Other',
    ]);
    fireEvent.change(reason, { target: { value: 'supplier-delivery' } });
    fireEvent.change(within(dialog).getByLabelText('Note (optional)'), {
      target: { value: '  Digicel Wholesale, invoice INV-2231 ' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Restock' }));

    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(fetch).toHaveBeenCalledTimes(1);
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe('/api/admin/products/7/restock');
    expect(JSON.parse(String(init?.body))).toEqual({
      quantity: 7,
      reason: 'supplier-delivery',
      note: 'Digicel Wholesale, invoice INV-2231',
    });
  });

  it('says when the note is too long, before sending anything', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    renderWithQueries(<RestockDialog product={product} onClose={vi.fn()} />);
    const dialog = screen.getByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('Units to add'), { target: { value: '2' } });
    fireEvent.change(within(dialog).getByLabelText('Reason'), { target: { value: 'other' } });
    fireEvent.change(within(dialog).getByLabelText('Note (optional)'), { target: { value: 'x'.repeat(501) } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Restock' }));
    expect(await within(dialog).findByText(stockMessages.restockNoteTooLong)).toBeTruthy();
    expect(fetch).not.toHaveBeenCalled();
  });
});

describe('StockLogDialog (issue 30)', () => {
  it('shows each restock’s reason and note beside the change', async () => {
    const answer: StockMovementsResponse = {
      movements: [
        {
          id: 3,
          change: 7,
          stockBefore: 3,
          stockAfter: 10,
          reason: 'restock',
          restockReason: 'supplier-delivery',
          note: 'Digicel Wholesale, invoice INV-2231',
          orderId: null,
          actor: 'Owner',
          at: '2026-11-20T01:00:00.000Z',
          variantId: 70,
          variantLabel: '',
          variantSku: 'BLM-000007',
        },
        {
          id: 2,
          change: -2,
          stockBefore: 5,
          stockAfter: 3,
          reason: 'order-placed',
          restockReason: null,
          note: null,
          orderId: 41,
          actor: 'Checkout',
          at: '2026-11-19T01:00:00.000Z',
          variantId: 70,
          variantLabel: '',
          variantSku: 'BLM-000007',
        },
      ],
      nextBefore: null,
    };
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json(answer)),
    );
    renderWithQueries(<StockLogDialog product={product} onClose={vi.fn()} />);
    const items = await screen.findAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]!.textContent).toContain('Restocked');
    expect(items[0]!.textContent).toContain('Delivery from supplier');
    expect(items[0]!.textContent).toContain('Digicel Wholesale, invoice INV-2231');
    expect(items[0]!.textContent).toContain('+7 (3 → 10)');
    expect(items[1]!.textContent).toContain('Held by a checkout');
    expect(items[1]!.textContent).not.toContain('Delivery from supplier');
  });
});

describe('stock per variant (issue 30)', () => {
  const variant = {
    id: 71,
    label: '256 GB / Black',
    sku: 'GAL-256-BLK',
    stock: 1,
    lowStockThreshold: 1,
    held: 0,
    sold: 4,
    stockLevel: 'low',
  } as const;
  const withVariants = { ...product, variantStock: [variant] };

  it('restocks the variant it was opened for: named in the title, its units counted, its id sent', async () => {
    const fetch = vi.fn(async (_url: string, _init?: RequestInit) =>
      Response.json({ product: withVariants, message: 'Galaxy A55 – 256 GB / Black restocked: 6 on hand.' }),
    );
    vi.stubGlobal('fetch', fetch);
    const onClose = vi.fn();
    renderWithQueries(<RestockDialog product={withVariants} variant={variant} onClose={onClose} />);
    const dialog = within(screen.getByRole('dialog', { name: 'Restock: Galaxy A55 – 256 GB / Black' }));
    expect(dialog.getByText(/^1 on hand now \(SKU GAL-256-BLK\)/)).toBeTruthy();
    fireEvent.change(dialog.getByLabelText('Units to add'), { target: { value: '5' } });
    expect(await dialog.findByText('6 on hand after restocking.')).toBeTruthy();
    fireEvent.change(dialog.getByLabelText('Reason'), { target: { value: 'count-correction' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Restock' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe('/api/admin/products/7/restock');
    expect(JSON.parse(String(init?.body))).toEqual({ quantity: 5, reason: 'count-correction', variantId: 71 });
  });

  it('names each movement’s variant in the product’s log, and asks for one variant’s log alone', async () => {
    const movement = (id: number, variantLabel: string, variantSku: string) => ({
      id,
      change: 2,
      stockBefore: 1,
      stockAfter: 3,
      reason: 'restock' as const,
      restockReason: 'other' as const,
      note: null,
      orderId: null,
      actor: 'Owner',
      at: '2026-11-20T01:00:00.000Z',
      variantId: id,
      variantLabel,
      variantSku,
    });
    const answer: StockMovementsResponse = {
      movements: [movement(71, '256 GB / Black', 'GAL-256-BLK'), movement(60, '', 'GAL-OLD')],
      nextBefore: null,
    };
    const fetch = vi.fn(async (_url: string) => Response.json(answer));
    vi.stubGlobal('fetch', fetch);
    renderWithQueries(<StockLogDialog product={withVariants} onClose={vi.fn()} />);
    const items = await screen.findAllByRole('listitem');
    expect(items[0]!.textContent).toMatch(/^256 GB \/ BlackRestocked/);
    // A variant left out since is named by its SKU.
    expect(items[1]!.textContent).toMatch(/^GAL-OLD \(no longer sold\)Restocked/);
    expect(fetch.mock.calls[0]![0]).toBe('/api/admin/products/7/stock-movements?limit=100');
    cleanup();

    renderWithQueries(<StockLogDialog product={withVariants} variant={variant} onClose={vi.fn()} />);
    expect(await screen.findByRole('dialog', { name: 'Stock log: Galaxy A55 – 256 GB / Black' })).toBeTruthy();
    await waitFor(() =>
      expect(fetch.mock.calls.at(-1)![0]).toBe('/api/admin/products/7/stock-movements?limit=100&variantId=71'),
    );
    expect(screen.getByText('1 on hand · 0 held · 4 sold')).toBeTruthy();
  });
});
