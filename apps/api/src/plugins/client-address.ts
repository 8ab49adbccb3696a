import type { FastifyRequest, FastifyServerOptions } from 'fastify';

/**
 * Fastify's `trustProxy` for the configured reverse proxies (TRUSTED_PROXIES): only a request that arrives from
 * one of them may name the client, host and scheme in X-Forwarded-For, -Host and -Proto. None configured: no
 * proxy header counts, so a client cannot pick its own address (and dodge a per-address rate limit) with one.
 * Never `true` and never by NODE_ENV: a production instance reachable directly would believe anyone.
 */
export function trustProxyOption(trustedProxies: readonly string[]): FastifyServerOptions['trustProxy'] {
  return trustedProxies.length > 0 ? [...trustedProxies] : false;
}

/**
 * The client's address, the one place that says who is calling from where (per-address rate limits, logs):
 * the connection's peer, or, behind trusted proxies, the nearest address in X-Forwarded-For that is not one of
 * them (Fastify's `request.ip` under `trustProxyOption`).
 */
export function clientAddress(request: FastifyRequest): string {
  return request.ip;
}
