/**
 * Serial ids (order, product, cart line, membership…) are PostgreSQL `integer` identities: 1 to 2^31 - 1. Any id
 * that comes from outside (a path, a body, a webhook's metadata) is checked against this before it reaches a
 * query, so "1e20" or "-1" is an unknown id, never a database error.
 */
export const MAX_SERIAL_ID = 2_147_483_647;

export function isSerialId(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 1 && value <= MAX_SERIAL_ID;
}

/** The serial id written in `text` as plain digits ("42"), or null for anything else ("1e20", "4.0", " 7"). */
export function parseSerialId(text: unknown): number | null {
  if (typeof text === 'number') return isSerialId(text) ? text : null;
  if (typeof text !== 'string' || !/^[1-9]\d{0,9}$/.test(text)) return null;
  const id = Number(text);
  return isSerialId(id) ? id : null;
}
