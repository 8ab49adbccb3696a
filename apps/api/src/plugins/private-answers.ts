import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { policyKey, sameForEveryone } from '../security/route-policies';

const isApi = (url: string) => url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');

/**
 * Whether an answer may be kept by a browser or a shared cache. Never: any error answer, and any /api answer
 * except those of the routes whose answer is the same for every caller (`sameForEveryone` in
 * security/route-policies.ts: the catalogue, images, settings, …). So the answers of shopper, admin and
 * order-owner routes, of the session and sign-in, and of every state-changing request are private, whoever
 * asks; a route added without thought is private too.
 */
export function isPrivateAnswer(request: FastifyRequest, reply: FastifyReply): boolean {
  if (reply.statusCode >= 400) return true;
  if (!isApi(request.url)) return false;
  const route = request.routeOptions.url;
  return route === undefined || !sameForEveryone.has(policyKey({ method: request.method, url: route }));
}

/**
 * `Cache-Control: no-store` on every private answer (isPrivateAnswer), as one hook for the whole app rather than a
 * header per route (ASVS 5.0 14.3.2): a shared computer's browser cache or a proxy never keeps a cart, a
 * profile, an order or an error meant for one person. Answers the same for everyone keep the route's own header.
 */
export function registerPrivateAnswers(app: FastifyInstance) {
  app.addHook('onSend', (request, reply, payload, done) => {
    if (isPrivateAnswer(request, reply)) reply.header('cache-control', 'no-store');
    done(null, payload);
  });
}
