import { sql } from 'drizzle-orm';
import { check, customType, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Raw bytes; node-postgres and PGlite both hand bytea over as a Buffer/Uint8Array. */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/**
 * Link-preview pictures (issue 20, decision 015): a product's picture (or the shop's brand picture) rendered once
 * to a 1200x630 JPEG or PNG for Open Graph and Twitter cards, which show no SVG. Kept in the database like the
 * WebP copies of uploads (uploaded_image_variants), so every instance serves the same bytes and renders each once.
 * `key` names the source's bytes and the rendering ("upload.<image id>.v1", "file.<sha256>.v1", "shop.v1"): a new
 * picture is a new key, so a row never changes.
 */
export const shareImages = pgTable(
  'share_images',
  {
    key: text('key').primaryKey(),
    contentType: text('content_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    bytes: bytea('bytes').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('share_images_type_check', sql`${table.contentType} in ('image/jpeg','image/png')`),
    check('share_images_size_check', sql`${table.sizeBytes} > 0`),
  ],
);
