import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { orders } from './orders';

/** Kept in step with `discountKinds` in packages/shared/src/discount-codes.ts. */
export const discountKindValues = ['percent', 'fixed', 'free-delivery'] as const;
/** Where a code's use stands, moved with its order's units: `held` (placed), `counted` (paid), `released`. */
export const discountUseStateValues = ['held', 'counted', 'released'] as const;

/** The staff's discount codes (issue 30, decision 040). */
export const discountCodes = pgTable(
  'discount_codes',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    /** Upper case: letters, digits and single hyphens (matched whatever case the shopper types). */
    code: text('code').notNull().unique('discount_codes_code_unique'),
    kind: text('kind', { enum: discountKindValues }).notNull(),
    /** percent: a whole percentage 1-100; fixed: toea; free-delivery: 0. */
    value: integer('value').notNull(),
    /** The least the eligible lines must come to (toea); 0: none. */
    minSpendToea: integer('min_spend_toea').notNull().default(0),
    startsAt: timestamp('starts_at', { withTimezone: true }),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    maxUses: integer('max_uses'),
    maxUsesPerShopper: integer('max_uses_per_shopper'),
    /** Limited to these categories (slugs) and products (ids); both empty: every product. */
    categories: text('categories')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    productIds: integer('product_ids')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    active: boolean('active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check(
      'discount_codes_code_check',
      sql`${table.code} ~ '^[A-Z0-9]+(-[A-Z0-9]+)*$' and char_length(${table.code}) between 3 and 32`,
    ),
    check('discount_codes_kind_check', sql`${table.kind} in ('percent','fixed','free-delivery')`),
    check(
      'discount_codes_value_check',
      sql`(${table.kind} = 'percent' and ${table.value} between 1 and 100) or (${table.kind} = 'fixed' and ${table.value} >= 1) or (${table.kind} = 'free-delivery' and ${table.value} = 0)`,
    ),
    check('discount_codes_min_spend_check', sql`${table.minSpendToea} >= 0`),
    check(
      'discount_codes_dates_check',
      sql`${table.startsAt} is null or ${table.endsAt} is null or ${table.endsAt} > ${table.startsAt}`,
    ),
    check(
      'discount_codes_uses_check',
      sql`(${table.maxUses} is null or ${table.maxUses} >= 1) and (${table.maxUsesPerShopper} is null or ${table.maxUsesPerShopper} >= 1)`,
    ),
  ],
);

/**
 * One use of a code by one order (decision 040): written `held` when the order is placed, with the code's row
 * locked, so the last use cannot go to two orders; the order lifecycle makes it `counted` when the order is paid
 * and `released` when its hold ends unpaid, it is cancelled, or refunded in whole.
 */
export const discountCodeUses = pgTable(
  'discount_code_uses',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    // A code with uses is paused, never deleted: its orders name it.
    codeId: integer('code_id')
      .notNull()
      .references(() => discountCodes.id),
    orderId: integer('order_id')
      .notNull()
      .unique('discount_code_uses_order_unique')
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** The shopper, by account and by normalised e-mail (decision 029's key): the per-shopper limit counts both. */
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    emailKey: text('email_key').notNull(),
    state: text('state', { enum: discountUseStateValues }).notNull().default('held'),
    /** What the code took off the order (toea). */
    discountToea: integer('discount_toea').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('discount_code_uses_state_check', sql`${table.state} in ('held','counted','released')`),
    check('discount_code_uses_discount_check', sql`${table.discountToea} >= 0`),
    index('discount_code_uses_code_idx')
      .on(table.codeId)
      .where(sql`${table.state} in ('held','counted')`),
    index('discount_code_uses_user_idx')
      .on(table.codeId, table.userId)
      .where(sql`${table.state} in ('held','counted')`),
    index('discount_code_uses_email_idx')
      .on(table.codeId, table.emailKey)
      .where(sql`${table.state} in ('held','counted')`),
  ],
);

export type DiscountCodeRow = typeof discountCodes.$inferSelect;
