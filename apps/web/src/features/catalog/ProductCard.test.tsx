import type { ProductListItem } from '@bilum/shared';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { ProductCard } from './ProductCard';
import { testProduct } from './test-product';

// Issue 30 (decision 042): a product whose variants cost different amounts says "from" its cheapest one's price.

afterEach(cleanup);

const galaxy = (extra: Partial<ProductListItem> = {}): ProductListItem => ({
  ...testProduct,
  id: 55,
  name: 'Galaxy A55',
  price: 129_900,
  memberPrice: null,
  priceFrom: 129_900,
  ...extra,
});

function card(product: ProductListItem) {
  render(
    <MemoryRouter>
      <ProductCard product={product} detailBase="/index-item" />
    </MemoryRouter>,
  );
  return screen.getByRole('article');
}

describe('a card of a product with variants', () => {
  it('says "from" the cheapest variant’s price when the variants’ prices differ', () => {
    const shown = card(galaxy());
    expect(screen.getByText('from K1,299.00')).toBeTruthy();
    expect(shown.textContent).not.toContain('Member price');
  });

  it('says "from" the member price of the cheapest variant to a member, with its regular price struck', () => {
    const shown = card(galaxy({ memberPrice: 116_910 }));
    expect(shown.textContent).toContain('Member price');
    expect(screen.getByText('from K1,169.10')).toBeTruthy();
    expect(shown.querySelector('s')?.textContent).toBe('Regular price K1,299.00');
  });

  it('shows the price alone, as before variants, when they all cost the same (or there are none)', () => {
    const shown = card(galaxy({ priceFrom: null }));
    expect(screen.getByText('K1,299.00')).toBeTruthy();
    expect(shown.textContent).not.toMatch(/from/i);
  });

  it('shows a member’s price alone when the prices do not differ', () => {
    const shown = card(galaxy({ priceFrom: null, memberPrice: 116_910 }));
    expect(screen.getByText('K1,169.10')).toBeTruthy();
    expect(shown.textContent).not.toMatch(/from/i);
  });
});
