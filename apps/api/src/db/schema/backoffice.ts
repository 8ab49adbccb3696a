import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { orders } from './orders';

/** Internal notes staff write on an order (issue 21, decision 018): never shown to the shopper. */
export const orderNotes = pgTable(
  'order_notes',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** The author; null if the account is gone (the name below stays). */
    authorUserId: integer('author_user_id').references(() => users.id, { onDelete: 'set null' }),
    authorName: text('author_name').notNull(),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('order_notes_order_idx').on(table.orderId, table.id)],
);

export type OrderNoteRow = typeof orderNotes.$inferSelect;

/** The back office's own settings (issue 21): one row, id 1. `order_email` null = the shop's contact e-mail. */
export const backofficeSettings = pgTable(
  'backoffice_settings',
  {
    id: integer('id').primaryKey().default(1),
    orderEmail: text('order_email'),
    /** Issue 28: every staff account must have a second factor (set by the owner on /settings). */
    requireStaffSecondFactor: boolean('require_staff_second_factor').notNull().default(false),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [check('backoffice_settings_single_row', sql`${table.id} = 1`)],
);

export const orderRefundStatusValues = ['pending', 'succeeded', 'failed'] as const;

/**
 * Partial refunds (issue 21, decision 018): of lines or of an amount. A card refund is reserved here (`pending`)
 * under the order's row lock before the provider is asked, so concurrent refunds never add up to more than was
 * paid; a bank-transfer or pickup refund is recorded (`succeeded`) at once: staff return the money by hand.
 */
export const orderRefunds = pgTable(
  'order_refunds',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    amountToea: integer('amount_toea').notNull(),
    /** `card` through the payment provider; `recorded` for money staff return by hand. */
    kind: text('kind', { enum: ['card', 'recorded'] }).notNull(),
    status: text('status', { enum: orderRefundStatusValues }).notNull(),
    reason: text('reason').notNull(),
    /**
     * The refunded lines ({ productId, variantId, quantity }; refunds made before variants, issue 30, have no
     * variantId: the order's line of that product); empty for a refund of an amount.
     */
    lines: jsonb('lines').$type<{ productId: number; variantId?: number; quantity: number }[]>().notNull().default([]),
    restocked: boolean('restocked').notNull().default(false),
    idempotencyKey: text('idempotency_key').notNull().unique(),
    providerRefundId: text('provider_refund_id'),
    createdByUserId: integer('created_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdByName: text('created_by_name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('order_refunds_order_idx').on(table.orderId),
    check('order_refunds_amount_check', sql`${table.amountToea} > 0`),
  ],
);

export type OrderRefundRow = typeof orderRefunds.$inferSelect;
