import type { Page } from '@playwright/test';

/** The raw text the page keeps in browser storage (the journeys run in Node, so the page evaluates a string). */
export function readStorage(page: Page, storage: 'localStorage' | 'sessionStorage', key: string) {
  return page.evaluate<string | null>(`${storage}.getItem(${JSON.stringify(key)})`);
}

/** The same value, parsed when it is JSON. */
export async function readStorageJson(
  page: Page,
  storage: 'localStorage' | 'sessionStorage',
  key: string,
): Promise<unknown> {
  const text = await readStorage(page, storage, key);
  try {
    return JSON.parse(text ?? 'null');
  } catch {
    return text;
  }
}

/** What checkout is buying: the attempt the checkout pages make from the cart or Buy It Now hand-off. */
export async function readCheckoutSelection(page: Page) {
  const attempt = (await readStorageJson(page, 'sessionStorage', 'checkoutAttempt')) as {
    selection: { kind: string; lines: { productId: number; quantity: number }[] };
  } | null;
  return attempt?.selection ?? null;
}

/**
 * A guest-cart line as an earlier visit left it in the browser's storage (the app's `guestCartItems`), with the
 * price of that day (the product's own unless given).
 */
export function savedCartItem(
  product: { id: number; name: string; price: number; category?: string; isMembership?: boolean },
  price = product.price,
) {
  return {
    id: product.id,
    product_id: product.id,
    product_name: product.name,
    price,
    originalPrice: null,
    isMemberPrice: false,
    description: '',
    condition: 'New',
    category: product.category ?? 'phones',
    image: null,
    isMembership: product.isMembership ?? false,
    quantity: 1,
  };
}
