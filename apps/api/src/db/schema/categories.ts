import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The shop's categories, which the owner adds, renames, reorders and hides (issue 30). Products name theirs by
 * slug (products.category, a foreign key with ON UPDATE CASCADE), so a renamed slug carries its products along.
 */
export const categories = pgTable(
  'categories',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    /** The address's word (`/category/phones`): lower-case letters, digits and single hyphens. */
    slug: text('slug').notNull().unique('categories_slug_unique'),
    name: text('name').notNull(),
    /** The order of the menus and chips: ascending, the id breaking ties. */
    position: integer('position').notNull(),
    /** Hidden: off the storefront's menus, but kept with its products (a category in use is hidden, not deleted). */
    hidden: boolean('hidden').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check(
      'categories_slug_check',
      sql`${table.slug} ~ '^[a-z0-9]+(-[a-z0-9]+)*$' and char_length(${table.slug}) <= 60`,
    ),
    check('categories_name_check', sql`char_length(${table.name}) between 1 and 60`),
  ],
);

/** A slug a category had before a rename: its old addresses answer 301 to the category's address now. */
export const categorySlugRedirects = pgTable(
  'category_slug_redirects',
  {
    slug: text('slug').primaryKey(),
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('category_slug_redirects_category_id_idx').on(table.categoryId)],
);

export type CategoryRow = typeof categories.$inferSelect;
