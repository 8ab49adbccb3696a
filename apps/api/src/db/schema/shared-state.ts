import { bigint, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Rate-limit counters shared by every instance on one database (plugins/rate-limit.ts), used when REDIS_URL is
 * unset: one row per key, incremented with an atomic upsert that restarts the count once the window has passed.
 */
export const rateLimitCounters = pgTable(
  'rate_limit_counters',
  {
    key: text('key').primaryKey(),
    count: integer('count').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('rate_limit_counters_expires_idx').on(table.expiresAt)],
);

/**
 * One version number per in-memory cache (`catalog`, `settings`), bumped by a trigger in the same transaction
 * as the change (migration 0008_cache_change_triggers) so that every instance can tell its copy is old (db/change-feed.ts).
 */
export const cacheVersions = pgTable('cache_versions', {
  name: text('name').primaryKey(),
  version: bigint('version', { mode: 'number' }).notNull().default(0),
});
