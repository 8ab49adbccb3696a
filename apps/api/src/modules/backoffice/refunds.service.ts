import { transition } from '../order-lifecycle/order-lifecycle';
import { orderStateOf } from '../order-lifecycle/order-states';
import { randomUUID } from 'node:crypto';
import {
  formatKina,
  nameWithVariant,
  type CreateRefundInput,
  type OrderRefund,
  type OrderRefunds,
  refundMessages,
  type ShopSettings,
} from '@bilum/shared';
import { and, asc, desc, eq, ne } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client';
import { type OrderRefundRow, orderRefunds, type OrderRow, orders, orderStatusHistory } from '../../db/schema';
import { AppError, notFound } from '../../errors';
import { actorOfCaller, recordActivity, type StaffCaller } from '../audit/audit.service';
import type { CatalogService } from '../catalog/catalog.service';
import { readOrderItems, type OrdersDeps } from '../orders/orders.service';
import { adminActor } from '../stock/stock.service';
import { refundEmail } from './refund-emails';
import { succeededRefundsToea } from './refund-sums';

/**
 * Partial refunds (issue 21, decision 018). The order row is locked while a refund is checked and reserved, and a
 * card refund's row counts (as `pending`) before the provider is asked, so however many staff refund at once, the
 * refunds never add up to more than was paid. The provider call carries an idempotency key made of the form's
 * request id: a refund sent twice is made once.
 */

/** Toea paid: a card order's total once paid; a bank transfer or pickup order's money received (at least its total once paid). */
export function paidToea(order: Pick<OrderRow, 'paymentMethod' | 'paidAt' | 'totalToea' | 'amountReceivedToea'>) {
  if (order.paymentMethod === 'card') return order.paidAt ? order.totalToea : 0;
  return Math.max(order.amountReceivedToea, order.paidAt ? order.totalToea : 0);
}

/**
 * An order that ended unpaid (its hold expired, staff cancelled it) after part of a bank transfer arrived (issue
 * 27): that money was never a sale and is owed back, so staff refund it as an amount (`refund-part` from
 * `ended-unpaid` in the lifecycle table).
 */
export function endedUnpaidWithMoney(order: OrderRow): boolean {
  return orderStateOf(order) === 'ended-unpaid' && order.amountReceivedToea > 0;
}

/** Toea refunded so far (succeeded) or being refunded (pending), for every order given. */
export async function refundedToea(executor: DbExecutor, orderId: number): Promise<number> {
  const rows = await executor
    .select({ amount: orderRefunds.amountToea })
    .from(orderRefunds)
    .where(and(eq(orderRefunds.orderId, orderId), ne(orderRefunds.status, 'failed')));
  return rows.reduce((sum, row) => sum + row.amount, 0);
}

type RefundMailDeps = Pick<OrdersDeps, 'mailer' | 'shopUrl'>;

/** Queues the shopper's e-mail about a refund that went through, in the refund's transaction (the caller wakes the mailer). */
async function queueRefundEmail(
  deps: RefundMailDeps,
  tx: DbExecutor,
  input: { order: OrderRow; refund: OrderRefundRow; cancelled: boolean; settings: ShopSettings },
): Promise<void> {
  const [items, refundedInAll] = await Promise.all([
    readOrderItems(tx, input.order.id),
    succeededRefundsToea(tx, input.order.id),
  ]);
  await deps.mailer.enqueue(
    tx,
    refundEmail({ ...input, items, paid: paidToea(input.order), refundedInAll, shopUrl: deps.shopUrl }),
  );
}

/**
 * The refund of an order staff cancelled (refundCancelledOrder), once the money is back (the provider said yes, or
 * staff return it by hand), in one transaction: the order reads refunded, the refund is a row like any other (so the
 * books, the exports and the refunds panel see it, on its day) and the shopper's e-mail is queued. Nothing happens
 * when another caller (the jobs' retry) got there first. `amount` is what was left after earlier partial refunds.
 */
