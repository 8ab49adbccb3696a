import type { AdminCategory, AdminProduct, AdminProductListResponse } from '@bilum/shared';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../lib/query-client';
import ProductInventoryPage from './ProductInventoryPage';

vi.mock('sonner', () => ({ toast: { error: vi.fn(), success: vi.fn() } }));

const product = (id: number, overrides: Partial<AdminProduct> = {}): AdminProduct => ({
  id,
  sku: `BLM-${String(id).padStart(6, '0')}`,
  name: `Camera ${id}`,
  description: 'A camera.',
  category: 'cameras',
  price: 100_000,
  originalPrice: null,
  discountPercentage: 0,
  condition: 'New',
  status: 'active',
  stock: 5,
  isHot: false,
  isAuction: false,
  isTopPick: false,
  isExclusive: false,
  isMembership: false,
  image: null,
  galleryImages: [],
  reserved: false,
  reservedUntil: null,
  version: 1,
  lowStockThreshold: 3,
  held: 0,
  sold: 0,
  stockLevel: 'in',
  variantStock: [],
  ...overrides,
});

const stats = {
  totalProducts: 30,
  activeListings: 28,
  soldItems: 1,
  hotDeals: 2,
  auctionItems: 3,
  topPicks: 4,
  exclusiveOffers: 6,
  lowStock: 7,
  outOfStock: 1,
};

/** The shop's categories as the admin sees them: a renamed one, a new one, a hidden one. */
const categories: AdminCategory[] = [
  { id: 1, slug: 'cameras', name: 'Cameras & Lenses', position: 1, hidden: false, productCount: 2, oldSlugs: [] },
  { id: 2, slug: 'solar', name: 'Solar', position: 2, hidden: false, productCount: 0, oldSlugs: [] },
  { id: 3, slug: 'vehicles', name: 'Vehicles', position: 3, hidden: true, productCount: 0, oldSlugs: [] },
];

/**
 * Answers GET /api/admin/categories with `categories` and every GET /api/admin/products with `items`, and records
 * the product list's query strings asked for.
 */
