import { randomUUID } from 'node:crypto';
import type { CreateOrderInput } from '@bilum/shared';
import { card, deliveryContact } from '../test/checkout';

/** The password of every account the suite registers. */
export const shopperPassword = 'resilience-password-2024';

export interface PlacedOrder {
  id: number;
  checkoutToken: string;
}

export interface Answer {
  status: number;
  body: Record<string, unknown> | null;
}

/**
 * One browser's calls to the shop over HTTP: JSON in and out, and the session cookie kept between calls.
 * `onAnswer` sees every answer (the soak counts them).
 */
export function shopClient(baseUrl: string, onAnswer?: (method: string, path: string, status: number) => void) {
  let cookie = '';

  async function call(
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<Answer> {
    const response = await fetch(`${baseUrl}/api${path}`, {
      method,
      headers: {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(cookie ? { cookie } : {}),
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const session = response.headers.getSetCookie().find((value) => value.includes('bilum_session='));
    if (session) cookie = session.split(';')[0]!;
    const text = await response.text();
    onAnswer?.(method, path, response.status);
    const json = text !== '' && response.headers.get('content-type')?.includes('json');
    return { status: response.status, body: json ? (JSON.parse(text) as Record<string, unknown>) : null };
  }

  /** A new shopper account, signed in from now on; returns its e-mail address. */
  async function register(name = 'Resilience Shopper'): Promise<string> {
    const email = `resilience.${randomUUID()}@example.pg`;
    const answer = await call('POST', '/auth/register', {
      fullName: name,
      email,
      countryCode: '+675',
      phone: '7123 4567',
      password: shopperPassword,
    });
    if (answer.status !== 201) throw new Error(`register answered ${answer.status}: ${JSON.stringify(answer.body)}`);
    return email;
  }

  /** POST /api/orders: an order that holds its stock and waits for payment; throws unless it was placed. */
  async function placeOrder(source: CreateOrderInput['source']): Promise<PlacedOrder> {
    const created = await call('POST', '/orders', { idempotencyKey: randomUUID(), contact: deliveryContact, source });
    if (created.status !== 201) {
      throw new Error(`POST /api/orders answered ${created.status}: ${JSON.stringify(created.body)}`);
    }
    return { id: (created.body!.order as { id: number }).id, checkoutToken: created.body!.checkoutToken as string };
  }

  /** POST /api/orders/:id/payment with a test card (by default the one that succeeds) and the checkout token. */
  function pay(order: PlacedOrder, cardNumber?: string): Promise<Answer> {
    const body = { card: card(cardNumber) };
    return call('POST', `/orders/${order.id}/payment`, body, { 'x-checkout-token': order.checkoutToken });
  }

  /** GET /api/orders/:id/confirmation: the order's payment status and its e-mail's, as the shopper sees them. */
  function confirmation(order: PlacedOrder): Promise<Answer> {
    return call('GET', `/orders/${order.id}/confirmation`, undefined, { 'x-checkout-token': order.checkoutToken });
  }

  /** A whole checkout: the order, then its payment. */
  async function checkout(source: CreateOrderInput['source']): Promise<{ order: PlacedOrder; paid: Answer }> {
    const order = await placeOrder(source);
    return { order, paid: await pay(order) };
  }

  return { call, register, placeOrder, pay, confirmation, checkout };
}

export type ShopClient = ReturnType<typeof shopClient>;
