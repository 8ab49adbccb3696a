import { type AdminCategory, categoryMessages } from '@bilum/shared';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { toast } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../lib/query-client';
import CategoriesPage, { movedOrder } from './CategoriesPage';

vi.mock('sonner', () => ({ toast: { error: vi.fn(), success: vi.fn() } }));

const category = (id: number, name: string, overrides: Partial<AdminCategory> = {}): AdminCategory => ({
  id,
  slug: name.toLowerCase(),
  name,
  position: id,
  hidden: false,
  productCount: 0,
  oldSlugs: [],
  ...overrides,
});

const seeded = () => [
  category(1, 'Phones', { productCount: 62 }),
  category(2, 'Computers', { productCount: 61 }),
  category(3, 'Cameras', { productCount: 1 }),
  category(4, 'Vehicles', { hidden: true }),
];

const conflict = (message: string, issues?: { path: string; message: string }[]) =>
  Response.json({ error: { code: 'CONFLICT', message, ...(issues ? { issues } : {}) } }, { status: 409 });

/**
 * A small stand-in for /api/admin/categories that keeps its categories between calls, as the server does, and
 * records every write (method, path, body).
 */
function renderPage(categories = seeded()) {
  let rows = categories;
  const writes: { method: string; path: string; body: unknown }[] = [];
  const fetch = vi.fn(async (url: string, init?: RequestInit) => {
    const path = new URL(url, 'http://shop.test').pathname;
    const method = init?.method ?? 'GET';
    const body: unknown = init?.body ? JSON.parse(String(init.body)) : undefined;
    if (method === 'GET') return Response.json({ categories: rows });
    writes.push({ method, path, body });
    const id = Number(/\/admin\/categories\/(\d+)/.exec(path)?.[1]);
    const row = rows.find((c) => c.id === id);
    if (method === 'POST') {
      const { name, slug } = body as { name: string; slug?: string };
      if (slug === 'phones')
        return conflict(categoryMessages.slugTaken(slug), [
          { path: 'slug', message: categoryMessages.slugTaken(slug) },
        ]);
      const added = category(rows.length + 1, name, { slug: slug ?? name.toLowerCase().replace(/ /g, '-') });
      rows = [...rows, added];
      return Response.json({ category: added, message: categoryMessages.added }, { status: 201 });
    }
    if (method === 'PUT' && path.endsWith('/order')) {
      const { ids } = body as { ids: number[] };
      rows = ids.map((orderId, index) => ({ ...rows.find((c) => c.id === orderId)!, position: index + 1 }));
      return Response.json({ categories: rows, message: categoryMessages.reordered });
    }
    if (method === 'PUT' && row) {
      const changed = { ...row, hidden: (body as { hidden: boolean }).hidden };
      rows = rows.map((c) => (c.id === id ? changed : c));
      return Response.json({
        category: changed,
        message: changed.hidden ? categoryMessages.hidden : categoryMessages.shown,
      });
    }
    if (method === 'PATCH' && row) {
      const change = body as { name?: string; slug?: string };
      const changed = {
        ...row,
        ...change,
        oldSlugs: change.slug ? [...row.oldSlugs, row.slug] : row.oldSlugs,
      };
      rows = rows.map((c) => (c.id === id ? changed : c));
      return Response.json({ category: changed, message: categoryMessages.saved });
    }
    if (method === 'DELETE' && row) {
      if (row.productCount > 0) return conflict(categoryMessages.inUse(row.name, row.productCount));
      rows = rows.filter((c) => c.id !== id);
      return Response.json({ message: categoryMessages.deleted });
    }
    throw new Error(`no answer for ${method} ${path}`);
  });
  vi.stubGlobal('fetch', fetch);
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter>
        <CategoriesPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return writes;
}

/** The names in the list, first to last. */
async function listedNames() {
  const list = await screen.findByRole('list', { name: 'Categories' });
  return within(list)
    .getAllByRole('listitem')
    .map((item) => within(item).getByTestId('category-name').textContent);
}

