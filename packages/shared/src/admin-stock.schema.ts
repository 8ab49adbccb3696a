import { z } from 'zod';
import {
  MAX_RESTOCK_NOTE,
  MAX_STOCK,
  restockReasons,
  stockLevels,
  stockMessages,
  stockMovementReasons,
} from './admin-stock';
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

const rowId = z.number().int().min(1).max(2_147_483_647);

/** One variant of a product with options as the inventory shows it (issue 30): its own stock, threshold and level. */
export const adminVariantStockSchema = z.object({
  id: z.number().int(),
  /** "256 GB / Black": its values in the options' order. */
  label: z.string(),
  sku: z.string(),
  stock: z.number().int(),
  lowStockThreshold: z.number().int(),
  held: z.number().int().describe('units of this variant held by unpaid checkouts'),
  sold: z.number().int().describe('units of this variant sold (paid orders not cancelled)'),
  stockLevel: z.enum(stockLevels).describe('by the variant’s own threshold'),
});
export type AdminVariantStock = z.infer<typeof adminVariantStockSchema>;

/** A product in the admin inventory: the storefront's fields and its stock figures. */
export const adminProductSchema = productSchema.extend({
  sku: z.string().describe('stock-keeping unit: unique, upper case'),
  version: z.number().int().describe('send back with an edit: an edit of an older version is refused'),
  lowStockThreshold: z.number().int(),
  held: z.number().int().describe('units held by unpaid checkouts'),
  sold: z.number().int().describe('units sold (paid orders not cancelled)'),
  stockLevel: z
    .enum(stockLevels)
    .describe('low when any variant is at or below its own threshold (issue 30); out with none on hand'),
  variantStock: z
    .array(adminVariantStockSchema)
    .describe('issue 30: the live variants of a product with options, in the owner’s order; [] without options'),
});
export type AdminProduct = z.infer<typeof adminProductSchema>;

const restockReasonField = z.enum(restockReasons, { error: stockMessages.restockReason });
/** Trimmed; empty is no note. */
const restockNoteField = z
  .string({ error: stockMessages.restockNoteTooLong })
  .trim()
  .max(MAX_RESTOCK_NOTE, stockMessages.restockNoteTooLong);

/**
 * POST /api/admin/products/{id}/restock: add units (a relative change: checkouts meanwhile lose nothing), why
 * (issue 30: required) and an optional note (the supplier, an invoice number), both kept on the movement.
 */
export const restockSchema = z.object({
  quantity: z
    .number({ error: stockMessages.restockQuantity })
    .int(stockMessages.restockQuantity)
    .min(1, stockMessages.restockQuantity)
    .max(MAX_STOCK, stockMessages.restockQuantity),
  reason: restockReasonField,
  note: restockNoteField
    .optional()
    .describe(`the supplier, an invoice number…; at most ${MAX_RESTOCK_NOTE} characters`),
  variantId: rowId
    .optional()
    .describe(
      'issue 30: the variant whose units are added; required for a product with options, left out for one without',
    ),
});
export type RestockInput = z.infer<typeof restockSchema>;

/** The restock dialog: what the admin typed, turned into exactly the restock body. */
export const restockFormSchema = z
  .object({
    quantity: z
      .string()
      .refine(
        (value) => /^\d{1,7}$/.test(value.trim()) && Number(value) >= 1 && Number(value) <= MAX_STOCK,
        stockMessages.restockQuantity,
      ),
    reason: restockReasonField,
    note: restockNoteField,
  })
  .transform((form): RestockInput => ({
    quantity: Number(form.quantity.trim()),
    reason: form.reason,
    ...(form.note === '' ? {} : { note: form.note }),
  }));
export type RestockFormValues = z.input<typeof restockFormSchema>;

export const stockMovementSchema = z.object({
  id: z.number().int(),
  change: z.number().int(),
  stockBefore: z.number().int(),
  stockAfter: z.number().int(),
  reason: z.enum(stockMovementReasons),
  /** Why an admin restocked (issue 30); null on every other movement. */
  restockReason: z.enum(restockReasons).nullable(),
  /** The restock's note (the supplier, an invoice number); null when none was given. */
  note: z.string().nullable(),
  orderId: z.number().int().nullable(),
  actor: z.string(),
  at: z.string(),
  /** The variant whose units moved (issue 30). */
  variantId: z.number().int(),
  /** "256 GB / Black"; '' for a product without options (or a variant removed since, then named by its SKU). */
  variantLabel: z.string(),
  variantSku: z.string(),
});
export type StockMovement = z.infer<typeof stockMovementSchema>;

export const stockMovementsQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(200).default(50),
  /** Movements older than this id (the next page). */
  before: z.coerce.number().int().min(1).max(2_147_483_647).optional(),
  /** One variant's movements only (issue 30). */
  variantId: z.coerce.number().int().min(1).max(2_147_483_647).optional(),
});

export const stockMovementsResponseSchema = z.object({
  movements: z.array(stockMovementSchema),
  /** Pass as `before` for older movements; null when there are none. */
  nextBefore: z.number().int().nullable(),
});
export type StockMovementsResponse = z.infer<typeof stockMovementsResponseSchema>;
