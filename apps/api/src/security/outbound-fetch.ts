import { lookup as dnsLookup } from 'node:dns/promises';
import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import { BlockList, isIP, type LookupFunction } from 'node:net';

/**
 * The one way the shop fetches an address an admin typed (issue 18: product pictures by URL), guarded against
 * server-side request forgery: only https; the host is resolved here and every address it resolves to must be a
 * public one (no private, loopback, link-local, unique-local, multicast, reserved or documentation range, nor an
 * IPv6 form that carries one of those IPv4 addresses); the connection goes to the address that was checked (a
 * fixed `lookup`, so no second DNS answer can point it elsewhere); every redirect is checked again (at most 3);
 * one deadline covers the whole fetch; and the body is cut off as soon as it passes the size limit.
 */

const refusedV4 = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8], // "this network", 0.0.0.0
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local (cloud metadata at 169.254.169.254)
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.88.99.0', 24], // 6to4 relay anycast
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation
  ['203.0.113.0', 24], // documentation
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, 255.255.255.255 broadcast
] as const) {
  refusedV4.addSubnet(network, prefix, 'ipv4');
}

const refusedV6 = new BlockList();
for (const [network, prefix] of [
  ['::', 128], // unspecified
  ['100::', 64], // discard
  ['2001::', 32], // Teredo (hides an IPv4 address)
  ['2001:10::', 28], // ORCHID
  ['2001:db8::', 32], // documentation
  ['64:ff9b:1::', 48], // local-use NAT64
  ['fc00::', 7], // unique-local
  ['fe80::', 10], // link-local
  ['fec0::', 10], // site-local (deprecated)
  ['ff00::', 8], // multicast
] as const) {
  refusedV6.addSubnet(network, prefix, 'ipv6');
}

