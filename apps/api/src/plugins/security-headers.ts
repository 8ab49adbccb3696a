import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

export interface SecurityOptions {
  /** Extra origins for scripts and frames, e.g. the payment provider's (only when it is active). */
  extraScriptOrigins?: string[];
  extraFrameOrigins?: string[];
  extraConnectOrigins?: string[];
  https: boolean;
}

/**
 * Helmet's headers for these options, worked out once at start-up. They are the same for every response, and
 * @fastify/helmet would build the whole policy again on each request (about a tenth of the server's time on
 * the cached product list).
 */
export function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader(name: string, value: string | number) {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
  });
  return headers;
}

/**
 * The security headers of every response. No third-party origin unless a configured provider needs it. Styles
 * allow 'unsafe-inline' for the toast and dialog libraries' style elements; scripts never do.
 */
export function securityHeaders(options: SecurityOptions): Record<string, string> {
  return helmetHeaders({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        baseUri: ["'self'"],
        scriptSrc: ["'self'", ...(options.extraScriptOrigins ?? [])],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'"],
        connectSrc: ["'self'", ...(options.extraConnectOrigins ?? [])],
        frameSrc: ["'self'", ...(options.extraFrameOrigins ?? [])],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
        objectSrc: ["'none'"],
        ...(options.https ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    strictTransportSecurity: options.https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginEmbedderPolicy: false,
  });
}

/**
 * Security headers on every response, errors and static files included (Fastify's own errors about a bad
 * address, raised before any hook, get them from the error handler's `frameworkErrors`).
 */
export async function registerSecurityHeaders(app: FastifyInstance, options: SecurityOptions) {
  const headers = securityHeaders(options);
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
}
