import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { compressForOneAnswer, compressionThreshold, negotiateEncoding } from '../compress';
import { AppError } from '../errors';

/**
 * The page in brotli or gzip when the browser takes it (a server-rendered page is 10–170 KB of HTML). Done here
 * because @fastify/compress only compresses the answers of routes, and the page is the not-found handler's.
 */
async function compressPage(html: string, request: FastifyRequest, reply: FastifyReply): Promise<string | Buffer> {
  // (Not `accept-language, cookie` too, though the page's language follows them: the Cache API honours Vary, and
  // the service worker's kept pages were then found by no lookup; decision 046's to-do.)
  reply.header('vary', 'accept-encoding');
  if (Buffer.byteLength(html) < compressionThreshold) return html;
  const encoding = negotiateEncoding(request.headers['accept-encoding']);
  if (!encoding) return html;
  reply.header('content-encoding', encoding);
  return compressForOneAnswer(html, encoding);
}

/** A browser opening a page asks for text/html; scripts, pictures and API clients do not. */
function acceptsHtml(request: FastifyRequest): boolean {
  return /\btext\/html\b/i.test(request.headers.accept ?? '');
}

/** Changes the page before it is sent; may set headers of the answer (cookies, cache-control) on `reply`. */
export type HtmlTransformer = (html: string, request: FastifyRequest, reply: FastifyReply) => Promise<string> | string;

/**
 * Serves the built web app: hashed assets cached for a year (immutable), everything else for an hour, each in
 * its brotli or gzip version when the browser takes it, and any unknown
 * non-API GET answered with index.html so the client router can show the page (or its not-found screen, then with
 * the 404 status `pageStatus` gives).
 */
export async function registerWebApp(
  app: FastifyInstance,
  options: {
    webDist: string;
    transformHtml?: HtmlTransformer;
    /** The canonical address of a page asked for in other letters (a 301 there), or null to serve it as asked. */
    canonicalPageUrl?: (url: string) => Promise<string | null> | string | null;
    /** The page's status (issue 20): 404 for an address the app has no page for; default 200. */
    pageStatus?: (request: FastifyRequest) => Promise<number> | number;
  },
) {
  const indexFile = path.join(options.webDist, 'index.html');
  const hasBuild = options.webDist !== '' && existsSync(indexFile);
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: options.webDist,
      wildcard: false,
      index: false,
      // The build writes .br and .gz beside each file (apps/web/vite.config.ts): sent as they are, no work per request.
      preCompressed: true,
      setHeaders(reply, filePath) {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        // The service worker is checked for a new version on every visit (decision 045), never kept for an hour.
        // The file sent may be its .br or .gz copy.
        const name = path.basename(filePath).replace(/\.(?:br|gz)$/, '');
        const revalidate = name === 'sw.js';
        reply.header(
          'cache-control',
          immutable ? 'public, max-age=31536000, immutable' : revalidate ? 'no-cache' : 'public, max-age=3600',
        );
        if (name.endsWith('.webmanifest')) reply.header('content-type', 'application/manifest+json');
      },
    });
  }
  const indexHtml = hasBuild ? readFileSync(indexFile, 'utf8') : '';

  app.setNotFoundHandler(async (request: FastifyRequest, reply: FastifyReply) => {
    const isPage = request.method === 'GET' || request.method === 'HEAD';
    if (request.url.startsWith('/api/') || request.url === '/api' || !isPage) {
      throw new AppError('NOT_FOUND', `No such endpoint: ${request.method} ${request.url.split('?')[0]}`);
    }
    if (!hasBuild) {
      throw new AppError('NOT_FOUND', 'The web app is not built. Run `npm run build` or `npm start`.');
    }
    // A missing file (a script, a picture) is a plain 404; a browser opening an address with a dot in it
    // ("/index-item/1.5") gets the page, which says it is not found, with the 404 status (issue 20).
    if (path.extname(request.url.split('?')[0] ?? '') !== '' && !acceptsHtml(request)) {
      throw new AppError('NOT_FOUND', 'File not found.');
    }
    // Before rendering: the first screen and the app then only ever see the canonical address.
    const canonical = await options.canonicalPageUrl?.(request.url);
    if (canonical) return reply.redirect(canonical, 301);
    const status = (await options.pageStatus?.(request)) ?? 200;
    reply.header('cache-control', 'no-cache');
    const html = options.transformHtml ? await options.transformHtml(indexHtml, request, reply) : indexHtml;
    reply.code(status).type('text/html; charset=utf-8');
    return reply.send(await compressPage(html, request, reply));
  });
}
