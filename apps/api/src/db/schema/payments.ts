import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The test-card simulator's payment intents (modules/payments/test-card-simulator.ts). Kept in the database so
 * that they survive restarts and are shared by every instance, like a real provider's.
 */
export const simulatedPaymentIntents = pgTable(
  'simulated_payment_intents',
  {
    id: text('id').primaryKey(),
    clientSecret: text('client_secret').notNull(),
    amount: integer('amount').notNull(),
    currency: text('currency').notNull(),
    status: text('status').notNull(),
    description: text('description'),
    metadata: jsonb('metadata').$type<Record<string, string>>().notNull(),
    idempotencyKey: text('idempotency_key').notNull().unique(),
    cardLast4: text('card_last4'),
    lastError: jsonb('last_error').$type<{ code: string; message: string; declineCode?: string }>(),
    /** Where the simulated authentication page sends the shopper back to. */
    returnUrl: text('return_url'),
    /** A processing intent becomes succeeded when it is read at or after this time. */
    settlesAt: timestamp('settles_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('simulated_payment_intents_amount_check', sql`${table.amount} > 0`),
    check(
      'simulated_payment_intents_status_check',
      sql`${table.status} in ('requires_payment_method','requires_confirmation','requires_action','processing','succeeded','canceled')`,
    ),
    index('simulated_payment_intents_processing_idx')
      .on(table.settlesAt)
      .where(sql`${table.status} = 'processing'`),
  ],
);

export const simulatedRefunds = pgTable(
  'simulated_refunds',
  {
    id: text('id').primaryKey(),
    intentId: text('intent_id')
      .notNull()
      .references(() => simulatedPaymentIntents.id),
    amount: integer('amount').notNull(),
    status: text('status').notNull(),
    idempotencyKey: text('idempotency_key').notNull().unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('simulated_refunds_amount_check', sql`${table.amount} > 0`),
    index('simulated_refunds_intent_idx').on(table.intentId),
  ],
);

export type SimulatedPaymentIntentRow = typeof simulatedPaymentIntents.$inferSelect;
export type SimulatedRefundRow = typeof simulatedRefunds.$inferSelect;
