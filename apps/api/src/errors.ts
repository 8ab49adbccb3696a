import type { ErrorCode, FieldIssue } from '@bilum/shared';

const statusByCode: Record<ErrorCode, number> = {
  VALIDATION: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  OUT_OF_STOCK: 409,
  PAYMENT_FAILED: 402,
  /** A payment attempt for an amount that is no longer the order's quote (decision 022). */
  PRICE_CHANGED: 409,
  UNSUPPORTED_MEDIA_TYPE: 415,
  PAYLOAD_TOO_LARGE: 413,
  RATE_LIMITED: 429,
  UNAVAILABLE: 503,
  INTERNAL: 500,
};

/** The one error type of the server: a code the handler maps to an HTTP status, and data the screen can use. */
export class AppError extends Error {
  readonly statusCode: number;
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details?: Record<string, unknown>,
    readonly issues?: FieldIssue[],
  ) {
    super(message);
    this.name = 'AppError';
    this.statusCode = statusByCode[code];
  }
}

export const notFound = (message: string) => new AppError('NOT_FOUND', message);

/** Whether PostgreSQL raised this SQLSTATE, as node-postgres or PGlite raise it, possibly wrapped by Drizzle. */
function hasSqlState(error: unknown, state: string): boolean {
  for (let e = error as { code?: unknown; cause?: unknown } | undefined, depth = 0; e && depth < 4; depth++) {
    if (e.code === state) return true;
    e = e.cause as typeof e;
  }
  return false;
}

/** PostgreSQL's unique_violation (23505). */
export function isUniqueViolation(error: unknown): boolean {
  return hasSqlState(error, '23505');
}

/** PostgreSQL's foreign_key_violation (23503). */
export function isForeignKeyViolation(error: unknown): boolean {
  return hasSqlState(error, '23503');
}
