import { and, asc, eq, inArray, lte, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import type { emailOutbox, outboxJobs } from '../../db/schema';

/**
 * The one claiming and retry rule of the durable outbox (decision 017), shared by its two tables: e-mails
 * (`email_outbox`) and jobs (`outbox_jobs`: webhook deliveries, composing forgot-password e-mails).
 */

/** A claimed row is not claimed again (by this or another instance) for this long. */
export const claimLeaseMs = 2 * 60_000;

/** 30 s, 1 min, 2 min, … up to an hour between tries (before jitter). */
export function retryDelayMs(attempts: number): number {
  return Math.min(30_000 * 2 ** Math.max(0, attempts - 1), 60 * 60_000);
}

/**
 * The delay before the next try with jitter: somewhere in the last quarter below `retryDelayMs`, so that many
 * rows failing together (a receiver that was down) do not all come back in the same second.
 */
export function jitteredRetryDelayMs(attempts: number, random: () => number = Math.random): number {
  const base = retryDelayMs(attempts);
  return Math.round(base - base * 0.25 * Math.min(1, Math.max(0, random())));
}

/**
 * A failed try of an outbox row (an e-mail, a job), logged as `<name> failed; will retry` or `... for good`, and
 * what its row records of it: pending for the next try or failed for good, and the error (with `note`) cut to fit.
 */
export function failedTry(
  log: { error(object: object, message: string): void },
  error: unknown,
  what: { name: string; context: object; gaveUp: boolean; note?: string },
): { status: 'pending' | 'failed'; lastError: string } {
  const message = error instanceof Error ? error.message : String(error);
  log.error(
    { err: error, ...what.context },
    what.gaveUp ? `${what.name} failed for good` : `${what.name} failed; will retry`,
  );
  return {
    status: what.gaveUp ? 'failed' : 'pending',
    lastError: (what.note ? `${message} (${what.note})` : message).slice(0, 500),
  };
}

type OutboxTable = typeof emailOutbox | typeof outboxJobs;

/**
 * Takes a lease on a batch of due rows of `table` (status pending, next try due, and `condition`): selected
 * FOR UPDATE SKIP LOCKED and pushed `claimLeaseMs` into the future in one transaction, so two workers (in one
 * process or in several instances) never take the same row; a worker that dies leaves it to be claimed again
 * once the lease is over.
 */
export async function claimDue<T extends OutboxTable>(
  db: Database,
  table: T,
  options: { at: Date; limit: number; condition?: SQL },
): Promise<T['$inferSelect'][]> {
  // The two tables share these columns; drizzle's builders are typed per table.
  const t = table as typeof outboxJobs;
  return db.transaction(async (tx) => {
    const due = await tx
      .select({ id: t.id })
      .from(t)
      .where(and(eq(t.status, 'pending'), lte(t.nextAttemptAt, options.at), options.condition))
      .orderBy(asc(t.id))
      .limit(options.limit)
      .for('update', { skipLocked: true });
    if (due.length === 0) return [];
    const claimed = await tx
      .update(t)
      .set({ nextAttemptAt: new Date(options.at.getTime() + claimLeaseMs) })
      .where(
        inArray(
          t.id,
          due.map((row) => row.id),
        ),
      )
      .returning();
    return claimed as T['$inferSelect'][];
  });
}
