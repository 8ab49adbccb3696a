import { type BookLine, type BookRefund, type OrderBooks, orderBooks } from '@bilum/shared';
import { and, asc, eq, gt, gte, inArray, isNotNull, lt, or, type SQL, sql } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client';
import { orderItems, orderRefunds, type OrderRow, orders } from '../../db/schema';
import { paidToea } from './refunds.service';

/**
 * The books net of refunds (issue 27), read from the database: the rule is `orderBooks` in
 * packages/shared/src/books.ts; this file only reads what it needs. The dashboard, /reports and the CSV exports use
 * it, so a refund counts the same everywhere.
 */
export type BooksOrder = Pick<
  OrderRow,
  'id' | 'totalToea' | 'paymentMethod' | 'paymentStatus' | 'paidAt' | 'amountReceivedToea' | 'refundedAt'
>;

const booksColumns = {
  id: orders.id,
  totalToea: orders.totalToea,
  paymentMethod: orders.paymentMethod,
  paymentStatus: orders.paymentStatus,
  paidAt: orders.paidAt,
  amountReceivedToea: orders.amountReceivedToea,
  refundedAt: orders.refundedAt,
};

const PAGE = 1_000;

function groupBy<T>(rows: readonly (T & { orderId: number })[]): Map<number, T[]> {
  const groups = new Map<number, T[]>();
  for (const { orderId, ...rest } of rows) {
    const group = groups.get(orderId);
    if (group) group.push(rest as T);
    else groups.set(orderId, [rest as T]);
  }
  return groups;
}

/** The books of these orders (refunds that went through; lines only when units are wanted), by order id. */
export async function booksOf(
  executor: DbExecutor,
  rows: readonly BooksOrder[],
  options: { lines: boolean },
): Promise<Map<number, OrderBooks>> {
  const ids = rows.map((row) => row.id);
  const books = new Map<number, OrderBooks>();
  if (ids.length === 0) return books;
  const [refundRows, lineRows] = await Promise.all([
    executor
      .select({
        orderId: orderRefunds.orderId,
        amount: orderRefunds.amountToea,
        at: orderRefunds.createdAt,
        lines: orderRefunds.lines,
      })
      .from(orderRefunds)
      .where(and(inArray(orderRefunds.orderId, ids), eq(orderRefunds.status, 'succeeded'))),
    options.lines
      ? executor
          .select({
            orderId: orderItems.orderId,
            productId: orderItems.productId,
            productName: orderItems.productName,
            quantity: orderItems.quantity,
            unitPrice: orderItems.unitPriceToea,
          })
          .from(orderItems)
          .where(inArray(orderItems.orderId, ids))
          .orderBy(asc(orderItems.id))
      : Promise.resolve([]),
  ]);
  const refunds = groupBy<BookRefund>(refundRows);
  const lines = groupBy<BookLine>(lineRows);
  for (const row of rows) {
    const sold = row.paymentStatus === 'paid' || row.paymentStatus === 'refunded';
    books.set(
      row.id,
      orderBooks({
        total: row.totalToea,
        paid: paidToea(row),
        paidAt: sold ? row.paidAt : null,
        fullyRefunded: row.paymentStatus === 'refunded',
        refundedAt: row.refundedAt,
        lines: lines.get(row.id) ?? [],
        refunds: refunds.get(row.id) ?? [],
      }),
    );
  }
  return books;
}

/** Orders with a sale or a refund in [start, end): paid in it, refunded in full in it, or with a refund made in it. */
function touching(start: Date, end: Date): SQL {
  const from = start.toISOString();
  const until = end.toISOString();
  return and(
    isNotNull(orders.paidAt),
    inArray(orders.paymentStatus, ['paid', 'refunded']),
    or(
      and(gte(orders.paidAt, start), lt(orders.paidAt, end)),
      sql`(${orders.paymentStatus} = 'refunded' and coalesce(${orders.refundedAt}, ${orders.paidAt}) >= ${from}::timestamptz
           and coalesce(${orders.refundedAt}, ${orders.paidAt}) < ${until}::timestamptz)`,
      sql`exists (select 1 from ${orderRefunds} where ${orderRefunds.orderId} = ${orders.id}
           and ${orderRefunds.status} = 'succeeded' and ${orderRefunds.createdAt} >= ${from}::timestamptz
           and ${orderRefunds.createdAt} < ${until}::timestamptz)`,
    ),
  ) as SQL;
}

/**
 * The books of every order with a sale or a refund in [start, end), a page of 1,000 orders at a time (keyset on
 * the id), so a long range is read in bounded memory. The caller keeps the entries that fall in its range.
 */
export async function* booksBetween(
  executor: DbExecutor,
  start: Date,
  end: Date,
  options: { lines: boolean },
): AsyncGenerator<OrderBooks[]> {
  let last = 0;
  for (;;) {
    const page = await executor
      .select(booksColumns)
      .from(orders)
      .where(and(gt(orders.id, last), touching(start, end)))
      .orderBy(asc(orders.id))
      .limit(PAGE);
    const books = await booksOf(executor, page, options);
    yield [...books.values()];
    if (page.length < PAGE) return;
    last = page.at(-1)?.id ?? last;
  }
}
