import { z } from 'zod';
import { MAX_STOCK, stockLevels, stockMessages, stockMovementReasons } from './admin-stock';
import { productSchema } from './catalog.schema';

/** Units on hand as the admin sets them: a whole number, 0 or more, bounded. */
export const stockOnHandField = z
  .number({ error: stockMessages.stockRequired })
  .int(stockMessages.stockRequired)
  .min(0, stockMessages.stockRequired)
  .max(MAX_STOCK, stockMessages.stockRange);

export const lowStockThresholdField = z
  .number({ error: stockMessages.threshold })
  .int(stockMessages.threshold)
  .min(0, stockMessages.threshold)
  .max(MAX_STOCK, stockMessages.threshold);

/** A product in the admin inventory: the storefront's fields and its stock figures. */
export const adminProductSchema = productSchema.extend({
  sku: z.string().describe('stock-keeping unit: unique, upper case'),
  version: z.number().int().describe('send back with an edit: an edit of an older version is refused'),
  lowStockThreshold: z.number().int(),
  held: z.number().int().describe('units held by unpaid checkouts'),
  sold: z.number().int().describe('units sold (paid orders not cancelled)'),
  stockLevel: z.enum(stockLevels),
});
export type AdminProduct = z.infer<typeof adminProductSchema>;

/** POST /api/admin/products/{id}/restock: add units (a relative change: checkouts meanwhile lose nothing). */
export const restockSchema = z.object({
  quantity: z
    .number({ error: stockMessages.restockQuantity })
    .int(stockMessages.restockQuantity)
    .min(1, stockMessages.restockQuantity)
    .max(MAX_STOCK, stockMessages.restockQuantity),
});
export type RestockInput = z.infer<typeof restockSchema>;

export const stockMovementSchema = z.object({
  id: z.number().int(),
  change: z.number().int(),
  stockBefore: z.number().int(),
  stockAfter: z.number().int(),
  reason: z.enum(stockMovementReasons),
  orderId: z.number().int().nullable(),
  actor: z.string(),
  at: z.string(),
});
export type StockMovement = z.infer<typeof stockMovementSchema>;

export const stockMovementsQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(200).default(50),
  /** Movements older than this id (the next page). */
  before: z.coerce.number().int().min(1).max(2_147_483_647).optional(),
});

export const stockMovementsResponseSchema = z.object({
  movements: z.array(stockMovementSchema),
  /** Pass as `before` for older movements; null when there are none. */
  nextBefore: z.number().int().nullable(),
});
export type StockMovementsResponse = z.infer<typeof stockMovementsResponseSchema>;
