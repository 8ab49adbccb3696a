import {
  MAX_OPTION_NAME_LENGTH,
  MAX_OPTION_VALUE_LENGTH,
  MAX_PRODUCT_OPTIONS,
  MAX_OPTION_VALUES,
} from '@bilum/shared/variants';
import { sql } from 'drizzle-orm';
import {
  check,
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { products } from './catalog';

/**
 * Product variants (issue 30, decision 042, migration 0036). A product has options (Storage, Colour) with values
 * in the owner's order, and variants: each a combination of one value of every option, with its own SKU, prices,
 * stock and picture. A product without options has one variant with no values (the implicit variant). The product
 * row keeps the totals every reader already uses: its stock is the sum of its live variants' stock (changeStock
 * moves both), its price that of the cheapest live variant.
 */
export const productOptions = pgTable(
  'product_options',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    position: integer('position').notNull(),
  },
  (table) => [
    unique('product_options_product_name_unique').on(table.productId, table.name),
    check(
      'product_options_name_check',
      sql`char_length(${table.name}) between 1 and ${sql.raw(String(MAX_OPTION_NAME_LENGTH))}`,
    ),
    check(
      'product_options_position_check',
      sql`${table.position} between 1 and ${sql.raw(String(MAX_PRODUCT_OPTIONS))}`,
    ),
  ],
);

export const productOptionValues = pgTable(
  'product_option_values',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    optionId: integer('option_id')
      .notNull()
      .references(() => productOptions.id, { onDelete: 'cascade' }),
    value: text('value').notNull(),
    position: integer('position').notNull(),
  },
  (table) => [
    unique('product_option_values_option_value_unique').on(table.optionId, table.value),
    check(
      'product_option_values_value_check',
      sql`char_length(${table.value}) between 1 and ${sql.raw(String(MAX_OPTION_VALUE_LENGTH))}`,
    ),
    check(
      'product_option_values_position_check',
      sql`${table.position} between 1 and ${sql.raw(String(MAX_OPTION_VALUES))}`,
    ),
  ],
);

export const productVariants = pgTable(
  'product_variants',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    /** Unique among variants not archived; the CSV matches rows by it. The implicit variant's is the product's. */
    sku: text('sku').notNull(),
    priceToea: integer('price_toea').notNull(),
    originalPriceToea: integer('original_price_toea'),
    /** Units on hand. Changed only through changeStock (modules/stock), with the product's total. */
    stock: integer('stock').notNull().default(0),
    lowStockThreshold: integer('low_stock_threshold').notNull().default(3),
    /** The variant's own picture; null shows the product's. */
    image: text('image'),
    /** Its place in the product's list (the admin's grid, the chooser's first choice). */
    position: integer('position').notNull().default(1),
    version: integer('version').notNull().default(1),
    /** Set instead of deleting a variant that orders refer to (and with its product's). */
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('product_variants_price_check', sql`${table.priceToea} >= 0`),
    check('product_variants_stock_check', sql`${table.stock} >= 0`),
    check('product_variants_low_stock_threshold_check', sql`${table.lowStockThreshold} >= 0`),
    index('product_variants_product_idx').on(table.productId, table.position, table.id),
    uniqueIndex('product_variants_sku_unique')
      .on(table.sku)
      .where(sql`${table.archivedAt} is null`),
  ],
);

/** Which value of each option a variant is. (No two live variants of a product alike: checked by the service.) */
export const variantOptionValues = pgTable(
  'variant_option_values',
  {
    variantId: integer('variant_id')
      .notNull()
      .references(() => productVariants.id, { onDelete: 'cascade' }),
    optionValueId: integer('option_value_id').notNull(),
  },
  (table) => [
    // Named: the generated name is longer than PostgreSQL's 63 bytes.
    foreignKey({
      name: 'variant_option_values_option_value_fk',
      columns: [table.optionValueId],
      foreignColumns: [productOptionValues.id],
    }).onDelete('cascade'),
    primaryKey({ columns: [table.variantId, table.optionValueId] }),
    index('variant_option_values_value_idx').on(table.optionValueId),
  ],
);

export type ProductVariantRow = typeof productVariants.$inferSelect;
export type NewProductVariantRow = typeof productVariants.$inferInsert;
