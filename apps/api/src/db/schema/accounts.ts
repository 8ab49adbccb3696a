import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { staffRoles } from '@bilum/shared/staff';

export const userRoles = ['shopper', 'admin'] as const;

/** Shoppers and administrators. An admin's `email` holds its username (the spec's admin login sends it there). */
export const users = pgTable(
  'users',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    /** Lower-cased before it is stored, so the unique constraint is case-insensitive. */
    email: text('email').notNull().unique(),
    fullName: text('full_name').notNull(),
    /** Country code plus digits, e.g. "+67571234567" (packages/shared/src/phone.ts). */
    phone: text('phone'),
    /** argon2id, memory 19 MiB, 2 iterations, 1 lane. */
    passwordHash: text('password_hash').notNull(),
    role: text('role', { enum: userRoles }).notNull().default('shopper'),
    /** For an admin: owner, manager or staff (issue 21, packages/shared/src/staff.ts); null for shoppers. */
    staffRole: text('staff_role', { enum: staffRoles }),
    /** A disabled staff account: its sessions are refused from the next request on (issue 21). */
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    // Profile fields, filled from the profile page.
    firstName: text('first_name'),
    lastName: text('last_name'),
    address: text('address'),
    city: text('city'),
    state: text('state'),
    postcode: text('postcode'),
    /**
     * A new e-mail address asked for on the profile, used to sign in only once the link e-mailed to it has been
     * opened (issue 16, finding 3). The link's token is kept only as its HMAC (security/server-key.ts).
     */
    pendingEmail: text('pending_email'),
    pendingEmailTokenHash: text('pending_email_token_hash').unique(),
    pendingEmailExpiresAt: timestamp('pending_email_expires_at', { withTimezone: true }),
    /** Issue 31 (decision 044): the shopper gets text messages about their orders; turned off on the profile. */
    textMessages: boolean('text_messages').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('users_role_check', sql`${table.role} in ('shopper','admin')`),
    check(
      'users_staff_role_check',
      sql`${table.staffRole} is null or ${table.staffRole} in ('owner','manager','staff')`,
    ),
  ],
);

/**
 * Server-side sessions. The cookie holds a random 32-byte token; only its SHA-256 is stored, so a copy of the
 * table cannot be used to sign in. `expiresAt` slides with use (idle expiry) up to `absoluteExpiresAt`.
 */
export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    absoluteExpiresAt: timestamp('absolute_expires_at', { withTimezone: true }).notNull(),
    /**
     * Issue 28: a staff sign-in whose password was right but whose second step is not done yet: 'second-factor'
     * (type the code) or 'enrol' (the owner requires a factor; set one up). Such a session has no rights and
     * expires in minutes; null is a full session.
     */
    stage: text('stage', { enum: ['second-factor', 'enrol'] }),
  },
  (table) => [index('sessions_user_idx').on(table.userId), index('sessions_expires_idx').on(table.expiresAt)],
);

/**
 * A password reset in progress: a 6-digit code and a link token, both stored hashed, short-lived, single use,
 * with a bounded number of wrong tries.
 */
export const passwordResets = pgTable(
  'password_resets',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    failedAttempts: integer('failed_attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('password_resets_user_idx').on(table.userId)],
);

export type UserRow = typeof users.$inferSelect;
export type NewUserRow = typeof users.$inferInsert;
export type SessionRow = typeof sessions.$inferSelect;
export type PasswordResetRow = typeof passwordResets.$inferSelect;
