import type { ErrorBody, FieldIssue } from '@bilum/shared';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyServerOptions } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { AppError } from '../errors';

function send(reply: FastifyReply, status: number, error: ErrorBody['error']) {
  return reply
    .status(status)
    .type('application/json; charset=utf-8')
    .send({ error } satisfies ErrorBody);
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
 * Without this they would be answered in Fastify's shape and without the security headers.
 */
export function frameworkErrors(headers: Record<string, string>): FastifyServerOptions['frameworkErrors'] {
  return (error, request, reply) => {
    reply.headers(headers);
    if (error.code === 'FST_ERR_BAD_URL' || error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
      return send(reply, 400, { code: 'VALIDATION', message: 'The address of this request is not valid.' });
    }
    request.log.error({ err: error, url: request.url }, 'framework error');
    return send(reply, 500, internalError);
  };
}

/** One error handler: every error body has the same shape; 5xx messages are masked and logged. */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    if (err instanceof AppError) {
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
      const where = err.validationContext ?? 'request';
      return send(reply, 400, {
        code: 'VALIDATION',
        message: `Some ${where === 'body' ? 'fields' : where} values are not valid.`,
        issues,
      });
    }
    if (isResponseSerializationError(err)) {
      request.log.error({ err, url: request.url }, 'response did not match its schema');
      return send(reply, 500, internalError);
    }
    const status = err.statusCode && err.statusCode >= 400 && err.statusCode < 500 ? err.statusCode : 500;
    if (status === 500) {
      request.log.error({ err, method: request.method, url: request.url }, 'unhandled error');
      return send(reply, 500, internalError);
    }
    return send(reply, status, { code: codeByStatus[status] ?? 'VALIDATION', message: err.message });
  });
}
