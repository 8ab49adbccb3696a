import type { TrackedOrder } from '@bilum/shared';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../lib/query-client';
import TrackOrderPage from './TrackOrderPage';

const paidOrder: TrackedOrder = {
  orderId: 41,
  trackingCode: 'BLM-AAAA-BBBB-CCCC-DDDD',
  status: 'Pending',
  shippingStatus: 'Pending',
  paymentStatus: 'paid',
  firstName: 'Kila',
  lastName: 'Amini',
  email: 'kila.amini@example.pg',
  phone: '+67571234567',
  shippingAddress: 'Section 5, Lot 12, Boroko Drive, Port Moresby, NCD, 111',
  pickupLocation: null,
  deliveryZone: 'Port Moresby (NCD)',
  deliveryDays: 2,
  placedAt: '2026-11-20T01:00:00.000Z',
  dispatchedAt: null,
  deliveredAt: null,
  estimatedDelivery: null,
  items: [{ productId: 6, name: 'itel A70', image: null, quantity: 1, unitPrice: 29_900, lineTotal: 29_900 }],
  shipping: 0,
  discountCode: null,
  discount: 0,
  total: 29_900,
  cardLast4: '4242',
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
    status: { kind: 'pending', label: 'Pending', tone: 'orange' },
  },
};

const awaiting = { kind: 'awaiting-payment', label: 'Awaiting payment', tone: 'orange' } as const;

async function showTracked(order: TrackedOrder) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => Response.json({ order })),
  );
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter initialEntries={[`/track-order?tracking_code=${order.trackingCode}`]}>
        <TrackOrderPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return screen.findByRole('heading', { name: `Order #${order.orderId}` });
}

const badgeText = (heading: HTMLElement) => heading.parentElement?.querySelector('[data-tone]')?.textContent;

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('tracking an order that was never paid (issue 17)', () => {
  it('shows an unpaid order as "Awaiting payment", not as a placed Pending order with a delivery date', async () => {
    const heading = await showTracked({
      ...paidOrder,
      status: 'Awaiting payment',
      paymentStatus: 'pending',
      payment: { ...paidOrder.payment, status: awaiting },
    });
    expect(badgeText(heading)).toBe('Awaiting payment');
    expect(screen.getByText(/has not been placed/)).toBeTruthy();
    expect(screen.queryByText('Estimated delivery')).toBeNull();
    expect(screen.queryByText('Placed')).toBeNull();
  });

  it('shows a declined or lapsed payment as "Payment not completed" in red, not as Cancelled', async () => {
    const heading = await showTracked({
      ...paidOrder,
      status: 'Payment not completed',
      paymentStatus: 'cancelled',
      shippingStatus: 'Cancelled',
      payment: {
        ...paidOrder.payment,
        status: { kind: 'payment-not-completed', label: 'Payment not completed', tone: 'red' },
      },
    });
    expect(badgeText(heading)).toBe('Payment not completed');
    expect(heading.parentElement?.querySelector('[data-tone]')?.getAttribute('data-tone')).toBe('red');
    expect(screen.getByText(/was not completed, so it was not placed/)).toBeTruthy();
  });

  it('still shows a paid order as placed, with its shipping status and estimated delivery', async () => {
    const heading = await showTracked(paidOrder);
    // The link's lookup is a GET (so the server can render it, issue 29), asked once.
    const calls = vi.mocked(fetch).mock.calls;
    expect(calls).toHaveLength(1);
    expect(String(calls[0]![0])).toBe(`/api/orders/track?tracking_code=${encodeURIComponent(paidOrder.trackingCode)}`);
    expect(calls[0]![1]?.method ?? 'GET').toBe('GET');
    expect(badgeText(heading)).toBe('Pending');
    expect(screen.getByText('Estimated delivery')).toBeTruthy();
    expect(screen.getByText('Placed')).toBeTruthy();
    expect(screen.queryByText(/has not been placed/)).toBeNull();
    // Without a discount code there is no discount line.
    expect(screen.queryByTestId('tracked-discount')).toBeNull();
  });

  it('shows the discount code the order was placed with and what it took off, above the total (issue 30)', async () => {
    await showTracked({ ...paidOrder, discountCode: 'WANTOK10', discount: 2_990, total: 26_910 });
    expect(screen.getByText('Discount (WANTOK10)')).toBeTruthy();
    expect(screen.getByTestId('tracked-discount').textContent).toBe('−K29.90');
    expect(screen.getByText('K269.10')).toBeTruthy();
  });
});

describe('tracking a bank-transfer order (issue 19)', () => {
  it('shows "Awaiting payment" with the bank details and the reference to quote', async () => {
    const heading = await showTracked({
      ...paidOrder,
      status: 'Awaiting payment',
      paymentStatus: 'pending',
      payment: {
        method: 'bank-transfer',
        state: 'awaiting-payment',
        stateLabel: 'Awaiting payment',
        reference: 'BLM-482731',
        amountReceived: 0,
        collectBy: null,
        confirmBy: null,
        pickup: null,
        status: awaiting,
        bankTransfer: {
          accountName: 'Bilum Crafts Ltd',
          bankName: 'BSP',
          bsb: '088-950',
          accountNumber: '1001234567',
          amountDue: 29_900,
          reference: 'BLM-482731',
          holdExpiresAt: '2026-11-22T01:00:00.000Z',
          mobileBanking: ['BSP: dial *131# and choose Transfer Funds.'],
        },
      },
    });
    expect(heading).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'How to pay' })).toBeTruthy();
    expect(screen.getByText('BLM-482731')).toBeTruthy();
    expect(screen.getByText('1001234567')).toBeTruthy();
    expect(screen.getAllByText('Awaiting payment').length).toBeGreaterThan(0);
    // Issue 27: the reference comes before the tracking code, which says it is not for paying.
    const reference = screen.getByTestId('payment-reference');
    const code = screen.getByText(paidOrder.trackingCode);
    expect(reference.compareDocumentPosition(code) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(screen.getByText('Tracking code (for tracking only, not for paying)')).toBeTruthy();
  });
});

