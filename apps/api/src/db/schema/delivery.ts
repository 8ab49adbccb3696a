import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Delivery zones (issue 19, decision 012): each a fee (toea) and a delivery time in days, holding provinces.
 * The fee rule is `deliveryQuote` in packages/shared/src/delivery.ts; orders keep a snapshot of what applied.
 */
export const deliveryZones = pgTable(
  'delivery_zones',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    name: text('name').notNull().unique(),
    feeToea: integer('fee_toea').notNull(),
    deliveryDays: integer('delivery_days').notNull(),
    /** The order the admin lists them in. */
    position: integer('position').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('delivery_zones_fee_check', sql`${table.feeToea} >= 0`),
    check('delivery_zones_days_check', sql`${table.deliveryDays} between 1 and 60`),
  ],
);

/** Which zone a province is in: the primary key keeps every province in at most one zone. */
export const deliveryZoneProvinces = pgTable(
  'delivery_zone_provinces',
  {
    province: text('province').primaryKey(),
    zoneId: integer('zone_id')
      .notNull()
      .references(() => deliveryZones.id, { onDelete: 'cascade' }),
  },
  (table) => [index('delivery_zone_provinces_zone_idx').on(table.zoneId)],
);

/** Where shoppers may collect an order; turned off (not deleted) once an order names it. */
export const pickupPoints = pgTable('pickup_points', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  name: text('name').notNull(),
  address: text('address').notNull(),
  openingHours: text('opening_hours').notNull(),
  active: boolean('active').notNull().default(true),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export type DeliveryZoneRow = typeof deliveryZones.$inferSelect;
export type PickupPointRow = typeof pickupPoints.$inferSelect;
