import { and, asc, eq, inArray, lte } from 'drizzle-orm';
import type { Database, DbExecutor } from '../../db/client';
import { emailOutbox, type EmailOutboxRow } from '../../db/schema';
import type { MailTransport, OutgoingEmail } from './mail.transport';

export type { OutgoingEmail } from './mail.transport';

/** After this many failed tries a message is marked failed and left for a person to look at. */
export const maxSendAttempts = 10;
const batchSize = 10;
/** A claimed message is not claimed again (by this or another instance) for this long. */
const claimLeaseMs = 2 * 60_000;

/** 30 s, 1 min, 2 min, … up to an hour between tries. */
export function retryDelayMs(attempts: number): number {
  return Math.min(30_000 * 2 ** Math.max(0, attempts - 1), 60 * 60_000);
}

export interface DrainResult {
  sent: number;
  retrying: number;
  failed: number;
}

export interface Mailer {
  /** Stores a message in the caller's transaction: it is sent only if that transaction commits. Returns its id
   *  (`email_outbox.id`), so a page can show whether that message has been sent. */
  enqueue(tx: DbExecutor, message: OutgoingEmail): Promise<number>;
  /** Sends every message that is due now; the background sender calls it, tests call it directly. */
  drainOutbox(): Promise<DrainResult>;
  /** Asks the background sender to look now (after a commit), instead of at its next tick. */
  wake(): void;
  start(intervalMs: number): void;
  stop(): Promise<void>;
}

interface MailerDeps {
  db: Database;
  transport: MailTransport;
  from: string;
  log: { error(object: object, message: string): void };
  now?: () => Date;
}

export function createMailer({ db, transport, from, log, now = () => new Date() }: MailerDeps): Mailer {
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<DrainResult> | null = null;
  /** A wake-up that came while a drain was under way: drain once more afterwards. */
  let wokenWhileRunning = false;

  /** Takes a lease on a batch of due messages, so two senders never send the same one. */
  async function claimDue(): Promise<EmailOutboxRow[]> {
    const at = now();
    return db.transaction(async (tx) => {
      const due = await tx
        .select({ id: emailOutbox.id })
        .from(emailOutbox)
        .where(and(eq(emailOutbox.status, 'pending'), lte(emailOutbox.nextAttemptAt, at)))
        .orderBy(asc(emailOutbox.id))
        .limit(batchSize)
        .for('update', { skipLocked: true });
      if (due.length === 0) return [];
      return tx
        .update(emailOutbox)
        .set({ nextAttemptAt: new Date(at.getTime() + claimLeaseMs) })
        .where(
          inArray(
            emailOutbox.id,
            due.map((row) => row.id),
          ),
        )
        .returning();
    });
  }

  async function sendOne(row: EmailOutboxRow, result: DrainResult) {
    try {
      await transport.send({ id: row.id, from, to: row.to, subject: row.subject, text: row.text, html: row.html });
      await db
        .update(emailOutbox)
        .set({ status: 'sent', sentAt: now(), attempts: row.attempts + 1, lastError: null })
        .where(eq(emailOutbox.id, row.id));
      result.sent += 1;
    } catch (error) {
      const attempts = row.attempts + 1;
      const gaveUp = attempts >= maxSendAttempts;
      const message = error instanceof Error ? error.message : String(error);
      log.error(
        { err: error, emailId: row.id, attempts },
        gaveUp ? 'e-mail failed for good' : 'e-mail failed; will retry',
      );
      await db
        .update(emailOutbox)
        .set({
          status: gaveUp ? 'failed' : 'pending',
          attempts,
          lastError: message.slice(0, 500),
          nextAttemptAt: new Date(now().getTime() + retryDelayMs(attempts)),
        })
        .where(eq(emailOutbox.id, row.id));
      result[gaveUp ? 'failed' : 'retrying'] += 1;
    }
  }

  async function drain(): Promise<DrainResult> {
    const result: DrainResult = { sent: 0, retrying: 0, failed: 0 };
    for (let batch = await claimDue(); batch.length > 0; batch = await claimDue()) {
      for (const row of batch) await sendOne(row, result);
    }
    return result;
  }

  /** One drain at a time in this process. */
  function drainOutbox(): Promise<DrainResult> {
    running ??= drain().finally(() => {
      running = null;
    });
    return running;
  }

  function tick() {
    drainOutbox()
      .catch((error: unknown) => log.error({ err: error }, 'the e-mail outbox could not be read'))
      .finally(() => {
        if (!wokenWhileRunning || !timer) return;
        wokenWhileRunning = false;
        setImmediate(tick);
      });
  }

  return {
    async enqueue(tx, message) {
      const [row] = await tx
        .insert(emailOutbox)
        .values({
          to: message.to,
          subject: message.subject,
          text: message.text,
          html: message.html ?? null,
          nextAttemptAt: now(),
        })
        .returning({ id: emailOutbox.id });
      if (!row) throw new Error('email_outbox insert returned nothing');
      return row.id;
    },
    drainOutbox,
    wake() {
      if (!timer) return;
      if (running) wokenWhileRunning = true;
      else setImmediate(tick);
    },
    start(intervalMs) {
      if (timer || intervalMs <= 0) return;
      timer = setInterval(tick, intervalMs);
      timer.unref();
      setImmediate(tick);
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = null;
      await running?.catch(() => undefined);
      transport.close?.();
    },
  };
}
