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
 * The bytes of a picture stored before 0031 are in `bytes`; from 0031 on they are in `uploaded_image_parts` and
 * `bytes` is null (issue 29: one insert of a 5 MB value held PGlite's single thread for up to 80 ms).
 */
export const uploadedImages = pgTable(
  'uploaded_images',
  {
    /** 128 bits in hex: the first half of the SHA-256 of the bytes (uploads from issue 18 on) or random (before). */
    id: text('id').primaryKey(),
    contentType: text('content_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    /** Pictures stored before 0031 only; later ones are in uploaded_image_parts. */
    bytes: bytea('bytes'),
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
 * A picture's bytes in pieces of at most IMAGE_PART_BYTES, `part` 0, 1, 2… in order. Each piece is written by a
 * statement of its own before the picture's row, so the database (PGlite runs on the shop's one JavaScript thread)
 * never stops the shop for longer than one piece takes, and a picture has a row only once all its pieces are in.
 * No foreign key for that reason: pieces of an upload cut short by a crash have no row, and the same picture
 * uploaded again (its id is its bytes' hash) completes them.
 */
export const uploadedImageParts = pgTable(
  'uploaded_image_parts',
  {
    imageId: text('image_id').notNull(),
    part: integer('part').notNull(),
    bytes: bytea('bytes').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.imageId, table.part] }),
    check('uploaded_image_parts_part_check', sql`${table.part} >= 0`),
  ],
);

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