export async function recordCancellationRefund(
  deps: RefundMailDeps & Pick<OrdersDeps, 'db' | 'now'>,
  order: OrderRow,
  input: { amount: number; idempotencyKey: string; settings: ShopSettings },
): Promise<void> {
  const { db, now } = deps;
  const at = now();
  await db.transaction(async (tx) => {
    const [current] = await tx.select().from(orders).where(eq(orders.id, order.id)).for('update');
    // Another caller (the jobs' retry) recorded it first.
    if (current?.paymentStatus !== 'paid') return;
    const refunded = await transition(tx, order.id, {
      event: 'refund-whole',
      actor: 'system',
      at,
      set: { paymentStatus: 'refunded', refundedAt: at },
    });
    if (input.amount <= 0) return;
    // Who cancelled it, and why: the refund reads "by <them>: Order cancelled: <reason>".
    const [cancelled] = await tx
      .select()
      .from(orderStatusHistory)
      .where(and(eq(orderStatusHistory.orderId, order.id), eq(orderStatusHistory.toStatus, 'Cancelled')))
      .orderBy(desc(orderStatusHistory.id))
      .limit(1);
    const [row] = await tx
      .insert(orderRefunds)
      .values({
        orderId: order.id,
        amountToea: input.amount,
        kind: order.paymentMethod === 'card' ? 'card' : 'recorded',
        status: 'succeeded',
        reason: cancelled?.reason ? `Order cancelled: ${cancelled.reason}` : 'Order cancelled',
        lines: [],
        // The cancellation put the units back itself (returnOrderStock).
        restocked: false,
        idempotencyKey: input.idempotencyKey,
        createdByUserId: cancelled?.changedByUserId ?? null,
        createdByName: cancelled?.changedByName ?? 'Bilum',
        createdAt: at,
      })
      .onConflictDoNothing()
      .returning();
    if (row)
      await queueRefundEmail(deps, tx, { order: refunded, refund: row, cancelled: true, settings: input.settings });
  });
  deps.mailer.wake();
}

/**
 * Units of refunds that went back on the shelf, per variant (a later cancellation must not return them twice). A
 * refund line stored before variants (issue 30) names its product only: it is that product's line on the order.
 */
export async function restockedUnits(executor: DbExecutor, orderId: number): Promise<Map<number, number>> {
  const rows = await executor
    .select({ lines: orderRefunds.lines })
    .from(orderRefunds)
    .where(and(eq(orderRefunds.orderId, orderId), eq(orderRefunds.restocked, true), ne(orderRefunds.status, 'failed')));
  const units = new Map<number, number>();
  if (rows.length === 0) return units;
  const variantOf = await lineVariantsOf(executor, orderId);
  for (const row of rows) {
    for (const line of row.lines) {
      const variantId = line.variantId ?? variantOf(line.productId);
      if (variantId !== undefined) units.set(variantId, (units.get(variantId) ?? 0) + line.quantity);
    }
  }
  return units;
}

/** The order's variant of each product, for refund lines stored before variants (one line per product then). */
async function lineVariantsOf(
  executor: DbExecutor,
  orderId: number,
): Promise<(productId: number) => number | undefined> {
  const items = await readOrderItems(executor, orderId);
  return (productId) => items.find((item) => item.productId === productId)?.variantId;
}

const toRefund = (row: OrderRefundRow): OrderRefund => ({
  id: row.id,
  amount: row.amountToea,
  kind: row.kind,
  status: row.status,
  reason: row.reason,
  lines: row.lines,
  restocked: row.restocked,
  by: row.createdByName,
  at: row.createdAt.toISOString(),
});

async function refundState(executor: DbExecutor, order: OrderRow): Promise<OrderRefunds> {
  const [items, rows] = await Promise.all([
    readOrderItems(executor, order.id),
    executor.select().from(orderRefunds).where(eq(orderRefunds.orderId, order.id)).orderBy(asc(orderRefunds.id)),
  ]);
  const active = rows.filter((row) => row.status !== 'failed');
  const refunded = active.reduce((sum, row) => sum + row.amountToea, 0);
  const paid = paidToea(order);
  const endedWithMoney = endedUnpaidWithMoney(order);
  const refundable = order.paymentStatus === 'paid' || endedWithMoney ? Math.max(0, paid - refunded) : 0;
  // One line per variant (issue 30).
  const lines = new Map<number, OrderRefunds['lines'][number]>();
  for (const item of items) {
    if (item.isMembership) continue; // a Premium year is withdrawn by cancelling, not by a line refund
    if (endedWithMoney) continue; // its units went back when it ended: only its money is refunded
    // What the line was paid: its price less a discount code's share (issue 30).
    const paidForLine = item.unitPriceToea * item.quantity - item.discountToea;
    const line = lines.get(item.variantId);
    if (line) {
      line.refundable += item.quantity;
      line.paid += paidForLine;
      line.units += item.quantity;
    } else
      lines.set(item.variantId, {
        productId: item.productId,
        variantId: item.variantId,
        variantLabel: item.variantLabel,
        productName: item.productName,
        unitPrice: item.unitPriceToea,
        paid: paidForLine,
        units: item.quantity,
        refundable: item.quantity,
      });
  }
  const variantOf = (productId: number) => items.find((item) => item.productId === productId)?.variantId;
  for (const row of active) {
    for (const refundedLine of row.lines) {
      const line = lines.get(refundedLine.variantId ?? variantOf(refundedLine.productId) ?? 0);
      if (line) line.refundable -= refundedLine.quantity;
    }
  }
  return { paid, refunded, refundable, lines: [...lines.values()], refunds: rows.map(toRefund) };
}

