import type { FastifyRequest } from 'fastify';

/**
 * What the log never shows (issue 16, OWASP ASVS 16.2.5), applied to every log line of the app's logger:
 * - the value of a secret query parameter (the reset link's `?token=`) in a request's address, wherever an address
 *   is logged (`req.url` of each request line, a `url` field);
 * - the parameters of a failed database query (Drizzle puts them in the error's message: an e-mail's text with its
 *   reset code, a password hash).
 */
// Also any name that ends so (issue 28): an order's `tracking_code` (it opens the order), the 3-D Secure page's
// `payment_intent_client_secret`, a `checkoutToken` or an `api_key`.
const secretParams = /([?&][\w.-]*(?:token|code|secret|password|key)=)[^&#]*/gi;

/** Whether an address carries a secret in its query (a tracking code, a token): what it opens is someone's own. */
export function carriesSecret(url: string): boolean {
  return new RegExp(secretParams.source, 'i').test(url);
}

export function redactUrl(url: string): string {
  return url.replace(secretParams, '$1[removed]');
}

/** Drizzle's "Failed query: …\nparams: …" (up to the stack's first frame). */
const queryParams = /\nparams: [\s\S]*?(?=\n {4}at |$)/;

const redactText = (text: string) => text.replace(queryParams, '\nparams: [not logged]');

/** A copy of `error` (same class, same fields, causes too) without query parameters. */
function redactError(error: Error, depth = 0): Error {
  const copy = Object.create(Object.getPrototypeOf(error) as object) as Error & Record<string, unknown>;
  for (const key of Object.getOwnPropertyNames(error)) {
    if (key !== 'params') copy[key] = (error as unknown as Record<string, unknown>)[key];
  }
  copy.message = redactText(error.message);
  if (error.stack) copy.stack = redactText(error.stack);
  if (error.cause instanceof Error && depth < 5) copy.cause = redactError(error.cause, depth + 1);
  return copy;
}

/**
 * The second line (issue 28): fields that hold a secret by their name are replaced wherever a log line carries them
 * (at the top of the line, in `req`/`res`, or one level down), should any code ever log them. The first line is not
 * logging them at all: no message text, no request body, no headers.
 */
const secretFields = [
  'password',
  'currentPassword',
  'newPassword',
  'token',
  'resetCode',
  'secret',
  'apiKey',
  'link',
  'text',
  'html',
  'body',
];
/** Request and response headers that carry a credential. */
const secretHeaders = ['authorization', 'cookie', '["set-cookie"]', '["x-checkout-token"]', '["x-api-key"]'];
const at = (parent: string, name: string) => (name.startsWith('[') ? `${parent}${name}` : `${parent}.${name}`);
export const secretLogPaths = [
  ...secretFields,
  ...secretFields.map((field) => `*.${field}`),
  ...secretHeaders.flatMap((header) => ['headers', 'req.headers', 'res.headers'].map((where) => at(where, header))),
];

/** Fastify `logger` options: spread them into the logger's options. */
export const logRedaction = {
  redact: { paths: secretLogPaths, censor: '[removed]' },
  formatters: {
    log(object: Record<string, unknown>): Record<string, unknown> {
      const { err, url } = object;
      if (!(err instanceof Error) && typeof url !== 'string') return object;
      return {
        ...object,
        ...(err instanceof Error ? { err: redactError(err) } : {}),
        ...(typeof url === 'string' ? { url: redactUrl(url) } : {}),
      };
    },
  },
  serializers: {
    /** Fastify's own request serializer, with the address redacted. */
    req(request: FastifyRequest) {
      const version = request.headers?.['accept-version'];
      return {
        method: request.method,
        url: redactUrl(request.url),
        version: Array.isArray(version) ? version[0] : version,
        host: request.host,
        remoteAddress: request.ip,
        remotePort: request.socket?.remotePort,
      };
    },
  },
};
