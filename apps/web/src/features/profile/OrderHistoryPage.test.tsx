import { type MyOrder, type SessionState, signedOutSession } from '@bilum/shared';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../lib/query-client';
import { sessionKey } from '../../lib/session';
import OrderHistoryPage from './OrderHistoryPage';
import { OrdersPopup } from './OrdersPopup';

vi.mock('sonner', () => ({ toast: { info: vi.fn(), success: vi.fn(), error: vi.fn() } }));

const session: SessionState = {
  user: { id: 3, email: 'kila@example.pg', fullName: 'Kila Wari', role: 'shopper' },
  membership: signedOutSession.membership,
};

const paid: MyOrder = {
  id: 40,
  trackingCode: 'BLM-PAID-0040',
  placedAt: '2026-11-18T01:00:00.000Z',
  shipping: 0,
  discountCode: null,
  discount: 0,
  total: 29_900,
  paymentStatus: 'paid',
  shippingStatus: 'Dispatched',
  cardLast4: '4242',
  paymentMethod: 'card',
  payment: {
    method: 'card',
    state: 'paid',
    stateLabel: 'Paid',
    reference: null,
    amountReceived: 0,
    bankTransfer: null,
    collectBy: null,
    confirmBy: null,
    pickup: null,
    status: { kind: 'dispatched', label: 'Dispatched', tone: 'blue' },
  },
  amountDue: 0,
  payBy: null,
  pickupLocation: null,
  items: [
    {
      productId: 6,
      name: 'itel A70',
      image: null,
      quantity: 1,
      unitPrice: 29_900,
      lineTotal: 29_900,
      isMembership: false,
    },
  ],
};

const transfer: MyOrder = {
  ...paid,
  id: 41,
  trackingCode: 'BLM-WAIT-0041',
  total: 24_000,
  paymentStatus: 'pending',
  shippingStatus: 'Pending',
  cardLast4: 'N/A',
  paymentMethod: 'bank-transfer',
  payment: {
    method: 'bank-transfer',
    state: 'part-paid',
    stateLabel: 'Part-paid',
    reference: 'BLM-482731',
    amountReceived: 4_000,
    bankTransfer: {
      accountName: 'Bilum Crafts Ltd',
      bankName: 'BSP',
      bsb: '088-950',
      accountNumber: '1001234567',
      amountDue: 20_000,
      reference: 'BLM-482731',
      holdExpiresAt: '2026-11-22T01:00:00.000Z',
      mobileBanking: ['BSP: dial *131# and choose Transfer Funds.'],
    },
    collectBy: null,
    confirmBy: null,
    pickup: null,
    status: { kind: 'part-paid', label: 'Part-paid: K40.00 of K240.00 received', tone: 'orange' },
  },
  amountDue: 20_000,
  payBy: '2026-11-22T01:00:00.000Z',
};

const pickup: MyOrder = {
  ...paid,
  id: 42,
  trackingCode: 'BLM-PICK-0042',
  total: 90_000,
  paymentStatus: 'pending',
  shippingStatus: 'Pending',
  cardLast4: 'N/A',
  paymentMethod: 'pickup',
  payment: {
    ...paid.payment,
    method: 'pickup',
    state: 'pay-at-pickup',
    stateLabel: 'Pay at pickup',
    collectBy: '2026-11-23T01:00:00.000Z',
    pickup: {
      name: 'Vision City',
      address: 'Waigani Drive',
      openingHours: 'Mon-Sat 9am-5pm',
      collectBy: '2026-11-23T01:00:00.000Z',
      amountToPay: 90_000,
    },
    status: { kind: 'pay-at-pickup', label: 'Pay at pickup', tone: 'orange' },
  },
  amountDue: 90_000,
  payBy: '2026-11-23T01:00:00.000Z',
  pickupLocation: 'Vision City, Waigani Drive',
};

function renderWith(ui: React.ReactNode, orders: MyOrder[]) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => Response.json({ orders })),
  );
  const client = createQueryClient();
  client.setQueryData(sessionKey, session);
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/order-history']}>{ui}</MemoryRouter>
    </QueryClientProvider>,
  );
}