export function createRefundsService(
  deps: Pick<OrdersDeps, 'db' | 'payments' | 'now' | 'log' | 'mailer' | 'settings' | 'shopUrl'> & {
    catalog: Pick<CatalogService, 'invalidate'>;
  },
) {
  const { db, payments, now, log, mailer } = deps;

  async function lockedOrder(tx: DbExecutor, id: number): Promise<OrderRow> {
    const [order] = await tx.select().from(orders).where(eq(orders.id, id)).for('update');
    if (!order) throw notFound('Order not found.');
    return order;
  }

  /**
   * The refund's after-effects, in its transaction: units back on the shelf (when asked), the activity entry and
   * the shopper's e-mail (issue 27).
   */
  async function complete(
    tx: DbExecutor,
    caller: StaffCaller,
    order: OrderRow,
    row: OrderRefundRow,
    settings: ShopSettings,
  ) {
    const at = now();
    // Partial refunds that add up to everything paid make the order refunded (admin view and tracking read it).
    const succeeded = await tx
      .select({ amount: orderRefunds.amountToea })
      .from(orderRefunds)
      .where(and(eq(orderRefunds.orderId, order.id), eq(orderRefunds.status, 'succeeded')));
    const paid = paidToea(order);
    const [current] = await tx.select().from(orders).where(eq(orders.id, order.id)).for('update');
    const whole =
      paid > 0 &&
      current?.paymentStatus === 'paid' &&
      succeeded.reduce((sum, refund) => sum + refund.amount, 0) >= paid;
    await transition(tx, order.id, {
      event: whole ? 'refund-whole' : 'refund-part',
      actor: 'staff',
      at,
      set: whole ? { paymentStatus: 'refunded', refundedAt: at } : {},
      stock: row.restocked ? { kind: 'restock-lines', actor: adminActor(caller), lines: row.lines } : { kind: 'none' },
    });
    await recordActivity(tx, {
      actor: actorOfCaller(caller),
      action: 'order.refunded',
      entityType: 'order',
      entityId: order.id,
      summary:
        `Refunded ${formatKina(row.amountToea)} ${row.kind === 'card' ? 'to the card' : '(returned by hand)'}` +
        `${row.restocked ? ', units returned to stock' : ''}. Reason: ${row.reason}`,
      after: { amount: row.amountToea, lines: row.lines, restocked: row.restocked, reason: row.reason },
    });
    await queueRefundEmail(deps, tx, { order, refund: row, cancelled: false, settings });
  }

  return {
    async list(orderId: number): Promise<OrderRefunds> {
      const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
      if (!order) throw notFound('Order not found.');
      return refundState(db, order);
    },

    async create(
      caller: StaffCaller,
      orderId: number,
      input: CreateRefundInput,
    ): Promise<{ refund: OrderRefund; refunds: OrderRefunds; message: string }> {
      const key = `bilum-order-${orderId}-refund-${input.requestId ?? randomUUID()}`;
      // Read before the transaction: on PGlite a query outside it would wait for the transaction to end.
      const settings = await deps.settings.get();
      const reserved = await db.transaction(async (tx) => {
        const order = await lockedOrder(tx, orderId);
        const [existing] = await tx.select().from(orderRefunds).where(eq(orderRefunds.idempotencyKey, key));
        if (existing) {
          if (existing.orderId !== orderId) throw new AppError('CONFLICT', 'That refund belongs to another order.');
          return { order, row: existing };
        }
        if (order.paymentStatus !== 'paid' && !endedUnpaidWithMoney(order)) {
          throw new AppError('CONFLICT', refundMessages.notPaid);
        }
        const state = await refundState(tx, order);
        if (state.refundable <= 0) throw new AppError('CONFLICT', refundMessages.nothingLeft);
        if (endedUnpaidWithMoney(order) && input.lines && input.lines.length > 0) {
          throw new AppError('VALIDATION', refundMessages.endedAmountOnly, undefined, [
            { path: 'lines', message: refundMessages.endedAmountOnly },
          ]);
        }
        let amount = input.amount ?? 0;
        const lines: { productId: number; variantId: number; quantity: number }[] = [];
        if (input.lines && input.lines.length > 0) {
          // By variant (issue 30); a line without one is the order's line of that product.
          const wanted = new Map<number, number>();
          for (const line of input.lines) {
            const variantId =
              line.variantId ?? state.lines.find((candidate) => candidate.productId === line.productId)?.variantId;
            const known = state.lines.find(
              (candidate) => candidate.variantId === variantId && candidate.productId === line.productId,
            );
            if (!known) {
              throw new AppError('VALIDATION', refundMessages.lineUnknown, undefined, [
                { path: 'lines', message: refundMessages.lineUnknown },
              ]);
            }
            wanted.set(known.variantId, (wanted.get(known.variantId) ?? 0) + line.quantity);
          }
          amount = 0;
          for (const [variantId, quantity] of wanted) {
            const line = state.lines.find((candidate) => candidate.variantId === variantId)!;
            if (quantity > line.refundable) {
              const name = nameWithVariant(line.productName, line.variantLabel);
              const message = refundMessages.lineTooMany(name, line.refundable);
              throw new AppError('VALIDATION', message, undefined, [{ path: 'lines', message }]);
            }
            // Units of a line with a discount code's share are refunded at what they were paid.
            amount += quantity === line.units ? line.paid : Math.round((line.paid * quantity) / line.units);
            lines.push({ productId: line.productId, variantId, quantity });
          }
          // Lines of a discounted order may add up to more than is left: the rest is refunded.
          amount = Math.min(amount, state.refundable);
        } else if (amount > state.refundable) {
          const message = refundMessages.tooMuch(formatKina(state.refundable));
          throw new AppError('VALIDATION', message, { refundable: state.refundable }, [{ path: 'amount', message }]);
        }
        const kind = order.paymentMethod === 'card' ? ('card' as const) : ('recorded' as const);
        const [row] = await tx
          .insert(orderRefunds)
          .values({
            orderId,
            amountToea: amount,
            kind,
            status: kind === 'card' ? 'pending' : 'succeeded',
            reason: input.reason.trim(),
            lines,
            restocked: Boolean(input.restock) && lines.length > 0,
            idempotencyKey: key,
            createdByUserId: caller.id,
            createdByName: caller.fullName || caller.email,
            createdAt: now(),
          })
          .returning();
        if (!row) throw new Error('refund not stored');
        if (kind === 'recorded') await complete(tx, caller, order, row, settings);
        return { order, row };
      });

      let row = reserved.row;
      if (row.kind === 'card' && row.status === 'pending') {
        const intentId = reserved.order.paymentIntentId;
        let providerRefundId: string;
        try {
          if (!intentId) throw new Error('a paid card order has no payment intent');
          providerRefundId = (await payments.refund({ intentId, amount: row.amountToea, idempotencyKey: key })).id;
        } catch (error) {
          log.error({ err: error, orderId, refundId: row.id }, 'a partial card refund failed');
          // Failed: it stops counting, the refunds panel and /reports show it, and the activity log says who tried.
          const failedRow = row;
          await db.transaction(async (tx) => {
            const [failed] = await tx
              .update(orderRefunds)
              .set({ status: 'failed' })
              .where(and(eq(orderRefunds.id, failedRow.id), eq(orderRefunds.status, 'pending')))
              .returning();
            if (!failed) return;
            await recordActivity(tx, {
              actor: actorOfCaller(caller),
              action: 'order.refund-failed',
              entityType: 'order',
              entityId: orderId,
              summary: `The card refund of ${formatKina(failed.amountToea)} did not go through; nothing was refunded.`,
              after: { amount: failed.amountToea, refundId: failed.id, reason: failed.reason },
            });
          });
          throw new AppError('PAYMENT_FAILED', refundMessages.failed);
        }
        row = await db.transaction(async (tx) => {
          const order = await lockedOrder(tx, orderId);
          const [done] = await tx
            .update(orderRefunds)
            .set({ status: 'succeeded', providerRefundId })
            .where(and(eq(orderRefunds.id, row.id), eq(orderRefunds.status, 'pending')))
            .returning();
          // A twin request (same request id) may have completed it first: then its effects are already made.
          if (done) await complete(tx, caller, order, done, settings);
          const [now_] = await tx.select().from(orderRefunds).where(eq(orderRefunds.id, row.id));
          return now_ ?? row;
        });
      }
      mailer.wake();
      if (row.restocked) await deps.catalog.invalidate();
      return {
        refund: toRefund(row),
        refunds: await this.list(orderId),
        message: refundMessages.refunded(formatKina(row.amountToea), orderId),
      };
    },
  };
}

export type RefundsService = ReturnType<typeof createRefundsService>;