/** The eight 16-bit groups of an IPv6 address (a trailing dotted IPv4 part and a zone allowed), or null. */
function ipv6Groups(address: string): number[] | null {
  let text = address.split('%')[0] ?? '';
  const dotted = /(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const halves = text.split('::');
  if (halves.length > 2) return null;
  const part = (half: string | undefined) => (half ? half.split(':').map((group) => parseInt(group, 16)) : []);
  const head = part(halves[0]);
  const tail = part(halves[1]);
  const missing = 8 - head.length - tail.length;
  if (halves.length === 1 ? missing !== 0 : missing < 1) return null;
  const groups = [...head, ...Array<number>(halves.length === 1 ? 0 : missing).fill(0), ...tail];
  return groups.every((group) => Number.isInteger(group) && group >= 0 && group <= 0xffff) ? groups : null;
}

const v4From = (high: number, low: number) => `${high >> 8}.${high & 0xff}.${low >> 8}.${low & 0xff}`;

/**
 * The IPv4 address an IPv6 address stands for: IPv4-mapped (::ffff:a.b.c.d), IPv4-compatible (::a.b.c.d),
 * NAT64 (64:ff9b::a.b.c.d) and 6to4 (2002:aabb:ccdd::); null for any other IPv6 address.
 */
function embeddedV4(groups: number[]): string | null {
  const [g0, g1, g2, g3, g4, g5, g6 = 0, g7 = 0] = groups;
  const zeroUpTo4 = g0 === 0 && g1 === 0 && g2 === 0 && g3 === 0 && g4 === 0;
  if (zeroUpTo4 && (g5 === 0xffff || g5 === 0) && !(g5 === 0 && g6 === 0 && g7 <= 1)) return v4From(g6, g7);
  if (g0 === 0x64 && g1 === 0xff9b && g2 === 0 && g3 === 0 && g4 === 0 && g5 === 0) return v4From(g6, g7);
  if (g0 === 0x2002) return v4From(g1 ?? 0, g2 ?? 0);
  return null;
}

export type AddressKind = 'public' | 'loopback' | 'refused';

/** Whether the shop may connect to this IP address: a public one, a loopback one, or one it must never reach. */
export function classifyAddress(address: string): AddressKind {
  const version = isIP(address.split('%')[0] ?? '');
  if (version === 4) {
    if (address.startsWith('127.')) return 'loopback';
    return refusedV4.check(address, 'ipv4') ? 'refused' : 'public';
  }
  if (version !== 6) return 'refused';
  const groups = ipv6Groups(address);
  if (!groups) return 'refused';
  if (groups.slice(0, 7).every((group) => group === 0) && groups[7] === 1) return 'loopback';
  const v4 = embeddedV4(groups);
  if (v4 !== null) return classifyAddress(v4);
  const canonical = groups.map((group) => group.toString(16)).join(':');
  return refusedV6.check(canonical, 'ipv6') ? 'refused' : 'public';
}

export type OutboundFetchFailure =
  'scheme' | 'credentials' | 'address' | 'dns' | 'redirects' | 'status' | 'too-large' | 'timeout' | 'network';

export class OutboundFetchError extends Error {
  constructor(
    readonly reason: OutboundFetchFailure,
    message: string,
    /** The HTTP status that was refused (reason 'status'). */
    readonly status?: number,
  ) {
    super(message);
    this.name = 'OutboundFetchError';
  }
}

export interface ResolvedAddress {
  address: string;
  family: number;
}

export interface OutboundFetchOptions {
  /** Loopback addresses, and plain http to them, allowed: only for tests (IMAGE_FETCH_ALLOW_LOOPBACK). */
  allowLoopback: boolean;
  /** The body is cut off past this many bytes. */
  maxBytes: number;
  /** One deadline for the whole fetch, redirects included. */
  timeoutMs: number;
  maxRedirects: number;
  /** The Accept header. */
  accept: string;
  /** How host names are resolved (every address); tests pass their own to stand for public DNS. */
  resolve?: (hostname: string) => Promise<ResolvedAddress[]>;
  /** GET unless told (outgoing webhooks POST their body). */
  method?: 'GET' | 'POST';
  body?: string;
  /** More request headers (e.g. content-type and a signature). */
  headers?: Record<string, string>;
  /** Which final statuses count as success: only 200 unless told (a webhook receiver may answer any 2xx). */
  okStatus?: (status: number) => boolean;
  userAgent?: string;
}

export interface OutboundFetchResult {
  bytes: Buffer;
  contentType: string | undefined;
  /** The address that answered, after redirects. */
  url: string;
  status: number;
}

const defaultResolve = (hostname: string) => dnsLookup(hostname, { all: true, verbatim: true });

/**
 * Host names that name a machine of a private or local network whatever public DNS answers: names of one label
 * (`intranet`, completed by the server's own search domain), and the suffixes reserved or used for local networks
 * and cloud internals (`metadata.google.internal`, `printer.local`, `router.home.arpa`). `localhost` and
 * `*.localhost` are loopback (RFC 6761).
 */
const privateNameSuffixes = ['.local', '.internal', '.intranet', '.lan', '.home.arpa', '.corp', '.private'];

export function classifyHostName(hostname: string): AddressKind | 'dns' {
  const name = hostname.toLowerCase().replace(/\.$/, '');
  if (name === 'localhost' || name.endsWith('.localhost')) return 'loopback';
  if (!name.includes('.') || privateNameSuffixes.some((suffix) => name.endsWith(suffix))) return 'refused';
  return 'dns';
}

const privateAddressMessage = 'the address leads to a private or local network, which is not allowed';

/**
 * The one check of an address the shop is asked to reach (a picture by URL, a webhook receiver), used when the
 * address is entered and again at every fetch, since DNS can change in between (issue 28): https only (http to
 * loopback in tests), no user name or password in it, no private or local host name, and every address the host
 * resolves to a public one. Answers the one address to connect to; throws OutboundFetchError saying why not.
 */
export async function checkOutboundUrl(
  url: URL,
  options: Pick<OutboundFetchOptions, 'allowLoopback' | 'resolve'>,
): Promise<ResolvedAddress> {
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && options.allowLoopback)) {
    throw new OutboundFetchError('scheme', 'only https:// addresses can be fetched');
  }
  if (url.username || url.password) {
    throw new OutboundFetchError('credentials', 'addresses with a user name or password are not fetched');
  }
  const hostname = url.hostname.replace(/^\[(.*)\]$/, '$1');
  let addresses: ResolvedAddress[];
  if (isIP(hostname)) {
    addresses = [{ address: hostname, family: isIP(hostname) }];
  } else {
    const named = classifyHostName(hostname);
    if (named === 'refused' || (named === 'loopback' && !options.allowLoopback)) {
      throw new OutboundFetchError('address', privateAddressMessage);
    }
    try {
      addresses = await (options.resolve ?? defaultResolve)(hostname);
    } catch {
      throw new OutboundFetchError('dns', `the host ${hostname} could not be found`);
    }
  }
  if (addresses.length === 0) throw new OutboundFetchError('dns', `the host ${hostname} could not be found`);
  const kinds = addresses.map((entry) => classifyAddress(entry.address));
  const allowed = (kind: AddressKind) => kind === 'public' || (kind === 'loopback' && options.allowLoopback);
  // Every address must pass, not just the first: DNS may answer in another order next time.
  if (!kinds.every(allowed)) throw new OutboundFetchError('address', privateAddressMessage);
  if (url.protocol === 'http:' && !kinds.every((kind) => kind === 'loopback')) {
    throw new OutboundFetchError('scheme', 'only https:// addresses can be fetched');
  }
  return addresses[0] as ResolvedAddress;
}

