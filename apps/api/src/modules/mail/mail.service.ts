import { and, eq, gt, isNull, lte, or, sql } from 'drizzle-orm';
import type { Database, DbExecutor } from '../../db/client';
import { emailOutbox, type EmailOutboxRow, type RedactedEmail } from '../../db/schema';
import { claimDue as claimDueRows, failedTry, jitteredRetryDelayMs } from '../outbox/outbox-claim';
import { createOutboxJobs, type OutboxJobs } from '../outbox/outbox-jobs';
import type { MailTransport, OutgoingEmail } from './mail.transport';

export { retryDelayMs } from '../outbox/outbox-claim';

export type { OutgoingEmail } from './mail.transport';

/** A secret part of a message and what the stored copy says instead once the message is done with. */
export interface EmailSecret {
  /** The secret as it appears in the message. List the bare secret (the code, the token) too, not only the text
   *  around it (a link), so that it is removed whatever the HTML part does to the text around it. */
  value: string;
  /** E.g. "[code removed]". */
  removedAs: string;
}

/** A message for the outbox. */
export interface QueuedEmail extends OutgoingEmail {
  /**
   * Secrets (a reset code, a one-time link) that the outbox keeps only until it no longer needs them: once the
   * message is sent, given up on or expired, its stored subject, text and html no longer contain them (issue 16).
   */
  secrets?: readonly EmailSecret[];
  /** Past this the message is not sent any more (what it carries has stopped working), and its secrets go. */
  expiresAt?: Date;
}

/** The message with every secret replaced by its `removedAs`; the longest first, so a link goes before its token. */
export function redactEmail(message: OutgoingEmail, secrets: readonly EmailSecret[]): RedactedEmail {
  const ordered = secrets.filter((secret) => secret.value !== '').sort((a, b) => b.value.length - a.value.length);
  const redact = (part: string) =>
    ordered.reduce((text, secret) => text.replaceAll(secret.value, secret.removedAs), part);
  return {
    subject: redact(message.subject),
    text: redact(message.text),
    html: message.html ? redact(message.html) : null,
  };
}

/** The columns that replace a message's stored copy by its redacted one (nothing when it has none). */
const withoutSecrets = (row: Pick<EmailOutboxRow, 'redacted'>) =>
  row.redacted ? { ...row.redacted, redacted: null } : {};

const expiredError = 'expired before it could be sent';

/** After this many failed tries a message is marked failed and left for a person to look at. */
export const maxSendAttempts = 10;
const batchSize = 10;

export interface DrainResult {
  sent: number;
  retrying: number;
  failed: number;
}

export interface Mailer {
  /** Stores a message in the caller's transaction: it is sent only if that transaction commits. Returns its id
   *  (`email_outbox.id`), so a page can show whether that message has been sent. */
  enqueue(tx: DbExecutor, message: QueuedEmail): Promise<number>;
  /**
   * Runs `compose` (work that may end in `enqueue`) after the caller has returned, so that a request is answered
   * in the same time whether or not it leads to a message (issue 16: the forgot-password timing). Its failure is
   * logged; `stop()` waits for it.
   */
  composeLater(compose: () => Promise<void>): void;
  /** Resolves once every `composeLater` work started so far has finished (tests wait on it). */
  composed(): Promise<void>;
  /** Sends every message that is due now; the background sender calls it, tests call it directly. */
  drainOutbox(): Promise<DrainResult>;
  /** Asks the background sender to look now (after a commit), instead of at its next tick. */
  wake(): void;
  /**
   * The outbox's other jobs (decision 017: webhook deliveries, composing forgot-password e-mails), run by the same
   * background sender before the e-mails and claimed the same way. `composed()` also runs the due compose jobs.
   */
  jobs: OutboxJobs;
  start(intervalMs: number): void;
  stop(): Promise<void>;
}

interface MailerDeps {
  db: Database;
  transport: MailTransport;
  from: string;
  log: { error(object: object, message: string): void };
  now?: () => Date;
  /** The jitter of retry delays (tests pass a fixed one). */
  random?: () => number;
}

