import type { AdminCategory, AdminProduct, AdminProductVariants } from '@bilum/shared';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../lib/query-client';
import { EditProductDialog } from './EditProductDialog';
import ProductEntryPage from './ProductEntryPage';
import { emptyVariantDraft, noVariantErrors, type VariantDraft } from './variant-editor';
import { VariantEditor } from './VariantEditor';

vi.mock('sonner', () => ({ toast: { error: vi.fn(), success: vi.fn() } }));

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

const defaults = { price: '1200', originalPrice: '', lowStockThreshold: '3' };

/** The editor as a form holds it. */
function Editor({ onDraft }: { onDraft?: (draft: VariantDraft) => void }) {
  const [draft, setDraft] = useState(emptyVariantDraft);
  const [errors, setErrors] = useState(noVariantErrors);
  return (
    <VariantEditor
      draft={draft}
      onChange={(next) => {
        setDraft(next);
        onDraft?.(next);
      }}
      errors={errors}
      onErrorsChange={setErrors}
      defaults={defaults}
    />
  );
}

/** Types an option's name and values as the owner does: the name, then each value and Enter. */
function typeOption(index: number, name: string, values: string[]) {
  fireEvent.click(screen.getByRole('button', { name: '+ Add option' }));
  fireEvent.change(screen.getByLabelText(`Option ${index + 1} name`), { target: { value: name } });
  const input = screen.getByLabelText(new RegExp(`^Add a value to ${name}`));
  for (const value of values) {
    fireEvent.change(input, { target: { value } });
    fireEvent.keyDown(input, { key: 'Enter' });
  }
}

const rowItems = () =>
  screen.queryAllByRole('listitem').filter((item) => within(item).queryByRole('checkbox') !== null);

describe('the options and variants editor', () => {
  it('gives four rows for two options of two values, each field labelled with its combination', () => {
    render(<Editor />);
    expect(rowItems()).toHaveLength(0);
    typeOption(0, 'Storage', ['128 GB', '256 GB']);
    expect(rowItems()).toHaveLength(2);
    typeOption(1, 'Colour', ['Black', 'Blue']);
    expect(rowItems()).toHaveLength(4);
    expect(screen.getByText(/^4 combinations, 4 on sale · the product shows the cheapest: K1,200.00$/)).toBeTruthy();
    expect((screen.getByLabelText('Price (K) of 256 GB / Black') as HTMLInputElement).value).toBe('1200');
    expect(screen.getByLabelText('SKU of 128 GB / Blue')).toBeTruthy();
    expect(screen.getByLabelText('Low-stock threshold of 256 GB / Blue')).toBeTruthy();

    // A value is removed with its own button; its rows go.
    fireEvent.click(screen.getByRole('button', { name: 'Remove Blue from Colour' }));
    expect(rowItems()).toHaveLength(2);
  });

  it('refuses a value the option already has, under the value field', () => {
    render(<Editor />);
    typeOption(0, 'Colour', ['Black', 'black']);
    expect(screen.getByRole('alert').textContent).toBe('"black" is given twice for "Colour".');
    expect(within(screen.getByRole('list', { name: 'Values of Colour' })).getAllByRole('listitem')).toHaveLength(1);
  });

  it('leaves a row out ("Not sold") and brings it back', () => {
    render(<Editor />);
    typeOption(0, 'Storage', ['128 GB', '256 GB']);
    const sold = screen.getByRole('checkbox', { name: 'On sale: 256 GB' });
    fireEvent.click(sold);
    expect(screen.getByText('Not sold')).toBeTruthy();
    expect((screen.getByLabelText('Price (K) of 256 GB') as HTMLInputElement).disabled).toBe(true);
    fireEvent.click(sold);
    expect(screen.queryByText('Not sold')).toBeNull();
  });
});

const categories: AdminCategory[] = [
  { id: 1, slug: 'phones', name: 'Mobile Phones', position: 1, hidden: false, productCount: 0, oldSlugs: [] },
];

interface Call {
  method: string;
  url: string;
  body: unknown;
}

