import { checkoutTokenHeader } from '@bilum/shared';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AuthLimitsConfig } from '../../config';
import { byAccountField, byAddress, type RateLimitRule } from '../../plugins/rate-limit';
import type { OrderCaller } from './orders.service';

// Who asks for an order, as every route that shows one reads it (the order's page, its invoice, its tracking).

/** A guest proves an order is theirs with the checkout token, sent in this header. */
export const checkoutTokenHeaders = z.object({ [checkoutTokenHeader]: z.string().max(200).optional() }).loose();

/** The caller: the session's shopper, and a guest's checkout token when the request carries one. */
export function callerOf(request: FastifyRequest): OrderCaller {
  const token = request.headers[checkoutTokenHeader];
  return { user: request.user, checkoutToken: typeof token === 'string' && token !== '' ? token : undefined };
}

/**
 * The limits on guessing a tracking code: one budget per address and per e-mail, shared by every route that
 * takes one (tracking, the invoice by tracking code), so a second route gives no second budget of guesses.
 */
export function trackingLimits(limits: AuthLimitsConfig): RateLimitRule[] {
  return [
    { name: 'track:ip', max: limits.perIp, windowMs: limits.windowMs, key: byAddress },
    { name: 'track:email', max: limits.perAccount, windowMs: limits.windowMs, key: byAccountField('email') },
  ];
}
