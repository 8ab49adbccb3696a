import { and, eq } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client';
import { orderRefunds } from '../../db/schema';

/**
 * Toea given back by an order's refunds that went through (succeeded), for the payment state (issue 27: an
 * over-payment refunded is no longer "refund due"). Its own file, importing no module's service, so payment-methods
 * can use it without importing the orders module through refunds.service.ts.
 */
export async function succeededRefundsToea(executor: DbExecutor, orderId: number): Promise<number> {
  const rows = await executor
    .select({ amount: orderRefunds.amountToea })
    .from(orderRefunds)
    .where(and(eq(orderRefunds.orderId, orderId), eq(orderRefunds.status, 'succeeded')));
  return rows.reduce((sum, row) => sum + row.amount, 0);
}
