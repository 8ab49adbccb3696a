import { nameWithVariant } from '@bilum/shared';
import type { OrderItemRow } from '../../db/schema';

/**
 * An order line's name as every screen, document, e-mail, export and webhook shows it (issue 30, decision 042):
 * the product's name when the order was placed with its variant's label, "Galaxy A55 – 256 GB / Black"; the name
 * alone for a product without options (label ''), so those lines read as they always did.
 */
export function orderLineName(item: Pick<OrderItemRow, 'productName' | 'variantLabel'>): string {
  return nameWithVariant(item.productName, item.variantLabel);
}
