import { type CartLine, MAX_UNITS_PER_PRODUCT } from '@bilum/shared';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { toast } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fromServerLine } from './cart-lines';
import { CartView, type CartViewProps } from './CartView';

vi.mock('sonner', () => ({ toast: { error: vi.fn(), success: vi.fn() } }));

function line(overrides: Partial<CartLine>) {
  return fromServerLine({
    cartItemId: 1,
    variantId: 100,
    variantLabel: '',
    productId: 10,
    name: 'Phone',
    description: 'A phone',
    image: null,
    category: 'phones',
    condition: 'New',
    isMembership: false,
    status: 'available',
    quantity: 1,
    maxQuantity: 3,
    unitPrice: 10_000,
    originalPrice: null,
    isMemberPrice: false,
    ...overrides,
  });
}

const lines = [
  line({ cartItemId: 1, name: 'Samsung Galaxy A15', unitPrice: 45_000, originalPrice: 50_000, isMemberPrice: true }),
  line({ cartItemId: 2, productId: 11, name: 'HP Laptop', unitPrice: 200_000 }),
  line({ cartItemId: 3, productId: 12, name: 'Nissan Navara', status: 'sold', unitPrice: 8_900_000 }),
];

function renderCart(props: Partial<CartViewProps> = {}) {
  const handlers = {
    onRemove: vi.fn(() => true),
    onClear: vi.fn(() => true),
    onCheckout: vi.fn(),
    onQuantity: vi.fn(),
  };
  render(
    <MemoryRouter>
      <CartView
        title="Your Cart"
        backTo="/dashboard"
        backLabel="Continue shopping"
        lines={lines}
        isMember
        discountRate={0.1}
        {...handlers}
        {...props}
      />
    </MemoryRouter>,
  );
  return handlers;
}

const total = () => screen.getByTestId('summary-total').textContent;

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

