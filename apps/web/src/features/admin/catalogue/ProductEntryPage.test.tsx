import type { AdminCategory } from '@bilum/shared';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../lib/query-client';
import ProductEntryPage from './ProductEntryPage';

vi.mock('sonner', () => ({ toast: { error: vi.fn(), success: vi.fn() } }));

const category = (id: number, slug: string, name: string, hidden = false): AdminCategory => ({
  id,
  slug,
  name,
  position: id,
  hidden,
  productCount: 0,
  oldSlugs: [],
});

/** Every category the admin manages, in the owner's order: a new one, a renamed one and a hidden one. */
const adminCategories = [
  category(1, 'phones', 'Mobile Phones'),
  category(2, 'solar', 'Solar'),
  category(3, 'vehicles', 'Vehicles', true),
];

/** /product-entry with the admin's category list, the storefront's (visible ones) and the add call recorded. */
function renderPage() {
  const posts: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      if (url === '/api/admin/categories') return Response.json({ categories: adminCategories });
      if (url === '/api/categories') {
        const visible = adminCategories.filter((c) => !c.hidden);
        return Response.json({ categories: visible.map(({ slug, name, position }) => ({ slug, name, position })) });
      }
      if (url === '/api/admin/products' && init?.method === 'POST') {
        const body = JSON.parse(String(init.body)) as { name: string };
        posts.push(body);
        return Response.json({ product: { id: 99, name: body.name }, message: 'Added' }, { status: 201 });
      }
      return Response.json({ error: { code: 'NOT_FOUND', message: 'Not found' } }, { status: 404 });
    }),
  );
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter>
        <ProductEntryPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return posts;
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

describe('/product-entry’s category', () => {
  it('starts on "Select a category", offers the shop’s categories by name (hidden ones marked) and sends the slug', async () => {
    const posts = renderPage();
    const select = screen.getByLabelText('Category') as HTMLSelectElement;
    expect(select.value).toBe('');
    await waitFor(() =>
      expect([...select.options].map((option) => [option.value, option.textContent])).toEqual([
        ['', 'Select a category'],
        ['phones', 'Mobile Phones'],
        ['solar', 'Solar'],
        ['vehicles', 'Vehicles (hidden)'],
      ]),
    );
    expect(select.value).toBe('');

    fireEvent.change(screen.getByLabelText('Product Name'), { target: { value: 'Solar panel 100 W' } });
    fireEvent.change(screen.getByLabelText('Description'), { target: { value: 'A panel for the roof.' } });
    fireEvent.change(screen.getByLabelText('Price (K)'), { target: { value: '450' } });
    fireEvent.change(screen.getByLabelText('Main Image URL'), { target: { value: '/images/products/panel.svg' } });
    fireEvent.change(screen.getByLabelText('Stock on hand'), { target: { value: '4' } });
    fireEvent.change(select, { target: { value: 'solar' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add Product' }));
    await waitFor(() => expect(posts).toHaveLength(1));
    expect(posts[0]).toMatchObject({ name: 'Solar panel 100 W', category: 'solar' });

    // The footer links the storefront's visible category pages, by name.
    const footer = screen.getByRole('navigation', { name: 'Admin footer' });
    expect(within(footer).getByRole('link', { name: 'Solar' }).getAttribute('href')).toBe('/category/solar');
    expect(within(footer).queryByRole('link', { name: /Vehicles/ })).toBeNull();
  });
});
