import { paymentReferenceFromDigits } from '@bilum/shared';
import { noteOrder } from '../order-lifecycle/order-lifecycle';
import { randomInt } from 'node:crypto';
import type { Transaction } from '../../db/client';

/**
 * "PAY 4827 31": five random digits and their check digit (packages/shared paymentReferencePattern, decision 025).
 * 100,000 references: a draw that meets another order's costs one more draw (up to 20).
 */
export const newPaymentReference = (): string =>
  paymentReferenceFromDigits(String(randomInt(0, 100_000)).padStart(5, '0'));

const isUniqueViolation = (error: unknown): boolean => {
  const seen = new Set<unknown>();
  for (let e: unknown = error; e && typeof e === 'object' && !seen.has(e); e = (e as { cause?: unknown }).cause) {
    seen.add(e);
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
};

/**
 * Gives the order a unique payment reference, in the caller's transaction: each try in a savepoint, so a clash
 * with another order's reference (the unique index decides, on any instance) only costs another draw.
 */
export async function assignPaymentReference(
  tx: Transaction,
  orderId: number,
  draw: () => string = newPaymentReference,
): Promise<string> {
  for (let attempt = 0; attempt < 20; attempt += 1) {
    const reference = draw();
    try {
      await tx.transaction(async (savepoint) => {
        await noteOrder(savepoint, orderId, { paymentReference: reference });
      });
      return reference;
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
    }
  }
  throw new Error('could not find a free payment reference');
}
