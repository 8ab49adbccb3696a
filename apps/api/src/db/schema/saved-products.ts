import { index, integer, pgTable, primaryKey, timestamp } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { products } from './catalog';

/** A shopper's saved list ("My Saved List"): products kept for later from the detail page. */
export const savedProducts = pgTable(
  'saved_products',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.productId] }),
    index('saved_products_user_idx').on(table.userId, table.createdAt),
  ],
);

export type SavedProductRow = typeof savedProducts.$inferSelect;
