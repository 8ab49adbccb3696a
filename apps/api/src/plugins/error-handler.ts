import { type ErrorBody, type FieldIssue, type Locale, localeCookie } from '@bilum/shared';
import { translateMessage } from '@bilum/shared/message-translations';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest, FastifyServerOptions } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { AppError, isUniqueViolation } from '../errors';
import { requestLocale } from './page-language';

/** Requests only staff make (the admin's API and pages, its sign-in, second factor and invitations): English. */
const staffPath = /^\/(?:admin|api\/admin|api\/auth\/(?:admin-login|second-factor|staff-invite))(?:[/?#-]|$)/;

/**
 * The language of the messages in an answer (issue 31, decision 046): the shopper's, chosen as for a page (the
 * address's `?lang=`, the `lang` cookie, Accept-Language); English for staff. An error raised before the cookies
 * were read (a refused address, a cross-site request) reads the cookie header itself.
 */
export function messageLocale(request: Pick<FastifyRequest, 'url' | 'headers' | 'cookies'>): Locale {
  if (staffPath.test(request.url)) return 'en';
  const cookieHeader = request.headers.cookie;
  const cookies =
    request.cookies ??
    (typeof cookieHeader === 'string'
      ? { [localeCookie]: new RegExp(`(?:^|;\\s*)${localeCookie}=([^;]*)`).exec(cookieHeader)?.[1] }
      : undefined);
  return requestLocale({ url: request.url, headers: request.headers, cookies: cookies as FastifyRequest['cookies'] });
}

/** An error body in the shopper's language: its message and each field's (the dictionary in packages/shared). */
function inLanguage(error: ErrorBody['error'], locale: Locale): ErrorBody['error'] {
  if (locale === 'en') return error;
  return {
    ...error,
    message: translateMessage(error.message, locale),
    ...(error.issues
      ? { issues: error.issues.map((issue) => ({ ...issue, message: translateMessage(issue.message, locale) })) }
      : {}),
  };
}

function send(reply: FastifyReply, status: number, error: ErrorBody['error']) {
  return reply
    .status(status)
    .type('application/json; charset=utf-8')
    .send({ error: inLanguage(error, messageLocale(reply.request)) } satisfies ErrorBody);
}

/** Every 5xx says only this; the cause goes to the log. */
const internalError = { code: 'INTERNAL', message: 'Something went wrong on our side. Please try again.' } as const;

const codeByStatus: Record<number, ErrorBody['error']['code']> = {
  400: 'VALIDATION',
  401: 'UNAUTHENTICATED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'RATE_LIMITED',
};

/**
 * Fastify's own errors raised while it routes, before any hook or the error handler runs: an address that is
 * not valid (FST_ERR_BAD_URL) or a path parameter longer than the router takes (FST_ERR_MAX_PARAM_LENGTH).
 * Without this they would be answered in Fastify's shape and without the security headers. No onSend hook runs
 * for them either, so the rule that no error is cached (plugins/private-answers.ts) is applied here too.
 */
export function frameworkErrors(headers: Record<string, string>): FastifyServerOptions['frameworkErrors'] {
  return (error, request, reply) => {
    reply.headers({ ...headers, 'cache-control': 'no-store' });
    if (error.code === 'FST_ERR_BAD_URL' || error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
      return send(reply, 400, { code: 'VALIDATION', message: 'The address of this request is not valid.' });
    }
    request.log.error({ err: error, url: request.url }, 'framework error');
    return send(reply, 500, internalError);
  };
}

/**
 * The message of a 400 for schema-invalid input: the field's own message when one field is wrong (a form with one
 * field, such as the newsletter, shows it as is), otherwise a sentence that names where to look.
 */
export function validationMessage(where: string | undefined, issues: FieldIssue[]): string {
  const [first] = issues;
  if (issues.length === 1 && first && where === 'body' && first.message !== 'Invalid value') return first.message;
  if (where === 'body') return 'Some fields are not valid. Please check them and try again.';
  return where === 'querystring' || where === 'params'
    ? 'This address is not valid. Please check it and try again.'
    : 'This request is not valid.';
}

/** A number of bytes as a person reads it: `1 MB`, `512 KB`, `19.1 MB`. */
export function readableBytes(bytes: number): string {
  const [size, unit] = bytes >= 1024 * 1024 ? [bytes / 1024 / 1024, 'MB'] : [bytes / 1024, 'KB'];
  return `${Math.round(size * 10) / 10} ${unit}`;
}

/** The 413 of a body over the route's limit (Fastify's own error says only "Request body is too large"). */
export const bodyTooLargeMessage = (limit: number) =>
  `This request is too large: the shop takes at most ${readableBytes(limit)} here.`;

/**
 * One error handler: every error body has the same shape, its messages in the shopper's language; 5xx messages are
 * masked and logged. A successful answer's `message` (e.g. "Contact details saved.") is given in that language too.
 */
export function registerErrorHandler(app: FastifyInstance) {
  app.addHook('preSerialization', async (request, _reply, payload: unknown) => {
    if (!payload || typeof payload !== 'object' || Array.isArray(payload)) return payload;
    const { message } = payload as { message?: unknown };
    if (typeof message !== 'string') return payload;
    const locale = messageLocale(request);
    return locale === 'en' ? payload : { ...payload, message: translateMessage(message, locale) };
  });
  app.setErrorHandler((err: FastifyError, request, reply) => {
    if (err instanceof AppError) {
      // A refusal for now (a busy picture pool) says when to come back.
      const retryAfter = err.details?.retryAfterSeconds;
      if (typeof retryAfter === 'number') reply.header('retry-after', String(retryAfter));
      return send(reply, err.statusCode, {
        code: err.code,
        message: err.message,
        ...(err.issues ? { issues: err.issues } : {}),
        ...(err.details ? { details: err.details } : {}),
      });
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const issues: FieldIssue[] = err.validation.map((issue) => ({
        path: issue.instancePath.replace(/^\//, '').replace(/\//g, '.'),
        message: issue.message ?? 'Invalid value',
      }));
      return send(reply, 400, {
        code: 'VALIDATION',
        message: validationMessage(err.validationContext, issues),
        issues,
      });
    }
    if (isUniqueViolation(err)) {
      // Two requests claimed the same unique value at once (an e-mail address, a key); the loser is told, never 500.
      request.log.warn({ err, url: request.url }, 'unique constraint violated by a concurrent request');
      return send(reply, 409, {
        code: 'CONFLICT',
        message: 'This was changed by another request at the same time. Please try again.',
      });
    }
    if (isResponseSerializationError(err)) {
      request.log.error({ err, url: request.url }, 'response did not match its schema');
      return send(reply, 500, internalError);
    }
    const status = err.statusCode && err.statusCode >= 400 && err.statusCode < 500 ? err.statusCode : 500;
    if (err.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      // Refused before any handler read it: nothing of the body is stored (issue 28).
      return send(reply, 413, {
        code: 'PAYLOAD_TOO_LARGE',
        message: bodyTooLargeMessage(request.routeOptions.bodyLimit ?? 1_048_576),
      });
    }
    if (status === 500) {
      request.log.error({ err, method: request.method, url: request.url }, 'unhandled error');
      return send(reply, 500, internalError);
    }
    return send(reply, status, { code: codeByStatus[status] ?? 'VALIDATION', message: err.message });
  });
}
