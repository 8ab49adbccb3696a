import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

export const products = pgTable(
  'products',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    category: text('category').notNull(),
    priceToea: integer('price_toea').notNull(),
    originalPriceToea: integer('original_price_toea'),
    discountPercentage: integer('discount_percentage').notNull().default(0),
    condition: text('condition').notNull().default('New'),
    status: text('status').notNull().default('active'),
    stock: integer('stock').notNull().default(1),
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
  },
  (table) => [
    check(
      'products_category_check',
      sql`${table.category} in ('phones','computers','cameras','vehicles','accessories')`,
    ),
    check('products_status_check', sql`${table.status} in ('active','inactive','sold')`),
    check('products_price_check', sql`${table.priceToea} >= 0`),
    check('products_stock_check', sql`${table.stock} >= 0`),
    check('products_discount_check', sql`${table.discountPercentage} between 0 and 100`),
    index('products_category_idx').on(table.category),
  ],
);

export type ProductRow = typeof products.$inferSelect;
export type NewProductRow = typeof products.$inferInsert;
