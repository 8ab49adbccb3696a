import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Addresses signed up with the home page's newsletter form; one row per address (stored lower-case). */
export const newsletterSubscribers = pgTable('newsletter_subscribers', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  email: text('email').notNull().unique(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
