import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../errors';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route takes a body that is not JSON (e.g. the admin's multipart image upload). */
    acceptsNonJson?: boolean;
  }
}

const stateChanging = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

function isJson(contentType: string | undefined): boolean {
  const type = (contentType ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
  return type === 'application/json' || /^application\/[\w.+-]+\+json$/.test(type);
}

function hasBody(request: FastifyRequest): boolean {
  const length = Number(request.headers['content-length'] ?? 0);
  return (
    length > 0 || request.headers['transfer-encoding'] !== undefined || request.headers['content-type'] !== undefined
  );
}

/**
 * Cross-site request protection for the API, on top of the SameSite=Lax session cookie:
 * - a state-changing request whose Origin is another site is refused (403);
 * - a state-changing request with a body that is not JSON is refused (415). A form on another site can send
 *   text/plain or form data without a preflight, but never application/json. Routes may opt out with
 *   `config: { acceptsNonJson: true }` (they still get the Origin check).
 */
export function registerCrossSiteProtection(app: FastifyInstance, options: { publicUrl: string | undefined }) {
  const publicOrigin = options.publicUrl ? new URL(options.publicUrl).origin : null;
  const isOwnOrigin = (origin: string, request: FastifyRequest) =>
    origin === publicOrigin || origin === `${request.protocol}://${request.host}`;

  const refusal = (request: FastifyRequest): AppError | undefined => {
    if (!stateChanging.has(request.method) || !request.url.startsWith('/api/')) return undefined;
    const origin = request.headers.origin;
    if (origin !== undefined && !isOwnOrigin(origin, request)) {
      return new AppError('FORBIDDEN', 'Requests from other sites are not allowed.');
    }
    if (request.routeOptions.config?.acceptsNonJson) return undefined;
    if (hasBody(request) && !isJson(request.headers['content-type'])) {
      return new AppError('UNSUPPORTED_MEDIA_TYPE', 'This endpoint takes JSON (Content-Type: application/json).');
    }
    return undefined;
  };
  // A callback hook, not an async one: every request passes here, the hot cached product list included.
  app.addHook('onRequest', (request, _reply, done) => done(refusal(request)));
}
