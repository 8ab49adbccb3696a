import { createHmac, timingSafeEqual } from 'node:crypto';
import { webhookSignatureError } from './payment-provider';

/**
 * Stripe's tolerance: a signature older than five minutes is refused, so a captured event cannot be replayed;
 * so is one dated more than five minutes ahead, which would otherwise stay replayable until that future time.
 */
export const webhookToleranceSeconds = 300;

/** The `t=` of a Stripe-format signature header (NaN when missing or malformed). */
export function signatureTimestamp(header: string): number {
  return parseHeader(header).timestamp;
}

/** Refuses a signature timestamp more than the tolerance away from now, in the past or in the future. */
export function assertTimestampWithinTolerance(timestamp: number, nowSeconds: number): void {
  if (!Number.isInteger(timestamp) || Math.abs(nowSeconds - timestamp) > webhookToleranceSeconds) {
    throw webhookSignatureError('timestamp outside the tolerance');
  }
}

function computeSignature(payload: string, secret: string, timestamp: number): string {
  return createHmac('sha256', secret).update(`${timestamp}.${payload}`, 'utf8').digest('hex');
}

/** Signs a payload in Stripe's header format: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.payload">`. */
export function signWebhookPayload(payload: string, secret: string, timestamp: number): string {
  return `t=${timestamp},v1=${computeSignature(payload, secret, timestamp)}`;
}

function parseHeader(header: string): { timestamp: number; signatures: string[] } {
  let timestamp = Number.NaN;
  const signatures: string[] = [];
  for (const part of header.split(',')) {
    const [key, value = ''] = part.trim().split('=', 2);
    if (key === 't') timestamp = Number(value);
    // Several v1 values are allowed while a secret is being rolled over.
    if (key === 'v1') signatures.push(value);
  }
  return { timestamp, signatures };
}

function sameHex(expected: string, actual: string): boolean {
  const a = Buffer.from(expected, 'hex');
  const b = Buffer.from(actual, 'hex');
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * Checks a Stripe-format signature header against the raw body (the exact bytes received: parsing and
 * re-serialising JSON would change them). Throws AppError VALIDATION with the reason in `details.reason`.
 */
export function verifyWebhookSignature(
  rawBody: Buffer | string,
  header: string | undefined,
  secret: string,
  nowSeconds: number,
): void {
  if (!header) throw webhookSignatureError('missing signature header');
  const { timestamp, signatures } = parseHeader(header);
  if (!Number.isInteger(timestamp) || signatures.length === 0) {
    throw webhookSignatureError('malformed signature header');
  }
  const payload = typeof rawBody === 'string' ? rawBody : rawBody.toString('utf8');
  const expected = computeSignature(payload, secret, timestamp);
  if (!signatures.some((signature) => sameHex(expected, signature))) {
    throw webhookSignatureError('no signature matches the payload');
  }
  assertTimestampWithinTolerance(timestamp, nowSeconds);
}