/** A `lookup` that always answers the address checked above, so the socket cannot go anywhere else. */
function fixedLookup(target: ResolvedAddress): LookupFunction {
  return (_hostname, options, callback) => {
    if ((options as { all?: boolean }).all) {
      (callback as unknown as (error: null, addresses: ResolvedAddress[]) => void)(null, [target]);
    } else {
      callback(null, target.address, target.family);
    }
  };
}

const redirectStatuses = new Set([301, 302, 303, 307, 308]);

/** One GET to the checked address: resolves with the response (its body not yet read). */
function get(url: URL, target: ResolvedAddress, options: OutboundFetchOptions, signal: AbortSignal) {
  return new Promise<{ response: IncomingMessage; abort: () => void }>((resolve, reject) => {
    const client = url.protocol === 'https:' ? https : http;
    const request = client.request(url, {
      method: options.method ?? 'GET',
      headers: {
        ...options.headers,
        accept: options.accept,
        'user-agent': options.userAgent ?? 'Bilum-shop-image-fetch',
        ...(options.body === undefined ? {} : { 'content-length': String(Buffer.byteLength(options.body)) }),
      },
      lookup: fixedLookup(target),
      // No shared connection pool: a kept-alive socket to some other address is never reused.
      agent: false,
      signal,
    });
    request.on('response', (response) => resolve({ response, abort: () => request.destroy() }));
    request.on('error', reject);
    request.end(options.body);
  });
}

/** Reads the body, giving up as soon as it passes the limit (a Content-Length over it is refused at once). */
function readBody(response: IncomingMessage, maxBytes: number, abort: () => void): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const declared = Number(response.headers['content-length']);
    if (Number.isFinite(declared) && declared > maxBytes) {
      abort();
      reject(new OutboundFetchError('too-large', 'the file is too large'));
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    response.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > maxBytes) {
        abort();
        reject(new OutboundFetchError('too-large', 'the file is too large'));
        return;
      }
      chunks.push(chunk);
    });
    response.on('end', () => resolve(Buffer.concat(chunks)));
    response.on('error', reject);
    response.on('aborted', () => reject(new OutboundFetchError('network', 'the connection was closed early')));
  });
}

/** GET `address` under the guard described at the top of this file. */
export async function fetchOutbound(address: string, options: OutboundFetchOptions): Promise<OutboundFetchResult> {
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    throw new OutboundFetchError('scheme', 'the address is not a valid URL');
  }
  const signal = AbortSignal.timeout(options.timeoutMs);
  const timedOut = () =>
    new OutboundFetchError('timeout', `no complete answer within ${Math.round(options.timeoutMs / 1000)} seconds`);
  const deadline = new Promise<never>((_, reject) => {
    signal.addEventListener('abort', () => reject(timedOut()), { once: true });
  });
  deadline.catch(() => undefined);

  const attempt = async (): Promise<OutboundFetchResult> => {
    for (let redirects = 0; ; redirects += 1) {
      const target = await checkOutboundUrl(url, options);
      const { response, abort } = await get(url, target, options, signal);
      const status = response.statusCode ?? 0;
      if (redirectStatuses.has(status) && response.headers.location) {
        abort();
        if (redirects >= options.maxRedirects) {
          throw new OutboundFetchError('redirects', `more than ${options.maxRedirects} redirects`);
        }
        url = new URL(response.headers.location, url);
        continue;
      }
      if (!(options.okStatus ?? ((code: number) => code === 200))(status)) {
        abort();
        throw new OutboundFetchError('status', `the server answered ${status}`, status);
      }
      const bytes = await readBody(response, options.maxBytes, abort);
      return { bytes, contentType: response.headers['content-type'], url: url.href, status };
    }
  };

  try {
    return await Promise.race([attempt(), deadline]);
  } catch (error) {
    if (error instanceof OutboundFetchError) throw error;
    if (signal.aborted) throw timedOut();
    throw new OutboundFetchError('network', 'the server could not be reached');
  }
}
