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
