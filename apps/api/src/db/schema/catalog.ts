import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  customType,
  foreignKey,
  index,
  integer,
  pgSequence,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { categories } from './categories';

/** PostgreSQL full-text document; written only by the database (a generated column). */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/** Numbers the SKUs the shop gives itself (BLM-000001, …): a product added without one, and the demo catalogue. */
export const productSkuSeq = pgSequence('product_sku_seq');

export const products = pgTable(
  'products',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    name: text('name').notNull(),
    /** Stock-keeping unit (issue 18): unique, editable, upper case; the CSV import matches rows by it. */
    sku: text('sku')
      .notNull()
      .default(sql`('BLM-' || lpad(nextval('product_sku_seq')::text, 6, '0'))`),
    description: text('description').notNull().default(''),
    category: text('category').notNull(),
    priceToea: integer('price_toea').notNull(),
    originalPriceToea: integer('original_price_toea'),
    discountPercentage: integer('discount_percentage').notNull().default(0),
    condition: text('condition').notNull().default('New'),
    /** 'active' or 'inactive' (hidden). "Sold" is not stored: it follows the stock (productStatusFor in shared). */
    status: text('status').notNull().default('active'),
    /** Units on hand. Changed only through changeStock (modules/stock), which logs every change. */
    stock: integer('stock').notNull().default(0),
    /** At or below this many units on hand the inventory shows the product as "Low stock". */
    lowStockThreshold: integer('low_stock_threshold').notNull().default(3),
    /** Bumped by every admin edit: an edit made on an older version is refused (someone else changed it). */
    version: integer('version').notNull().default(1),
    isHot: boolean('is_hot').notNull().default(false),
    isAuction: boolean('is_auction').notNull().default(false),
    isTopPick: boolean('is_top_pick').notNull().default(false),
    isExclusive: boolean('is_exclusive').notNull().default(false),
    isMembership: boolean('is_membership').notNull().default(false),
    image: text('image'),
    galleryImages: text('gallery_images')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Set instead of deleting a product that orders refer to. */
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * Its live variants' prices differ (issue 30, decision 042): the cards say "from" the product's price, which is
     * the cheapest live variant's. Written with the prices by setProductVariants (migration 0037).
     */
    variantPricesDiffer: boolean('variant_prices_differ').notNull().default(false),
    /**
     * The words of its live variants for the search (issue 30, migration 0037): their SKUs and option values
     * ("VAR-1 VAR-2 128 GB 256 GB Black Blue"); '' without options, where the one variant's SKU is the product's.
     * Written by setProductVariants; a generated column cannot read the variants' tables.
     */
    variantWords: text('variant_words').notNull().default(''),
    /**
     * The storefront search's document (decision 014): the words of the name, description, SKU and variants
     * (issue 30), parsed with the 'simple' configuration (no stemming, no stop words: names, model numbers and
     * SKUs stay as typed). Stored, so the search reads it instead of parsing every row's text again (4x faster on
     * PGlite at 10,000 products).
     */
    searchDocument: tsvector('search_document')
      .notNull()
      .generatedAlwaysAs(
        sql`to_tsvector('simple'::regconfig, name || ' ' || description || ' ' || sku || ' ' || variant_words)`,
      ),
  },
  (table) => [
    // The category by its slug (issue 30, migration 0033): a renamed slug carries its products along; a category
    // in use cannot be deleted.
    foreignKey({ name: 'products_category_fk', columns: [table.category], foreignColumns: [categories.slug] }).onUpdate(
      'cascade',
    ),
    check('products_status_check', sql`${table.status} in ('active','inactive')`),
    check('products_price_check', sql`${table.priceToea} >= 0`),
    check('products_stock_check', sql`${table.stock} >= 0`),
    check('products_low_stock_threshold_check', sql`${table.lowStockThreshold} >= 0`),
    check('products_discount_check', sql`${table.discountPercentage} between 0 and 100`),
    // The storefront list (decision 014): search, and the price and name sorts with the id as tie-breaker, over
    // the whole shop and within a category (a category's page in price order reads only that category's rows).
    index('products_search_document_idx').using('gin', table.searchDocument),
    index('products_price_id_idx').on(table.priceToea, table.id),
    index('products_name_sort_idx').on(sql`lower(${table.name}) collate "C"`, table.id),
    index('products_category_id_idx').on(table.category, table.id),
    index('products_category_price_id_idx').on(table.category, table.priceToea, table.id),
    index('products_category_name_sort_idx').on(table.category, sql`lower(${table.name}) collate "C"`, table.id),
    // Among products not deleted: a deleted product's SKU may be given to a new one.
    uniqueIndex('products_sku_unique')
      .on(table.sku)
      .where(sql`${table.archivedAt} is null`),
  ],
);

export type ProductRow = typeof products.$inferSelect;
export type NewProductRow = typeof products.$inferInsert;