describe('CartView', () => {
  it('greys a sold-out line with "SOLD OUT!", does not let it be ticked and leaves it out of the totals', () => {
    renderCart();
    const sold = screen.getByRole('checkbox', { name: 'Select Nissan Navara' });
    expect((sold as HTMLInputElement).disabled).toBe(true);
    expect((sold as HTMLInputElement).checked).toBe(false);
    expect(within(sold.closest('li')!).getByText('SOLD OUT!')).toBeTruthy();
    expect(total()).toBe('K2,450.00');
  });

  it('reads "Reserved", not "SOLD OUT!", for a line whose units are all held by other shoppers’ checkouts', () => {
    renderCart({ lines: [line({ name: 'Held camera', status: 'reserved' })] });
    const held = screen.getByRole('checkbox', { name: 'Select Held camera' });
    expect((held as HTMLInputElement).disabled).toBe(true);
    expect(within(held.closest('li')!).getByText('Reserved')).toBeTruthy();
    expect(within(held.closest('li')!).queryByText('SOLD OUT!')).toBeNull();
  });

  it('never steps a line above MAX_UNITS_PER_PRODUCT, whatever the stock', () => {
    renderCart({ lines: [line({ quantity: MAX_UNITS_PER_PRODUCT, maxQuantity: 17 })] });
    expect((screen.getByRole('button', { name: 'Increase quantity of Phone' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
  });

  it('follows the checkboxes: unticking a line takes it out of the totals, select all brings it back', () => {
    renderCart();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select HP Laptop' }));
    expect(total()).toBe('K450.00');
    expect(screen.getByText('1 of 2 selected')).toBeTruthy();
    fireEvent.click(screen.getByRole('checkbox', { name: /Select all/ }));
    expect(total()).toBe('K2,450.00');
  });

  it('shows a member price with the original price struck through', () => {
    renderCart();
    const row = screen.getByRole('heading', { name: 'Samsung Galaxy A15' }).closest('li')!;
    expect(within(row).getByText('K450.00')).toBeTruthy();
    const struck = row.querySelector('s');
    expect(struck?.textContent).toBe('was K500.00');
    expect(within(row).getByText('Member price')).toBeTruthy();
    const plain = screen.getByRole('heading', { name: 'HP Laptop' }).closest('li')!;
    expect(plain.querySelector('s')).toBeNull();
  });

  it('shows the member saving line only for a saving above K0.01', () => {
    renderCart();
    expect(screen.getByText('You save 10% as a valued member!')).toBeTruthy();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select Samsung Galaxy A15' }));
    expect(screen.queryByText(/as a valued member/)).toBeNull();
    expect(screen.queryByText('Savings')).toBeNull();
    cleanup();
    // A saving of exactly K0.01 is not shown; K0.02 is.
    renderCart({ lines: [line({ unitPrice: 999, originalPrice: 1_000, isMemberPrice: true })] });
    expect(screen.queryByText('Savings')).toBeNull();
    cleanup();
    renderCart({ lines: [line({ unitPrice: 998, originalPrice: 1_000, isMemberPrice: true })] });
    expect(screen.getByText('Savings')).toBeTruthy();
  });

  it('gives a member the membership saving alone, not the product’s own sale added to it', () => {
    // A laptop on sale (K3,699.00 -> K3,299.00) at the member price K2,969.10: the member saves 10%, not 20%.
    renderCart({ lines: [line({ unitPrice: 296_910, originalPrice: 369_900, isMemberPrice: true })] });
    expect(screen.getByText('You save 10% as a valued member!')).toBeTruthy();
    expect(screen.queryByText('You save 20% as a valued member!')).toBeNull();
  });

  it('never shows the member saving line to a shopper who is not a member, even for a product on sale', () => {
    renderCart({ isMember: false, discountRate: 0, lines: [line({ unitPrice: 329_900, originalPrice: 369_900 })] });
    expect(screen.getByText('Savings')).toBeTruthy();
    expect(screen.queryByText(/as a valued member/)).toBeNull();
  });

  it('blocks checkout with "Cannot checkout" when nothing is selected, and hands over the selected lines otherwise', () => {
    const { onCheckout } = renderCart();
    fireEvent.click(screen.getByRole('button', { name: 'Check out' }));
    expect(onCheckout).toHaveBeenCalledWith([
      expect.objectContaining({ product_id: 10, cart_item_id: 1 }),
      expect.objectContaining({ product_id: 11, cart_item_id: 2 }),
    ]);
    fireEvent.click(screen.getByRole('checkbox', { name: /Select all/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Check out' }));
    expect(toast.error).toHaveBeenCalledWith('Cannot checkout', {
      description: 'Your cart is empty or no items are selected. Add items to proceed.',
    });
    expect(onCheckout).toHaveBeenCalledTimes(1);
  });

  it('removes a line only after the confirmation dialog', async () => {
    const { onRemove } = renderCart();
    fireEvent.click(screen.getByRole('button', { name: 'Remove HP Laptop' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove item?' });
    expect(onRemove).not.toHaveBeenCalled();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await vi.waitFor(() => expect(onRemove).toHaveBeenCalledWith(expect.objectContaining({ cartItemId: 2 })));
  });

  it('steps quantities between 1 and the stock', () => {
    const { onQuantity } = renderCart({ lines: [line({ quantity: 3, maxQuantity: 3 })] });
    expect((screen.getByRole('button', { name: 'Increase quantity of Phone' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Decrease quantity of Phone' }));
    expect(onQuantity).toHaveBeenCalledWith(expect.objectContaining({ cartItemId: 1 }), 2);
  });

  it('shows both empty states', () => {
    renderCart({ lines: [] });
    expect(screen.getByText('Your cart feels a little light!')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Start Shopping' }).getAttribute('href')).toBe('/');
    cleanup();
    renderCart();
    fireEvent.change(screen.getByLabelText('Search your cart'), { target: { value: 'camera' } });
    expect(screen.getByText('No items found matching your search.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Clear Search' }));
    expect(screen.getByText('HP Laptop')).toBeTruthy();
  });
});

describe('the delivery fee in the cart (issue 27)', () => {
  it('shows the fee to the saved province in Shipping and the total, as soon as it is known', () => {
    renderCart({ isMember: false, delivery: { shipping: 4_000, note: 'Highlands, about 5 days' } });
    expect(screen.getByTestId('order-shipping').textContent).toBe('K40.00');
    expect(screen.getByText('Highlands, about 5 days')).toBeTruthy();
    // K450.00 + K2,000.00 ticked, and K40.00 delivery.
    expect(screen.getByTestId('summary-total').textContent).toBe('K2,490.00');
  });

  it('says delivery is priced at checkout while the province is not known', () => {
    renderCart({ isMember: false, delivery: null });
    expect(screen.getByTestId('order-shipping').textContent).toBe('K0.00');
    expect(screen.getByText('Delivery is priced by province at checkout')).toBeTruthy();
  });

  it('charges no delivery for the membership alone', () => {
    renderCart({
      lines: [line({ cartItemId: 9, productId: 99, name: 'Premium Membership', isMembership: true })],
      delivery: { shipping: 4_000, note: 'Highlands, about 5 days' },
    });
    expect(screen.getByTestId('order-shipping').textContent).toBe('K0.00');
  });
});
