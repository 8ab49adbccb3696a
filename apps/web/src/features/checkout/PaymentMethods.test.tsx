import { noPaymentMethodMessage } from '@bilum/shared/payment-methods';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { availableMethods, NoPaymentMethodPanel } from './PaymentMethods';

afterEach(cleanup);

const pickupOnly = { card: false, bankTransfer: false, pickup: true, bankTransferHoldHours: 48, pickupDeadlineDays: 3 };
const delivered = { pickup: false, hasPhysicalItems: true };

describe('the payment step with no way to pay', () => {
  it('only pay at pickup on and a delivered order: no method, a clear message and no Pay button', () => {
    expect(availableMethods(pickupOnly, delivered)).toEqual([]);
    render(<NoPaymentMethodPanel message={noPaymentMethodMessage(pickupOnly, delivered)} />);
    expect(screen.getByRole('status').textContent).toContain(
      'No way to pay is available for this order. Please choose pickup',
    );
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('offers the card while the settings load', () => {
    expect(availableMethods(undefined, delivered)).toEqual(['card']);
  });
});
