import { type Product, signedOutSession } from '@bilum/shared';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { GUEST_CART_KEY } from '../../lib/guest-cart';
import { createQueryClient } from '../../lib/query-client';
import { sessionKey } from '../../lib/session';
import { catalogPaths } from './catalog-paths';
import { ProductDetail } from './ProductDetail';
import { testProduct } from './test-product';

/** A phone in two storage sizes and two colours; 256 GB Blue is sold out and 128 GB Black is not sold at all. */
const phone: Product = {
  ...testProduct,
  id: 40,
  name: 'Galaxy A55',
  price: 150_000,
  stock: 7,
  options: [
    { name: 'Storage', values: ['128 GB', '256 GB'] },
    { name: 'Colour', values: ['Black', 'Blue'] },
  ],
  variants: [
    variant(401, ['128 GB', 'Blue'], 150_000, 3),
    variant(402, ['256 GB', 'Black'], 180_000, 4, '/images/products/a55-black.svg'),
    variant(403, ['256 GB', 'Blue'], 180_000, 0),
  ],
};

function variant(id: number, values: string[], price: number, stock: number, image: string | null = null) {
  return { id, values, sku: `A55-${id}`, price, originalPrice: null, stock, reserved: false, image };
}

let address = '';
function Address() {
  const location = useLocation();
  address = `${location.pathname}${location.search}`;
  return null;
}

function renderPhone(path = '/index-item/40') {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => Response.json({ items: [] })),
  );
  const client = createQueryClient();
  client.setQueryData(sessionKey, signedOutSession);
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>
        <ProductDetail product={phone} audience="guest" paths={catalogPaths('guest', false)} />
        <Address />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const price = () => screen.getByText(/^K[\d,]+\.\d\d$/, { selector: 'span.text-3xl' }).textContent;
const group = (name: string) => screen.getByRole('group', { name: new RegExp(`^${name}:`) });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('choosing a variant on the product page (issue 30)', () => {
  it('starts on the first variant that can be bought and shows each value as a button with its state', () => {
    renderPhone();
    expect(price()).toBe('K1,500.00');
    expect(within(group('Storage')).getByRole('button', { name: '128 GB' }).getAttribute('aria-pressed')).toBe('true');
    expect(within(group('Colour')).getByRole('button', { name: 'Blue' }).getAttribute('aria-pressed')).toBe('true');
    // 128 GB comes in Blue only: Black is dashed and named so.
    expect(within(group('Colour')).getByRole('button', { name: 'Black (not in this combination)' })).toBeTruthy();
  });

  it('moves price, stock state and address with the choice, and shows a sold-out combination as such', () => {
    renderPhone();
    // 256 GB in the chosen Blue exists but is sold out: it is named so, and can still be looked at.
    fireEvent.click(within(group('Storage')).getByRole('button', { name: '256 GB (sold out)' }));
    expect(price()).toBe('K1,800.00');
    expect(address).toBe('/index-item/40?variant=403');
    expect(screen.getByText('SOLD OUT!')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Buy It Now' }).hasAttribute('disabled')).toBe(true);
    fireEvent.click(within(group('Colour')).getByRole('button', { name: 'Black' }));
    expect(address).toBe('/index-item/40?variant=402');
    expect(screen.queryByText('SOLD OUT!')).toBeNull();
    expect(within(group('Storage')).getByRole('button', { name: '256 GB' }).getAttribute('aria-pressed')).toBe('true');
  });

  it('opens on the variant a shared address names, and marks a sold-out value struck through', () => {
    renderPhone('/index-item/40?variant=402');
    expect(price()).toBe('K1,800.00');
    expect(within(group('Colour')).getByRole('button', { name: 'Blue (sold out)' })).toBeTruthy();
    expect(screen.getAllByRole('img').some((img) => img.getAttribute('src')?.includes('a55-black'))).toBe(true);
  });

  it('puts the chosen variant in the guest cart, and another variant of the same phone as a second line', async () => {
    renderPhone('/index-item/40?variant=402');
    fireEvent.click(screen.getByRole('button', { name: 'Add to Cart' }));
    await screen.findByRole('button', { name: 'View Cart' });
    fireEvent.keyDown(document.activeElement ?? document.body, { key: 'Escape' });
    // 128 GB does not come in Black: choosing it moves to the 128 GB that is sold (Blue).
    fireEvent.click(within(group('Storage')).getByRole('button', { name: '128 GB (not in this combination)' }));
    expect(address).toBe('/index-item/40?variant=401');
    fireEvent.click(await screen.findByRole('button', { name: 'Add to Cart' }));
    await vi.waitFor(() => expect(JSON.parse(localStorage.getItem(GUEST_CART_KEY) ?? '[]')).toHaveLength(2));
    const saved = JSON.parse(localStorage.getItem(GUEST_CART_KEY) ?? '[]') as Record<string, unknown>[];
    expect(saved.map((item) => [item.product_id, item.variant_id, item.variant_label, item.price])).toEqual([
      [40, 402, '256 GB / Black', 180_000],
      [40, 401, '128 GB / Blue', 150_000],
    ]);
  });
});
