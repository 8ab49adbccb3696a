import { describe, expect, it } from 'vitest';
import {
  canonicalCategoryUrl,
  categoryTitle,
  discountBadge,
  filterProducts,
  inPriceBand,
  isSoldOut,
  productStatusFor,
  wrapIndex,
} from './catalog';
import { productGallery } from './catalog-detail';
import { listQueryFromSearch, sortProducts } from './catalog-query';

type Item = Parameters<typeof filterProducts>[0] extends readonly (infer T)[] | null | undefined ? T : never;
const item = (name: string, price: number, extra: Partial<Item> = {}): Item => ({
  name,
  description: '',
  category: 'phones',
  price,
  isHot: false,
  isAuction: false,
  isTopPick: false,
  ...extra,
});

describe('filterProducts', () => {
  const list = [
    item('Samsung Galaxy A15', 49_900, { description: 'Dual SIM' }),
    item('HP Laptop', 189_900, {
      category: 'computers',
      description: 'Works with Samsung monitors',
      isHot: true,
    }),
    item('Tecno Spark', 45_000, { isTopPick: true }),
  ];

  it('returns everything with no search text and category all', () => {
    expect(filterProducts(list, { category: 'all' })).toHaveLength(3);
  });

  it('matches search text case-insensitively in the name or the description', () => {
    expect(filterProducts(list, { q: 'SAMSUNG' }).map((p) => p.name)).toEqual(['Samsung Galaxy A15', 'HP Laptop']);
    expect(filterProducts(list, { q: 'dual sim' }).map((p) => p.name)).toEqual(['Samsung Galaxy A15']);
  });

  it('requires the category to be all or equal to the item’s', () => {
    expect(filterProducts(list, { q: 'samsung', category: 'phones' }).map((p) => p.name)).toEqual([
      'Samsung Galaxy A15',
    ]);
  });

  it('gives an empty result for an empty or missing list', () => {
    expect(filterProducts([], {})).toEqual([]);
    expect(filterProducts(null, {})).toEqual([]);
    expect(filterProducts(undefined, { q: 'x' })).toEqual([]);
  });

  it('applies the feature chips', () => {
    expect(filterProducts(list, { feature: 'hot-deals' }).map((p) => p.name)).toEqual(['HP Laptop']);
    expect(filterProducts(list, { feature: 'top-picks' }).map((p) => p.name)).toEqual(['Tecno Spark']);
    expect(filterProducts(list, { feature: 'auctions' })).toEqual([]);
  });
});

describe('inPriceBand', () => {
  it('puts K500 and K1,000 in the middle band and the toea either side outside it', () => {
    expect(inPriceBand(49_999, 'under-500')).toBe(true);
    expect(inPriceBand(50_000, 'under-500')).toBe(false);
    expect(inPriceBand(50_000, '500-1000')).toBe(true);
    expect(inPriceBand(100_000, '500-1000')).toBe(true);
    expect(inPriceBand(100_001, '500-1000')).toBe(false);
    expect(inPriceBand(100_001, 'over-1000')).toBe(true);
    expect(inPriceBand(100_000, 'over-1000')).toBe(false);
  });
});

describe('sortProducts', () => {
  const list = [item('b phone', 300), item('A phone', 100), item('c phone', 200)];
  it('sorts by price and by name both ways, and keeps the order by default', () => {
    expect(sortProducts(list, 'priceAsc').map((p) => p.price)).toEqual([100, 200, 300]);
    expect(sortProducts(list, 'priceDesc').map((p) => p.price)).toEqual([300, 200, 100]);
    expect(sortProducts(list, 'nameAsc').map((p) => p.name)).toEqual(['A phone', 'b phone', 'c phone']);
    expect(sortProducts(list, 'nameDesc').map((p) => p.name)).toEqual(['c phone', 'b phone', 'A phone']);
    expect(sortProducts(list, 'default')).toEqual(list);
  });
  it('does not change the list it was given', () => {
    sortProducts(list, 'priceAsc');
    expect(list.map((p) => p.price)).toEqual([300, 100, 200]);
  });
});

describe('discountBadge', () => {
  it('shows "-{n}% OFF" only when the original price is above the price, n worked out from the two', () => {
    expect(discountBadge({ price: 9000, originalPrice: 10000, discountPercentage: 10 })).toBe('-10% OFF');
    expect(discountBadge({ price: 9000, originalPrice: 10000, discountPercentage: 0 })).toBe('-10% OFF');
    expect(discountBadge({ price: 10000, originalPrice: 10000, discountPercentage: 10 })).toBeNull();
    expect(discountBadge({ price: 9000, originalPrice: null, discountPercentage: 10 })).toBeNull();
  });
});

