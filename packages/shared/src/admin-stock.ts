/** Stock on hand in the admin (issue 18): levels, the movement log's reasons, and the texts. */

/** The most units one product may have on hand, and one change may add or take: bounded input, never an overflow. */
export const MAX_STOCK = 1_000_000;
/** A new product's "Low stock" threshold unless the admin sets another. */
export const DEFAULT_LOW_STOCK_THRESHOLD = 3;

export const stockLevels = ['in', 'low', 'out'] as const;
export type StockLevel = (typeof stockLevels)[number];
export const stockLevelLabels: Record<StockLevel, string> = {
  in: 'In stock',
  low: 'Low stock',
  out: 'Out of stock',
};

/** Out of stock with none on hand; low at or below the product's threshold; the membership is never either. */
export function stockLevel(product: { stock: number; lowStockThreshold: number; isMembership: boolean }): StockLevel {
  if (product.isMembership) return 'in';
  if (product.stock <= 0) return 'out';
  return product.stock <= product.lowStockThreshold ? 'low' : 'in';
}

/**
 * A product's level in the inventory (issue 30, decision 042): out with none on hand; low when any of its live
 * variants is at or below its own threshold (a product whose 256 GB Black has 1 left is low, and so is one with a
 * variant sold out while others have units); otherwise in. Without variants (a product without options) the
 * product's own figures, as `stockLevel`.
 */
export function productStockLevel(
  product: { stock: number; lowStockThreshold: number; isMembership: boolean },
  variants: readonly { stock: number; lowStockThreshold: number }[],
): StockLevel {
  if (product.isMembership || variants.length === 0) return stockLevel(product);
  if (product.stock <= 0) return 'out';
  return variants.some((variant) => variant.stock <= variant.lowStockThreshold) ? 'low' : 'in';
}

/** Also the values of `stock_movements.reason` (apps/api/src/db/schema/stock.ts). */
export const stockMovementReasons = [
  'created',
  'admin-edit',
  'restock',
  'order-placed',
  'order-paid',
  'order-cancelled',
  'hold-expired',
  'order-released',
  'order-refunded',
  'import',
  'migration',
] as const;
export type StockMovementReason = (typeof stockMovementReasons)[number];

export const stockMovementLabels: Record<StockMovementReason, string> = {
  created: 'Product added',
  'admin-edit': 'Edited by admin',
  restock: 'Restocked',
  'order-placed': 'Held by a checkout',
  'order-paid': 'Order paid (sold)',
  'order-cancelled': 'Order cancelled (returned)',
  'hold-expired': 'Unpaid hold expired (returned)',
  'order-released': 'Order released (returned)',
  'order-refunded': 'Refunded units returned',
  import: 'CSV import',
  migration: 'Data migration',
};

/**
 * Why an admin's "Restock" adds units (issue 30): the reasons a shop owner gives, one required with each restock;
 * also the values of `stock_movements.restock_reason` (null on every other movement). Restocks recorded before
 * the reason was asked read "other".
 */
export const restockReasons = ['supplier-delivery', 'customer-return', 'count-correction', 'other'] as const;
export type RestockReason = (typeof restockReasons)[number];

export const restockReasonLabels: Record<RestockReason, string> = {
  'supplier-delivery': 'Delivery from supplier',
  'customer-return': 'Returned by customer',
  'count-correction': 'Stock count correction',
  other: 'Other',
};

/** The longest note a restock may carry (the supplier, an invoice number, a few words). */
export const MAX_RESTOCK_NOTE = 500;

export const stockMessages = {
  stockRequired: 'Stock on hand is required: a whole number, 0 or more.',
  stockRange: `Stock on hand must be a whole number from 0 to ${MAX_STOCK.toLocaleString('en-US')}.`,
  threshold: `Low-stock threshold must be a whole number from 0 to ${MAX_STOCK.toLocaleString('en-US')}.`,
  restockQuantity: `Restock by a whole number of units from 1 to ${MAX_STOCK.toLocaleString('en-US')}.`,
  restockReason: 'Choose why the units are added: a delivery, a return, a count correction or other.',
  restockNoteTooLong: `The note can be at most ${MAX_RESTOCK_NOTE} characters; keep it to the supplier and invoice number.`,
  tooMuch: `A product can hold at most ${MAX_STOCK.toLocaleString('en-US')} units.`,
  belowZero: (available: number) => `Only ${available} on hand: stock cannot go below 0.`,
  staleEdit: 'This product was changed by someone else; reload to see the change.',
  statusSoldDerived: 'Status must be Active or Inactive: "Sold" follows the stock (0 on hand).',
  restocked: (name: string, stock: number) => `${name} restocked: ${stock} on hand.`,
  /** Issue 30: restocking a product with options names one of its variants. */
  variantRequired: 'Choose which variant to restock: this product has options.',
  variantNotOfProduct: 'This variant is not one of this product’s (or was removed); reload the inventory.',
} as const;
