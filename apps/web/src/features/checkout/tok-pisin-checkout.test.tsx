import type { OrderConfirmation, TrackedOrder } from '@bilum/shared';
import { shopperStatusLabels } from '@bilum/shared/order-status';
import { mobileBankingSteps } from '@bilum/shared/payment-methods';
import type { BankTransferInstructions } from '@bilum/shared/payment-methods.schema';
import type { I18n } from '@lingui/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BankTransferDetails } from '../../components/payment/BankTransferDetails';
import { statusLabelKeys } from '../../components/payment/OrderStatusBadge';
import { sharedText, sharedTextPairs } from '../../components/payment/shared-texts';
import { localDate } from '../../components/payment/shop-dates';
import { englishMessages as en } from '../../i18n/all-catalogs';
import { activateLocale, createShopI18n, englishT } from '../../i18n/i18n';
import { LocaleProvider } from '../../i18n/react';
import { createQueryClient } from '../../lib/query-client';
import { ContactStepForm } from './CheckoutParts';
import OrderConfirmationPage from './OrderConfirmationPage';
import { OrderSummary } from './OrderSummary';
import { PayLaterPanel, PaymentMethodChoice } from './PaymentMethods';
import TrackOrderPage from './TrackOrderPage';

vi.mock('sonner', () => ({ toast: { info: vi.fn(), success: vi.fn(), error: vi.fn(), warning: vi.fn() } }));

const transfer: BankTransferInstructions = {
  accountName: 'Bilum Crafts Ltd',
  bankName: 'BSP',
  bsb: '088-950',
  accountNumber: '1001234567',
  amountDue: 29_900,
  reference: 'PAY 4827 31',
  holdExpiresAt: '2026-11-22T01:00:00.000Z',
  membership: false,
  mobileBanking: [...mobileBankingSteps],
};

const awaitingPayment = {
  method: 'bank-transfer',
  state: 'awaiting-payment',
  stateLabel: 'Awaiting payment',
  reference: transfer.reference,
  amountReceived: 0,
  bankTransfer: transfer,
  collectBy: null,
  confirmBy: null,
  pickup: null,
  status: { kind: 'awaiting-payment', label: 'Awaiting payment', tone: 'orange' },
} as const;

const trackedOrder: TrackedOrder = {
  orderId: 41,
  trackingCode: 'BLM-AAAA-BBBB-CCCC-DDDD',
  status: 'Awaiting payment',
  shippingStatus: 'Pending',
  paymentStatus: 'pending',
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
  cardLast4: '',
  payment: awaitingPayment,
};

const confirmation: OrderConfirmation = {
  orderId: 41,
  trackingCode: trackedOrder.trackingCode,
  email: trackedOrder.email,
  isGuest: true,
  paymentStatus: 'pending',
  emailStatus: 'sent',
  payment: awaitingPayment,
};

async function tokPisin(): Promise<I18n> {
  const i18n = createShopI18n();
  await activateLocale(i18n, 'tpi');
  return i18n;
}

function renderIn(i18n: I18n, children: ReactNode, entry: string | { pathname: string; state: unknown } = '/') {
  return render(
    <LocaleProvider i18n={i18n}>
      <QueryClientProvider client={createQueryClient()}>
        <MemoryRouter initialEntries={[entry]}>{children}</MemoryRouter>
      </QueryClientProvider>
    </LocaleProvider>,
  );
}

/** English words of these pages that must not be left on them in Tok Pisin. */
const englishWords = [
  'How to pay',
  'Payment reference',
  'Amount to pay',
  'Account number',
  'Account name',
  'Paying from your phone',
  'Port Moresby time',
  'Thank you',
  'Order ID',
  'Tracking code',
  'Continue Shopping',
  'Track Your Order',
  'Awaiting payment',
  'dial',
  'Copy',
  'Need Assistance',
  'Shipping',
  'Total',
  'Sun,',
  'November',
  ' at ',
];