describe('tracking a pickup order (issue 27)', () => {
  const pickupOrder: TrackedOrder = {
    ...paidOrder,
    status: 'Pay at pickup',
    paymentStatus: 'pending',
    shippingAddress: null,
    pickupLocation: 'Vision City, Waigani Drive',
    deliveryZone: null,
    deliveryDays: null,
    payment: {
      ...paidOrder.payment,
      method: 'pickup',
      state: 'pay-at-pickup',
      stateLabel: 'Pay at pickup',
      collectBy: '2026-11-23T01:00:00.000Z',
      pickup: {
        name: 'Vision City',
        address: 'Waigani Drive',
        openingHours: 'Mon-Sat 9am-5pm',
        collectBy: '2026-11-23T01:00:00.000Z',
        amountToPay: 29_900,
      },
      status: { kind: 'pay-at-pickup', label: 'Pay at pickup', tone: 'orange' },
    },
  };

  it('gives the amount to pay, the place with its opening hours and the collect-by time', async () => {
    const heading = await showTracked(pickupOrder);
    expect(badgeText(heading)).toBe('Pay at pickup');
    expect(screen.getByTestId('pickup-amount').textContent).toBe('K299.00');
    expect(screen.getByTestId('pickup-place').textContent).toBe('Vision City');
    expect(screen.getByText('Waigani Drive')).toBeTruthy();
    expect(screen.getByText('Open: Mon-Sat 9am-5pm')).toBeTruthy();
    expect(screen.getByTestId('pickup-collect-by').textContent).toContain('(Port Moresby time)');
  });

  it('reads "Collected" once collected, never "Delivered" with an estimated delivery to be confirmed', async () => {
    const heading = await showTracked({
      ...pickupOrder,
      status: 'Collected',
      paymentStatus: 'paid',
      shippingStatus: 'Delivered',
      deliveredAt: '2026-11-21T03:00:00.000Z',
      payment: {
        ...pickupOrder.payment,
        state: 'paid',
        stateLabel: 'Paid',
        collectBy: null,
        confirmBy: null,
        pickup: { ...pickupOrder.payment.pickup!, collectBy: null, amountToPay: 0 },
        status: { kind: 'collected', label: 'Collected', tone: 'green' },
      },
    });
    expect(badgeText(heading)).toBe('Collected');
    expect(screen.queryByText('Delivered')).toBeNull();
    expect(screen.queryByText('Estimated delivery')).toBeNull();
    expect(screen.queryByText('To be confirmed')).toBeNull();
    expect(screen.queryByTestId('pickup-amount')).toBeNull();
  });
});

describe('tracking Premium alone (decision 024)', () => {
  const premium = {
    productId: 70,
    name: 'Premium Membership (1 year)',
    image: null,
    quantity: 1,
    unitPrice: 20_050,
    lineTotal: 20_050,
    isMembership: true,
  };

  it('shows a paid membership as active until its end date, with no address, delivery estimate or shipping', async () => {
    const heading = await showTracked({
      ...paidOrder,
      shippingAddress: null,
      deliveryZone: null,
      deliveryDays: null,
      items: [premium],
      total: 20_050,
      premiumActiveUntil: '2027-11-26T14:30:00.000Z',
      // The server's one status rule says so for a paid membership-only order (shopperOrderStatus).
      payment: { ...paidOrder.payment, status: { kind: 'premium-active', label: 'Premium active', tone: 'green' } },
    });
    expect(badgeText(heading)).toBe('Premium active');
    // 00:30 on 27 November in Port Moresby (UTC+10), whatever the browser's zone.
    expect(screen.getByText('Your Premium membership is active until 27 November 2027.')).toBeTruthy();
    expect(screen.queryByText('Shipping address')).toBeNull();
    expect(screen.queryByText('Estimated delivery')).toBeNull();
    expect(screen.queryByTestId('tracked-shipping')).toBeNull();
  });

  it('asks for the bank transfer without holding items', async () => {
    await showTracked({
      ...paidOrder,
      status: 'Awaiting payment',
      paymentStatus: 'pending',
      items: [premium],
      payment: {
        ...paidOrder.payment,
        method: 'bank-transfer',
        state: 'awaiting-payment',
        bankTransfer: {
          accountName: 'Bilum Crafts Ltd',
          bankName: 'BSP',
          bsb: '088-950',
          accountNumber: '1001234567',
          amountDue: 20_050,
          reference: 'BLM-123456',
          holdExpiresAt: '2026-11-29T00:44:00.000Z',
          mobileBanking: [],
          membership: true,
        },
      },
    });
    expect(screen.getByText(/your Premium membership starts as soon as the payment reaches us/)).toBeTruthy();
    expect(screen.queryByText(/We hold your items/)).toBeNull();
  });
});