/** Deadlines read in Port Moresby time, whatever the browser's zone. */
const formatted = (iso: string) =>
  `${new Intl.DateTimeFormat('en-PG', { dateStyle: 'long', timeStyle: 'short', timeZone: 'Pacific/Port_Moresby' }).format(new Date(iso))} (Port Moresby time)`;

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('/order-history with unpaid orders (issue 27)', () => {
  it('shows a bank transfer still to pay with its state, amount to pay, reference and deadline, and how to pay', async () => {
    renderWith(<OrderHistoryPage />, [transfer, paid]);
    const card = await screen.findByRole('article', { name: 'Order BLM-WAIT-0041' });
    // Issue 27: the status says what arrived of what, not just "Part-paid" beside a "Pending".
    expect(within(card).getByTestId('order-status').textContent).toBe('Part-paid: K40.00 of K240.00 received');
    expect(within(card).queryByText('Pending')).toBeNull();
    const due = within(card).getByRole('region', { name: 'Payment due for order BLM-WAIT-0041' });
    const fact = (label: string) => within(due).getAllByText(label)[0]?.nextElementSibling?.textContent;
    expect(fact('Amount to pay')).toBe('K200.00');
    expect(fact('Payment reference')).toBe('BLM-482731');
    expect(fact('Pay by')).toBe(formatted('2026-11-22T01:00:00.000Z'));
    expect(within(due).queryByText('Pickup at')).toBeNull();
    // The bank's details are one tap away.
    fireEvent.click(within(due).getByText('Bank details and how to pay'));
    expect(within(due).getByText('1001234567')).toBeTruthy();
    expect(within(card).getByRole('link', { name: 'Track This Order' })).toBeTruthy();
    expect(within(card).queryByRole('link', { name: 'Tax Invoice' })).toBeNull();

    // A paid order has nothing due and keeps its invoice.
    const paidCard = screen.getByRole('article', { name: 'Order BLM-PAID-0040' });
    expect(within(paidCard).queryByRole('region')).toBeNull();
    expect(within(paidCard).getByTestId('order-status').textContent).toBe('Dispatched');
    // The spec's payment status beside it; an unpaid order's status already is its payment's.
    expect(within(paidCard).getByTestId('payment-status').textContent).toBe('Paid');
    expect(within(card).queryByTestId('payment-status')).toBeNull();
    expect(within(paidCard).getByRole('link', { name: 'Tax Invoice' })).toBeTruthy();
    // Neither was placed with a discount code: no discount line.
    expect(screen.queryByTestId('order-discount')).toBeNull();
  });

  it('shows the discount code an order was placed with and what it took off, under its total (issue 30)', async () => {
    renderWith(<OrderHistoryPage />, [{ ...paid, discountCode: 'WANTOK10', discount: 2_400, total: 21_600 }]);
    const card = await screen.findByRole('article', { name: 'Order BLM-PAID-0040' });
    expect(within(card).getByText('K216.00')).toBeTruthy();
    expect(within(card).getByTestId('order-discount').textContent).toBe('Discount (WANTOK10) −K24.00');
  });

  it('shows a pickup order with the amount to pay at the counter, the deadline and the pickup place', async () => {
    renderWith(<OrderHistoryPage />, [pickup]);
    const card = await screen.findByRole('article', { name: 'Order BLM-PICK-0042' });
    expect(within(card).getByText('Pay at pickup')).toBeTruthy();
    const due = within(card).getByRole('region', { name: 'Payment due for order BLM-PICK-0042' });
    const fact = (label: string) => within(due).getAllByText(label)[0]?.nextElementSibling?.textContent;
    expect(fact('Amount to pay')).toBe('K900.00');
    expect(fact('Collect and pay by')).toBe(formatted('2026-11-23T01:00:00.000Z'));
    expect(fact('Pickup at')).toBe('Vision City, Waigani Drive');
    expect(fact('Opening hours')).toBe('Mon-Sat 9am-5pm');
    expect(within(due).queryByText('Payment reference')).toBeNull();
    expect(within(due).queryByText('Bank details and how to pay')).toBeNull();
  });
});

describe('My Orders with unpaid orders (issue 27)', () => {
  it('shows the payment state instead of Pending, and what to pay, quoting what, by when and where', async () => {
    renderWith(<OrdersPopup open onOpenChange={() => undefined} />, [transfer, pickup, paid]);
    const dialog = await screen.findByRole('dialog', { name: 'My Order History' });
    const entry = async (code: string) =>
      (await within(dialog).findByText(`Order#: ${code}`)).closest('li') as HTMLElement;

    const waiting = await entry('BLM-WAIT-0041');
    expect(within(waiting).getByText('Part-paid: K40.00 of K240.00 received')).toBeTruthy();
    expect(within(waiting).queryByText('Pending')).toBeNull();
    expect(waiting.textContent).toContain('To pay K200.00 quoting BLM-482731');
    expect(waiting.textContent).toContain(`Pay by ${formatted('2026-11-22T01:00:00.000Z')}`);
    expect(within(waiting).getByRole('link', { name: 'Bank details and how to pay' }).getAttribute('href')).toBe(
      '/order-history',
    );

    const collecting = await entry('BLM-PICK-0042');
    expect(collecting.textContent).toContain('Pay at pickup K900.00');
    expect(collecting.textContent).toContain('Pickup at Vision City, Waigani Drive');

    const done = await entry('BLM-PAID-0040');
    expect(within(done).getByText('Dispatched')).toBeTruthy();
    expect(done.textContent).toContain('Card ending 4242');
  });
});
