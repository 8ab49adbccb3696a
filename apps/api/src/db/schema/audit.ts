import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

export const activityActorKinds = ['staff', 'api-key', 'shopper', 'system'] as const;

/**
 * The activity (audit) log (issue 21, decision 016): one row per admin write, written by recordActivity
 * (modules/audit/audit.service.ts) in the same transaction as the change. Who is kept by id and by name, without
 * foreign keys, so the history stays readable after an account or key is gone.
 */
export const activityLog = pgTable(
  'activity_log',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    actorKind: text('actor_kind', { enum: activityActorKinds }).notNull(),
    /** The staff member's or shopper's user id. */
    actorUserId: integer('actor_user_id'),
    /** The API key's id. */
    actorKeyId: integer('actor_key_id'),
    /** As shown: the staff member's name, "API key: Warehouse", the shopper's e-mail, "Hold expiry", … */
    actorName: text('actor_name').notNull(),
    action: text('action').notNull(),
    entityType: text('entity_type').notNull(),
    entityId: text('entity_id'),
    summary: text('summary').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
  },
  (table) => [
    check('activity_log_actor_kind_check', sql`${table.actorKind} in ('staff','api-key','shopper','system')`),
    index('activity_log_entity_idx').on(table.entityType, table.entityId, table.id),
    index('activity_log_at_idx').on(table.id),
  ],
);

export type ActivityLogRow = typeof activityLog.$inferSelect;