/** fetch answering the admin's calls; `variants` answers PUT …/variants (the default: what was sent, saved). */
function stubApi(options: { variants?: (body: unknown) => Response; get?: AdminProductVariants } = {}) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      const body = init?.body ? JSON.parse(String(init.body)) : undefined;
      calls.push({ method, url, body });
      if (url === '/api/admin/categories') return Response.json({ categories });
      if (url === '/api/categories') return Response.json({ categories: [{ slug: 'phones', name: 'Mobile Phones' }] });
      if (url.includes('/activity')) return Response.json({ items: [], total: 0, page: 1, pageSize: 25 });
      if (url === '/api/admin/products' && method === 'POST') {
        return Response.json(
          { product: adminProduct({ id: 99, name: body.name, price: body.price }) },
          { status: 201 },
        );
      }
      if (/\/variants$/.test(url) && method === 'PUT') {
        return options.variants?.(body) ?? Response.json({ options: body.options, variants: [] });
      }
      if (/\/variants$/.test(url)) return Response.json(options.get ?? { options: [], variants: [] });
      if (/\/api\/admin\/products\/\d+$/.test(url) && method === 'PUT') {
        return Response.json({ product: adminProduct({ version: 2 }), message: 'Product updated.' });
      }
      return Response.json({ error: { code: 'NOT_FOUND', message: 'Not found' } }, { status: 404 });
    }),
  );
  return calls;
}

function adminProduct(overrides: Partial<AdminProduct> = {}): AdminProduct {
  return {
    id: 12,
    sku: 'BLM-000012',
    name: 'Galaxy A55',
    description: 'A phone with a good camera.',
    category: 'phones',
    price: 120_000,
    originalPrice: null,
    discountPercentage: 0,
    condition: 'New',
    status: 'active',
    stock: 8,
    isHot: false,
    isAuction: false,
    isTopPick: false,
    isExclusive: false,
    isMembership: false,
    image: '/images/products/a55.svg',
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
  } as AdminProduct;
}

