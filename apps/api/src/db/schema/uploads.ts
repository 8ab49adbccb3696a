import { sql } from 'drizzle-orm';
import { check, customType, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
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
    /** 128 bits in hex: the first half of the SHA-256 of the bytes (uploads from issue 18 on) or random (before). */
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

/**
 * The resized WebP copies of an uploaded picture (issue 18), one per width of `IMAGE_VARIANT_WIDTHS`. Made when
 * the picture is stored (or, for a picture stored before, at its first request) and kept in the database like the
 * original, so every instance serves the same bytes. Derived from the original alone, so they never change.
 */
export const uploadedImageVariants = pgTable(
  'uploaded_image_variants',
  {
    imageId: text('image_id')
      .notNull()
      .references(() => uploadedImages.id, { onDelete: 'cascade' }),
    width: integer('width').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    bytes: bytea('bytes').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.imageId, table.width] }),
    check('uploaded_image_variants_size_check', sql`${table.sizeBytes} > 0`),
  ],
);
