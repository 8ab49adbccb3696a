import { and, desc, eq, inArray } from 'drizzle-orm';
import type { Database, DbExecutor } from '../../db/client';
import { type OutboxJobKind, type OutboxJobRow, outboxJobs } from '../../db/schema';
import { claimDue, failedTry, jitteredRetryDelayMs } from './outbox-claim';

/** Tries before a job is marked failed and left for a person to look at (shown in the admin). */
export const maxJobAttempts: Record<OutboxJobKind, number> = {
  webhook: 8,
  'password-reset': 5,
  // 30 s, 1, 2 and 4 min apart: the confirmation e-mail waits for its invoice at most about 8 minutes.
  'invoice-document': 5,
  // 30 s, 1, 2, 4 and 8 min apart (issue 31): a text that has not left within about a quarter of an hour is stale.
  text: 6,
};
const batchSize = 10;

/** What a handler tells about a try, kept on the row (a webhook's HTTP status). */
export interface JobOutcome {
  responseStatus?: number | null;
}

/** A failed try that still has something to keep (the receiver's HTTP status). */
export class JobFailure extends Error {
  constructor(
    message: string,
    readonly responseStatus: number | null = null,
  ) {
    super(message);
    this.name = 'JobFailure';
  }
}

export type JobHandler = (job: OutboxJobRow) => Promise<JobOutcome | void>;

export interface JobDrainResult {
  done: number;
  retrying: number;
  failed: number;
}

export interface EnqueuedJob {
  kind: OutboxJobKind;
  payload: Record<string, unknown>;
  webhookId?: number;
  /** A webhook delivery's event, or what another kind of job is about (found again with `jobsAbout`). */
  eventId?: string;
  eventType?: string;
}

/** The jobs of `kind` about these subjects (their `event_id`), newest first: for a page that shows their state. */
export function jobsAbout(
  executor: DbExecutor,
  kind: OutboxJobKind,
  subjects: readonly string[],
): Promise<OutboxJobRow[]> {
  if (subjects.length === 0) return Promise.resolve([]);
  return executor
    .select()
    .from(outboxJobs)
    .where(and(inArray(outboxJobs.eventId, [...subjects]), eq(outboxJobs.kind, kind)))
    .orderBy(desc(outboxJobs.id));
}

interface JobsDeps {
  db: Database;
  log: { error(object: object, message: string): void };
  now?: () => Date;
  random?: () => number;
}

/**
 * The outbox's jobs (decision 017): rows of `outbox_jobs` run by the outbox worker (the mailer's background
 * sender, `mailer.drainOutbox()`), with the e-mails' claiming and retry rule (`outbox-claim.ts`). A module
 * registers the handler of its kind once (`handle`); only kinds with a handler in this process are claimed.
 */
export function createOutboxJobs({ db, log, now = () => new Date(), random = Math.random }: JobsDeps) {
  const handlers = new Map<OutboxJobKind, JobHandler>();

  async function runOne(job: OutboxJobRow, handler: JobHandler, result: JobDrainResult) {
    const attempts = job.attempts + 1;
    try {
      const outcome = await handler(job);
      await db
        .update(outboxJobs)
        .set({
          status: 'done',
          attempts,
          finishedAt: now(),
          lastError: null,
          responseStatus: outcome?.responseStatus ?? null,
        })
        .where(eq(outboxJobs.id, job.id));
      result.done += 1;
    } catch (error) {
      const gaveUp = attempts >= maxJobAttempts[job.kind];
      const context = { jobId: job.id, kind: job.kind, attempts };
      await db
        .update(outboxJobs)
        .set({
          ...failedTry(log, error, { name: 'an outbox job', context, gaveUp }),
          attempts,
          responseStatus: error instanceof JobFailure ? error.responseStatus : null,
          nextAttemptAt: new Date(now().getTime() + jitteredRetryDelayMs(attempts, random)),
          finishedAt: gaveUp ? now() : null,
        })
        .where(eq(outboxJobs.id, job.id));
      result[gaveUp ? 'failed' : 'retrying'] += 1;
    }
  }

  const rowOf = (job: EnqueuedJob) => ({
    kind: job.kind,
    payload: job.payload,
    webhookId: job.webhookId ?? null,
    eventId: job.eventId ?? null,
    eventType: job.eventType ?? null,
    nextAttemptAt: now(),
  });

  return {
    /** Registers the handler of a kind (once per kind, at start-up). */
    handle(kind: OutboxJobKind, handler: JobHandler): void {
      handlers.set(kind, handler);
    },

    /** Stores a job in the caller's transaction: it runs only if that transaction commits. */
    async enqueue(tx: DbExecutor, job: EnqueuedJob): Promise<number> {
      const [row] = await tx.insert(outboxJobs).values(rowOf(job)).returning({ id: outboxJobs.id });
      if (!row) throw new Error('outbox_jobs insert returned nothing');
      return row.id;
    },

    /**
     * Like `enqueue`, for a kind with a unique index on its `event_id` (texts, issue 31): the first job of an event
     * is stored, a second is not (null), so an event retried or replayed makes one job.
     */
    async enqueueOnce(tx: DbExecutor, job: EnqueuedJob & { eventId: string }): Promise<number | null> {
      const [row] = await tx
        .insert(outboxJobs)
        .values(rowOf(job))
        .onConflictDoNothing()
        .returning({ id: outboxJobs.id });
      return row?.id ?? null;
    },

    /** Runs every due job (of `kinds`, default every kind with a handler here). */
    async drain(kinds?: readonly OutboxJobKind[]): Promise<JobDrainResult> {
      const result: JobDrainResult = { done: 0, retrying: 0, failed: 0 };
      const served = (kinds ?? [...handlers.keys()]).filter((kind) => handlers.has(kind));
      if (served.length === 0) return result;
      const claim = () =>
        claimDue(db, outboxJobs, { at: now(), limit: batchSize, condition: inArray(outboxJobs.kind, served) });
      for (let batch = await claim(); batch.length > 0; batch = await claim()) {
        for (const job of batch) await runOne(job, handlers.get(job.kind) as JobHandler, result);
      }
      return result;
    },
  };
}

export type OutboxJobs = ReturnType<typeof createOutboxJobs>;
