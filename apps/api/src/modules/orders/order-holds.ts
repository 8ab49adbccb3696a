import {
  checkoutMessages,
  formatKina,
  holdableUnits,
  type PaymentSettings,
  parseSerialId,
  type StockMovementReason,
} from '@bilum/shared';
import { and, count, eq, inArray, min, ne, or, type SQL, sql } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client';
import { orderItems, type OrderRow, orders, productVariants } from '../../db/schema';
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
      .select({
        productId: orderItems.productId,
        variantId: orderItems.variantId,
        quantity: orderItems.quantity,
        isMembership: orderItems.isMembership,
      })
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

/**
 * How many card checkouts (15-minute holds) may be open at once: per shopper (account, or a guest's e-mail
 * address) and, for guests, per client address (a backstop sized for carrier NAT). Environment figures
 * (CHECKOUT_UNPAID_ORDERS_PER_ACCOUNT / _PER_IP). Bank-transfer and pickup orders are bounded by `HoldCaps`.
 */
export interface UnpaidOrderLimits {
  perAddress: number;
  perAccount: number;
}

/** Issue 28 (decision 029): the shop's caps on what unpaid bank-transfer and pickup orders hold (/settings). */
export type HoldCaps = Pick<
  PaymentSettings,
  | 'holdUnitsPerShopper'
  | 'holdValuePerShopperToea'
  | 'holdUnitsPerAddress'
  | 'holdValuePerAddressToea'
  | 'holdStockSharePercent'
>;

/**
 * Who is placing an order: the HMAC of the client's address key (IPv4, or the IPv6 /64: client-address.ts), the
 * signed-in shopper, and the shopper's normalised e-mail address (a guest is found by it).
 */
export interface OrderPlacer {
  addressHash: string | null;
  userId: number | null;
  emailKey: string | null;
}

/**
 * Serialises the placing of orders per address and per shopper for the rest of the transaction (advisory locks,
 * so on PostgreSQL concurrent requests on any instance count each other's orders). Always address, then account,
 * then e-mail: two transactions never wait for each other in a circle.
 */
