import { type AdminOrder, cancelReasonRequired, orderTiles } from '@bilum/shared';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { toast } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../lib/query-client';
import OrderInventoryPage from './OrderInventoryPage';

vi.mock('sonner', () => ({ toast: { error: vi.fn(), success: vi.fn() } }));

/** One unit of the itel A70 at K299.00, without a discount code. */
const itelLine: AdminOrder['items'][number] = {
  productId: 1,
  productName: 'itel A70',
  productImage: null,
  quantity: 1,
  unitPrice: 29_900,
  discount: 0,
  isMembership: false,
};

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
  deliveryZone: 'Port Moresby (NCD)',
  notes: null,
  shippingStatus: 'Pending',
  paymentStatus: 'paid',
  paymentMethod: 'card',
  shipping: 0,
  discountCode: null,
  discount: 0,
  total: 29_900,
  cardLast4: '4242',
  createdAt: '2026-03-05T04:30:00.000Z',
  paidAt: '2026-03-05T04:31:00.000Z',
  needsShipping: true,
  estimatedDelivery: null,
  cancelNote: null,
  invoiceProblem: null,
  items: [itelLine],
  history: [],
  ...overrides,
});

/** The server's answer: the orders and their tiles (one per status). */
const listed = (orders: AdminOrder[]) =>
  Response.json({
    orders,
    tiles: orderTiles(orders.map((listedOrder) => ({ shippingStatus: listedOrder.shippingStatus, count: 1 }))),
    total: orders.length,
    page: 1,
    pageSize: 25,
    zones: [],
  });

