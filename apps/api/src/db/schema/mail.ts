import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

export const emailStatuses = ['pending', 'sent', 'failed'] as const;

/** What a message's stored copy says once its secrets are removed (modules/mail, issue 16). */
export interface RedactedEmail {
  subject: string;
  text: string;
  html: string | null;
}

/** A file attached to a message, as the outbox keeps it. */
export interface StoredAttachment {
  filename: string;
  contentType: string;
  /** The file's bytes, base64. */
  contentBase64: string;
}

/**
 * E-mails waiting to be sent (modules/mail). A message is written here in the same transaction as the change
 * that causes it, then sent in the background with retries, so a mail server that is briefly down loses nothing.
 */
export const emailOutbox = pgTable(
  'email_outbox',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html'),
    status: text('status', { enum: emailStatuses }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** A message that carries secrets (a reset code, a one-time link): its copy without them, which replaces
     *  subject, text and html once it is sent, given up on or expired; null when there is nothing (left) to remove. */
    redacted: jsonb('redacted').$type<RedactedEmail>(),
    /** Past this the message is not sent any more (what it carries has stopped working); null: never. */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    /** Files sent with the message (the paid order's tax invoice PDF, issue 19), kept so a retry sends the same. */
    attachments: jsonb('attachments').$type<StoredAttachment[]>(),
  },
  (table) => [
    check('email_outbox_status_check', sql`${table.status} in ('pending','sent','failed')`),
    index('email_outbox_due_idx')
      .on(table.nextAttemptAt)
      .where(sql`${table.status} = 'pending'`),
    // The outbox's expiry sweep: messages that may still be sent or still carry secrets.
    index('email_outbox_expiry_idx')
      .on(table.expiresAt)
      .where(sql`${table.status} = 'pending' or ${table.redacted} is not null`),
  ],
);

export type EmailOutboxRow = typeof emailOutbox.$inferSelect;