function renderWithClient(ui: React.ReactNode) {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter>{ui}</MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('/product-entry with options', () => {
  function fillProduct() {
    fireEvent.change(screen.getByLabelText('Product Name'), { target: { value: 'Galaxy A55' } });
    fireEvent.change(screen.getByLabelText('Description'), { target: { value: 'A phone with a good camera.' } });
    fireEvent.change(screen.getByLabelText('Main Image URL'), { target: { value: '/images/products/a55.svg' } });
    fireEvent.change(screen.getByLabelText('Category'), { target: { value: 'phones' } });
    typeOption(0, 'Storage', ['128 GB', '256 GB']);
    typeOption(1, 'Colour', ['Black', 'Blue']);
    for (const [label, price] of [
      ['128 GB / Black', '1200'],
      ['128 GB / Blue', '1200'],
      ['256 GB / Black', '1500'],
      ['256 GB / Blue', '1550'],
    ] as const) {
      fireEvent.change(screen.getByLabelText(`Price (K) of ${label}`), { target: { value: price } });
      fireEvent.change(screen.getByLabelText(`Stock on hand of ${label}`), { target: { value: '2' } });
    }
    fireEvent.click(screen.getByRole('checkbox', { name: 'On sale: 256 GB / Blue' }));
  }

  it('adds the product, then sends its variants; a row left out is not sent', async () => {
    const calls = stubApi();
    renderWithClient(<ProductEntryPage />);
    await screen.findByRole('option', { name: 'Mobile Phones' });
    fillProduct();
    // The product's own price, stock and SKU give way to the note.
    expect(screen.queryByLabelText('Stock on hand')).toBeNull();
    expect(screen.getByText(/Price, stock and SKU are set for each variant/)).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Add Product' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'PUT')).toBe(true));
    const writes = calls.filter((call) => call.method !== 'GET');
    expect(writes.map((call) => `${call.method} ${call.url}`)).toEqual([
      'POST /api/admin/products',
      'PUT /api/admin/products/99/variants',
    ]);
    // Added with the cheapest variant's price and nothing on hand: the variants set the rest.
    expect(writes[0]!.body).toMatchObject({ name: 'Galaxy A55', price: 120_000, stock: 0 });
    const sent = writes[1]!.body as { options: unknown; variants: { values: string[]; price: number }[] };
    expect(sent.options).toEqual([
      { name: 'Storage', values: ['128 GB', '256 GB'] },
      { name: 'Colour', values: ['Black', 'Blue'] },
    ]);
    expect(sent.variants.map((variant) => [variant.values.join(' / '), variant.price])).toEqual([
      ['128 GB / Black', 120_000],
      ['128 GB / Blue', 120_000],
      ['256 GB / Black', 150_000],
    ]);
    await screen.findByText(/Product added successfully/);
  });

  it('opens the product’s edit dialog on the options when their save fails, the error on its row', async () => {
    const calls = stubApi({
      variants: () =>
        Response.json(
          {
            error: {
              code: 'CONFLICT',
              message: 'The SKU A55-BLUE is already used by another product or variant.',
              issues: [
                { path: 'variants.1.sku', message: 'The SKU A55-BLUE is already used by another product or variant.' },
              ],
            },
          },
          { status: 409 },
        ),
    });
    renderWithClient(<ProductEntryPage />);
    await screen.findByRole('option', { name: 'Mobile Phones' });
    fillProduct();
    fireEvent.change(screen.getByLabelText('SKU of 128 GB / Blue'), { target: { value: 'a55-blue' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add Product' }));

    const dialog = await screen.findByRole('dialog', { name: 'Edit Product: Galaxy A55' });
    expect(within(dialog).getAllByRole('alert')[0]!.textContent).toMatch(/The product was added, but its options/);
    const sku = within(dialog).getByLabelText('SKU of 128 GB / Blue') as HTMLInputElement;
    expect(sku.value).toBe('a55-blue');
    expect(sku.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(sku.getAttribute('aria-describedby')!)?.textContent).toBe(
      'The SKU A55-BLUE is already used by another product or variant.',
    );
    // The other rows carry no error, and the left-out one stays left out.
    expect(within(dialog).getByLabelText('SKU of 128 GB / Black').getAttribute('aria-invalid')).toBeNull();
    expect((within(dialog).getByRole('checkbox', { name: 'On sale: 256 GB / Blue' }) as HTMLInputElement).checked).toBe(
      false,
    );
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(1);
  });
});

describe('the edit dialog’s options', () => {
  const galaxy: AdminProductVariants = {
    options: [
      { name: 'Storage', values: ['128 GB', '256 GB'] },
      { name: 'Colour', values: ['Black', 'Blue'] },
    ],
    variants: [
      ['128 GB', 'Black', 120_000],
      ['128 GB', 'Blue', 120_000],
      ['256 GB', 'Black', 150_000],
      ['256 GB', 'Blue', 155_000],
    ].map(([storage, colour, price], index) => ({
      id: index + 1,
      values: [String(storage), String(colour)],
      sku: `A55-${index + 1}`,
      price: Number(price),
      originalPrice: null,
      stock: 2,
      lowStockThreshold: 1,
      image: null,
    })),
  };

  it('shows the saved variants, saves the product then its changed variants, and puts a refusal on its row', async () => {
    const calls = stubApi({
      get: galaxy,
      variants: () =>
        Response.json(
          {
            error: {
              code: 'VALIDATION',
              message: 'Price must be greater than 0.',
              issues: [{ path: 'variants.2.price', message: 'Price must be greater than 0.' }],
            },
          },
          { status: 400 },
        ),
    });
    const onClose = vi.fn();
    renderWithClient(<EditProductDialog product={adminProduct()} onClose={onClose} />);
    const price = (await screen.findByLabelText('Price (K) of 256 GB / Black')) as HTMLInputElement;
    expect(price.value).toBe('1500.00');
    expect(screen.queryByLabelText('Current Price (K)')).toBeNull();
    expect(screen.getByText(/the cheapest variant’s price \(K1,200.00\)/)).toBeTruthy();

    fireEvent.change(price, { target: { value: '1450' } });
    fireEvent.change(screen.getByLabelText('Stock on hand of 256 GB / Black'), { target: { value: '5' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));

    await waitFor(() => expect(price.getAttribute('aria-invalid')).toBe('true'));
    const writes = calls.filter((call) => call.method === 'PUT');
    expect(writes.map((call) => call.url)).toEqual(['/api/admin/products/12', '/api/admin/products/12/variants']);
    // The product's stock is its variants': no change sent for it.
    expect(writes[0]!.body).toMatchObject({ stockChange: 0, version: 1 });
    expect((writes[1]!.body as { variants: unknown[] }).variants[2]).toEqual({
      id: 3,
      values: ['256 GB', 'Black'],
      sku: 'A55-3',
      price: 145_000,
      originalPrice: null,
      stock: 5,
      stockShown: 2,
      lowStockThreshold: 1,
      image: null,
    });
    expect(screen.getByLabelText('Price (K) of 128 GB / Black').getAttribute('aria-invalid')).toBeNull();
    expect(onClose).not.toHaveBeenCalled();

    // Saved again: the product's new version is sent.
    fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(calls.filter((call) => call.method === 'PUT')).toHaveLength(4));
    expect(calls.filter((call) => call.method === 'PUT')[2]!.body).toMatchObject({ version: 2 });
  });

  it('does not send the variants when only the product changed', async () => {
    const calls = stubApi({ get: galaxy });
    const onClose = vi.fn();
    renderWithClient(<EditProductDialog product={adminProduct()} onClose={onClose} />);
    await screen.findByLabelText('Price (K) of 256 GB / Black');
    fireEvent.change(screen.getByLabelText('Product Name'), { target: { value: 'Galaxy A55 5G' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(calls.filter((call) => call.method === 'PUT').map((call) => call.url)).toEqual(['/api/admin/products/12']);
  });
});
