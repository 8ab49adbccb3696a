import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { OrderSummary, previewSummaryData } from './OrderSummary';

afterEach(cleanup);

const line = { key: '1', name: 'Solar Power Bank', image: null, quantity: 2, lineTotal: 25800 };

describe('the checkout order summary', () => {
  it('shows the subtotal at original prices, the total at current prices and the member saving', () => {
    render(<OrderSummary lines={[line]} totals={{ subtotal: 28600, total: 25800, shipping: 0 }} />);
    expect(screen.getByText('K286.00')).toBeTruthy();
    expect(screen.getByTestId('order-total').textContent).toBe('K258.00');
    expect(screen.getByText('You save 10% as a valued member!')).toBeTruthy();
    expect(screen.getByText('Quantity: 2')).toBeTruthy();
  });

  it('leaves the saving out when it is K0.01 or less', () => {
    render(<OrderSummary lines={[line]} totals={{ subtotal: 25801, total: 25800, shipping: 0 }} />);
    expect(screen.queryByText(/as a valued member/)).toBeNull();
    expect(screen.queryByText('Savings')).toBeNull();
  });

  it('never shows a dollar sign', () => {
    const { container } = render(
      <OrderSummary lines={[line]} totals={{ subtotal: 25800, total: 25800, shipping: 0 }} />,
    );
    expect(container.textContent).not.toContain('$');
  });

  it('previews handed-over lines with the original price in the subtotal until the server prices the order', () => {
    const preview = previewSummaryData([
      {
        productId: 1,
        quantity: 1,
        cartItemId: null,
        name: 'Laptop',
        image: null,
        previewPrice: 329900,
        previewOriginalPrice: 369900,
        isMembership: false,
      },
    ]);
    expect(preview.totals).toMatchObject({ subtotal: 369900, total: 329900 });
    render(<OrderSummary lines={preview.lines} totals={preview.totals} preview />);
    expect(screen.getByText('Prices are confirmed by the shop before you pay.')).toBeTruthy();
  });
});
