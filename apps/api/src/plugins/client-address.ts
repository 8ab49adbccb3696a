import { isIP } from 'node:net';
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

/**
 * The key per-address limits count by (issue 28, decision 029): an IPv4 address as it is (also when it arrives as
 * IPv4-mapped IPv6, `::ffff:203.0.113.7`), and an IPv6 address by its /64 prefix, the block one subscriber gets,
 * so rotating through the addresses of one /64 does not renew a limit. Anything unparsable is its own key.
 */
export function clientAddressKey(address: string): string {
  const trimmed = address.trim().toLowerCase();
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/.exec(trimmed);
  if (mapped) return mapped[1]!;
  if (isIP(trimmed) === 4) return trimmed;
  if (isIP(trimmed.replace(/%.*$/, '')) !== 6) return trimmed;
  const groups = expandIpv6(trimmed.replace(/%.*$/, ''));
  if (
    groups[0] === 0 &&
    groups[1] === 0 &&
    groups[2] === 0 &&
    groups[3] === 0 &&
    groups[4] === 0 &&
    groups[5] === 0xffff
  ) {
    return `${groups[6]! >> 8}.${groups[6]! & 255}.${groups[7]! >> 8}.${groups[7]! & 255}`;
  }
  return `${groups
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(':')}::/64`;
}

/** The eight 16-bit groups of a valid IPv6 address (with `::` and a dotted IPv4 tail expanded). */
function expandIpv6(address: string): number[] {
  let text = address;
  const dotted = /(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const parse = (part: string) => (part === '' ? [] : part.split(':').map((group) => Number.parseInt(group, 16)));
  const first = parse(head);
  const last = tail === undefined ? [] : parse(tail);
  const zeros = new Array<number>(8 - first.length - last.length).fill(0);
  return [...first, ...zeros, ...last];
}
