import { sql } from 'drizzle-orm';
import { check, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** The shop's own details, edited on the admin /settings page: exactly one row, id 1. */
export const shopSettings = pgTable(
  'shop_settings',
  {
    id: integer('id').primaryKey().default(1),
    contactEmail: text('contact_email').notNull(),
    phone: text('phone').notNull(),
    address: text('address').notNull(),
    deliveryDays: integer('delivery_days').notNull().default(3),
    /** How a discount code meets the member price (issue 30, decision 040): 'better' of the two, or 'stack'. */
    memberCodeRule: text('member_code_rule', { enum: ['better', 'stack'] })
      .notNull()
      .default('better'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('shop_settings_single_row', sql`${table.id} = 1`),
    check('shop_settings_delivery_days_check', sql`${table.deliveryDays} between 0 and 365`),
    check('shop_settings_member_code_rule_check', sql`${table.memberCodeRule} in ('better','stack')`),
  ],
);

export type ShopSettingsRow = typeof shopSettings.$inferSelect;
