import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

export const outboxJobKinds = ['webhook', 'password-reset', 'invoice-document', 'text'] as const;
export type OutboxJobKind = (typeof outboxJobKinds)[number];
export const outboxJobStatuses = ['pending', 'done', 'failed'] as const;
export type OutboxJobStatus = (typeof outboxJobStatuses)[number];

/**
 * Endpoints that receive the shop's outgoing webhooks (issue 21, decision 017). The signing secret is not stored:
 * it is derived from `secretSalt` under the server key (`SecretHasher.derive`), shown once when the endpoint is
 * made, and derived again for every delivery.
 */
export const webhookEndpoints = pgTable('webhook_endpoints', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  url: text('url').notNull(),
  description: text('description').notNull().default(''),
  /** Event types it wants (`order.paid`, `order.status_changed`, `stock.low`). */
  events: jsonb('events').$type<string[]>().notNull(),
  secretSalt: text('secret_salt').notNull(),
  active: boolean('active').notNull().default(true),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export type WebhookEndpointRow = typeof webhookEndpoints.$inferSelect;

/**
 * The durable outbox's jobs beside the e-mails (`email_outbox`), served by the same worker and claiming code
 * (modules/outbox, decision 017): webhook deliveries, work that composes an e-mail (forgot-password), and a paid
 * order's documents (issue 27: draw the tax invoice, send the confirmation with it). Written
 * in the transaction of the change that causes them; claimed FOR UPDATE SKIP LOCKED with a lease; retried with
 * exponential backoff and jitter; `failed` after the kind's last try.
 */
export const outboxJobs = pgTable(
  'outbox_jobs',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    kind: text('kind', { enum: outboxJobKinds }).notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    status: text('status', { enum: outboxJobStatuses }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    /**
     * Webhook deliveries: the endpoint, the event (its id is the same for every endpoint) and the last answer.
     * Other kinds may name what they are about in `event_id` (an order's documents: `order-<id>-invoice`), so the
     * admin finds a job by it through the index.
     */
    webhookId: integer('webhook_id').references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    eventId: text('event_id'),
    eventType: text('event_type'),
    responseStatus: integer('response_status'),
  },
  (table) => [
    check('outbox_jobs_status_check', sql`${table.status} in ('pending','done','failed')`),
    index('outbox_jobs_due_idx')
      .on(table.nextAttemptAt)
      .where(sql`${table.status} = 'pending'`),
    index('outbox_jobs_webhook_idx').on(table.webhookId, table.id),
    // One delivery of an event to an endpoint.
    uniqueIndex('outbox_jobs_event_endpoint_idx').on(table.eventId, table.webhookId),
    // One text message per event (issue 31, decision 044: `order-<id>-text-<event>`): a second enqueue is a no-op.
    uniqueIndex('outbox_jobs_text_event_idx')
      .on(table.eventId)
      .where(sql`${table.kind} = 'text'`),
  ],
);

export type OutboxJobRow = typeof outboxJobs.$inferSelect;
