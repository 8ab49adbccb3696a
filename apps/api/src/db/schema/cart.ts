import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, timestamp, unique } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { products } from './catalog';
import { productVariants } from './variants';

/**
 * The signed-in shopper's server cart: one line per variant of a product (issue 30). Prices are not stored; they are read from the
 * product (and the shopper's membership) each time the cart is shown.
 */
export const cartItems = pgTable(
  'cart_items',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    variantId: integer('variant_id')
      .notNull()
      .references(() => productVariants.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('cart_items_quantity_check', sql`${table.quantity} >= 1`),
    unique('cart_items_user_variant_unique').on(table.userId, table.variantId),
    index('cart_items_user_idx').on(table.userId),
  ],
);

export type CartItemRow = typeof cartItems.$inferSelect;
export type NewCartItemRow = typeof cartItems.$inferInsert;
