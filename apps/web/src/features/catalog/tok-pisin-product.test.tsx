import type { I18n } from '@lingui/core';
import {
  catalogMessages,
  discountBadge,
  type Product,
  productMessages,
  savedListMessages,
  signedOutSession,
  unavailableLabel,
} from '@bilum/shared';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { englishMessages as en } from '../../i18n/all-catalogs';
import { activateLocale, createShopI18n } from '../../i18n/i18n';
import { LocaleProvider } from '../../i18n/react';
import { createQueryClient } from '../../lib/query-client';
import { sessionKey } from '../../lib/session';
import { catalogPaths } from './catalog-paths';
import { ProductCard } from './ProductCard';
import { ProductDetail } from './ProductDetail';
import { testProduct } from './test-product';

async function tokPisin(): Promise<I18n> {
  const i18n = createShopI18n();
  await activateLocale(i18n, 'tpi');
  return i18n;
}

function renderIn(i18n: I18n, children: ReactNode) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => Response.json({ items: [], categories: [] })),
  );
  const client = createQueryClient();
  client.setQueryData(sessionKey, signedOutSession);
  return render(
    <LocaleProvider i18n={i18n}>
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={['/index-item/6?lang=tpi']}>{children}</MemoryRouter>
      </QueryClientProvider>
    </LocaleProvider>,
  );
}

/** On sale: K299.00 instead of K399.00, "-25% OFF". */
const onSale: Product = { ...testProduct, originalPrice: 39_900, discountPercentage: 25 };

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the product page in Tok Pisin', () => {
  it('shows its buttons, labels and discount in Tok Pisin, with kina as in English', async () => {
    renderIn(
      await tokPisin(),
      <ProductDetail product={onSale} audience="guest" paths={catalogPaths('guest', false)} />,
    );
    expect(screen.getByRole('button', { name: 'Baim nau' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Putim long kat' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Salim long narapela' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go bek long stua' })).toBeTruthy();
    expect(screen.getByText('Kain')).toBeTruthy();
    expect(screen.getByText('-25% I GO DAUN')).toBeTruthy();
    expect(screen.getByText('Prais long kina, GST i insait pinis.')).toBeTruthy();
    expect(screen.getByText('K299.00')).toBeTruthy();
    expect(screen.queryByText('Buy It Now')).toBeNull();
    expect(screen.queryByText('Add to Cart')).toBeNull();
    expect(screen.queryByText('-25% OFF')).toBeNull();
    expect(screen.queryByText('Back to shop')).toBeNull();
  });

  it('marks a sold-out product “I PINIS!” on the page and on its card', async () => {
    const soldOut: Product = { ...testProduct, status: 'sold', stock: 0 };
    renderIn(
      await tokPisin(),
      <>
        <ProductDetail product={soldOut} audience="guest" paths={catalogPaths('guest', false)} />
        <ProductCard product={{ ...soldOut, memberPrice: null, priceFrom: null }} detailBase="/index-item" />
      </>,
    );
    expect(screen.getAllByText('I PINIS!')).toHaveLength(2);
    expect(screen.queryByText('SOLD OUT!')).toBeNull();
  });

  it('speaks English without a provider, in the shared texts’ words', () => {
    renderIn(
      createShopI18n(),
      <ProductDetail product={onSale} audience="guest" paths={catalogPaths('guest', false)} />,
    );
    expect(screen.getByRole('button', { name: 'Buy It Now' })).toBeTruthy();
    expect(screen.getByText(discountBadge(onSale)!)).toBeTruthy();
  });
});

describe('the English catalog and the shared texts the API and tests use', () => {
  it('hold the same words, so they cannot drift apart', () => {
    expect(en['product.soldOut']).toBe(catalogMessages.soldOut);
    expect(en['product.soldOut']).toBe(unavailableLabel({ ...testProduct, status: 'sold', stock: 0 }));
    expect(en['product.reserved']).toBe(catalogMessages.reserved);
    expect(en['product.reservedUntil'].replace('{time}', '3:00 pm')).toBe(catalogMessages.reservedUntil('3:00 pm'));
    expect(en['product.discount'].replace('{percent}', '25')).toBe(discountBadge(onSale));
    expect(en['product.noDescription']).toBe(catalogMessages.noDescription);
    expect(en['category.noProducts']).toBe(catalogMessages.noProducts);
    expect(en['category.resetFiltersAndSearch']).toBe(catalogMessages.resetFiltersAndSearch);
    expect(en['category.foundItems'].replace('{count}', '7')).toBe(catalogMessages.foundItems(7));
    expect(en['category.noItemsFound']).toBe(catalogMessages.noItemsFound);
    expect(en['list.failed']).toBe(catalogMessages.listFailed);
    expect(en['product.detailErrorTitle']).toBe(productMessages.detailErrorTitle);
    expect(en['product.missingId']).toBe(productMessages.missingId);
    expect(en['product.badFormat']).toBe(productMessages.badFormat);
    expect(en['product.loadFailed']).toBe(productMessages.notFound);
    expect(en['product.linkCopied']).toBe(productMessages.linkCopied);
    expect(en['product.shareFailed']).toBe(productMessages.shareFailed);
    expect(en['product.actionBlockedTitle']).toBe(productMessages.actionBlockedTitle);
    expect(en['product.actionBlocked']).toBe(productMessages.actionBlocked);
    expect(en['product.itemAlreadyInCart']).toBe(productMessages.alreadyInCart);
    expect(en['product.memberSaving'].replace('{percent}', '10')).toBe(productMessages.memberSaving(10));
    for (const key of ['title', 'empty', 'emptyHint', 'saved', 'removed', 'loadFailed', 'saveFailed'] as const) {
      expect(en[`list.saved.${key}`]).toBe(savedListMessages[key]);
    }
  });
});
