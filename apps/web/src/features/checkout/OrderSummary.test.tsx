import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { OrderSummary, previewSummaryData } from './OrderSummary';

afterEach(cleanup);

const line = { key: '1', name: 'Solar Power Bank', image: null, quantity: 2, lineTotal: 23220, isMembership: false };
const member = { isMember: true, discountRate: 0.1 };

describe('the checkout order summary', () => {
  it('shows the subtotal at original prices, the total at current prices and the member saving', () => {
    // Two power banks on sale (K159.00 -> K129.00) at the member price K116.10: the membership saves 10%.
    render(<OrderSummary lines={[line]} totals={{ subtotal: 31800, total: 23220, shipping: 0 }} membership={member} />);
    expect(screen.getByText('K318.00')).toBeTruthy();
    expect(screen.getByTestId('order-total').textContent).toBe('K232.20');
    expect(screen.getByText('You save 10% as a valued member!')).toBeTruthy();
    expect(screen.queryByText('You save 27% as a valued member!')).toBeNull();
    expect(screen.getByText('Quantity: 2')).toBeTruthy();
  });

  it('never tells a guest or a shopper who is not a member that they save as a valued member', () => {
    const onSale = { ...line, lineTotal: 25800 };
    render(<OrderSummary lines={[onSale]} totals={{ subtotal: 31800, total: 25800, shipping: 0 }} />);
    expect(screen.getByText('Savings')).toBeTruthy();
    expect(screen.queryByText(/as a valued member/)).toBeNull();
    cleanup();
    render(
      <OrderSummary
        lines={[onSale]}
        totals={{ subtotal: 31800, total: 25800, shipping: 0 }}
        membership={{ isMember: false, discountRate: 0 }}
      />,
    );
    expect(screen.queryByText(/as a valued member/)).toBeNull();
  });

  it('leaves the saving out when it is K0.01 or less', () => {
    render(
      <OrderSummary
        lines={[{ ...line, lineTotal: 9 }]}
        totals={{ subtotal: 10, total: 9, shipping: 0 }}
        membership={member}
      />,
    );
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
        variantId: null,
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