function renderPage(items: AdminProduct[], total = 30) {
  const queries: URLSearchParams[] = [];
  const fetch = vi.fn(async (url: string) => {
    if (url === '/api/admin/categories') return Response.json({ categories });
    if (url.includes('/activity')) return Response.json({ items: [], total: 0, page: 1, pageSize: 25 });
    const query = new URL(url, 'http://shop.test').searchParams;
    queries.push(query);
    const answer: AdminProductListResponse = {
      items,
      total,
      page: Number(query.get('page') ?? 1),
      pageSize: Number(query.get('pageSize') ?? 25),
      stats,
    };
    return Response.json(answer);
  });
  vi.stubGlobal('fetch', fetch);
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter>
        <ProductInventoryPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return queries;
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

describe('/product-inventory', () => {
  it('asks the server for the page, sort and filters chosen, and shows its total and the stat cards', async () => {
    const queries = renderPage([product(1), product(2)]);
    expect(await screen.findByText('Showing 1–25 of 30 products')).toBeTruthy();
    expect(screen.getByTestId('stat-Exclusive Member').textContent).toBe('6');
    expect(screen.getByTestId('stat-Low Stock').textContent).toBe('7');
    expect(queries.at(-1)?.toString()).toBe('sort=-created&page=1&pageSize=25');

    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(queries.at(-1)?.get('page')).toBe('2'));

    fireEvent.change(screen.getByLabelText('Sort by'), { target: { value: 'price' } });
    await waitFor(() => expect(queries.at(-1)?.get('sort')).toBe('price'));
    // A new sort or filter starts again at the first page.
    await waitFor(() => expect(queries.at(-1)?.get('page')).toBe('1'));

    fireEvent.change(screen.getByLabelText('Category'), { target: { value: 'solar' } });
    await waitFor(() => expect(queries.at(-1)?.get('category')).toBe('solar'));

    fireEvent.change(screen.getByLabelText('Feature'), { target: { value: 'exclusive' } });
    fireEvent.change(screen.getByLabelText('Stock'), { target: { value: 'low' } });
    await waitFor(() => expect(queries.at(-1)?.get('stock')).toBe('low'));
    expect(queries.at(-1)?.get('flag')).toBe('exclusive');

    fireEvent.change(screen.getByPlaceholderText('Search products by name or category...'), {
      target: { value: 'blm-000002' },
    });
    await waitFor(() => expect(queries.at(-1)?.get('q')).toBe('blm-000002'));
  });

  it('shows the discount worked out from the prices, the SKU and the Exclusive Member badge, and no stray dash on a card', async () => {
    renderPage(
      [
        // The stored figure is stale (5); the prices say 17% off.
        product(1, { price: 249_900, originalPrice: 299_900, discountPercentage: 5, isExclusive: true }),
        product(2),
      ],
      2,
    );
    const cards = within(await screen.findByRole('list', { name: 'Inventory' }));
    const [onSale, plain] = cards.getAllByRole('listitem');
    expect(within(onSale!).getByText('17% off')).toBeTruthy();
    expect(within(onSale!).queryByText('5% off')).toBeNull();
    expect(within(onSale!).getByText('Exclusive Member')).toBeTruthy();
    expect(within(onSale!).getByText('BLM-000001')).toBeTruthy();
    expect(within(plain!).queryByText('—')).toBeNull();
    expect(within(plain!).queryByText(/% off/)).toBeNull();
  });

  it('filters by the shop’s categories by name, hidden ones marked, and names each product’s category', async () => {
    renderPage([product(1)], 1);
    const select = screen.getByLabelText('Category') as HTMLSelectElement;
    await waitFor(() =>
      expect([...select.options].map((option) => [option.value, option.textContent])).toEqual([
        ['', 'All categories'],
        ['cameras', 'Cameras & Lenses'],
        ['solar', 'Solar'],
        ['vehicles', 'Vehicles (hidden)'],
      ]),
    );
    const cards = within(await screen.findByRole('list', { name: 'Inventory' }));
    expect(cards.getByText(/Cameras & Lenses · New/)).toBeTruthy();
  });

  it('lists a product’s variants under it with their own figures and level, and restocks one variant (issue 30)', async () => {
    const variant = (id: number, label: string, stock: number, stockLevel: 'in' | 'low' | 'out') => ({
      id,
      label,
      sku: `GAL-${id}`,
      stock,
      lowStockThreshold: 1,
      held: id === 13 ? 1 : 0,
      sold: 0,
      stockLevel,
    });
    renderPage(
      [
        product(1, {
          name: 'Galaxy A55',
          stock: 11,
          stockLevel: 'low',
          variantStock: [
            variant(11, '128 GB / Black', 5, 'in'),
            variant(12, '128 GB / Blue', 5, 'in'),
            variant(13, '256 GB / Black', 1, 'low'),
          ],
        }),
        product(2),
      ],
      2,
    );
    const cards = within(await screen.findByRole('list', { name: 'Inventory' }));
    const variants = within(cards.getByRole('list', { name: 'Variants of Galaxy A55' }));
    const rows = variants.getAllByRole('listitem');
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringMatching(/^128 GB \/ BlackGAL-11In stock5 on hand · 0 held · 0 sold ?low at 1/),
      expect.stringMatching(/^128 GB \/ BlueGAL-12In stock5 on hand/),
      expect.stringMatching(/^256 GB \/ BlackGAL-13Low stock1 on hand · 1 held · 0 sold ?low at 1/),
    ]);
    // The product's own Restock is per variant now; its log shows all of them. A product without options keeps its.
    expect(cards.queryByRole('button', { name: 'Restock Galaxy A55' })).toBeNull();
    expect(cards.getByRole('button', { name: 'Stock log of Galaxy A55' })).toBeTruthy();
    expect(cards.getByRole('button', { name: 'Restock Camera 2' })).toBeTruthy();
    // The wide table lists them too, on the row under the product.
    expect(screen.getAllByRole('list', { name: 'Variants of Galaxy A55' })).toHaveLength(2);

    fireEvent.click(variants.getByRole('button', { name: 'Restock Galaxy A55 – 256 GB / Black' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Restock: Galaxy A55 – 256 GB / Black' }));
    expect(dialog.getByText(/^1 on hand now \(SKU GAL-13\)/)).toBeTruthy();
    fireEvent.change(dialog.getByLabelText('Units to add'), { target: { value: '6' } });
    expect(await dialog.findByText('7 on hand after restocking.')).toBeTruthy();
    fireEvent.change(dialog.getByLabelText('Reason'), { target: { value: 'supplier-delivery' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Restock' }));
    const fetch = vi.mocked(globalThis.fetch);
    await waitFor(() =>
      expect(fetch.mock.calls.some(([url]) => String(url) === '/api/admin/products/1/restock')).toBe(true),
    );
    const [, init] = fetch.mock.calls.find(([url]) => String(url) === '/api/admin/products/1/restock')!;
    expect(JSON.parse(String(init?.body))).toEqual({ quantity: 6, reason: 'supplier-delivery', variantId: 13 });
  });

  it('opens the edit dialog on the product’s own category, chosen from the shop’s categories', async () => {
    renderPage([product(1, { category: 'vehicles' })], 1);
    const cards = within(await screen.findByRole('list', { name: 'Inventory' }));
    fireEvent.click(cards.getByRole('button', { name: 'Edit Camera 1' }));
    const dialog = within(await screen.findByRole('dialog'));
    const select = dialog.getByLabelText('Category') as HTMLSelectElement;
    await waitFor(() => expect(select.options).toHaveLength(3));
    expect(select.value).toBe('vehicles');
    expect(select.selectedOptions[0]?.textContent).toBe('Vehicles (hidden)');
  });
});