export function createMailer({
  db,
  transport,
  from,
  log,
  now = () => new Date(),
  random = Math.random,
}: MailerDeps): Mailer {
  const jobs = createOutboxJobs({ db, log, now, random });
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<DrainResult> | null = null;
  /** A wake-up that came while a drain was under way: drain once more afterwards. */
  let wokenWhileRunning = false;
  const composing = new Set<Promise<void>>();

  async function composedInProcess(): Promise<void> {
    while (composing.size > 0) await Promise.all(composing);
  }

  async function composed(): Promise<void> {
    await composedInProcess();
    await jobs.drain(['password-reset']);
  }

  /**
   * Messages past their expiry: those not sent yet are given up (status failed), and every one still carrying
   * secrets loses them. A message that another sender is sending right now still ends as sent if that succeeds.
   */
  async function expire(): Promise<void> {
    const { redacted, status } = emailOutbox;
    await db
      .update(emailOutbox)
      .set({
        subject: sql`coalesce(${redacted}->>'subject', ${emailOutbox.subject})`,
        text: sql`coalesce(${redacted}->>'text', ${emailOutbox.text})`,
        html: sql`case when ${redacted} is null then ${emailOutbox.html} else ${redacted}->>'html' end`,
        redacted: null,
        status: sql`case when ${status} = 'pending' then 'failed' else ${status} end`,
        lastError: sql`case when ${status} = 'pending' then ${expiredError} else ${emailOutbox.lastError} end`,
      })
      .where(and(lte(emailOutbox.expiresAt, now()), sql`(${status} = 'pending' or ${redacted} is not null)`));
  }

  /** Takes a lease on a batch of due messages, so two senders never send the same one (outbox-claim.ts). */
  function claimDue(): Promise<EmailOutboxRow[]> {
    const at = now();
    return claimDueRows(db, emailOutbox, {
      at,
      limit: batchSize,
      condition: or(isNull(emailOutbox.expiresAt), gt(emailOutbox.expiresAt, at)),
    });
  }

  async function sendOne(row: EmailOutboxRow, result: DrainResult) {
    try {
      await transport.send({
        id: row.id,
        from,
        to: row.to,
        subject: row.subject,
        text: row.text,
        html: row.html,
        attachments: row.attachments,
      });
      // Sent: the stored copy keeps that it was sent, to whom and what about, but no longer its secrets.
      await db
        .update(emailOutbox)
        .set({ status: 'sent', sentAt: now(), attempts: row.attempts + 1, lastError: null, ...withoutSecrets(row) })
        .where(eq(emailOutbox.id, row.id));
      result.sent += 1;
    } catch (error) {
      const attempts = row.attempts + 1;
      const nextAttemptAt = new Date(now().getTime() + jitteredRetryDelayMs(attempts, random));
      const expired = row.expiresAt !== null && row.expiresAt <= nextAttemptAt;
      const gaveUp = attempts >= maxSendAttempts || expired;
      const context = { emailId: row.id, attempts };
      await db
        .update(emailOutbox)
        .set({
          ...failedTry(log, error, { name: 'e-mail', context, gaveUp, note: expired ? expiredError : undefined }),
          attempts,
          nextAttemptAt,
          ...(gaveUp ? withoutSecrets(row) : {}),
        })
        .where(eq(emailOutbox.id, row.id));
      result[gaveUp ? 'failed' : 'retrying'] += 1;
    }
  }

  async function drain(): Promise<DrainResult> {
    const result: DrainResult = { sent: 0, retrying: 0, failed: 0 };
    await expire();
    // Jobs first: a composed e-mail goes out in the same drain.
    await jobs.drain().catch((error: unknown) => log.error({ err: error }, 'the outbox jobs could not be run'));
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
          redacted: message.secrets?.length ? redactEmail(message, message.secrets) : null,
          expiresAt: message.expiresAt ?? null,
          attachments: message.attachments?.length ? [...message.attachments] : null,
        })
        .returning({ id: emailOutbox.id });
      if (!row) throw new Error('email_outbox insert returned nothing');
      return row.id;
    },
    drainOutbox,
    jobs,
    composeLater(compose) {
      // setImmediate: after the caller's answer has been written, not within its time.
      const work: Promise<void> = new Promise<void>((resolve) => setImmediate(resolve))
        .then(compose)
        .catch((error: unknown) => log.error({ err: error }, 'an e-mail could not be composed'))
        .finally(() => composing.delete(work));
      composing.add(work);
    },
    composed,
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
      // Only the in-process work: durable jobs left pending are run by the next worker (after a restart).
      await composedInProcess();
      if (timer) clearInterval(timer);
      timer = null;
      await running?.catch(() => undefined);
      transport.close?.();
    },
  };
}
