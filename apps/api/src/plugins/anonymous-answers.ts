import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import { LRUCache } from 'lru-cache';
import { compressionThreshold, compressOnce, negotiateEncoding } from '../compress';

/**
 * What a route's answer depends on, as a value that changes when the answer may (e.g. the catalogue's version).
 * A kept answer is served while this still returns what it did when the answer was kept.
 */
export type AnswerVersion = () => number | string;

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The answer is the same for every visitor without a cookie or credentials, until this version changes: keep
     * it and answer such visitors from memory, before the framework (createAnonymousAnswers).
     */
    anonymousAnswer?: AnswerVersion;
  }
}

interface KeptAnswer {
  /** The route's version when the answer was worked out, and how to read it now. */
  version: number | string;
  current: AnswerVersion;
  statusCode: number;
  headers: Record<string, string>;
  body: Buffer;
}

type Encoding = 'br' | 'gzip' | '';

/** Kept answers in all, in bytes, their addresses included (a product list page is ~16 KB, ~3 KB in brotli). */
const maxKeptBytes = 32 * 1024 * 1024;

/**
 * Only answers to addresses up to this long are kept: a shopper's list address (category, search, filters, page)
 * is far shorter; a longer one (a visitor adding unknown query keys) is answered by the framework, not kept, so
 * it cannot push the useful pages out (issue 29).
 */
const maxKeptUrlLength = 1024;

/** What one kept answer costs in memory: its body, its address (the key), its headers and the entry itself. */
function keptSize(answer: KeptAnswer, key: string): number {
  let headers = 0;
  for (const [name, value] of Object.entries(answer.headers)) headers += name.length + value.length;
  return answer.body.length + key.length + headers + 512;
}

/** A visitor nothing personal can be answered for: no cookie (no session, no guest cart), no credentials. */
function anonymous(request: IncomingMessage): boolean {
  return (
    request.method === 'GET' && request.headers.cookie === undefined && request.headers.authorization === undefined
  );
}

function encodingOf(request: IncomingMessage): Encoding {
  return negotiateEncoding(request.headers['accept-encoding']) ?? '';
}

/**
 * An HTTP cache in front of the framework for answers that are the same for everyone, as a caching proxy would
 * keep them (decision 019). A route opts in with `config: { anonymousAnswer: version }`; its 200 answers to
 * anonymous visitors (no cookie, no Authorization) are kept with every header the shop sent (the security
 * headers, ETag, Cache-Control, Vary, Content-Encoding), per address and the encoding the request accepts
 * (brotli, gzip or neither, as negotiated for Accept-Encoding; a JSON or text answer the route did not compress
 * itself is compressed here, once, rather than by @fastify/compress for every request), and the next
 * anonymous request for the same address is answered with those bytes (or a 304 for its ETag) without routing,
 * hooks, validation or the handler, while the route's version is unchanged. Anything else (a cookie, another
 * method, a changed version, an address not kept) goes to the framework as usual.
 *
 * The storefront's product list is the reason: its pages are kept by the catalogue already, but the framework's
 * work around a 16 KB answer cost more than twice what a bare node:http server spends on it (docs/performance.md).
 * Answers from memory are not in the request log.
 */
export function createAnonymousAnswers(options: { maxBytes?: number } = {}) {
  const kept = new LRUCache<string, KeptAnswer>({
    maxSize: options.maxBytes ?? maxKeptBytes,
    sizeCalculation: keptSize,
  });
  const keyOf = (url: string, encoding: Encoding) => `${encoding} ${url}`;

  /** Answers the request from memory when it can; false when the framework must. */
  function serve(request: IncomingMessage, response: ServerResponse): boolean {
    if (!anonymous(request) || request.url === undefined || request.url.length > maxKeptUrlLength) return false;
    const key = keyOf(request.url, encodingOf(request));
    const answer = kept.get(key);
    if (!answer) return false;
    if (answer.current() !== answer.version) {
      kept.delete(key);
      return false;
    }
    const etag = answer.headers.etag;
    if (etag !== undefined && request.headers['if-none-match'] === etag) {
      const { 'content-type': _type, 'content-encoding': _encoding, ...headers } = answer.headers;
      response.writeHead(304, headers);
      response.end();
      return true;
    }
    response.writeHead(answer.statusCode, { ...answer.headers, 'content-length': String(answer.body.length) });
    response.end(answer.body);
    return true;
  }

  return {
    serve,

    /** How many answers are kept, and what they cost by `keptSize` (for tests and the health page). */
    stats: () => ({ entries: kept.size, bytes: kept.calculatedSize }),

    /** Fastify's `serverFactory`: the HTTP server Fastify would make, with the kept answers in front. */
    serverFactory(
      handler: (request: IncomingMessage, response: ServerResponse) => void,
      options: FastifyServerOptions,
    ): http.Server {
      const server = http.createServer((request, response) => {
        if (!serve(request, response)) handler(request, response);
      });
      // As Fastify sets up its own server (lib/server.js).
      server.keepAliveTimeout = options.keepAliveTimeout ?? 72_000;
      server.requestTimeout = options.requestTimeout ?? 0;
      server.setTimeout(options.connectionTimeout ?? 0);
      if (options.maxRequestsPerSocket) server.maxRequestsPerSocket = options.maxRequestsPerSocket;
      return server;
    },

    /** Keeps the answers of the routes that opted in (register before the routes, after the header hooks). */
    register(app: FastifyInstance) {
      // The version when the request came: an answer worked out before a change is never kept as the new one's.
      const versionAtStart = new WeakMap<object, number | string>();
      app.addHook('onRequest', (request, _reply, done) => {
        const version = request.routeOptions.config.anonymousAnswer;
        if (version && anonymous(request.raw)) versionAtStart.set(request, version());
        done();
      });
      app.addHook('onSend', async (request, reply, payload) => {
        const version = request.routeOptions.config.anonymousAnswer;
        const asked = versionAtStart.get(request);
        if (
          !version ||
          asked === undefined ||
          asked !== version() ||
          reply.statusCode !== 200 ||
          !(Buffer.isBuffer(payload) || typeof payload === 'string') ||
          (request.raw.url ?? request.url).length > maxKeptUrlLength ||
          !anonymous(request.raw) ||
          reply.hasHeader('set-cookie') ||
          /\b(private|no-store)\b/.test(String(reply.getHeader('cache-control') ?? ''))
        ) {
          return payload;
        }
        let body = Buffer.isBuffer(payload) ? payload : Buffer.from(payload);
        const encoding = encodingOf(request.raw);
        // An answer the route left to @fastify/compress (which would compress it again for every request, as a
        // stream that cannot be kept) is compressed here, once, as the browser accepts.
        const textual = /^(?:application\/json|text\/)/.test(String(reply.getHeader('content-type') ?? ''));
        if (encoding !== '' && textual && !reply.hasHeader('content-encoding') && body.length >= compressionThreshold) {
          body = await compressOnce(body, encoding);
          reply.header('content-encoding', encoding);
          const vary = String(reply.getHeader('vary') ?? '');
          if (!/\baccept-encoding\b/i.test(vary))
            reply.header('vary', vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding');
        }
        const headers: Record<string, string> = {};
        for (const [name, value] of Object.entries(reply.getHeaders())) {
          if (value !== undefined && name !== 'content-length') headers[name] = String(value);
        }
        // Kept for the requests that negotiate as this one did: the route gives them the same representation.
        const key = keyOf(request.raw.url ?? request.url, encoding);
        kept.set(key, { version: asked, current: version, statusCode: 200, headers, body });
        return body;
      });
    },
  };
}
