import { type ProductListPage, type PublicCategory, signedOutSession } from '@bilum/shared';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../lib/query-client';
import { sessionKey } from '../../lib/session';
import { seededCategories } from '../../test/categories';
import CategoryPage from './CategoryPage';
import { testProduct } from './test-product';

/** The shop's visible categories: a new one first, then the seeded ones but Vehicles (hidden by the owner). */
const visible: PublicCategory[] = [
  { slug: 'solar', name: 'Solar Power', position: 1 },
  ...seededCategories.filter((category) => category.slug !== 'vehicles'),
];

const oneProduct: ProductListPage = {
  items: [{ ...testProduct, memberPrice: null, priceFrom: null }],
  total: 1,
  page: 1,
  pageSize: 24,
  pageCount: 1,
};

/**
 * /category/{slug} with GET /api/categories answered by `categories` (a promise holds the answer back) and every
 * product list by `list` (one product); the page's product-list calls are recorded.
 */
function renderCategory(
  slug: string,
  categories: Promise<PublicCategory[]> | PublicCategory[] = visible,
  list: ProductListPage = oneProduct,
) {
  const lists: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      if (url === '/api/categories') return Response.json({ categories: await categories });
      if (url.startsWith('/api/products')) {
        lists.push(url);
        return Response.json(list);
      }
      return Response.json({ error: { code: 'NOT_FOUND', message: 'Not found' } }, { status: 404 });
    }),
  );
  const client = createQueryClient();
  client.setQueryData(sessionKey, signedOutSession);
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[`/category/${slug}`]}>
        <Routes>
          <Route path="/category/:categoryName?" element={<CategoryPage />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return lists;
}

const heading = () => screen.getByRole('heading', { level: 1 }).textContent;

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  document.title = '';
});

describe('a category page', () => {
  it('shows the category’s name from the categories table as its heading and title, a new category too', async () => {
    const lists = renderCategory('solar');
    await waitFor(() => expect(heading()).toBe('Solar Power'));
    expect(document.title).toBe('Solar Power - Bilum');
    expect(await screen.findByText('itel A70')).toBeTruthy();
    expect(new URL(lists[0]!, 'http://shop.test').searchParams.get('category')).toBe('solar');
  });

  it('shows "All Products" for every product', async () => {
    renderCategory('all');
    expect(heading()).toBe('All Products');
    expect(await screen.findByText('itel A70')).toBeTruthy();
  });

  it('is not found for a category the shop does not have or has hidden', async () => {
    for (const slug of ['boats', 'vehicles']) {
      renderCategory(slug);
      await waitFor(() => expect(heading(), slug).toBe('Oops! Page not found'));
      cleanup();
    }
  });

  it('does not flash not-found while the categories load: the list shows, then the name', async () => {
    let answer: (categories: PublicCategory[]) => void = () => {};
    renderCategory('phones', new Promise((resolve) => (answer = resolve)));
    expect(heading()).toBe('Phones');
    expect(await screen.findByText('itel A70')).toBeTruthy();
    await act(async () => answer([{ slug: 'phones', name: 'Mobile Phones', position: 1 }]));
    await waitFor(() => expect(heading()).toBe('Mobile Phones'));
  });

  it('once loaded, a category missing from the list turns out not found', async () => {
    let answer: (categories: PublicCategory[]) => void = () => {};
    renderCategory('vehicles', new Promise((resolve) => (answer = resolve)));
    expect(heading()).toBe('Vehicles');
    await act(async () => answer(visible));
    await waitFor(() => expect(heading()).toBe('Oops! Page not found'));
  });
});

describe('a search that finds nothing', () => {
  const nothing: ProductListPage = { items: [], total: 0, page: 1, pageSize: 24, pageCount: 0 };

  it('asks "Did you mean …?" with a link to the same list searched for the suggestion (issue 31)', async () => {
    renderCategory('phones?q=samsnug&sort=priceAsc', visible, { ...nothing, didYouMean: 'samsung' });
    const link = await screen.findByRole('link', { name: 'samsung' });
    expect(link.getAttribute('href')).toBe('/category/phones?q=samsung&sort=priceAsc');
    expect(link.closest('p')?.textContent).toBe('Did you mean samsung?');
    expect(screen.getByText('No products found!')).toBeTruthy();
  });

  it('asks nothing when the search has no suggestion', async () => {
    renderCategory('phones?q=zzqxwv', visible, { ...nothing, didYouMean: null });
    await screen.findByText('No products found!');
    expect(screen.queryByText(/Did you mean/)).toBeNull();
  });
});
