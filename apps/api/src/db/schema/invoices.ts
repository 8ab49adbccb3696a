import { sql } from 'drizzle-orm';
import { check, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The business details printed on tax invoices (issue 19, docs/decisions/013-tax-invoices.md): one row, id 1,
 * edited in /settings ("Tax invoice"). A paid order keeps a copy of them (`orders.invoice_issuer`), so an invoice
 * once issued never changes when the settings do.
 */
export const invoiceSettings = pgTable(
  'invoice_settings',
  {
    id: integer('id').primaryKey().default(1),
    legalName: text('legal_name').notNull(),
    tin: text('tin').notNull(),
    address: text('address').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [check('invoice_settings_single_row', sql`${table.id} = 1`)],
);

/**
 * The last invoice number given: one row, id 1. The trigger `orders_assign_invoice_number` (migration
 * invoice_numbers) takes the next number from it in the paying transaction, so numbers are unique and have no
 * gaps (a rolled-back payment gives its number back, unlike a sequence).
 */
export const invoiceCounter = pgTable(
  'invoice_counter',
  {
    id: integer('id').primaryKey().default(1),
    lastNumber: integer('last_number').notNull().default(0),
  },
  (table) => [check('invoice_counter_single_row', sql`${table.id} = 1`)],
);

export type InvoiceSettingsRow = typeof invoiceSettings.$inferSelect;
