import { randomBytes, randomUUID } from 'node:crypto';
import {
  type CreatedWebhookEndpoint,
  type WebhookDelivery,
  type WebhookEndpoint,
  type WebhookEndpointInput,
  type WebhookEndpointUpdate,
  type WebhookEvent,
  webhookEndpointInputSchema,
  webhookEventIdHeader,
  webhookMessages,
  type WebhookOverview,
  webhookSignatureHeader,
  webhookTestEventType,
} from '@bilum/shared';
import { desc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { emailOutbox, type OutboxJobRow, outboxJobs, type WebhookEndpointRow, webhookEndpoints } from '../../db/schema';
import { AppError } from '../../errors';
import {
  checkOutboundUrl,
  fetchOutbound,
  OutboundFetchError,
  type ResolvedAddress,
} from '../../security/outbound-fetch';
import type { SecretHasher } from '../../security/server-key';
import { type Actor, recordActivity } from '../audit/audit.service';
import type { Mailer } from '../mail/mail.service';
import { JobFailure, maxJobAttempts } from '../outbox/outbox-jobs';
import { signWebhookPayload } from '../payments/webhook-signature';

export { emitEvent } from './webhook-events';

/** Purpose of the server-key derivation that gives an endpoint its signing secret (security/server-key.ts). */
const secretPurpose = 'webhook-signing-secret';
const recentDeliveries = 50;
/** How long registration waits for DNS before it takes the address (each delivery checks it again). */
const registrationDnsTimeoutMs = 5_000;
const recentFailedEmails = 20;

export interface WebhooksDeps {
  db: Database;
  mailer: Mailer;
  secrets: SecretHasher;
  /** IMAGE_FETCH_ALLOW_LOOPBACK (tests only): deliveries to a local receiver over http. */
  allowLoopback: boolean;
  now?: () => Date;
  /** Tests stand in for public DNS. */
  resolve?: (hostname: string) => Promise<ResolvedAddress[]>;
}

const toEndpoint = (row: WebhookEndpointRow): WebhookEndpoint => ({
  id: row.id,
  url: row.url,
  description: row.description,
  events: row.events,
  active: row.active,
  createdAt: row.createdAt.toISOString(),
});

export function createWebhooksService({
  db,
  mailer,
  secrets,
  allowLoopback,
  now = () => new Date(),
  resolve,
}: WebhooksDeps) {
  const secretOf = (endpoint: Pick<WebhookEndpointRow, 'secretSalt'>) =>
    `whsec_${secrets.derive(secretPurpose, endpoint.secretSalt)}`;

  /**
   * At registration, the same check as at every delivery (`checkOutboundUrl`, issue 28): https (http only to
   * loopback in tests), no user name or password, no private or local host name, and every address the name
   * resolves to a public one. A name that does not resolve yet, or not within 5 seconds, is taken (the receiver
   * may go live later); each delivery checks it again, since DNS can change.
   */
  async function assertAcceptableUrl(address: string) {
    const fail = (message: string) => {
      throw new AppError('VALIDATION', message, undefined, [{ path: 'url', message }]);
    };
    let timer: NodeJS.Timeout | undefined;
    const slowDns = new Promise<void>((done) => {
      timer = setTimeout(done, registrationDnsTimeoutMs);
    });
    try {
      await Promise.race([checkOutboundUrl(new URL(address), { allowLoopback, resolve }), slowDns]);
    } catch (error) {
      if (!(error instanceof OutboundFetchError)) throw error;
      const messages: Partial<Record<OutboundFetchError['reason'], string>> = {
        scheme: webhookMessages.url,
        credentials: webhookMessages.credentials,
        address: webhookMessages.privateAddress,
      };
      const message = messages[error.reason];
      if (message) fail(message);
      if (error.reason !== 'dns') throw error;
    } finally {
      clearTimeout(timer);
    }
  }

  async function endpointRow(id: number): Promise<WebhookEndpointRow> {
    const [row] = await db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, id));
    if (!row) throw new AppError('NOT_FOUND', 'Webhook not found.');
    return row;
  }

  /** Sends one delivery: POST of the event, signed `t=…,v1=…` like the payment webhooks. */
  async function deliver(job: OutboxJobRow) {
    if (job.webhookId === null) throw new Error('a webhook delivery without an endpoint');
    const [endpoint] = await db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, job.webhookId));
    if (!endpoint) throw new Error('the webhook was removed');
    if (!endpoint.active && job.eventType !== webhookTestEventType) throw new Error('the webhook is turned off');
    const body = JSON.stringify(job.payload);
    const timestamp = Math.floor(now().getTime() / 1000);
    try {
      const answer = await fetchOutbound(endpoint.url, {
        method: 'POST',
        body,
        headers: {
          'content-type': 'application/json',
          [webhookSignatureHeader]: signWebhookPayload(body, secretOf(endpoint), timestamp),
          [webhookEventIdHeader]: job.eventId ?? String(job.id),
          'bilum-event-type': job.eventType ?? '',
        },
        okStatus: (status) => status >= 200 && status < 300,
        accept: '*/*',
        userAgent: 'Bilum-webhooks/1',
        allowLoopback,
        maxBytes: 64 * 1024,
        timeoutMs: 10_000,
        // A receiver answers; it does not send the shop elsewhere (a redirect counts as a failure).
        maxRedirects: 0,
        resolve,
      });
      return { responseStatus: answer.status };
    } catch (error) {
      if (error instanceof OutboundFetchError) throw new JobFailure(error.message, error.status ?? null);
      throw error;
    }
  }
  mailer.jobs.handle('webhook', deliver);

  function toDelivery(row: OutboxJobRow & { url: string }): WebhookDelivery {
    return {
      id: row.id,
      webhookId: row.webhookId ?? 0,
      url: row.url,
      eventId: row.eventId ?? '',
      eventType: row.eventType ?? '',
      status: row.status,
      attempts: row.attempts,
      maxAttempts: maxJobAttempts.webhook,
      lastError: row.lastError,
      responseStatus: row.responseStatus,
      createdAt: row.createdAt.toISOString(),
      nextAttemptAt: row.status === 'pending' ? row.nextAttemptAt.toISOString() : null,
      finishedAt: row.finishedAt?.toISOString() ?? null,
    };
  }

  return {
    secretOf,

    async overview(): Promise<WebhookOverview> {
      const endpoints = await db.select().from(webhookEndpoints).orderBy(webhookEndpoints.id);
      const deliveries = await db
        .select({ job: outboxJobs, url: webhookEndpoints.url })
        .from(outboxJobs)
        .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, outboxJobs.webhookId))
        .where(eq(outboxJobs.kind, 'webhook'))
        .orderBy(desc(outboxJobs.id))
        .limit(recentDeliveries);
      const failedEmails = await db
        .select()
        .from(emailOutbox)
        .where(eq(emailOutbox.status, 'failed'))
        .orderBy(desc(emailOutbox.id))
        .limit(recentFailedEmails);
      return {
        endpoints: endpoints.map(toEndpoint),
        deliveries: deliveries.map(({ job, url }) => toDelivery({ ...job, url })),
        failedEmails: failedEmails.map((mail) => ({
          id: mail.id,
          to: mail.to,
          subject: mail.subject,
          attempts: mail.attempts,
          lastError: mail.lastError,
          createdAt: mail.createdAt.toISOString(),
        })),
      };
    },

    async create(input: WebhookEndpointInput, actor: Actor): Promise<CreatedWebhookEndpoint> {
      const parsed = webhookEndpointInputSchema.parse(input);
      await assertAcceptableUrl(parsed.url);
      const row = await db.transaction(async (tx) => {
        const [created] = await tx
          .insert(webhookEndpoints)
          .values({
            url: parsed.url,
            description: parsed.description,
            events: [...new Set(parsed.events)],
            secretSalt: randomBytes(18).toString('base64url'),
          })
          .returning();
        if (!created) throw new Error('webhook_endpoints insert returned nothing');
        await recordActivity(tx, {
          actor,
          action: 'webhook.created',
          entityType: 'webhook',
          entityId: created.id,
          summary: `Added webhook ${created.url} (${created.events.join(', ')})`,
          after: { url: created.url, events: created.events },
        });
        return created;
      });
      return { ...toEndpoint(row), secret: secretOf(row) };
    },

    async update(id: number, change: WebhookEndpointUpdate, actor: Actor): Promise<WebhookEndpoint> {
      return db.transaction(async (tx) => {
        const [before] = await tx.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, id)).for('update');
        if (!before) throw new AppError('NOT_FOUND', 'Webhook not found.');
        const [after] = await tx
          .update(webhookEndpoints)
          .set({
            ...(change.active === undefined ? {} : { active: change.active }),
            ...(change.events === undefined ? {} : { events: [...new Set(change.events)] }),
            ...(change.description === undefined ? {} : { description: change.description }),
            updatedAt: now(),
          })
          .where(eq(webhookEndpoints.id, id))
          .returning();
        if (!after) throw new AppError('NOT_FOUND', 'Webhook not found.');
        await recordActivity(tx, {
          actor,
          action: 'webhook.updated',
          entityType: 'webhook',
          entityId: id,
          summary: `Changed webhook ${after.url}${change.active === undefined ? '' : change.active ? ' (turned on)' : ' (turned off)'}`,
          before: { active: before.active, events: before.events, description: before.description },
          after: { active: after.active, events: after.events, description: after.description },
        });
        return toEndpoint(after);
      });
    },

    async remove(id: number, actor: Actor): Promise<void> {
      await db.transaction(async (tx) => {
        const [removed] = await tx.delete(webhookEndpoints).where(eq(webhookEndpoints.id, id)).returning();
        if (!removed) throw new AppError('NOT_FOUND', 'Webhook not found.');
        await recordActivity(tx, {
          actor,
          action: 'webhook.removed',
          entityType: 'webhook',
          entityId: id,
          summary: `Removed webhook ${removed.url}`,
          before: { url: removed.url, events: removed.events },
        });
      });
    },

    /** "Send test event": one `webhook.test` delivery to this endpoint only, through the outbox. */
    async sendTest(id: number): Promise<WebhookDelivery> {
      const endpoint = await endpointRow(id);
      const event: WebhookEvent = {
        id: `evt_${randomUUID()}`,
        type: webhookTestEventType,
        createdAt: now().toISOString(),
        data: { message: 'A test event from the Bilum shop.' },
      };
      const jobId = await mailer.jobs.enqueue(db, {
        kind: 'webhook',
        payload: event as unknown as Record<string, unknown>,
        webhookId: endpoint.id,
        eventId: event.id,
        eventType: webhookTestEventType,
      });
      mailer.wake();
      const [job] = await db.select().from(outboxJobs).where(eq(outboxJobs.id, jobId));
      if (!job) throw new Error('the test delivery is gone');
      return toDelivery({ ...job, url: endpoint.url });
    },
  };
}

export type WebhooksService = ReturnType<typeof createWebhooksService>;
