import { randomUUID } from 'node:crypto';
import type { WebhookEvent, WebhookEventType } from '@bilum/shared';
import { and, eq, sql } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client';
import { type OrderItemRow, type OrderRow, outboxJobs, webhookEndpoints } from '../../db/schema';
import { orderLineName } from '../orders/order-line-name';

/**
 * Records an event for every active endpoint that wants it, in the caller's transaction (decision 017): the
 * deliveries exist exactly when the change commits, and the outbox worker sends them with retries. The event id
 * is the same for every endpoint and every retry, so a receiver dedupes on it. Answers the event id (null when no
 * endpoint wants it).
 */
export async function emitEvent(tx: DbExecutor, type: WebhookEventType, data: unknown): Promise<string | null> {
  const endpoints = await tx
    .select({ id: webhookEndpoints.id })
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.active, true), sql`${webhookEndpoints.events} @> ${JSON.stringify([type])}::jsonb`));
  if (endpoints.length === 0) return null;
  const event: WebhookEvent = { id: `evt_${randomUUID()}`, type, createdAt: new Date().toISOString(), data };
  await tx.insert(outboxJobs).values(
    endpoints.map((endpoint) => ({
      kind: 'webhook' as const,
      payload: event as unknown as Record<string, unknown>,
      webhookId: endpoint.id,
      eventId: event.id,
      eventType: type,
    })),
  );
  return event.id;
}

/**
 * The order as a webhook shows it: what a courier, point of sale or accountant needs (amounts in toea). A line's
 * `name` names its variant as every document does ("Galaxy A55 – 256 GB / Black"), so a receiver that prints it
 * picks the right one; `variantId`, `variantLabel` ('' for a product without options) and `sku` are the variant's
 * own (issue 30).
 */
export function orderEventData(
  order: OrderRow,
  items: readonly Pick<
    OrderItemRow,
    'productId' | 'productName' | 'variantId' | 'variantLabel' | 'variantSku' | 'quantity' | 'unitPriceToea'
  >[] = [],
) {
  return {
    orderId: order.id,
    trackingCode: order.trackingCode,
    paymentStatus: order.paymentStatus,
    shippingStatus: order.shippingStatus,
    paymentMethod: order.paymentMethod,
    totalToea: order.totalToea,
    shippingToea: order.shippingToea,
    currency: order.currency,
    placedAt: order.placedAt.toISOString(),
    paidAt: order.paidAt?.toISOString() ?? null,
    customer: { firstName: order.firstName, lastName: order.lastName, email: order.email, phone: order.phone },
    delivery: order.pickupPointName
      ? { kind: 'pickup' as const, pickupPoint: order.pickupPointName, address: order.pickupPointAddress }
      : order.pickupLocation
        ? { kind: 'pickup' as const, pickupPoint: order.pickupLocation, address: null }
        : {
            kind: 'delivery' as const,
            address: order.address,
            city: order.city,
            province: order.province ?? order.state,
            postcode: order.postcode,
          },
    items: items.map((item) => ({
      productId: item.productId,
      variantId: item.variantId,
      name: orderLineName(item),
      variantLabel: item.variantLabel,
      sku: item.variantSku,
      quantity: item.quantity,
      unitPriceToea: item.unitPriceToea,
    })),
  };
}
