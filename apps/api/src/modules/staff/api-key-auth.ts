import { staffMessages } from '@bilum/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../errors';
import { byAddress, rateLimiter } from '../../plugins/rate-limit';
import type { ApiKeysService } from './api-keys.service';

/** Requests with an API key, through the one rate limiter (plugins/rate-limit.ts). */
export const apiKeyLimits = {
  /** Per key: requests per minute. */
  perKey: { max: 600, windowMs: 60_000 },
  /** Per address: wrong or revoked keys (401) per 15 minutes; then 429 for the rest of the window. */
  badKeysPerAddress: { max: 20, windowMs: 15 * 60_000 },
} as const;

const bearer = /^Bearer\s+(\S+)\s*$/i;

/**
 * `Authorization: Bearer <API key>` on /api/admin (issue 21): a valid, unrevoked key becomes `request.apiKey` (the
 * admin guard then allows exactly the routes its scopes reach); any other bearer token answers 401. Runs after the
 * session cookie is read; the admin guard lets a key take precedence over a cookie.
 */
export function registerApiKeyAuth(app: FastifyInstance, keys: ApiKeysService) {
  app.decorateRequest('apiKey', null);
  const badKeyLimit = rateLimiter(app, [
    {
      name: 'api-key-bad:ip',
      ...apiKeyLimits.badKeysPerAddress,
      key: byAddress,
      countsOnly: (status) => status === 401,
    },
  ]);
  const perKeyLimit = rateLimiter(app, [
    {
      name: 'api-key',
      ...apiKeyLimits.perKey,
      key: (request) => (request.apiKey ? String(request.apiKey.id) : null),
    },
  ]);
  app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    if (!request.url.startsWith('/api/admin')) return;
    const header = request.headers.authorization;
    if (!header) return;
    const match = bearer.exec(header);
    if (!match?.[1]) return;
    await badKeyLimit(request, reply);
    const principal = await keys.authenticate(match[1]);
    if (!principal) {
      reply.header('www-authenticate', 'Bearer');
      throw new AppError('UNAUTHENTICATED', staffMessages.apiKeyInvalid, { reason: 'api-key' });
    }
    request.apiKey = principal;
    await perKeyLimit(request, reply);
  });
}
