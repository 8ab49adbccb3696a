import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { ApiKeyScope } from '@bilum/shared/staff';
import { users } from './accounts';

/**
 * An invitation to a staff account (issue 21): the link's token is kept only as its HMAC under the server key
 * (security/server-key.ts), single use, expiring. The account exists from the invitation on, with a random
 * password nobody knows, so it cannot be signed in to until the link is used.
 */
export const staffInvites = pgTable(
  'staff_invites',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    invitedBy: integer('invited_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('staff_invites_user_idx').on(table.userId)],
);

/**
 * API keys (issue 21): the key is shown once; the table keeps its HMAC under the server key and its first
 * characters to tell keys apart. Revoked keys stay for the activity log.
 */
export const apiKeys = pgTable('api_keys', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  name: text('name').notNull(),
  /** The first characters of the key ("blm_AbCd…"), shown in the list. */
  prefix: text('prefix').notNull(),
  keyHash: text('key_hash').notNull().unique(),
  scopes: jsonb('scopes')
    .$type<ApiKeyScope[]>()
    .notNull()
    .default(sql`'[]'::jsonb`),
  createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  revokedAt: timestamp('revoked_at', { withTimezone: true }),
});

export type StaffInviteRow = typeof staffInvites.$inferSelect;
export type ApiKeyRow = typeof apiKeys.$inferSelect;
