import { sql } from 'drizzle-orm';
import { bigint, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
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

/**
 * A staff account's second factor (issue 28, decision 027): the TOTP secret sealed with AES-256-GCM under a key
 * derived from the server key (`SecretHasher.seal`), never shown again after enrolment. `confirmedAt` null: set-up
 * started and not yet proved with a code. `lastUsedStep` is the newest 30-second step a code was accepted for; a
 * code of that step or an earlier one is refused, so a code works once.
 */
export const staffSecondFactors = pgTable('staff_second_factors', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  sealedSecret: text('sealed_secret').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
  lastUsedStep: bigint('last_used_step', { mode: 'number' }),
});

/** Single-use recovery codes of a second factor, kept only as HMACs under the server key. */
export const staffRecoveryCodes = pgTable(
  'staff_recovery_codes',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (table) => [index('staff_recovery_codes_user_idx').on(table.userId)],
);

export type StaffInviteRow = typeof staffInvites.$inferSelect;
export type ApiKeyRow = typeof apiKeys.$inferSelect;
