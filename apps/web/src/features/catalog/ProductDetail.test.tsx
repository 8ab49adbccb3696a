import { type Product, signedOutSession } from '@bilum/shared';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type CategoriesAnswer, categoriesKey } from '../../lib/categories';
import { createQueryClient } from '../../lib/query-client';
import { sessionKey } from '../../lib/session';
import { catalogPaths } from './catalog-paths';
import { ProductDetail } from './ProductDetail';
import { testProduct } from './test-product';

/** Markup and SQL saved by the admin in a product (security suite, issue 10): shown as text, never run. */
const description = `<script>window.__xss = 1</script><img src=x onerror="window.__xss = 2"> Robert'); DROP TABLE products; --`;
const name = '<svg onload="window.__xss = 3">Kettle</svg>';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  delete (window as { __xss?: number }).__xss;
});

describe('ProductDetail with markup in the product', () => {
  it('shows the name and description as text: no script, image or svg element is made', () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json({ items: [] })),
    );
    const client = createQueryClient();
    client.setQueryData(sessionKey, signedOutSession);
    const product: Product = { ...testProduct, name, description, image: null, galleryImages: [] };
    const { container } = render(
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={[`/index-item/${product.id}`]}>
          <ProductDetail product={product} audience="guest" paths={catalogPaths('guest', false)} />
        </MemoryRouter>
      </QueryClientProvider>,
    );

    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(name);
    expect(screen.getByText(description).textContent).toBe(description);
    expect(container.querySelector('script')).toBeNull();
    expect(container.querySelector('img[src="x"], img[onerror]')).toBeNull();
    expect(container.querySelector('svg[onload]')).toBeNull();
    expect(container.innerHTML).toContain('&lt;script&gt;');
    expect((window as { __xss?: number }).__xss).toBeUndefined();
  });
});

describe('ProductDetail’s category', () => {
  function renderDetail(product: Product) {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json({ items: [] })),
    );
    const client = createQueryClient();
    client.setQueryData(sessionKey, signedOutSession);
    client.setQueryData(categoriesKey, {
      categories: [{ slug: 'phones', name: 'Mobile Phones', position: 1 }],
    } satisfies CategoriesAnswer);
    render(
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={[`/index-item/${product.id}`]}>
          <ProductDetail product={product} audience="guest" paths={catalogPaths('guest', false)} />
        </MemoryRouter>
      </QueryClientProvider>,
    );
  }

  it('names a visible category from the categories table and links its page', () => {
    renderDetail(testProduct);
    expect(screen.getByRole('link', { name: 'Mobile Phones' }).getAttribute('href')).toBe('/category/phones');
  });

  it('links "All Products" for a hidden category (its page is not found), while the product stays on sale', () => {
    renderDetail({ ...testProduct, category: 'vehicles' });
    expect(screen.getByRole('link', { name: 'All Products' }).getAttribute('href')).toBe('/category/all');
    expect(screen.queryByRole('link', { name: /vehicles/i })).toBeNull();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('itel A70');
  });
});
