import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useForm } from 'react-hook-form';
import { afterEach, describe, expect, it } from 'vitest';
import { useDiscountFromPrices } from './discount-sync';

function PriceForm() {
  const form = useForm({ defaultValues: { price: '2499.00', originalPrice: '', discountPercentage: '' } });
  useDiscountFromPrices(form);
  return (
    <form>
      <label>
        Price
        <input {...form.register('price')} />
      </label>
      <label>
        Original
        <input {...form.register('originalPrice')} />
      </label>
      <label>
        Discount
        <input {...form.register('discountPercentage')} />
      </label>
    </form>
  );
}

afterEach(cleanup);

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const type = (label: string, value: string) => fireEvent.change(field(label), { target: { value } });

describe('the price fields of a product form', () => {
  it('show the discount worked out from the prices as they are typed', () => {
    render(<PriceForm />);
    type('Original', '2999.00');
    expect(field('Discount').value).toBe('17');
    type('Price', '2999');
    expect(field('Discount').value).toBe('');
  });

  it('set the current price from the original price when a discount is typed', () => {
    render(<PriceForm />);
    type('Original', '2999.00');
    type('Discount', '20');
    expect(field('Price').value).toBe('2399.20');
    // Without an original price a discount cannot set anything (the server says so on save).
    type('Original', '');
    expect(field('Discount').value).toBe('');
  });
});
