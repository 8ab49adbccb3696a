import { sql } from 'drizzle-orm';
import { check, customType, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './accounts';

/** Raw bytes; node-postgres and PGlite both hand bytea over as a Buffer/Uint8Array. */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/**
 * Product pictures uploaded by an admin. Kept in the database, not on one server's disk, so every instance of
 * the shop serves them (GET /api/images/:id). Rows are never changed, so the address can be cached for good.
 */
export const uploadedImages = pgTable(
  'uploaded_images',
  {
    /** 128 random bits in hex: the address of the picture. */
    id: text('id').primaryKey(),
    contentType: text('content_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    bytes: bytea('bytes').notNull(),
    uploadedBy: integer('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('uploaded_images_type_check', sql`${table.contentType} in ('image/jpeg','image/png','image/webp')`),
    check('uploaded_images_size_check', sql`${table.sizeBytes} > 0`),
  ],
);

export type UploadedImageRow = typeof uploadedImages.$inferSelect;
