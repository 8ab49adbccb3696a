import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './accounts';

export const membershipStatuses = ['pending', 'completed', 'failed'] as const;

/**
 * Premium memberships. A membership is active while its status is completed and now is between `startsAt`
 * and `endsAt` (modules/membership/membership.service.ts).
 */
export const memberships = pgTable(
  'memberships',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type', { enum: ['premium'] })
      .notNull()
      .default('premium'),
    status: text('status', { enum: membershipStatuses }).notNull().default('pending'),
    paymentReference: text('payment_reference'),
    /** What this record's payment asks (toea): the Premium product's price when it was opened (issue 18). */
    amountToea: integer('amount_toea'),
    startsAt: timestamp('starts_at', { withTimezone: true }),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    lastPaymentAt: timestamp('last_payment_at', { withTimezone: true }),
    /** When a refund withdrew the year a payment bought (an admin cancelled the order). */
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('memberships_type_check', sql`${table.type} in ('premium')`),
    check('memberships_status_check', sql`${table.status} in ('pending','completed','failed')`),
    index('memberships_user_idx').on(table.userId),
  ],
);

export type MembershipRow = typeof memberships.$inferSelect;
export type NewMembershipRow = typeof memberships.$inferInsert;