describe('categoryTitle and isSoldOut', () => {
  it('capitalises words and turns hyphens into spaces, with All Products by default', () => {
    expect(categoryTitle('phones')).toBe('Phones');
    expect(categoryTitle('smart-home-gear')).toBe('Smart Home Gear');
    expect(categoryTitle(undefined)).toBe('All Products');
    expect(categoryTitle('all')).toBe('All Products');
  });
  it('treats a sold or stockless product as sold out, but never the membership', () => {
    expect(isSoldOut({ status: 'sold', stock: 3, isMembership: false })).toBe(true);
    expect(isSoldOut({ status: 'active', stock: 0, isMembership: false })).toBe(true);
    expect(isSoldOut({ status: 'active', stock: 0, isMembership: true })).toBe(false);
  });
  it('derives "sold" from the stock: no units on hand is sold unless hidden, and a restock puts it back on sale', () => {
    expect(productStatusFor({ status: 'active', stock: 0, isMembership: false })).toBe('sold');
    expect(productStatusFor({ status: 'active', stock: 4, isMembership: false })).toBe('active');
    expect(productStatusFor({ status: 'inactive', stock: 0, isMembership: false })).toBe('inactive');
    expect(productStatusFor({ status: 'inactive', stock: 9, isMembership: false })).toBe('inactive');
    expect(productStatusFor({ status: 'active', stock: 0, isMembership: true })).toBe('active');
  });
});

describe('productGallery', () => {
  it('puts the main image first and drops blanks, stray spaces and repeats', () => {
    expect(productGallery({ image: '/a.svg', galleryImages: ['/b.svg', '', '/a.svg', ' /c\n.svg'] })).toEqual([
      '/a.svg',
      '/b.svg',
      '/c.svg',
    ]);
    expect(productGallery({ image: null, galleryImages: [] })).toEqual([]);
  });
});

describe('wrapIndex', () => {
  it('goes round from the last to the first and from the first to the last', () => {
    expect(wrapIndex(4, 4)).toBe(0);
    expect(wrapIndex(-1, 4)).toBe(3);
    expect(wrapIndex(2, 4)).toBe(2);
    expect(wrapIndex(1, 0)).toBe(0);
  });
});

describe('listQueryFromSearch', () => {
  it('keeps the known filter values of a page address', () => {
    const params = new URLSearchParams('q=+samsung+&category=phones&price=under-500&feature=hot-deals&sort=priceAsc');
    expect(listQueryFromSearch(params)).toEqual({
      q: 'samsung',
      category: 'phones',
      price: 'under-500',
      feature: 'hot-deals',
      sort: 'priceAsc',
    });
  });

  it('ignores unknown values instead of failing', () => {
    expect(listQueryFromSearch(new URLSearchParams('category=not+a+slug!&price=cheap&sort=random&q='))).toEqual({});
  });

  it('keeps any category slug (the shop’s categories are the owner’s), in lower case', () => {
    expect(listQueryFromSearch(new URLSearchParams('category=Solar-Lights'))).toEqual({ category: 'solar-lights' });
  });
});

describe('canonicalCategoryUrl (issue 17: category addresses are case-insensitive)', () => {
  it('gives the lower-case address of a category written in other letters, keeping the query', () => {
    expect(canonicalCategoryUrl('/category/PHONES')).toBe('/category/phones');
    expect(canonicalCategoryUrl('/dashboard-category/Phones')).toBe('/dashboard-category/phones');
    expect(canonicalCategoryUrl('/Category/Cameras?sort=priceAsc&q=nikon')).toBe(
      '/category/cameras?sort=priceAsc&q=nikon',
    );
    expect(canonicalCategoryUrl('/category/ALL')).toBe('/category/all');
    expect(canonicalCategoryUrl('/category/phones/')).toBe('/category/phones');
  });

  it('gives the address a renamed category has now, keeping the letters’ fix and the query', () => {
    const moved = (slug: string) => (slug === 'generators' ? 'power-generators' : null);
    expect(canonicalCategoryUrl('/category/GENERATORS?sort=priceAsc', moved)).toBe(
      '/category/power-generators?sort=priceAsc',
    );
    expect(canonicalCategoryUrl('/dashboard-category/generators', moved)).toBe('/dashboard-category/power-generators');
    expect(canonicalCategoryUrl('/category/phones', moved)).toBeNull();
  });

  it('leaves canonical addresses, addresses that cannot be a category and other pages alone', () => {
    expect(canonicalCategoryUrl('/category/phones')).toBeNull();
    expect(canonicalCategoryUrl('/category/phones?sort=priceAsc')).toBeNull();
    expect(canonicalCategoryUrl('/category/Not%20a%20slug!')).toBeNull();
    expect(canonicalCategoryUrl('/category/%E0%A4%A')).toBeNull();
    expect(canonicalCategoryUrl('/item/PHONES')).toBeNull();
    expect(canonicalCategoryUrl('/category')).toBeNull();
  });
});
