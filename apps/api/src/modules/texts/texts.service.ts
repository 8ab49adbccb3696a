import { formatPhoneNumber, fullPhoneNumber, phoneProblem, splitPhoneNumber } from '@bilum/shared';
import { eq } from 'drizzle-orm';
import type { Database, DbExecutor } from '../../db/client';
import { type OrderRow, type OutboxJobRow, orders } from '../../db/schema';
import { recordActivity } from '../audit/audit.service';
import type { Mailer } from '../mail/mail.service';
import { type JobHandler, maxJobAttempts, type OutboxJobs } from '../outbox/outbox-jobs';
import { wantsTextMessages } from '../profile/text-preference';
import { isE164, type SmsProvider } from './sms-provider';
import {
  type OrderText,
  type OrderTextKind,
  orderTextLabels,
  renderOrderText,
  type TextLocale,
  textLocaleOf,
} from './text-templates';

/*
 * Text messages about orders (issue 31, decision 044). The module that changes an order queues its text in the
 * same transaction as the change and its e-mail (`queueOrderText`), as an outbox job of kind `text`: it is sent
 * only if that transaction commits, after it, by the outbox worker, retried while the gateway fails. One job per
 * event: its `event_id` is `order-<id>-text-<kind>` under a unique index, so an event queued again (a retried
 * request, a replayed webhook) makes no second text. This module writes no order state; it reads the order for
 * the number and language, and notes each text in the order's history (the activity log staff see).
 */

const kind = 'text';
const actor = { kind: 'system', name: 'text messages' } as const;

/** What a text job is about (`outbox_jobs.event_id`): one per order and kind of text. */
export const orderTextKey = (orderId: number, textKind: OrderTextKind) => `order-${orderId}-text-${textKind}`;

/**
 * A stored phone number ("+67571234567", the contact details' country code and number) as E.164, or null when it
 * cannot take a text: not a valid number, or a PNG landline (7 digits starting 2 or 3).
 */
export function textablePhoneNumber(stored: string): string | null {
  const { countryCode, number } = splitPhoneNumber(stored);
  if (phoneProblem(countryCode, number) !== null) return null;
  if (countryCode === '+675' && number.length !== 8) return null;
  const full = fullPhoneNumber(countryCode, number);
  return isE164(full) ? full : null;
}

interface TextPayload {
  orderId: number;
  kind: OrderTextKind;
  to: string;
  body: string;
  locale: TextLocale;
}

/**
 * In the caller's transaction (the one that changes the order and queues its e-mail): the order's text, in the
 * shopper's language, to the order's phone number. Nothing is queued when the shopper turned texts off on the
 * profile (a guest gets them: the number was given for the order), when the number cannot take a text, or when
 * this event's text was queued before. Returns the job's id, or null.
 */
export async function queueOrderText(
  jobs: Pick<OutboxJobs, 'enqueueOnce'>,
  tx: DbExecutor,
  order: Pick<OrderRow, 'id' | 'userId' | 'phone' | 'locale'>,
  text: OrderText,
): Promise<number | null> {
  if (order.userId !== null && !(await wantsTextMessages(tx, order.userId))) return null;
  const to = textablePhoneNumber(order.phone);
  if (to === null) return null;
  const locale = textLocaleOf(order.locale);
  const payload: TextPayload = { orderId: order.id, kind: text.kind, to, body: renderOrderText(text, locale), locale };
  return jobs.enqueueOnce(tx, {
    kind,
    payload: { ...payload },
    eventId: orderTextKey(order.id, text.kind),
    eventType: text.kind,
  });
}

function payloadOf(job: OutboxJobRow): TextPayload {
  const { orderId, kind: textKind, to, body, locale } = job.payload;
  if (typeof orderId !== 'number' || typeof to !== 'string' || typeof body !== 'string' || !isE164(to)) {
    throw new Error(`text job ${job.id} has no order, number or text`);
  }
  return { orderId, kind: textKind as OrderTextKind, to, body, locale: textLocaleOf(locale) };
}

interface TextJobDeps {
  db: Database;
  provider: SmsProvider;
  log: { error(object: object, message: string): void };
}

/**
 * The job: sends the text unless the shopper has turned texts off since it was queued, then notes it in the
 * order's history ("Text sent to +675 7123 4567: Payment received"). The note is written after the gateway took
 * the text, and a failure to write it is only logged, so the text is never sent again for a note. After the last
 * failed try the history says the text could not be sent.
 */
export function textJob({ db, provider, log }: TextJobDeps): JobHandler {
  return async (job) => {
    const text = payloadOf(job);
    const [order] = await db.select({ userId: orders.userId }).from(orders).where(eq(orders.id, text.orderId));
    if (order?.userId != null && !(await wantsTextMessages(db, order.userId))) return;
    const label = orderTextLabels[text.kind] ?? text.kind;
    const shown = formatPhoneNumber(text.to);
    let sent: { id: string | null };
    try {
      sent = await provider.send({ to: text.to, body: text.body });
    } catch (error) {
      if (job.attempts + 1 >= maxJobAttempts.text) {
        await note(db, text, {
          action: 'order.text-failed',
          summary: `Text to ${shown} could not be sent: ${label} (${error instanceof Error ? error.message : String(error)})`,
        }).catch((noteError: unknown) => log.error({ err: noteError, jobId: job.id }, 'a text could not be noted'));
      }
      throw error;
    }
    await note(db, text, {
      action: 'order.text-sent',
      summary: `Text sent to ${shown}: ${label}`,
      gatewayId: sent.id,
    }).catch((error: unknown) => log.error({ err: error, jobId: job.id }, 'a sent text could not be noted'));
  };
}

function note(
  db: DbExecutor,
  text: TextPayload,
  entry: { action: string; summary: string; gatewayId?: string | null },
): Promise<void> {
  return recordActivity(db, {
    actor,
    action: entry.action,
    entityType: 'order',
    entityId: text.orderId,
    summary: entry.summary,
    after: {
      to: text.to,
      language: text.locale,
      text: text.body,
      ...(entry.gatewayId ? { gatewayId: entry.gatewayId } : {}),
    },
  });
}

/** Runs the text jobs in the outbox worker (once, at start-up). */
export function registerTexts(deps: TextJobDeps & { mailer: Pick<Mailer, 'jobs'> }): void {
  deps.mailer.jobs.handle(kind, textJob(deps));
}
