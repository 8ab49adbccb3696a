import { AppError } from '../../errors';
import type { PaymentEvent, PaymentIntent } from './payment-provider';
import { randomId } from './random-id';
import { signWebhookPayload, verifyWebhookSignature } from './webhook-signature';

/** An event as it would arrive over HTTP: the raw body and its signature header. */
export interface SignedEvent {
  event: PaymentEvent;
  payload: string;
  signatureHeader: string;
}

export type PaymentEventListener = (delivery: SignedEvent) => void | Promise<void>;

interface SimulatorEventsOptions {
  secret: string;
  nowSeconds: () => number;
  onDeliveryError: (error: unknown, event: PaymentEvent) => void;
}

function parseEvent(payload: string): PaymentEvent {
  try {
    const body = JSON.parse(payload) as { id?: unknown; type?: unknown; data?: { object?: PaymentIntent } };
    if (typeof body.id === 'string' && typeof body.type === 'string') {
      return { id: body.id, type: body.type, intent: body.data?.object ?? null };
    }
  } catch {
    // falls through to the error below
  }
  throw new AppError('VALIDATION', 'The webhook body is not a payment event.');
}

/**
 * The simulator's webhooks: events are signed like Stripe's (`t=…,v1=…`) and delivered to in-process listeners
 * after the call that caused them has returned, as a provider would deliver them: later, and never inside the
 * caller's database transaction.
 */
export function createSimulatorEvents({ secret, nowSeconds, onDeliveryError }: SimulatorEventsOptions) {
  const listeners = new Set<PaymentEventListener>();
  const deliveries = new Set<Promise<void>>();

  function sign(event: PaymentEvent, timestamp = nowSeconds()): SignedEvent {
    const payload = JSON.stringify({
      id: event.id,
      object: 'event',
      type: event.type,
      created: timestamp,
      data: { object: event.intent },
    });
    return { event, payload, signatureHeader: signWebhookPayload(payload, secret, timestamp) };
  }

  function deliver(listener: PaymentEventListener, signed: SignedEvent) {
    const delivery = new Promise<void>((resolve) => setImmediate(resolve))
      .then(() => listener(signed))
      .catch((error: unknown) => onDeliveryError(error, signed.event))
      .finally(() => deliveries.delete(delivery));
    deliveries.add(delivery);
  }

  return {
    sign,

    publish(type: string, intent: PaymentIntent) {
      if (listeners.size === 0) return;
      const signed = sign({ id: randomId('evt_sim'), type, intent });
      for (const listener of listeners) deliver(listener, signed);
    },

    /** Registers a listener; returns the function that removes it. */
    onEvent(listener: PaymentEventListener): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },

    verify(rawBody: Buffer | string, signatureHeader: string | undefined): PaymentEvent {
      verifyWebhookSignature(rawBody, signatureHeader, secret, nowSeconds());
      return parseEvent(typeof rawBody === 'string' ? rawBody : rawBody.toString('utf8'));
    },

    /** Resolves when every event published so far has been handled (tests, graceful shutdown). */
    async whenDelivered(): Promise<void> {
      while (deliveries.size > 0) await Promise.all(deliveries);
    },
  };
}
