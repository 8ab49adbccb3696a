import { z } from 'zod';
import { MAX_CSV_CHARS } from './admin-catalog';
import { stockLevels } from './admin-stock';
import { adminProductSchema } from './admin-stock.schema';
import { categorySlugPattern, MAX_CATEGORY_SLUG_LENGTH, productStatuses } from './catalog';

const emptyToUndefined = (value: unknown) => (value === '' ? undefined : value);
const optionalEnum = <T extends readonly [string, ...string[]]>(values: T) =>
  z.preprocess(emptyToUndefined, z.enum(values).optional());

export const inventorySorts = ['name', '-name', 'price', '-price', 'stock', '-stock', 'created', '-created'] as const;
export type InventorySort = (typeof inventorySorts)[number];
export const inventoryFlags = ['hot', 'auction', 'topPick', 'exclusive'] as const;
export type InventoryFlag = (typeof inventoryFlags)[number];
export const INVENTORY_PAGE_SIZES = [10, 25, 50, 100] as const;

/**
 * GET /api/admin/products: one page of the inventory, sorted and filtered by the database (the catalogue may hold
 * thousands of products). Every number is bounded; an unknown value is a 400.
 */
export const adminProductListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(25),
  sort: z.preprocess(emptyToUndefined, z.enum(inventorySorts).default('-created')),
  /** In the name, SKU, category or description (case-insensitive). */
  q: z.preprocess(emptyToUndefined, z.string().trim().max(100).optional()),
  category: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .trim()
      .toLowerCase()
      .max(MAX_CATEGORY_SLUG_LENGTH)
      .regex(categorySlugPattern, 'Category must be a category’s address (lower-case letters, digits and hyphens).')
      .optional(),
  ),
  status: optionalEnum(productStatuses),
  stock: optionalEnum(stockLevels),
  flag: optionalEnum(inventoryFlags),
});
export type AdminProductListQuery = z.infer<typeof adminProductListQuerySchema>;
export type AdminProductListInput = z.input<typeof adminProductListQuerySchema>;

/** The stat cards: counts over the whole catalogue, whatever the filters. */
export const inventoryStatsSchema = z.object({
  totalProducts: z.number().int(),
  activeListings: z.number().int(),
  soldItems: z.number().int(),
  hotDeals: z.number().int(),
  auctionItems: z.number().int(),
  topPicks: z.number().int(),
  exclusiveOffers: z.number().int(),
  lowStock: z.number().int(),
  outOfStock: z.number().int(),
});
export type InventoryPageStats = z.infer<typeof inventoryStatsSchema>;

export const adminProductListResponseSchema = z.object({
  items: z.array(adminProductSchema),
  /** How many products match the filters (all pages). */
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  stats: inventoryStatsSchema,
});
export type AdminProductListResponse = z.infer<typeof adminProductListResponseSchema>;

/** A CSV file over MAX_CSV_CHARS: the server answers it with a 413 (issue 28), the schema with a 400. */
export const csvTooLargeMessage = 'The file is too large (5 MB at most).';

/** POST /api/admin/products/import/preview and /import: the file's text, read by the browser. */
export const catalogImportSchema = z.object({
  csv: z.string().min(1, 'Choose a CSV file to import.').max(MAX_CSV_CHARS, csvTooLargeMessage),
});
export type CatalogImportInput = z.infer<typeof catalogImportSchema>;

const importChangeSchema = z.object({ field: z.string(), from: z.string(), to: z.string() });
const importIssueSchema = z.object({ field: z.string(), message: z.string() });

export const importRowSchema = z.object({
  /** The line of the file (the header is line 1). */
  line: z.number().int(),
  sku: z.string(),
  name: z.string(),
  action: z.enum(['create', 'update', 'unchanged', 'error']),
  changes: z.array(importChangeSchema),
  errors: z.array(importIssueSchema),
  /** What the owner should know about a valid row (issue 30: no picture, so the product is hidden). */
  notices: z.array(z.string()),
});
export type ImportRow = z.infer<typeof importRowSchema>;

export const importPreviewSchema = z.object({
  /** True when every row is valid: the commit would write them all. */
  valid: z.boolean(),
  /** Problems with the file as a whole (columns, size). */
  fileErrors: z.array(z.string()),
  rows: z.array(importRowSchema),
  summary: z.object({
    create: z.number().int(),
    update: z.number().int(),
    unchanged: z.number().int(),
    errors: z.number().int(),
  }),
});
export type ImportPreview = z.infer<typeof importPreviewSchema>;

export const importResultSchema = z.object({
  message: z.string(),
  created: z.number().int(),
  updated: z.number().int(),
  /** Each row's notice, in the past tense (e.g. a product added hidden because its row had no picture). */
  notices: z.array(z.string()),
});
export type ImportResult = z.infer<typeof importResultSchema>;
