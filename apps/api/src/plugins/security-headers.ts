import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

export interface SecurityOptions {
  /** Extra origins for scripts and frames, e.g. the payment provider's (only when it is active). */
  extraScriptOrigins?: string[];
  extraFrameOrigins?: string[];
  extraConnectOrigins?: string[];
  https: boolean;
}

/**
 * Security headers on every response, errors and static files included. No third-party origin unless a
 * configured provider needs it. Styles allow 'unsafe-inline' for the toast and dialog libraries' style
 * elements; scripts never do.
 */
export async function registerSecurityHeaders(app: FastifyInstance, options: SecurityOptions) {
  await app.register(helmet, {
    global: true,
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