export async function lockOrderPlacer(tx: DbExecutor, placer: OrderPlacer): Promise<void> {
  const keys = [
    placer.addressHash !== null ? `bilum:orders:address:${placer.addressHash}` : null,
    placer.userId !== null ? `bilum:orders:user:${placer.userId}` : null,
    placer.emailKey !== null ? `bilum:orders:email:${placer.emailKey}` : null,
  ];
  for (const key of keys) {
    if (key !== null) await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`);
  }
}

/**
 * The shopper's own unpaid orders: by account or e-mail address, never by the address they came from. Not by
 * phone: a number is typed, never verified (texts come later), and families in PNG share one, so counting by it
 * let a household's or a stranger's orders use up a shopper's caps (and the journeys' shared test number hit the
 * card limit). A verified phone can join the identity when texts exist (issue 31).
 */
function shopperCondition(placer: OrderPlacer): SQL | undefined {
  const conditions: SQL[] = [];
  if (placer.userId !== null) conditions.push(eq(orders.userId, placer.userId));
  if (placer.emailKey !== null) conditions.push(eq(orders.shopperEmailKey, placer.emailKey));
  return conditions.length === 0 ? undefined : or(...conditions);
}

const isCard = eq(orders.paymentMethod, 'card');
const isPayLater = ne(orders.paymentMethod, 'card');

/**
 * Refuses a card checkout (429) while this shopper, or (for a guest) this client address, already has the allowed
 * number of card checkouts open. Strangers' bank-transfer and pickup orders on the same address never count: a
 * shopper paying by card is not held back by them. Call inside the order's transaction after `lockOrderPlacer`.
 */
export async function assertCardCheckoutsWithinLimits(
  tx: DbExecutor,
  placer: OrderPlacer,
  limits: UnpaidOrderLimits,
): Promise<void> {
  const shopper = shopperCondition(placer);
  const checks: { condition: SQL; limit: number; message: string }[] = [];
  if (shopper)
    checks.push({ condition: shopper, limit: limits.perAccount, message: checkoutMessages.cardCheckoutsOpen });
  if (placer.userId === null && placer.addressHash !== null) {
    checks.push({
      condition: eq(orders.clientAddressHash, placer.addressHash),
      limit: limits.perAddress,
      message: checkoutMessages.cardCheckoutsPerAddress,
    });
  }
  for (const { condition, limit, message } of checks) {
    const [row] = await tx
      .select({ open: count() })
      .from(orders)
      .where(and(holdingStock, isCard, condition));
    if (row && row.open >= limit) throw new AppError('RATE_LIMITED', message, { retryAfterSeconds: 60 });
  }
}

/** Units (not the membership) and value still unpaid that matching bank-transfer and pickup orders hold. */
async function heldByPayLater(tx: DbExecutor, condition: SQL): Promise<{ units: number; value: number }> {
  const [units] = await tx
    .select({ units: sql<string | number | null>`coalesce(sum(${orderItems.quantity}), 0)` })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(and(holdingStock, isPayLater, condition, eq(orderItems.isMembership, false)));
  const [value] = await tx
    .select({
      value: sql<string | number | null>`coalesce(sum(${orders.totalToea} - ${orders.amountReceivedToea}), 0)`,
    })
    .from(orders)
    .where(and(holdingStock, isPayLater, condition));
  return { units: Number(units?.units ?? 0), value: Number(value?.value ?? 0) };
}

/** A bank-transfer or pickup order about to be placed: its lines and its total. */
export interface PayLaterOrder {
  lines: readonly { productId: number; variantId: number; name: string; quantity: number; isMembership: boolean }[];
  totalToea: number;
}

const holdRefused = (message: string, details: Record<string, unknown>) =>
  new AppError('CONFLICT', message, { reason: 'hold-cap', ...details });

/**
 * Issue 28 (decision 029): refuses (409, with what the shopper can do) a bank-transfer or pickup order that would
 * make this shopper's unpaid orders hold more units or value than the shop's caps, a guest's client address hold
 * more than its backstop, or unpaid orders hold more than the shop's share of any product's units (the last unit
 * can still be reserved). Call inside the order's transaction after `lockOrderPlacer`, before the units are taken.
 */
export async function assertHoldsWithinCaps(
  tx: DbExecutor,
  placer: OrderPlacer,
  order: PayLaterOrder,
  caps: HoldCaps,
): Promise<void> {
  const units = order.lines.reduce((sum, line) => sum + (line.isMembership ? 0 : line.quantity), 0);
  const shopper = shopperCondition(placer);
  if (shopper) {
    const held = await heldByPayLater(tx, shopper);
    if (held.units + units > caps.holdUnitsPerShopper) {
      throw holdRefused(checkoutMessages.holdUnitsPerShopper(caps.holdUnitsPerShopper), { cap: 'units-per-shopper' });
    }
    if (held.value + order.totalToea > caps.holdValuePerShopperToea) {
      throw holdRefused(checkoutMessages.holdValuePerShopper(formatKina(caps.holdValuePerShopperToea)), {
        cap: 'value-per-shopper',
      });
    }
  }
  // The backstop per address (hundreds of shoppers behind one carrier NAT): guests only; an account has its own caps.
  if (placer.userId === null && placer.addressHash !== null) {
    const held = await heldByPayLater(tx, eq(orders.clientAddressHash, placer.addressHash));
    if (held.units + units > caps.holdUnitsPerAddress || held.value + order.totalToea > caps.holdValuePerAddressToea) {
      throw holdRefused(checkoutMessages.holdPerAddress, { cap: 'per-address' });
    }
  }
  // The share is of each variant's units (issue 30): the last unit of one colour is as scarce as a product's.
  const stockLines = order.lines.filter((line) => !line.isMembership).sort((a, b) => a.variantId - b.variantId);
  if (stockLines.length === 0) return;
  // One placing at a time per variant (in id order: no circle), so two shoppers never both take the last share.
  for (const line of stockLines) {
    await tx.execute(
      sql`select pg_advisory_xact_lock(hashtextextended(${`bilum:holds:variant:${line.variantId}`}, 0))`,
    );
  }
  const ids = stockLines.map((line) => line.variantId);
  const onHand = new Map(
    (
      await tx
        .select({ id: productVariants.id, stock: productVariants.stock })
        .from(productVariants)
        .where(inArray(productVariants.id, ids))
    ).map((row) => [row.id, row.stock]),
  );
  const heldRows = await tx
    .select({
      variantId: orderItems.variantId,
      held: sql<string | number | null>`coalesce(sum(${orderItems.quantity}), 0)`,
    })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(and(holdingStock, inArray(orderItems.variantId, ids)))
    .groupBy(orderItems.variantId);
  const held = new Map(heldRows.map((row) => [row.variantId, Number(row.held ?? 0)]));
  for (const line of stockLines) {
    const holdable = holdableUnits({
      onHand: onHand.get(line.variantId) ?? 0,
      held: held.get(line.variantId) ?? 0,
      sharePercent: caps.holdStockSharePercent,
    });
    if (line.quantity > holdable) {
      throw holdRefused(checkoutMessages.holdStockShare(line.name, holdable), {
        cap: 'stock-share',
        productId: line.productId,
        variantId: line.variantId,
        quantityAvailable: holdable,
      });
    }
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

/** Per product or per variant (all, or those of `ids`): when the first unpaid order's hold of its units ends. */
async function holdsBy(
  db: DbExecutor,
  key: 'productId' | 'variantId',
  ids?: readonly number[],
): Promise<Map<number, Date | null>> {
  if (ids && ids.length === 0) return new Map();
  const column = orderItems[key];
  const rows = await db
    .select({ id: column, until: min(orders.holdExpiresAt) })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(and(holdingStock, eq(orderItems.isMembership, false), ids ? inArray(column, [...ids]) : undefined))
    .groupBy(column);
  return new Map(rows.flatMap((row) => (row.id === null ? [] : [[row.id, row.until]])));
}

/**
 * The variants (issue 30) that unpaid orders hold units of, each with the time its first hold ends (null: no end):
 * a product page shows a variant with no stock on hand but a hold as "Reserved".
 */
export const heldVariants = (db: DbExecutor, variantIds: readonly number[]) => holdsBy(db, 'variantId', variantIds);

/**
 * The products that unpaid orders hold units of, each with the time its first hold ends (null: no end set). The
 * catalogue shows a product with no stock on hand but a hold as "Reserved" until then.
 */
export const heldProducts = (db: DbExecutor, productIds?: readonly number[]) => holdsBy(db, 'productId', productIds);
