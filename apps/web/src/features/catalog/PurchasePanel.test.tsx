import { type Product, type SessionState, signedOutSession } from '@bilum/shared';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { toast } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { GUEST_CART_KEY } from '../../lib/guest-cart';
import { createQueryClient } from '../../lib/query-client';
import { sessionKey } from '../../lib/session';
import { PurchasePanel } from './PurchasePanel';
import { testProduct } from './test-product';

vi.mock('sonner', () => ({ toast: { info: vi.fn(), error: vi.fn(), success: vi.fn() } }));

const product: Product = { ...testProduct, image: null };

const shopper: SessionState = {
  user: { id: 7, email: 'kila@example.pg', fullName: 'Kila Wari', role: 'shopper' },
  membership: signedOutSession.membership,
};

function renderPanel(item: Product, session: SessionState = signedOutSession) {
  const client = createQueryClient();
  client.setQueryData(sessionKey, session);
  const fetch = vi.fn(async (_url: string, _init?: RequestInit) => Response.json({ items: [] }));
  vi.stubGlobal('fetch', fetch);
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[`/index-item/${item.id}`]}>
        <PurchasePanel
          product={item}
          pricing={{ finalPrice: item.price, isMemberPrice: false, savingPercent: 0, showSaving: false }}
        />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { fetch };
}

afterEach(() => {
  cleanup();
  localStorage.clear();
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

describe('PurchasePanel', () => {
  it('reads "Reserved" with the time the hold ends, not "SOLD OUT!", while every unit is held by a checkout', () => {
    const until = '2030-03-05T04:30:00.000Z';
    renderPanel({ ...product, stock: 0, reserved: true, reservedUntil: until });
    expect(screen.getByText('Reserved')).toBeTruthy();
    expect(screen.queryByText('SOLD OUT!')).toBeNull();
    expect(screen.getByText(/until 5 March 2030/)).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Buy It Now' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('reads "SOLD OUT!" for a product with no stock and no hold', () => {
    renderPanel({ ...product, stock: 0 });
    expect(screen.getByText('SOLD OUT!')).toBeTruthy();
    expect(screen.queryByText('Reserved')).toBeNull();
  });

  it('blocks Add to Cart and Buy It Now for a product whose price is not positive with "Action Blocked"', () => {
    renderPanel({ ...product, price: 0 });
    fireEvent.click(screen.getByRole('button', { name: 'Add to Cart' }));
    fireEvent.click(screen.getByRole('button', { name: 'Buy It Now' }));
    expect(toast.error).toHaveBeenCalledTimes(2);
    expect(toast.error).toHaveBeenCalledWith('Action Blocked', { description: 'Cannot add to cart' });
    expect(localStorage.getItem(GUEST_CART_KEY)).toBeNull();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('blocks a signed-in shopper’s add without calling the server', () => {
    const { fetch } = renderPanel({ ...product, price: Number.NaN }, shopper);
    fireEvent.click(screen.getByRole('button', { name: 'Add to Cart' }));
    expect(toast.error).toHaveBeenCalledWith('Action Blocked', { description: 'Cannot add to cart' });
    expect(fetch.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
  });

  it('asks a guest to sign in or register for the Premium membership instead of adding it to the guest cart', () => {
    renderPanel({ ...product, id: 50, name: 'Premium Membership', price: 20_050, isMembership: true });
    expect(screen.getByRole('heading', { name: 'Premium needs an account' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Sign In' }).getAttribute('href')).toBe(
      '/login?returnUrl=%2Findex-item%2F50',
    );
    expect(screen.getByRole('link', { name: 'Create Account' }).getAttribute('href')).toBe('/register');
    expect(screen.queryByRole('button', { name: 'Add to Cart' })).toBeNull();
  });

  it('lets a signed-in shopper add the Premium membership', () => {
    renderPanel({ ...product, id: 50, name: 'Premium Membership', price: 20_050, isMembership: true }, shopper);
    expect(screen.getByRole('button', { name: 'Add to Cart' })).toBeTruthy();
  });
});
