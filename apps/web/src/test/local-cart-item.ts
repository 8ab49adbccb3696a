import type { LocalCartItem } from '../lib/local-cart-item';

/** For tests: a cart line as the app keeps it in browser storage, for product `productId` (K100.00 unless given). */
export function localCartItem(
  productId: number,
  quantity: number,
  overrides: Partial<LocalCartItem> & { cart_item_id?: number } = {},
): LocalCartItem {
  return {
    id: productId,
    product_id: productId,
    product_name: `Product ${productId}`,
    price: 10_000,
    originalPrice: null,
    isMemberPrice: false,
    description: '',
    condition: 'New',
    category: 'phones',
    image: null,
    isMembership: false,
    quantity,
    ...overrides,
  };
}