function expectNoEnglish() {
  const text = document.body.textContent ?? '';
  for (const words of englishWords) expect(text, words).not.toContain(words);
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('paying by bank transfer in Tok Pisin', () => {
  it('shows the reference, the amount, the account and the 48-hour deadline in Tok Pisin, kina as in English', async () => {
    renderIn(await tokPisin(), <BankTransferDetails instructions={transfer} />);
    expect(screen.getByRole('heading', { name: 'Olsem wanem long peim' })).toBeTruthy();
    expect(screen.getByText('Namba rifrens bilong peimen')).toBeTruthy();
    expect(screen.getByText('PAY 4827 31')).toBeTruthy();
    expect(screen.getByText('Mani yu mas peim')).toBeTruthy();
    expect(screen.getByText('Namba bilong akaun')).toBeTruthy();
    expect(screen.getByText('1001234567')).toBeTruthy();
    expect(screen.getByText(/^Mipela i holim ol samting bilong yu inap long/)).toBeTruthy();
    expect(screen.getByText(/taim bilong Pot Mosbi/)).toBeTruthy();
    expect(screen.getByText('Sande, 22 Nov, 11:00 am')).toBeTruthy();
    expect(screen.getByText(/^BSP: dailim \*131#/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Kopi Namba rifrens bilong peimen' })).toBeTruthy();
    expect(screen.getAllByText('K299.00').length).toBeGreaterThan(0);
    expectNoEnglish();
  });

  it('offers the ways to pay and places the order in Tok Pisin', async () => {
    renderIn(
      await tokPisin(),
      <>
        <PaymentMethodChoice methods={['card', 'bank-transfer']} value="bank-transfer" onChange={() => {}} />
        <PayLaterPanel
          guest
          method="bank-transfer"
          methods={undefined}
          total={29_900}
          phase="idle"
          failure={null}
          onPlace={() => {}}
        />
      </>,
    );
    expect(screen.getByRole('heading', { name: 'Yu laik peim olsem wanem?' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Peim long benk / mobail benking' })).toBeTruthy();
    expect(screen.getByText(/inap 48 aua taim yu peim/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Salim oda, peim K299.00 long benk' })).toBeTruthy();
    expect(screen.queryByText(/Place order/)).toBeNull();
    expect(screen.queryByText(/bank transfer/i)).toBeNull();
  });
});

describe('the guest checkout form and summary in Tok Pisin', () => {
  it('labels the fields, marks what is missing and sums the order in Tok Pisin', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        Response.json({
          provinces: ['National Capital District'],
          zones: [
            { name: 'Port Moresby (NCD)', feeToea: 1_500, deliveryDays: 2, provinces: ['National Capital District'] },
          ],
          pickupPoints: [],
        }),
      ),
    );
    const details = {
      firstName: 'Kila',
      lastName: 'Wari',
      email: 'kila@example.pg',
      countryCode: '+675' as const,
      phone: '71234567',
      pickup: false,
      pickupLocation: '',
      pickupPointId: null,
      address: '',
      city: 'Port Moresby',
      state: 'National Capital District',
      postcode: '111',
      notes: '',
    };
    renderIn(
      await tokPisin(),
      <>
        <ContactStepForm details={details} hasPhysicalItems serverError={null} onSave={async () => true} />
        <OrderSummary
          lines={[{ key: '1', name: 'itel A70', image: null, quantity: 1, lineTotal: 29_900, isMembership: false }]}
          totals={{
            subtotal: 29_900,
            total: 31_400,
            shipping: 1_500,
            shippingNote: 'Port Moresby (NCD), about 2 days',
          }}
        />
      </>,
    );
    expect(await screen.findByText('Plis raitim adres bilong strit bilong yu.')).toBeTruthy();
    expect(screen.getByLabelText('Adres bilong strit')).toBeTruthy();
    expect(screen.getByLabelText('Provins')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Provins'), { target: { value: 'National Capital District' } });
    expect(
      await screen.findByText(/^Salim i go long Port Moresby \(NCD\): K15\.00 \(nating long Premium memba\)/),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Seivim na go long peimen' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Oda bilong yu' })).toBeTruthy();
    expect(screen.getByText('Port Moresby (NCD), klostu 2 de')).toBeTruthy();
    expect(screen.getByText('Hamas: 1')).toBeTruthy();
    expect(screen.getByTestId('order-total').textContent).toBe('K314.00');
    const text = document.body.textContent ?? '';
    for (const words of [
      'Please',
      'Street address',
      'Province',
      'Order Summary',
      'Quantity',
      'Subtotal',
      'Shipping',
      'Total',
      'about',
    ]) {
      expect(text, words).not.toContain(words);
    }
  });
});

describe('the order confirmation in Tok Pisin', () => {
  it('thanks the shopper and shows how to pay, the order ID and the tracking code with no English left', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json(confirmation)),
    );
    const handoff = { orderId: 41, trackingCode: trackedOrder.trackingCode, email: trackedOrder.email, isGuest: true };
    renderIn(await tokPisin(), <OrderConfirmationPage />, { pathname: '/order-confirmation', state: handoff });
    expect(await screen.findByRole('heading', { name: 'Olsem wanem long peim' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Tenkyu long oda bilong yu!' })).toBeTruthy();
    expect(screen.getByText(/^Oda bilong yu i go pinis na i wetim peimen bilong yu/)).toBeTruthy();
    expect(screen.getByText('Kod bilong painim oda (long painim tasol, i no long peim)')).toBeTruthy();
    expect(screen.getByText(/Mipela i salim imel bilong konfemim long/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Painim oda bilong yu' })).toBeTruthy();
    expectNoEnglish();
  });
});

describe('tracking an order in Tok Pisin', () => {
  it('shows the order, its status, its bank transfer and its totals in Tok Pisin', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json({ order: trackedOrder })),
    );
    renderIn(await tokPisin(), <TrackOrderPage />, `/track-order?tracking_code=${trackedOrder.trackingCode}`);
    expect(await screen.findByRole('heading', { name: 'Oda #41' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Painim oda bilong yu' })).toBeTruthy();
    expect(screen.getByTestId('order-status').textContent).toBe('Wetim peimen');
    expect(screen.getByText(/^Mipela i wetim mani yu salim long benk/)).toBeTruthy();
    expect(screen.getByText('Olgeta mani')).toBeTruthy();
    expect(screen.getByText(/^20 Novemba 2026 long \d/)).toBeTruthy();
    expect(screen.getByText('Port Moresby (NCD) (klostu 2 de)')).toBeTruthy();
    expectNoEnglish();
  });
});

describe('texts from packages/shared', () => {
  it('have catalog keys whose English is the shared text, word for word', () => {
    const catalog: Record<string, string> = en;
    for (const [text, id] of sharedTextPairs) expect(catalog[id], id).toBe(text);
    for (const [kind, id] of Object.entries(statusLabelKeys)) {
      expect(catalog[id], id).toBe(shopperStatusLabels[kind as keyof typeof shopperStatusLabels]);
    }
  });

  it('read in English as they are, and leave a text they do not know as it came', () => {
    expect(localDate(englishT, 'Wed, 5 Sept, 2:30 pm')).toBe('Wed, 5 Sept, 2:30 pm');
    expect(localDate(englishT, '5 March 2026 at 2:30 pm (Port Moresby time)')).toBe(
      '5 March 2026 at 2:30 pm (Port Moresby time)',
    );
    expect(sharedText(englishT, mobileBankingSteps[0]!)).toBe(mobileBankingSteps[0]);
    expect(sharedText(englishT, 'Part-paid: K100.00 of K179.00 received')).toBe(
      'Part-paid: K100.00 of K179.00 received',
    );
    expect(sharedText(englishT, 'Highlands, about 1 day')).toBe('Highlands, about 1 day');
    expect(sharedText(englishT, 'Highlands, about 5 days')).toBe('Highlands, about 5 days');
    expect(sharedText(englishT, 'A message from the server.')).toBe('A message from the server.');
  });
});
