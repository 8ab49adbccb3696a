import { MAX_RESTOCK_NOTE, restockReasons, stockMovementReasons } from '@bilum/shared/admin-stock';
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { products } from './catalog';
import { orders } from './orders';
import { productVariants } from './variants';

/**
 * Every change of a product's units on hand (issue 18), written in the same transaction as the change by
 * changeStock (modules/stock/stock.service.ts): what, who, and the figure before and after.
 */
export const stockMovements = pgTable(
  'stock_movements',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id),
    /** The variant whose units moved (issue 30, 0036); stockBefore and stockAfter are that variant's figures. */
    variantId: integer('variant_id')
      .notNull()
      .references(() => productVariants.id),
    /** Signed: units added (restock, returned) or taken (held by a checkout). 0 when a hold becomes a sale. */
    change: integer('change').notNull(),
    stockBefore: integer('stock_before').notNull(),
    stockAfter: integer('stock_after').notNull(),
    reason: text('reason', { enum: stockMovementReasons }).notNull(),
    /** Why an admin restocked (issue 30): set on every 'restock' movement and on no other. */
    restockReason: text('restock_reason', { enum: restockReasons }),
    /** The restock's note as typed (trimmed): the supplier, an invoice number; null when none was given. */
    note: text('note'),
    /** The order that took, sold or returned the units. */
    orderId: integer('order_id').references(() => orders.id, { onDelete: 'set null' }),
    /** The admin who made the change; null for the shop's own work (checkouts, payments, expired holds). */
    actorUserId: integer('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    /** Who or what, as shown: the admin's name, "Checkout", "Payment", "Hold expiry", … (kept if the account goes). */
    actorName: text('actor_name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('stock_movements_after_check', sql`${table.stockAfter} = ${table.stockBefore} + ${table.change}`),
    check('stock_movements_after_positive_check', sql`${table.stockAfter} >= 0`),
    check(
      'stock_movements_restock_reason_check',
      sql`(${table.reason} = 'restock') = (${table.restockReason} is not null)`,
    ),
    check('stock_movements_note_check', sql`char_length(${table.note}) <= ${sql.raw(String(MAX_RESTOCK_NOTE))}`),
    index('stock_movements_product_idx').on(table.productId, table.id),
    index('stock_movements_variant_idx').on(table.variantId, table.id),
  ],
);

export type StockMovementRow = typeof stockMovements.$inferSelect;
