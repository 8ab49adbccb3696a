import { checkoutMessages, parseSerialId, type StockMovementReason } from '@bilum/shared';
import { and, count, eq, inArray, min, type SQL, sql } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client';
import { orderItems, type OrderRow, orders } from '../../db/schema';
import { AppError } from '../../errors';
import { returnOrderedCartLines } from '../cart/order-cart-lines';
import { transition } from '../order-lifecycle/order-lifecycle';
import type { LifecycleActor } from '../order-lifecycle/order-states';
import type { StockActor } from '../stock/stock.service';

/**
 * Unpaid orders holding stock (issue 16, finding 2). An order takes its units off the shelf when it is placed and
 * keeps them until it is paid (`sold`) or its hold ends (`released`), whatever the way to pay: a card checkout for
 * 15 minutes, a bank transfer or pay-at-pickup order for days. Everything that bounds or shows holds uses this one
 * condition, so a new way to pay is counted without a change here.
 */
export const holdingStock: SQL = eq(orders.stockState, 'held');

/** Why and by whom an unpaid order's hold is ended (the order's cancel reason, and the stock movement log's). */
export interface HoldRelease {
  cancelReason: string;
  stockReason: StockMovementReason;
  actor: StockActor;
  /** Who ends it, in the lifecycle's terms (order-states.ts). */
  by: LifecycleActor;
  at: Date;
}

/**
 * The one way an unpaid order's hold ends without a sale (the hold-expiry job, a checkout attempt replacing it, staff
 * cancelling an unpaid bank transfer or pickup order): its units go back on the shelf through the stock log, the
 * order is cancelled with the reason, and a bank-transfer or pickup order's lines, which left the shopper's server
 * cart when it was placed, go back into it (issue 27). The caller has locked the order row and checked that it is
 * still held and unpaid, in this transaction; the payment intent is cancelled with the provider after the commit
 * (PaymentCompletion.cancelReleasedIntent). Returns the cancelled order.
 */
export async function releaseHeldOrder(
  tx: DbExecutor,
  order: Pick<OrderRow, 'id' | 'userId' | 'source' | 'paymentMethod'>,
  release: HoldRelease,
): Promise<OrderRow> {
  const { at } = release;
  const released = await transition(tx, order.id, {
    event: 'release',
    actor: release.by,
    at,
    set: {
      paymentStatus: 'cancelled',
      shippingStatus: 'Cancelled',
      cancelReason: release.cancelReason,
      cancelledAt: at,
    },
    stock: { kind: 'release', reason: release.stockReason, actor: release.actor },
  });
  // A card order's lines never left the cart (they go when it is paid: payment-completion.ts).
  if (order.source === 'cart' && order.userId !== null && order.paymentMethod !== 'card') {
    const lines = await tx
      .select({ productId: orderItems.productId, quantity: orderItems.quantity, isMembership: orderItems.isMembership })
      .from(orderItems)
      .where(eq(orderItems.orderId, order.id));
    await returnOrderedCartLines(tx, order.userId, lines, at);
  }
  return released;
}

const replacedPrefix = 'replaced by order #';

/** The cancel reason of an order that a newer attempt of the same checkout replaced: "replaced by order #N". */
export const replacedCancelReason = (newOrderId: number): string => `${replacedPrefix}${newOrderId}`;

/** The order that replaced this one, from its cancel reason; null when it was not replaced. */
export function replacingOrderId(cancelReason: string | null): number | null {
  if (!cancelReason?.startsWith(replacedPrefix)) return null;
  return parseSerialId(cancelReason.slice(replacedPrefix.length));
}

/** How many unpaid orders holding stock one address, and one shopper's account, may have at a time. */
export interface UnpaidOrderLimits {
  perAddress: number;
  perAccount: number;
}

/** Who is placing an order, for the limits: the HMAC of the client's address, and the signed-in shopper. */
export interface OrderPlacer {
  addressHash: string | null;
  userId: number | null;
}

/**
 * Serialises the placing of orders per address and per shopper for the rest of the transaction (advisory locks,
 * so on PostgreSQL concurrent requests on any instance count each other's orders). Always address, then shopper:
 * two transactions never wait for each other in a circle.
 */
export async function lockOrderPlacer(tx: DbExecutor, placer: OrderPlacer): Promise<void> {
  if (placer.addressHash !== null) {
    await tx.execute(
      sql`select pg_advisory_xact_lock(hashtextextended(${`bilum:orders:address:${placer.addressHash}`}, 0))`,
    );
  }
  if (placer.userId !== null) {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`bilum:orders:user:${placer.userId}`}, 0))`);
  }
}

/**
 * Refuses a new order (429) while this address or shopper already has the allowed number of unpaid orders holding
 * stock, counted in the database. Call inside the order's transaction after `lockOrderPlacer`.
 */
export async function assertUnpaidOrdersWithinLimits(
  tx: DbExecutor,
  placer: OrderPlacer,
  limits: UnpaidOrderLimits,
  now: Date,
): Promise<void> {
  const checks: { condition: SQL; limit: number }[] = [];
  if (placer.addressHash !== null) {
    checks.push({ condition: eq(orders.clientAddressHash, placer.addressHash), limit: limits.perAddress });
  }
  if (placer.userId !== null) checks.push({ condition: eq(orders.userId, placer.userId), limit: limits.perAccount });
  for (const { condition, limit } of checks) {
    const [row] = await tx
      .select({ open: count(), firstEnds: min(orders.holdExpiresAt) })
      .from(orders)
      .where(and(holdingStock, condition));
    if (!row || row.open < limit) continue;
    const waitMs = row.firstEnds ? row.firstEnds.getTime() - now.getTime() : 15 * 60_000;
    const retryAfterSeconds = Math.max(60, Math.ceil(waitMs / 1000));
    throw new AppError('RATE_LIMITED', checkoutMessages.tooManyUnpaidOrders(Math.ceil(retryAfterSeconds / 60)), {
      retryAfterSeconds,
      unpaidOrders: row.open,
    });
  }
}

/** Whether this shopper already has an unpaid order holding the Premium membership (one at a time). */
export async function hasOpenPremiumOrder(tx: DbExecutor, userId: number): Promise<boolean> {
  const [row] = await tx
    .select({ id: orders.id })
    .from(orders)
    .innerJoin(orderItems, eq(orderItems.orderId, orders.id))
    .where(and(holdingStock, eq(orders.userId, userId), eq(orderItems.isMembership, true)))
    .limit(1);
  return row !== undefined;
}

/**
 * The products that unpaid orders hold units of, each with the time its first hold ends (null: no end set). The
 * catalogue shows a product with no stock on hand but a hold as "Reserved" until then.
 */
export async function heldProducts(db: DbExecutor, productIds?: readonly number[]): Promise<Map<number, Date | null>> {
  if (productIds && productIds.length === 0) return new Map();
  const rows = await db
    .select({ productId: orderItems.productId, until: min(orders.holdExpiresAt) })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(
      and(
        holdingStock,
        eq(orderItems.isMembership, false),
        productIds ? inArray(orderItems.productId, [...productIds]) : undefined,
      ),
    )
    .groupBy(orderItems.productId);
  return new Map(rows.map((row) => [row.productId, row.until]));
}
