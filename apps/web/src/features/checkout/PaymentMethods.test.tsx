import { noPaymentMethodMessage } from '@bilum/shared/payment-methods';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { availableMethods, NoPaymentMethodPanel, PayLaterPanel } from './PaymentMethods';

afterEach(cleanup);

const pickupOnly = {
  card: false,
  bankTransfer: false,
  pickup: true,
  bankTransferHoldHours: 48,
  pickupDeadlineDays: 3,
  unconfirmedHoldMinutes: 15,
};
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

describe('the pay-later step (issue 28)', () => {
  const bank = { ...pickupOnly, bankTransfer: true };
  const panel = (guest: boolean) =>
    render(
      <PayLaterPanel
        guest={guest}
        method="bank-transfer"
        methods={bank}
        total={12_900}
        phase="idle"
        failure={null}
        onPlace={() => undefined}
      />,
    );

  it('tells a guest to confirm from the e-mail within the minutes, and that the 48-hour hold starts then', () => {
    panel(true);
    expect(document.body.textContent).toContain(
      'We e-mail you a link to confirm the order: press it within 15 minutes, or the items go back on sale. The 48-hour hold starts when you confirm.',
    );
  });

  it('asks a signed-in shopper for no confirmation', () => {
    panel(false);
    expect(document.body.textContent).not.toContain('confirm the order');
  });
});