/** `list` answers GET /api/admin/orders (called in turn, with the request's query), `patch` every PATCH. */
function renderPage(
  list: ((query: URLSearchParams) => Response | Promise<Response>)[],
  patch?: () => Response | Promise<Response>,
) {
  let call = 0;
  const fetch = vi.fn(async (url: string, init?: RequestInit) => {
    if (init?.method === 'PATCH' && patch) return patch();
    const answer = list[Math.min(call, list.length - 1)];
    call += 1;
    if (!answer) throw new Error('no answer');
    return answer(new URL(url, 'http://shop.test').searchParams);
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

    const fetch = renderPage([networkDown, () => listed([order(3)])]);
    expect(await screen.findByText('Network error occurred while fetching orders.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findAllByText('#3')).toBeTruthy();
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('shows the empty text, and the no-match text with Clear Search', async () => {
    renderPage([() => listed([])]);
    expect(await screen.findByText('No orders available yet. Orders will appear here!')).toBeTruthy();
    cleanup();

    // The server searches: this one knows Mary Tau's phone number.
    const fetch = renderPage([
      (query) =>
        listed(
          [order(3), order(4, { firstName: 'Mary', lastName: 'Tau', phone: '+67576543210' })].filter(
            (found) => !query.get('q') || (query.get('q') === '7654 3210' && found.id === 4),
          ),
        ),
    ]);
    await screen.findAllByText('#3');
    const search = screen.getByPlaceholderText('Search by customer name or order ID...');
    fireEvent.change(search, { target: { value: '7654 3210' } });
    await vi.waitFor(() => expect(screen.queryAllByText('#3')).toHaveLength(0));
    expect(screen.getAllByText('#4').length).toBeGreaterThan(0);
    expect(fetch).toHaveBeenLastCalledWith('/api/admin/orders?payment=paid&q=7654+3210', expect.anything());
    fireEvent.change(search, { target: { value: 'nobody' } });
    expect(await screen.findByText('No orders found matching "nobody".')).toBeTruthy();
    expect(screen.queryByText(/is not a payment reference we issue/)).toBeNull();
    // Issue 27: a reference with a wrong check digit says a digit was mistyped.
    fireEvent.change(search, { target: { value: 'PAY 4827 34' } });
    expect(
      await screen.findByText(
        '"PAY 4827 34" is not a payment reference we issue: one of its digits is mistyped. Check it against the bank statement.',
      ),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Clear Search' }));
    await vi.waitFor(() => expect(screen.getAllByText('#3').length).toBeGreaterThan(0));
  });

  it('shows a tile per status that add up to Total Orders, an unknown status as Pending, and enables the buttons by the spec’s rules', async () => {
    const odd = order(5, { shippingStatus: 'Shipped' as AdminOrder['shippingStatus'] });
    renderPage([
      () =>
        listed([
          order(1),
          odd,
          order(2, { shippingStatus: 'Dispatched' }),
          order(3, { shippingStatus: 'Delivered' }),
          order(4, { shippingStatus: 'Processing' }),
          order(6, { shippingStatus: 'Cancelled' }),
        ]),
    ]);
    await screen.findAllByText('#1');
    const tile = (label: string) => Number(screen.getByTestId(`stat-${label}`).textContent);
    expect(tile('Total Orders')).toBe(6);
    expect(tile('Pending')).toBe(2);
    expect(tile('Processing')).toBe(1);
    expect(tile('Dispatched')).toBe(1);
    expect(tile('Delivered')).toBe(1);
    expect(tile('Cancelled')).toBe(1);
    const parts = ['Pending', 'Processing', 'Dispatched', 'Delivered', 'Cancelled'].map(tile);
    expect(parts.reduce((sum, count) => sum + count, 0)).toBe(tile('Total Orders'));
    const row = (id: number) => screen.getAllByRole('row').find((r) => within(r).queryByText(`#${id}`)) as HTMLElement;
    expect(within(row(5)).getByText('Pending')).toBeTruthy();
    const disabled = (id: number, verb: string) =>
      (within(row(id)).getByRole('button', { name: `${verb} order #${id}` }) as HTMLButtonElement).disabled;
    expect([disabled(1, 'Dispatch'), disabled(1, 'Deliver'), disabled(1, 'Cancel')]).toEqual([false, false, false]);
    expect([disabled(2, 'Dispatch'), disabled(2, 'Deliver'), disabled(2, 'Cancel')]).toEqual([true, false, false]);
    expect([disabled(3, 'Dispatch'), disabled(3, 'Deliver'), disabled(3, 'Cancel')]).toEqual([true, true, true]);
  });

  it('reloads after an update with the success message; failures show the spec’s messages', async () => {
    const fetch = renderPage([() => listed([order(1)])], () =>
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

    renderPage([() => listed([order(1, { shippingStatus: 'Dispatched' })])], () =>
      Response.json({ error: { code: 'CONFLICT', message: 'Order #1 is already Dispatched.' } }, { status: 409 }),
    );
    await screen.findAllByText('#1');
    const again = screen.getAllByRole('row').find((r) => within(r).queryByText('#1')) as HTMLElement;
    fireEvent.click(within(again).getByRole('button', { name: 'Deliver order #1' }));
    const confirmDelivery = await screen.findByRole('dialog', { name: 'Mark order #1 as delivered?' });
    fireEvent.click(within(confirmDelivery).getByRole('button', { name: 'Mark Delivered' }));
    await vi.waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith('Failed to update order status', {
        description: 'Order #1 is already Dispatched.',
      }),
    );
    cleanup();

    renderPage([() => listed([order(1)])], networkDown);
    await screen.findAllByText('#1');
    const third = screen.getAllByRole('row').find((r) => within(r).queryByText('#1')) as HTMLElement;
    fireEvent.click(within(third).getByRole('button', { name: 'Deliver order #1' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Mark Delivered' }));
    await vi.waitFor(() => expect(toast.error).toHaveBeenCalledWith('Network error occurred while updating status.'));
  });

  it('asks before marking an order delivered: Not Yet sends nothing, Mark Delivered sends it (issue 30)', async () => {
    const fetch = renderPage([() => listed([order(1, { shippingStatus: 'Dispatched' })])], () =>
      Response.json({
        order: order(1, { shippingStatus: 'Delivered' }),
        message: 'Order #1 status updated to Delivered',
      }),
    );
    await screen.findAllByText('#1');
    const row = screen.getAllByRole('row').find((r) => within(r).queryByText('#1')) as HTMLElement;
    const writes = () => fetch.mock.calls.filter(([, init]) => init?.method && init.method !== 'GET');

    fireEvent.click(within(row).getByRole('button', { name: 'Deliver order #1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Mark order #1 as delivered?' });
    expect(within(dialog).getByText(/Delivered is final/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Not Yet' }));
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(writes()).toHaveLength(0);

    fireEvent.click(within(row).getByRole('button', { name: 'Deliver order #1' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Mark Delivered' }));
    await vi.waitFor(() => expect(toast.success).toHaveBeenCalledWith('Order #1 status updated to Delivered'));
    expect(writes()).toHaveLength(1);
    expect(JSON.parse(String(writes()[0]![1]!.body))).toMatchObject({ status: 'Delivered' });
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('the detail dialog shows the customer, the summary, and the no-items text', async () => {
    renderPage([() => listed([order(7, { items: [] })])]);
    await screen.findAllByText('#7');
    const row = screen.getAllByRole('row').find((r) => within(r).queryByText('#7')) as HTMLElement;
    fireEvent.click(within(row).getByRole('button', { name: 'View order #7' }));
    const dialog = await screen.findByRole('dialog', { name: 'Order #7' });
    expect(within(dialog).getByText('Kila Amini')).toBeTruthy();
    expect(within(dialog).getByText('BLM-7')).toBeTruthy();
    expect(within(dialog).getByText('K299.00')).toBeTruthy();
    expect(within(dialog).getByText('No items found for this order. Please check data source.')).toBeTruthy();
  });

  it("the detail dialog shows the order's discount code, what it took off, and each line after its share (issue 30)", async () => {
    const discounted = order(8, {
      discountCode: 'WANTOK10',
      discount: 2_990,
      total: 26_910,
      items: [{ ...itelLine, discount: 2_990 }],
    });
    renderPage([() => listed([discounted])]);
    await screen.findAllByText('#8');
    const row = screen.getAllByRole('row').find((r) => within(r).queryByText('#8')) as HTMLElement;
    fireEvent.click(within(row).getByRole('button', { name: 'View order #8' }));
    const dialog = await screen.findByRole('dialog', { name: 'Order #8' });
    expect(within(dialog).getByText('Discount (WANTOK10)')).toBeTruthy();
    expect(within(dialog).getByTestId('admin-order-discount').textContent).toBe('−K29.90');
    expect(within(dialog).getByText(/1 × K299\.00, less K29\.90 \(WANTOK10\)/)).toBeTruthy();
    expect(within(dialog).getAllByText('K269.10').length).toBeGreaterThanOrEqual(2);
  });

  it('offers no Dispatch or Deliver for a membership-only order, and nothing but View for an unpaid checkout shown on request', async () => {
    const premium = {
      ...itelLine,
      productId: 9,
      productName: 'Premium Membership',
      unitPrice: 20_050,
      isMembership: true,
    };
    const fetch = renderPage([
      (query) =>
        query.get('payment') === 'unpaid'
          ? listed([order(12, { paidAt: null, paymentStatus: 'failed' })])
          : listed([order(11, { needsShipping: false, items: [premium] })]),
    ]);
    await screen.findAllByText('#11');
    const row = (id: number) => screen.getAllByRole('row').find((r) => within(r).queryByText(`#${id}`)) as HTMLElement;
    expect(within(row(11)).queryByRole('button', { name: 'Dispatch order #11' })).toBeNull();
    expect(within(row(11)).queryByRole('button', { name: 'Deliver order #11' })).toBeNull();
    expect(within(row(11)).getByRole('button', { name: 'Cancel order #11' })).toBeTruthy();
    expect(within(row(11)).getByText('Membership only: nothing to ship')).toBeTruthy();

    fireEvent.change(screen.getByLabelText('Show'), { target: { value: 'unpaid' } });
    await screen.findAllByText('#12');
    expect(fetch).toHaveBeenLastCalledWith('/api/admin/orders?payment=unpaid&q=', expect.anything());
    expect(within(row(12)).getByText('Not paid: card declined')).toBeTruthy();
    expect(
      within(row(12))
        .getAllByRole('button')
        .map((button) => button.getAttribute('aria-label')),
    ).toEqual(['View order #12']);
  });
  it('offers Cancel for a pickup order awaiting payment, asks for the reason and sends it (issue 27)', async () => {
    const unpaidPickup = order(21, {
      paidAt: null,
      paymentStatus: 'pending',
      paymentMethod: 'pickup',
      cardLast4: 'N/A',
      pickupLocation: 'Vision City, Waigani',
      shippingAddress: null,
    });
    const patches: unknown[] = [];
    const fetch = vi.fn(async (url: string, init?: RequestInit) => {
      if (init?.method === 'PATCH') {
        patches.push(JSON.parse(String(init.body)));
        return Response.json({
          order: { ...unpaidPickup, paymentStatus: 'cancelled', shippingStatus: 'Cancelled' },
          message: 'Order #21 status updated to Cancelled',
        });
      }
      if (url.includes('/payments'))
        return Response.json({ error: { code: 'NOT_FOUND', message: 'x' } }, { status: 404 });
      return listed([unpaidPickup]);
    });
    vi.stubGlobal('fetch', fetch);
    render(
      <QueryClientProvider client={createQueryClient()}>
        <MemoryRouter>
          <OrderInventoryPage />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    await screen.findAllByText('#21');
    const row = screen.getAllByRole('row').find((r) => within(r).queryByText('#21')) as HTMLElement;
    expect(within(row).queryByRole('button', { name: 'Dispatch order #21' })).toBeNull();
    expect(within(row).getByText('Not paid: awaiting payment')).toBeTruthy();

    // From the order's view: the view closes and the confirmation asks for the reason.
    fireEvent.click(within(row).getByRole('button', { name: 'View order #21' }));
    const view = await screen.findByRole('dialog', { name: 'Order #21' });
    fireEvent.click(within(view).getByRole('button', { name: 'Cancel order…' }));
    const confirm = await screen.findByRole('dialog', { name: 'Cancel order #21?' });
    expect(screen.queryByRole('dialog', { name: 'Order #21' })).toBeNull();
    expect(within(confirm).getByText(/It was not paid, so nothing is refunded/)).toBeTruthy();
    fireEvent.click(within(confirm).getByRole('button', { name: 'Cancel Order' }));
    expect(await within(confirm).findByText(cancelReasonRequired)).toBeTruthy();
    expect(patches).toEqual([]);
    fireEvent.change(within(confirm).getByLabelText('Reason for cancelling (required)'), {
      target: { value: 'Customer no longer wants it' },
    });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Cancel Order' }));
    await vi.waitFor(() => expect(toast.success).toHaveBeenCalledWith('Order #21 status updated to Cancelled'));
    expect(patches).toEqual([{ status: 'Cancelled', reason: 'Customer no longer wants it' }]);

    // The same from the list's own Cancel button.
    fireEvent.click(within(row).getByRole('button', { name: 'Cancel order #21' }));
    expect(await screen.findByRole('dialog', { name: 'Cancel order #21?' })).toBeTruthy();
  });
});