function rowOf(name: string): HTMLElement {
  const row = within(screen.getByRole('list', { name: 'Categories' }))
    .getAllByRole('listitem')
    .find((item) => item.textContent?.includes(name));
  if (!row) throw new Error(`no row for ${name}`);
  return row;
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

describe('/categories (issue 30)', () => {
  it('lists the categories in order with their address, product count and a Hidden badge', async () => {
    renderPage();
    expect(await listedNames()).toEqual(['Phones', 'Computers', 'Cameras', 'Vehicles']);
    expect(rowOf('Phones').textContent).toContain('phones');
    expect(rowOf('Phones').textContent).toContain('62 products');
    expect(rowOf('Cameras').textContent).toContain('1 product');
    expect(within(rowOf('Vehicles')).getByText('Hidden')).toBeTruthy();
    expect(within(rowOf('Vehicles')).getByText('No products')).toBeTruthy();
    expect(within(rowOf('Phones')).queryByText('Hidden')).toBeNull();
    // The first cannot go up, the last cannot go down.
    expect((screen.getByRole('button', { name: 'Move Phones up' }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Move Vehicles down' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByRole('button', { name: 'Show Vehicles' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Hide Phones' })).toBeTruthy();
  });

  it('adds a category: the address the name gives as a hint, the form’s and the server’s errors on their fields', async () => {
    const writes = renderPage();
    await listedNames();
    const name = screen.getByLabelText('Name');
    const address = screen.getByLabelText('Address (optional)');

    fireEvent.click(screen.getByRole('button', { name: 'Add category' }));
    expect(await screen.findByText(categoryMessages.nameRequired)).toBeTruthy();
    expect(name.getAttribute('aria-invalid')).toBe('true');

    fireEvent.change(name, { target: { value: 'Solar Lights' } });
    expect(await screen.findByText(/Leave it empty to use “solar-lights”/)).toBeTruthy();
    expect(address.getAttribute('placeholder')).toBe('solar-lights');

    fireEvent.change(address, { target: { value: 'Solar Lights' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add category' }));
    expect(await screen.findByText(categoryMessages.slug)).toBeTruthy();
    expect(writes).toEqual([]);

    // The server's own refusal lands on the address.
    fireEvent.change(address, { target: { value: 'phones' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add category' }));
    expect(await screen.findByText(categoryMessages.slugTaken('phones'))).toBeTruthy();
    expect(address.getAttribute('aria-invalid')).toBe('true');

    fireEvent.change(address, { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add category' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(categoryMessages.added));
    expect(writes.at(-1)).toEqual({ method: 'POST', path: '/api/admin/categories', body: { name: 'Solar Lights' } });
    await waitFor(async () =>
      expect(await listedNames()).toEqual(['Phones', 'Computers', 'Cameras', 'Vehicles', 'Solar Lights']),
    );
    expect(rowOf('Solar Lights').textContent).toContain('solar-lights');
    // The form is empty again for the next one.
    expect((name as HTMLInputElement).value).toBe('');
  });

  it('moves a category up, sending every id in the new order', async () => {
    const writes = renderPage();
    await listedNames();
    fireEvent.click(screen.getByRole('button', { name: 'Move Cameras up' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(categoryMessages.reordered, expect.anything()));
    expect(writes).toEqual([{ method: 'PUT', path: '/api/admin/categories/order', body: { ids: [1, 3, 2, 4] } }]);
    expect(await listedNames()).toEqual(['Phones', 'Cameras', 'Computers', 'Vehicles']);

    fireEvent.click(screen.getByRole('button', { name: 'Move Phones down' }));
    await waitFor(() => expect(writes.at(-1)?.body).toEqual({ ids: [3, 1, 2, 4] }));
    await waitFor(async () => expect(await listedNames()).toEqual(['Cameras', 'Phones', 'Computers', 'Vehicles']));
  });

  it('hides a category and shows it again', async () => {
    const writes = renderPage();
    await listedNames();
    fireEvent.click(screen.getByRole('button', { name: 'Hide Computers' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(categoryMessages.hidden));
    expect(writes).toEqual([{ method: 'PUT', path: '/api/admin/categories/2/visibility', body: { hidden: true } }]);
    expect(within(rowOf('Computers')).getByText('Hidden')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Show Computers' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(categoryMessages.shown));
    expect(writes.at(-1)).toEqual({
      method: 'PUT',
      path: '/api/admin/categories/2/visibility',
      body: { hidden: false },
    });
    await waitFor(() => expect(within(rowOf('Computers')).queryByText('Hidden')).toBeNull());
  });

  it('asks before deleting, and shows the server’s 409 for a category in use, removing nothing', async () => {
    const writes = renderPage();
    await listedNames();
    fireEvent.click(screen.getByRole('button', { name: 'Delete Phones' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete category?' });
    expect(writes).toEqual([]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));

    await waitFor(() => expect(toast.error).toHaveBeenCalledWith(categoryMessages.inUse('Phones', 62)));
    expect(toast.success).not.toHaveBeenCalled();
    expect(writes).toEqual([{ method: 'DELETE', path: '/api/admin/categories/1', body: undefined }]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await listedNames()).toEqual(['Phones', 'Computers', 'Cameras', 'Vehicles']);

    // One without products goes.
    fireEvent.click(screen.getByRole('button', { name: 'Delete Vehicles' }));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(categoryMessages.deleted));
    await waitFor(async () => expect(await listedNames()).toEqual(['Phones', 'Computers', 'Cameras']));
  });

  it('renames a category by its name only, sending just the name', async () => {
    const writes = renderPage();
    await listedNames();
    fireEvent.click(screen.getByRole('button', { name: 'Rename Phones' }));
    const dialog = screen.getByRole('dialog', { name: 'Rename Phones' });

    // Nothing changed: said, nothing sent.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText(categoryMessages.nothingToChange)).toBeTruthy();
    expect(writes).toEqual([]);

    fireEvent.change(within(dialog).getByLabelText('Name'), { target: { value: ' Mobile phones ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(categoryMessages.saved));
    expect(writes).toEqual([{ method: 'PATCH', path: '/api/admin/categories/1', body: { name: 'Mobile phones' } }]);
    expect(await listedNames()).toEqual(['Mobile phones', 'Computers', 'Cameras', 'Vehicles']);
  });

  it('renames the address of a category with products too (its products follow; the old address leads there)', async () => {
    const writes = renderPage();
    await listedNames();
    fireEvent.click(screen.getByRole('button', { name: 'Rename Phones' }));
    const dialog = screen.getByRole('dialog', { name: 'Rename Phones' });
    const address = within(dialog).getByLabelText('Address') as HTMLInputElement;
    expect(address.readOnly).toBe(false);
    fireEvent.change(address, { target: { value: 'mobile-phones' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(categoryMessages.saved));
    expect(writes).toEqual([{ method: 'PATCH', path: '/api/admin/categories/1', body: { slug: 'mobile-phones' } }]);
    await waitFor(() => expect(rowOf('Phones').textContent).toContain('Old addresses leading here: phones'));
  });

  it('renames a category without products by its address too, the old one still listed as leading there', async () => {
    const writes = renderPage();
    await listedNames();
    fireEvent.click(screen.getByRole('button', { name: 'Rename Vehicles' }));
    const dialog = screen.getByRole('dialog', { name: 'Rename Vehicles' });
    const address = within(dialog).getByLabelText('Address') as HTMLInputElement;
    expect(address.readOnly).toBe(false);
    fireEvent.change(address, { target: { value: 'Trucks!' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText(categoryMessages.slug)).toBeTruthy();

    fireEvent.change(address, { target: { value: 'trucks' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(categoryMessages.saved));
    expect(writes).toEqual([{ method: 'PATCH', path: '/api/admin/categories/4', body: { slug: 'trucks' } }]);
    await waitFor(() => expect(rowOf('Vehicles').textContent).toContain('Old addresses leading here: vehicles'));
  });
});

describe('movedOrder', () => {
  it('swaps a category with its neighbour and leaves the ends alone', () => {
    expect(movedOrder([1, 2, 3], 3, 'up')).toEqual([1, 3, 2]);
    expect(movedOrder([1, 2, 3], 1, 'down')).toEqual([2, 1, 3]);
    expect(movedOrder([1, 2, 3], 1, 'up')).toEqual([1, 2, 3]);
    expect(movedOrder([1, 2, 3], 3, 'down')).toEqual([1, 2, 3]);
  });
});
