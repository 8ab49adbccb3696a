import type { AdminOrder } from '@bilum/shared';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { toast } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../lib/query-client';
import OrderInventoryPage from './OrderInventoryPage';

vi.mock('sonner', () => ({ toast: { error: vi.fn(), success: vi.fn() } }));

const order = (id: number, overrides: Partial<AdminOrder> = {}): AdminOrder => ({
  id,
  orderType: 'guest',
  trackingCode: `BLM-${id}`,
  firstName: 'Kila',
  lastName: 'Amini',
  email: 'kila@example.pg',
  phone: '+67571234567',
  shippingAddress: 'Boroko Drive, Port Moresby',
  pickupLocation: null,
  notes: null,
  shippingStatus: 'Pending',
  paymentStatus: 'paid',
  total: 29_900,
  cardLast4: '4242',
  createdAt: '2026-03-05T04:30:00.000Z',
  items: [{ productId: 1, productName: 'itel A70', productImage: null, quantity: 1, unitPrice: 29_900 }],
  history: [],
  ...overrides,
});

/** `list` answers GET /api/admin/orders (called in turn), `patch` every PATCH. */
function renderPage(list: (() => Response | Promise<Response>)[], patch?: () => Response | Promise<Response>) {
  let call = 0;
  const fetch = vi.fn(async (_url: string, init?: RequestInit) => {
    if (init?.method === 'PATCH' && patch) return patch();
    const answer = list[Math.min(call, list.length - 1)];
    call += 1;
    if (!answer) throw new Error('no answer');
    return answer();
  });
  vi.stubGlobal('fetch', fetch);
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter>
        <OrderInventoryPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return fetch;
}

const networkDown = () => Promise.reject(new TypeError('Failed to fetch'));
const serverError = () => Response.json({ error: { code: 'INTERNAL', message: 'boom' } }, { status: 500 });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

describe('/order-inventory', () => {
  it('shows "Failed to fetch orders" when the server fails, and the network message with Retry that reloads', async () => {
    renderPage([serverError]);
    expect(await screen.findByText('Failed to fetch orders')).toBeTruthy();
    cleanup();

    const fetch = renderPage([networkDown, () => Response.json({ orders: [order(3)] })]);
    expect(await screen.findByText('Network error occurred while fetching orders.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findAllByText('#3')).toBeTruthy();
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('shows the empty text, and the no-match text with Clear Search', async () => {
    renderPage([() => Response.json({ orders: [] })]);
    expect(await screen.findByText('No orders available yet. Orders will appear here!')).toBeTruthy();
    cleanup();

    renderPage([() => Response.json({ orders: [order(3), order(4, { firstName: 'Mary', lastName: 'Tau' })] })]);
    await screen.findAllByText('#3');
    const search = screen.getByPlaceholderText('Search by customer name or order ID...');
    fireEvent.change(search, { target: { value: 'mary tau' } });
    expect(screen.queryAllByText('#3')).toHaveLength(0);
    expect(screen.getAllByText('#4').length).toBeGreaterThan(0);
    fireEvent.change(search, { target: { value: 'nobody' } });
    expect(screen.getByText('No orders found matching "nobody".')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Clear Search' }));
    expect(screen.getAllByText('#3').length).toBeGreaterThan(0);
  });

  it('counts the tiles, shows an unknown status as Pending and enables the buttons by the spec’s rules', async () => {
    const odd = order(5, { shippingStatus: 'Shipped' as AdminOrder['shippingStatus'] });
    renderPage([
      () =>
        Response.json({
          orders: [
            order(1),
            odd,
            order(2, { shippingStatus: 'Dispatched' }),
            order(3, { shippingStatus: 'Delivered' }),
          ],
        }),
    ]);
    await screen.findAllByText('#1');
    expect(screen.getByTestId('stat-Total Orders').textContent).toBe('4');
    expect(screen.getByTestId('stat-Pending').textContent).toBe('2');
    expect(screen.getByTestId('stat-Dispatched').textContent).toBe('1');
    expect(screen.getByTestId('stat-Delivered').textContent).toBe('1');
    const row = (id: number) => screen.getAllByRole('row').find((r) => within(r).queryByText(`#${id}`)) as HTMLElement;
    expect(within(row(5)).getByText('Pending')).toBeTruthy();
    const disabled = (id: number, verb: string) =>
      (within(row(id)).getByRole('button', { name: `${verb} order #${id}` }) as HTMLButtonElement).disabled;
    expect([disabled(1, 'Dispatch'), disabled(1, 'Deliver'), disabled(1, 'Cancel')]).toEqual([false, false, false]);
    expect([disabled(2, 'Dispatch'), disabled(2, 'Deliver'), disabled(2, 'Cancel')]).toEqual([true, false, false]);
    expect([disabled(3, 'Dispatch'), disabled(3, 'Deliver'), disabled(3, 'Cancel')]).toEqual([true, true, true]);
  });

  it('reloads after an update with the success message; failures show the spec’s messages', async () => {
    const fetch = renderPage([() => Response.json({ orders: [order(1)] })], () =>
      Response.json({
        order: order(1, { shippingStatus: 'Dispatched' }),
        message: 'Order #1 status updated to Dispatched',
      }),
    );
    await screen.findAllByText('#1');
    const row = screen.getAllByRole('row').find((r) => within(r).queryByText('#1')) as HTMLElement;
    fireEvent.click(within(row).getByRole('button', { name: 'Dispatch order #1' }));
    await vi.waitFor(() => expect(toast.success).toHaveBeenCalledWith('Order #1 status updated to Dispatched'));
    await vi.waitFor(() =>
      expect(fetch.mock.calls.filter(([, init]) => !init?.method || init.method === 'GET')).toHaveLength(2),
    );
    cleanup();

    renderPage([() => Response.json({ orders: [order(1, { shippingStatus: 'Dispatched' })] })], () =>
      Response.json({ error: { code: 'CONFLICT', message: 'Order #1 is already Dispatched.' } }, { status: 409 }),
    );
    await screen.findAllByText('#1');
    const again = screen.getAllByRole('row').find((r) => within(r).queryByText('#1')) as HTMLElement;
    fireEvent.click(within(again).getByRole('button', { name: 'Deliver order #1' }));
    await vi.waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith('Failed to update order status', {
        description: 'Order #1 is already Dispatched.',
      }),
    );
    cleanup();

    renderPage([() => Response.json({ orders: [order(1)] })], networkDown);
    await screen.findAllByText('#1');
    const third = screen.getAllByRole('row').find((r) => within(r).queryByText('#1')) as HTMLElement;
    fireEvent.click(within(third).getByRole('button', { name: 'Deliver order #1' }));
    await vi.waitFor(() => expect(toast.error).toHaveBeenCalledWith('Network error occurred while updating status.'));
  });

  it('the detail dialog shows the customer, the summary, and the no-items text', async () => {
    renderPage([() => Response.json({ orders: [order(7, { items: [] })] })]);
    await screen.findAllByText('#7');
    const row = screen.getAllByRole('row').find((r) => within(r).queryByText('#7')) as HTMLElement;
    fireEvent.click(within(row).getByRole('button', { name: 'View order #7' }));
    const dialog = await screen.findByRole('dialog', { name: 'Order #7' });
    expect(within(dialog).getByText('Kila Amini')).toBeTruthy();
    expect(within(dialog).getByText('BLM-7')).toBeTruthy();
    expect(within(dialog).getByText('K299.00')).toBeTruthy();
    expect(within(dialog).getByText('No items found for this order. Please check data source.')).toBeTruthy();
  });
});
