import { z } from 'zod';

/**
 * Outgoing webhooks (issue 21, decision 017): what the owner registers in the admin (Integrations) and what the
 * shop sends. Each delivery is a POST of `WebhookEvent` as JSON, signed Stripe-style in `Bilum-Signature`
 * (`t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.body" under the endpoint's secret>`), its id in `Bilum-Event-Id`
 * (the same for every endpoint and every retry: receivers dedupe on it).
 */
export const webhookEventTypes = ['order.paid', 'order.status_changed', 'stock.low'] as const;
export type WebhookEventType = (typeof webhookEventTypes)[number];

export const webhookEventLabels: Record<WebhookEventType, string> = {
  'order.paid': 'Order paid',
  'order.status_changed': 'Order status changed',
  'stock.low': 'Stock low',
};

/** The test event sent by "Send test event" (to that endpoint only). */
export const webhookTestEventType = 'webhook.test';

export const webhookMessages = {
  url: 'Please enter the https:// address of the receiver.',
  privateAddress: 'The address leads to a private or local network, which is not allowed.',
  credentials:
    'The address must not hold a user name or password. The receiver checks the signature instead (bilum-signature).',
  events: 'Choose at least one event.',
  created: 'Copy its signing secret now: it is shown only once.',
  deleted: 'Webhook removed.',
  testQueued: 'Test event queued.',
} as const;

export const webhookSignatureHeader = 'bilum-signature';
export const webhookEventIdHeader = 'bilum-event-id';

export const webhookEndpointInputSchema = z.object({
  url: z
    .string()
    .trim()
    .max(2000)
    .refine((value) => {
      try {
        const url = new URL(value);
        return url.protocol === 'https:' || url.protocol === 'http:';
      } catch {
        return false;
      }
    }, webhookMessages.url),
  description: z.string().trim().max(200).default(''),
  events: z.array(z.enum(webhookEventTypes)).min(1, webhookMessages.events).max(webhookEventTypes.length),
});
export type WebhookEndpointInput = z.input<typeof webhookEndpointInputSchema>;

export const webhookEndpointUpdateSchema = z.object({
  active: z.boolean().optional(),
  events: z.array(z.enum(webhookEventTypes)).min(1, webhookMessages.events).max(webhookEventTypes.length).optional(),
  description: z.string().trim().max(200).optional(),
});
export type WebhookEndpointUpdate = z.infer<typeof webhookEndpointUpdateSchema>;

export const webhookEndpointSchema = z.object({
  id: z.number().int(),
  url: z.string(),
  description: z.string(),
  events: z.array(z.string()),
  active: z.boolean(),
  createdAt: z.string(),
});
export type WebhookEndpoint = z.infer<typeof webhookEndpointSchema>;

/** The answer to creating an endpoint: the only time its signing secret is shown. */
export const createdWebhookEndpointSchema = webhookEndpointSchema.extend({ secret: z.string() });
export type CreatedWebhookEndpoint = z.infer<typeof createdWebhookEndpointSchema>;

export const webhookDeliveryStatuses = ['pending', 'done', 'failed'] as const;
export const webhookDeliveryLabels: Record<(typeof webhookDeliveryStatuses)[number], string> = {
  pending: 'Waiting to retry',
  done: 'Delivered',
  failed: 'Failed (gave up)',
};

export const webhookDeliverySchema = z.object({
  id: z.number().int(),
  webhookId: z.number().int(),
  url: z.string(),
  eventId: z.string(),
  eventType: z.string(),
  status: z.enum(webhookDeliveryStatuses),
  attempts: z.number().int(),
  maxAttempts: z.number().int(),
  lastError: z.string().nullable(),
  responseStatus: z.number().int().nullable(),
  createdAt: z.string(),
  nextAttemptAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;

/** An e-mail the outbox gave up on after its last try (decision 017): shown in the admin for a person to follow up. */
export const failedEmailSchema = z.object({
  id: z.number().int(),
  to: z.string(),
  subject: z.string(),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  createdAt: z.string(),
});
export type FailedEmail = z.infer<typeof failedEmailSchema>;

export const webhookOverviewSchema = z.object({
  endpoints: z.array(webhookEndpointSchema),
  deliveries: z.array(webhookDeliverySchema),
  /** The 20 most recent e-mails that could not be sent. */
  failedEmails: z.array(failedEmailSchema),
});
export type WebhookOverview = z.infer<typeof webhookOverviewSchema>;

/** What a receiver gets. */
export interface WebhookEvent<T = unknown> {
  id: string;
  type: WebhookEventType | typeof webhookTestEventType;
  createdAt: string;
  data: T;
}
