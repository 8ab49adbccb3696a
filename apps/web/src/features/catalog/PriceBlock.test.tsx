import type { Product } from '@bilum/shared';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { PriceBlock } from './PriceBlock';

const laptop = {
  id: 1,
  name: 'HP Pavilion 15 Laptop',
  price: 329_900,
  originalPrice: 369_900,
  discountPercentage: 11,
  isMembership: false,
} as Product;

afterEach(cleanup);

describe('PriceBlock', () => {
  it('shows a guest the price, the struck original price and the discount badge', () => {
    render(
      <PriceBlock
        product={laptop}
        pricing={{ finalPrice: 329_900, isMemberPrice: false, savingPercent: 0, showSaving: false }}
      />,
    );
    expect(screen.getByText('K3,299.00')).toBeTruthy();
    expect(screen.getByText('K3,699.00').closest('s')).toBeTruthy();
    expect(screen.getByText('-11% OFF')).toBeTruthy();
    expect(screen.queryByText(/valued member/)).toBeNull();
  });

  it('shows a member their price, the regular price struck through and the saving message', () => {
    render(
      <PriceBlock
        product={laptop}
        pricing={{ finalPrice: 296_910, isMemberPrice: true, savingPercent: 10, showSaving: true }}
      />,
    );
    expect(screen.getByText('Your member price')).toBeTruthy();
    expect(screen.getByText('K2,969.10')).toBeTruthy();
    expect(screen.getByText('K3,299.00').closest('s')).toBeTruthy();
    expect(screen.getByText('You save 10% as a valued member!')).toBeTruthy();
  });

  it('shows a member the original price the discount badge is measured from, struck through beside it', () => {
    render(
      <PriceBlock
        product={laptop}
        pricing={{ finalPrice: 296_910, isMemberPrice: true, savingPercent: 10, showSaving: true }}
      />,
    );
    const badge = screen.getByText('-11% OFF');
    const original = screen.getByText('K3,699.00').closest('s');
    expect(original).toBeTruthy();
    expect(original?.textContent).toBe('was K3,699.00');
    // Beside the badge: the same group holds the struck original price and the badge.
    expect(badge.parentElement?.contains(original)).toBe(true);
  });

  it('leaves the saving message out when the saving is not above K0.01', () => {
    render(
      <PriceBlock
        product={{ ...laptop, price: 10, originalPrice: null, discountPercentage: 0 }}
        pricing={{ finalPrice: 9, isMemberPrice: true, savingPercent: 10, showSaving: false }}
      />,
    );
    expect(screen.queryByText(/valued member/)).toBeNull();
  });
});
