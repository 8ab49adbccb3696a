import type { ProductListItem, ProductListPage } from '@bilum/shared';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ProductPages } from './catalog.api';
import { PagedProductList, type ProductPagesQuery } from './PagedProductList';
import { testProduct } from './test-product';

const item = (id: number, extra: Partial<ProductListItem> = {}): ProductListItem => ({
  ...testProduct,
  id,
  name: `Phone ${id}`,
  memberPrice: null,
  priceFrom: null,
  ...extra,
});

function pagesOf(total: number, pageSize: number, loaded: number): ProductPages {
  const pageCount = Math.ceil(total / pageSize);
  const pages: ProductListPage[] = Array.from({ length: loaded }, (_, index) => ({
    items: Array.from({ length: Math.min(pageSize, total - index * pageSize) }, (_, at) =>
      item(index * pageSize + at + 1),
    ),
    total,
    page: index + 1,
    pageSize,
    pageCount,
  }));
  return { pages, pageParams: pages.map((page) => page.page) };
}

function queryFor(data: ProductPages | undefined, extra: Partial<ProductPagesQuery> = {}): ProductPagesQuery {
  const last = data?.pages.at(-1);
  return {
    data,
    isError: false,
    isFetchNextPageError: false,
    isFetchingNextPage: false,
    hasNextPage: last ? last.page < last.pageCount : false,
    fetchNextPage: vi.fn(async () => undefined),
    refetch: vi.fn(),
    ...extra,
  };
}

function show(query: ProductPagesQuery) {
  return render(
    <MemoryRouter>
      <PagedProductList query={query} detailBase="/index-item" empty={<p>Nothing here</p>} />
    </MemoryRouter>,
  );
}

/** A stand-in IntersectionObserver the test drives: `enter()` says the end of the list came near the screen. */
let observed: { callback: IntersectionObserverCallback; element: Element }[] = [];
class FakeObserver {
  constructor(private readonly callback: IntersectionObserverCallback) {}
  observe(element: Element) {
    observed.push({ callback: this.callback, element });
  }
  disconnect() {
    observed = observed.filter((entry) => entry.callback !== this.callback);
  }
}
function endComesNear() {
  act(() => {
    for (const { callback, element } of observed) {
      callback([{ isIntersecting: true, target: element } as IntersectionObserverEntry], {} as IntersectionObserver);
    }
  });
}
function scrolledTo(y: number) {
  Object.defineProperty(window, 'scrollY', { value: y, configurable: true });
}

beforeEach(() => {
  observed = [];
  vi.stubGlobal('IntersectionObserver', FakeObserver);
  scrolledTo(0);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  scrolledTo(0);
});

const cards = () => screen.getByRole('list', { name: 'Products' }).querySelectorAll('li');

describe('a paged storefront list', () => {
  it('shows the loaded pages, how many of the server’s total they are, and Show more while pages remain', () => {
    const query = queryFor(pagesOf(7, 3, 2));
    show(query);
    expect(cards()).toHaveLength(6);
    expect(screen.getByText('Showing 6 of 7 items')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Show more' }));
    expect(query.fetchNextPage).toHaveBeenCalledTimes(1);
  });

  it('has no Show more on the last page', () => {
    show(queryFor(pagesOf(7, 3, 3)));
    expect(cards()).toHaveLength(7);
    expect(screen.getByText('Showing 7 of 7 items')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Show more' })).toBeNull();
  });

  it('moves keyboard focus to the first product Show more added', () => {
    const query = queryFor(pagesOf(7, 3, 1));
    const view = show(query);
    fireEvent.click(screen.getByRole('button', { name: 'Show more' }));
    view.rerender(
      <MemoryRouter>
        <PagedProductList query={queryFor(pagesOf(7, 3, 2))} detailBase="/index-item" />
      </MemoryRouter>,
    );
    expect(document.activeElement?.textContent).toBe('Phone 4');
  });

  it('asks once for a page while one is loading, and says it is loading', () => {
    const query = queryFor(pagesOf(7, 3, 1), { isFetchingNextPage: true });
    show(query);
    const button = screen.getByRole('button', { name: 'Loading…' });
    expect(button.getAttribute('aria-busy')).toBe('true');
    fireEvent.click(button);
    expect(query.fetchNextPage).not.toHaveBeenCalled();
  });

  it('loads the next page by itself when the shopper scrolls near the end, not on a page merely opened', () => {
    const query = queryFor(pagesOf(7, 3, 1));
    show(query);
    endComesNear();
    expect(query.fetchNextPage).not.toHaveBeenCalled();
    scrolledTo(800);
    act(() => {
      window.dispatchEvent(new Event('scroll'));
    });
    expect(query.fetchNextPage).toHaveBeenCalledTimes(1);
  });

  it('does not load past the last page when the end comes into view', () => {
    const query = queryFor(pagesOf(7, 3, 3));
    show(query);
    scrolledTo(800);
    endComesNear();
    expect(query.fetchNextPage).not.toHaveBeenCalled();
  });

  it('offers a retry when the next page failed, and the empty state when nothing matches', () => {
    const query = queryFor(pagesOf(7, 3, 1), { isFetchNextPageError: true });
    show(query);
    expect(screen.getByRole('alert').textContent).toContain('Failed to load products');
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(query.fetchNextPage).toHaveBeenCalledTimes(1);
    cleanup();
    show(queryFor(pagesOf(0, 3, 1)));
    expect(screen.getByText('Nothing here')).toBeTruthy();
  });

  it('marks the last list as busy while the list a new filter asked for loads', () => {
    show(queryFor(pagesOf(7, 3, 1), { isPlaceholderData: true }));
    const busy = screen.getByRole('list', { name: 'Products' }).closest('[aria-busy]');
    expect(busy?.getAttribute('aria-busy')).toBe('true');
    cleanup();
    show(queryFor(pagesOf(7, 3, 1)));
    expect(screen.getByRole('list', { name: 'Products' }).closest('[aria-busy]')).toBeNull();
  });

  it('shows a product that moved between pages while loading once', () => {
    const data = pagesOf(6, 3, 2);
    data.pages[1]!.items[0] = item(3);
    show(queryFor(data));
    expect(cards()).toHaveLength(5);
  });
});

describe('a card in a member’s list', () => {
  it('shows the member price the server answered, with the regular price struck, as the product page does', () => {
    const data = pagesOf(1, 3, 1);
    data.pages[0]!.items[0] = item(31, { name: 'Samsung Galaxy A15', price: 74_900, memberPrice: 67_410 });
    show(queryFor(data));
    const card = cards()[0]!;
    expect(card.textContent).toContain('Member price');
    expect(card.textContent).toContain('K674.10');
    expect(card.querySelector('s')?.textContent).toBe('Regular price K749.00');
  });

  it('shows a guest the shelf price, and a sale’s original price struck', () => {
    const data = pagesOf(1, 3, 1);
    data.pages[0]!.items[0] = item(31, { price: 74_900, originalPrice: 89_900, discountPercentage: 17 });
    show(queryFor(data));
    const card = cards()[0]!;
    expect(card.textContent).not.toContain('Member price');
    expect(card.textContent).toContain('K749.00');
    expect(card.querySelector('s')?.textContent).toBe('was K899.00');
  });
});
