import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { orders } from './orders';

/**
 * Which ways to pay the shop offers and the bank account shoppers pay into (issue 19, decision 011): one row,
 * id 1, edited in the payment section of /settings.
 */
export const paymentSettings = pgTable(
  'payment_settings',
  {
    id: integer('id').primaryKey().default(1),
    cardEnabled: boolean('card_enabled').notNull().default(true),
    bankTransferEnabled: boolean('bank_transfer_enabled').notNull().default(false),
    pickupEnabled: boolean('pickup_enabled').notNull().default(false),
    bankAccountName: text('bank_account_name').notNull().default(''),
    bankName: text('bank_name').notNull().default(''),
    bankBsb: text('bank_bsb').notNull().default(''),
    bankAccountNumber: text('bank_account_number').notNull().default(''),
    bankTransferHoldHours: integer('bank_transfer_hold_hours').notNull().default(48),
    pickupDeadlineDays: integer('pickup_deadline_days').notNull().default(3),
    // Issue 28 (decision 029): what unpaid bank-transfer and pickup orders may hold.
    holdUnitsPerShopper: integer('hold_units_per_shopper').notNull().default(20),
    holdValuePerShopperToea: integer('hold_value_per_shopper_toea').notNull().default(2_000_000),
    holdUnitsPerAddress: integer('hold_units_per_address').notNull().default(500),
    holdValuePerAddressToea: integer('hold_value_per_address_toea').notNull().default(50_000_000),
    holdStockSharePercent: integer('hold_stock_share_percent').notNull().default(50),
    unconfirmedHoldMinutes: integer('unconfirmed_hold_minutes').notNull().default(15),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('payment_settings_single_row', sql`${table.id} = 1`),
    check('payment_settings_hold_hours_check', sql`${table.bankTransferHoldHours} between 12 and 336`),
    check('payment_settings_pickup_days_check', sql`${table.pickupDeadlineDays} between 1 and 30`),
    check(
      'payment_settings_hold_caps_check',
      sql`${table.holdUnitsPerShopper} between 1 and 1000 and ${table.holdValuePerShopperToea} between 100 and 100000000 and ${table.holdUnitsPerAddress} between 1 and 100000 and ${table.holdValuePerAddressToea} between 100 and 2000000000 and ${table.holdStockSharePercent} between 10 and 100 and ${table.unconfirmedHoldMinutes} between 5 and 60`,
    ),
  ],
);

export type PaymentSettingsRow = typeof paymentSettings.$inferSelect;

/**
 * Every payment staff record by hand: a bank transfer (several add up) or the counter payment of a pickup order.
 * Who recorded it is kept by name too, so the history survives the account.
 */
export const orderPayments = pgTable(
  'order_payments',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    method: text('method', { enum: ['bank-transfer', 'cash', 'eftpos'] }).notNull(),
    amountToea: integer('amount_toea').notNull(),
    /** The bank's reference of the transfer; null at the counter. */
    bankReference: text('bank_reference'),
    receivedOn: date('received_on', { mode: 'string' }).notNull(),
    recordedByUserId: integer('recorded_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    recordedByName: text('recorded_by_name').notNull(),
    recordedAt: timestamp('recorded_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('order_payments_amount_check', sql`${table.amountToea} > 0`),
    check('order_payments_method_check', sql`${table.method} in ('bank-transfer','cash','eftpos')`),
    index('order_payments_order_idx').on(table.orderId),
  ],
);

export type OrderPaymentRow = typeof orderPayments.$inferSelect;
