import { type LifecycleChange, transition } from '../order-lifecycle/order-lifecycle';
import type { OrderEvent } from '../order-lifecycle/order-states';
import {
  type AdminOrder,
  type AdminOrderPaymentView,
  type AdminOrdersResponse,
  awaitsPayment,
  cancelReasonRequired,
  compactPaymentReference,
  formatKina,
  type PaymentMethod,
  portMoresbyDayStart,
  displayShippingStatus,
  orderInventoryMessages as messages,
  orderSearch,
  type OrderTiles,
  orderTiles,
  type ShippingStatus,
  shippingTransitionError,
  type ShopSettings,
} from '@bilum/shared';
import { and, asc, desc, eq, gte, inArray, isNotNull, isNull, lt, ne, or, type SQL, sql } from 'drizzle-orm';
import type { Transaction } from '../../db/client';
import {
  type OrderItemRow,
  orderItems,
  type OrderRow,
  orders,
  type OrderStatusHistoryRow,
  orderStatusHistory,
} from '../../db/schema';
import { AppError, notFound } from '../../errors';
import type { CatalogService } from '../catalog/catalog.service';
import { createMembershipService } from '../membership/membership.service';
import { releaseHeldOrder, replacingOrderId } from '../orders/order-holds';
import { refundCancelledOrder } from '../orders/order-refund';
import { orderAddress } from '../orders/order-address';
import { readOrderItems, type OrdersDeps } from '../orders/orders.service';
import { orderLineName } from '../orders/order-line-name';
import { adminActor } from '../stock/stock.service';
import { actorOfCaller, recordActivity, type StaffCaller } from '../audit/audit.service';
import { orderStatusEmail, type PremiumWithdrawal } from './admin-orders.emails';
import { emitEvent, orderEventData } from '../webhooks/webhook-events';
import { restockedUnits } from '../backoffice/refunds.service';
import { invoiceDocumentProblems } from '../invoices/invoice-documents';
import { queueOrderText } from '../texts/texts.service';

const DAY_MS = 24 * 60 * 60_000;
const iso = (date: Date | null) => date?.toISOString() ?? null;

/** An order ships something unless every line is a membership (issue 17: nothing to dispatch or deliver). */
const needsShipping = (items: Pick<OrderItemRow, 'isMembership'>[]) => items.some((item) => !item.isMembership);

/** Which orders a payment view shows: paid ones (the default), unpaid ones (declined, abandoned), or all. */
function paymentFilter(view: AdminOrderPaymentView): SQL | undefined {
  // Issue 19: a bank transfer awaiting its money and a pay-at-pickup order waiting at the counter are orders staff
  // act on (record the payment, hand it over), so they show with the paid ones.
  if (view === 'paid') {
    return or(
      isNotNull(orders.paidAt),
      and(ne(orders.paymentMethod, 'card'), eq(orders.paymentStatus, 'pending'), eq(orders.stockState, 'held')),
    );
  }
  if (view === 'unpaid') return isNull(orders.paidAt);
  return undefined;
}

/**
 * The search in SQL (`orderSearch` reads the term): name, e-mail and tracking code contain the text (strpos, so
 * "%" and "_" are plain characters), the order number is the number, the phone's digits contain the digits typed.
 */
function searchFilter(term: string): SQL | undefined {
  const search = orderSearch(term);
  if (!search) return undefined;
  const text = search.text;
  const reference = text === null ? null : compactPaymentReference(text).toLowerCase();
  const contains = (column: SQL) => (text === null ? undefined : sql`strpos(lower(${column}), ${text}) > 0`);
  return or(
    contains(sql`${orders.firstName} || ' ' || ${orders.lastName}`),
    contains(sql`${orders.email}`),
    contains(sql`${orders.trackingCode}`),
    // Issue 19: the bank-transfer reference the shopper quoted, as it shows on the bank statement; issue 27: typed
    // with or without its spaces ("PAY482731" finds "PAY 4827 31").
    reference === null || reference === ''
      ? undefined
      : sql`strpos(regexp_replace(lower(coalesce(${orders.paymentReference}, '')), '[[:space:].-]', '', 'g'), ${reference}) > 0`,
    search.orderId === null ? undefined : eq(orders.id, search.orderId),
    search.phoneDigits === null
      ? undefined
      : sql`strpos(regexp_replace(${orders.phone}, '[^0-9]', '', 'g'), ${search.phoneDigits}) > 0`,
  );
}

/** Issue 21 filters on the admin list: status, payment method, placed between two Port Moresby days, zone. */
function listFilters(query: {
  status?: ShippingStatus;
  method?: PaymentMethod;
  from?: string;
  to?: string;
  zone?: string;
}): SQL | undefined {
  const DAY = 24 * 60 * 60_000;
  return and(
    query.status ? eq(orders.shippingStatus, query.status) : undefined,
    query.method ? eq(orders.paymentMethod, query.method) : undefined,
    query.from ? gte(orders.placedAt, portMoresbyDayStart(query.from)) : undefined,
    query.to ? lt(orders.placedAt, new Date(portMoresbyDayStart(query.to).getTime() + DAY)) : undefined,
    query.zone === undefined
      ? undefined
      : query.zone === 'pickup'
        ? isNotNull(orders.pickupLocation)
        : eq(orders.deliveryZone, query.zone),
  );
}

/** Why the shop itself cancelled an order, for staff (an admin's cancellation is in the status history). */
function cancelNote(order: Pick<OrderRow, 'cancelReason' | 'paymentStatus'>): string | null {
  const replacedBy = replacingOrderId(order.cancelReason);
  if (replacedBy !== null) return messages.replacedBy(replacedBy);
  if (order.cancelReason === 'hold-expired' && order.paymentStatus === 'cancelled') return messages.holdExpired;
  // Issue 27: staff cancelled a bank transfer or pickup before it was paid (their reason is in the history).
  if (order.cancelReason === 'admin' && order.paymentStatus === 'cancelled') return messages.cancelledBeforePayment;
  if (order.cancelReason !== null && order.cancelReason !== 'admin' && order.paymentStatus === 'refunded') {
    return messages.refundedUnhonourable;
  }
  return null;
}

function toAdminOrder(
  order: OrderRow,
  items: OrderItemRow[],
  history: OrderStatusHistoryRow[],
  invoiceProblem: string | null,
): AdminOrder {
  return {
    id: order.id,
    orderType: order.orderType,
    trackingCode: order.trackingCode,
    firstName: order.firstName,
    lastName: order.lastName,
    email: order.email,
    phone: order.phone,
    shippingAddress: orderAddress(order),
    pickupLocation: order.pickupLocation,
    deliveryZone: order.deliveryZone,
    notes: order.notes,
    shippingStatus: order.shippingStatus,
    paymentStatus: order.paymentStatus,
    paymentMethod: order.paymentMethod,
    shipping: order.shippingToea,
    discountCode: order.discountCode,
    discount: order.discountToea,
    total: order.totalToea,
    cardLast4: order.cardLast4 ?? 'N/A',
    createdAt: order.placedAt.toISOString(),
    paidAt: iso(order.paidAt),
    needsShipping: needsShipping(items),
    estimatedDelivery: iso(order.estimatedDeliveryAt),
    cancelNote: cancelNote(order),
    invoiceProblem,
    items: items.map((item) => ({
      productId: item.productId,
      // The variant named (issue 30): "Galaxy A55 – 256 GB / Black".
      productName: orderLineName(item),
      productImage: item.productImage,
      quantity: item.quantity,
      unitPrice: item.unitPriceToea,
      discount: item.discountToea,
      isMembership: item.isMembership,
    })),
    history: history.map((change) => ({
      fromStatus: change.fromStatus,
      toStatus: change.toStatus,
      changedBy: change.changedByName,
      changedAt: change.changedAt.toISOString(),
      reason: change.reason,
    })),
  };
}

/**
 * Withdraws a Premium year a cancelled order bought (its payment is about to be refunded); its units went back
 * with the cancellation (the lifecycle's `restock`).
 */
async function withdrawPremium(tx: Transaction, order: OrderRow, at: Date): Promise<PremiumWithdrawal | undefined> {
  const items = await readOrderItems(tx, order.id);
  if (!order.paymentIntentId || !items.some((item) => item.isMembership)) return undefined;
  const membership = createMembershipService(tx);
  const { withdrawn } = await membership.withdrawPremiumYear(order.paymentIntentId, at);
  if (withdrawn === 0 || order.userId === null) return undefined;
  // What the shopper has left once this year is taken back: nothing (it has ended), or an earlier year.
  const left = await membership.getState(order.userId, at);
  return left.isMember && left.endsAt ? { ended: false, endsAt: new Date(left.endsAt) } : { ended: true };
}

/**
 * Order management (/order-inventory). The list shows the paid orders by default; staff may also look at unpaid
 * checkouts (a declined card, an abandoned payment: issue 17), which cannot be changed. A status change locks the order, checks the
 * transition, records who made it and queues the customer's e-mail in one transaction; cancelling a paid order
 * also returns its stock (and withdraws a Premium year it bought), and then refunds it through the payment provider
 * (refundCancelledOrder, outside the transaction). A refund that fails is retried by cancelling again, and by the
 * checkout jobs (checkout-jobs.ts), through the same function and idempotency key, so it is made once.
 */
/** The lifecycle's event for each status staff set on a paid order. */
const shippingEvents: Record<ShippingStatus, OrderEvent> = {
  Pending: 'process',
  Processing: 'process',
  Dispatched: 'dispatch',
  Delivered: 'deliver',
  Cancelled: 'cancel-paid',
};

export function createAdminOrdersService(deps: OrdersDeps & { catalog: Pick<CatalogService, 'invalidate'> }) {
  const { db, mailer, now } = deps;

  async function adminOrders(rows: OrderRow[]): Promise<AdminOrder[]> {
    const ids = rows.map((row) => row.id);
    if (ids.length === 0) return [];
    const [items, history, invoiceProblems] = await Promise.all([
      db.select().from(orderItems).where(inArray(orderItems.orderId, ids)).orderBy(asc(orderItems.id)),
      db
        .select()
        .from(orderStatusHistory)
        .where(inArray(orderStatusHistory.orderId, ids))
        .orderBy(asc(orderStatusHistory.id)),
      // Issue 27: a paid order's invoice that its document job could not draw (retrying, or given up).
      invoiceDocumentProblems(
        db,
        rows.filter((row) => row.invoiceNumber !== null).map((row) => row.id),
      ),
    ]);
    return rows.map((row) =>
      toAdminOrder(
        row,
        items.filter((item) => item.orderId === row.id),
        history.filter((change) => change.orderId === row.id),
        invoiceProblems.get(row.id) ?? null,
      ),
    );
  }

  /**
   * What every status change records with it, in its transaction: the status history row (with the reason), the
   * customer's e-mail through the outbox, the activity entry and the outgoing webhook.
   */
  async function recordChange(
    tx: Transaction,
    change: {
      admin: StaffCaller;
      order: OrderRow;
      updated: OrderRow;
      items: OrderItemRow[];
      from: ShippingStatus;
      to: ShippingStatus;
      reason: string | undefined;
      at: Date;
      settings: ShopSettings;
      premium?: PremiumWithdrawal;
    },
  ): Promise<void> {
    const { admin, order, updated, items, from, to, at, settings, premium } = change;
    const reason = change.reason?.trim() || null;
    await tx.insert(orderStatusHistory).values({
      orderId: order.id,
      fromStatus: from,
      toStatus: to,
      changedByUserId: admin.id,
      changedByName: admin.fullName || admin.email,
      reason,
      changedAt: at,
    });
    await mailer.enqueue(
      tx,
      orderStatusEmail({ order: updated, status: to, shopUrl: deps.shopUrl, settings, premium }),
    );
    // Issue 31: dispatched, or (a pickup order) ready for pickup, as a text too.
    if (to === 'Dispatched') {
      await queueOrderText(
        mailer.jobs,
        tx,
        updated,
        updated.pickupLocation !== null
          ? { kind: 'ready-for-pickup', orderId: updated.id, place: updated.pickupPointName ?? updated.pickupLocation }
          : { kind: 'dispatched', orderId: updated.id, expected: updated.estimatedDeliveryAt },
      );
    }
    const unpaid = to === 'Cancelled' && order.paidAt === null;
    const effect =
      to === 'Cancelled' && order.paymentStatus === 'paid'
        ? ' (payment refunded, stock returned)'
        : unpaid
          ? ` before payment (stock released, customer e-mailed${order.amountReceivedToea > 0 ? `; ${formatKina(order.amountReceivedToea)} received, to return by hand` : ''})`
          : '';
    // The activity log (issue 21, decision 016), in this transaction.
    await recordActivity(tx, {
      actor: actorOfCaller(admin),
      action: to === 'Cancelled' ? 'order.cancelled' : 'order.status-changed',
      entityType: 'order',
      entityId: order.id,
      summary: `Order #${order.id}: ${from} → ${to}${effect}` + (reason ? `. Reason: ${reason}` : ''),
      before: unpaid
        ? { status: from, paymentStatus: order.paymentStatus, stockState: order.stockState }
        : { status: from },
      after: {
        status: to,
        ...(reason ? { reason } : {}),
        ...(unpaid ? { paymentStatus: updated.paymentStatus, stockState: updated.stockState } : {}),
      },
    });
    // Outgoing webhook (decision 017), in this transaction.
    await emitEvent(tx, 'order.status_changed', { ...orderEventData(updated, items), from, to });
  }

  async function one(id: number): Promise<AdminOrder> {
    const [row] = await db.select().from(orders).where(eq(orders.id, id));
    if (!row) throw notFound(messages.notFound);
    const [order] = await adminOrders([row]);
    if (!order) throw notFound(messages.notFound);
    return order;
  }

  return {
    /**
     * GET /api/admin/orders: the orders of a payment view (guest and registered) that match the search, newest
     * first, and the tiles: the view's orders (not narrowed by the search) counted per status.
     */
    async list(query: {
      q: string;
      payment: AdminOrderPaymentView;
      status?: ShippingStatus;
      method?: PaymentMethod;
      from?: string;
      to?: string;
      zone?: string;
      page?: number;
      pageSize?: number;
    }): Promise<AdminOrdersResponse & { tiles: OrderTiles }> {
      const inView = paymentFilter(query.payment);
      // Issue 21: filtered and paged on the server (newest first); the tiles count the whole view.
      const page = query.page ?? 1;
      const pageSize = query.pageSize ?? 25;
      const where = and(inView, searchFilter(query.q), listFilters(query));
      const [rows, [counted], groups, zones] = await Promise.all([
        db
          .select()
          .from(orders)
          .where(where)
          .orderBy(desc(orders.id))
          .limit(pageSize)
          .offset((page - 1) * pageSize),
        db
          .select({ total: sql<number>`count(*)::int` })
          .from(orders)
          .where(where),
        db
          .select({ shippingStatus: orders.shippingStatus, count: sql<number>`count(*)::int` })
          .from(orders)
          .where(inView)
          .groupBy(orders.shippingStatus),
        db
          .selectDistinct({ zone: orders.deliveryZone })
          .from(orders)
          .where(isNotNull(orders.deliveryZone))
          .orderBy(asc(orders.deliveryZone)),
      ]);
      return {
        orders: await adminOrders(rows),
        tiles: orderTiles(groups),
        total: counted?.total ?? 0,
        page,
        pageSize,
        zones: zones.flatMap((row) => (row.zone ? [row.zone] : [])),
      };
    },

    /** PATCH /api/admin/orders/:id. Cancelling an order that is cancelled but still paid retries its refund. */
    async updateStatus(admin: StaffCaller, id: number, to: ShippingStatus, reason?: string): Promise<AdminOrder> {
      // Read before the transaction: on PGlite a query outside it would wait for the transaction to end.
      const settings = await deps.settings.get();
      const changed = await db.transaction(async (tx) => {
        const [order] = await tx.select().from(orders).where(eq(orders.id, id)).for('update');
        if (!order) throw notFound(messages.notFound);
        const from = displayShippingStatus(order.shippingStatus);
        if (from === 'Cancelled' && to === 'Cancelled' && order.paymentStatus === 'paid') {
          return { order, stockReturned: false };
        }
        const items = await readOrderItems(tx, order.id);
        const shippable = {
          id: order.id,
          paidAt: iso(order.paidAt),
          needsShipping: needsShipping(items),
          paymentMethod: order.paymentMethod,
          paymentStatus: order.paymentStatus,
        };
        const refusal = shippingTransitionError(shippable, from, to);
        if (refusal) throw new AppError('CONFLICT', refusal);
        // Issue 21: staff say why they cancel (checked after the transition, so a refused one says why it is refused).
        if (to === 'Cancelled' && !reason?.trim()) {
          throw new AppError('VALIDATION', cancelReasonRequired, undefined, [
            { path: 'reason', message: cancelReasonRequired },
          ]);
        }

        const at = now();
        if (to === 'Cancelled' && awaitsPayment(shippable)) {
          // Issue 27: an unpaid bank transfer or pickup order ends the way every unpaid hold ends
          // (releaseHeldOrder: stock back through the log at once, cancelled, its lines back in the shopper's cart).
          if (order.stockState !== 'held') throw new AppError('CONFLICT', messages.notPaid(order.id));
          const released = await releaseHeldOrder(tx, order, {
            cancelReason: 'admin',
            stockReason: 'order-cancelled',
            actor: adminActor(admin),
            by: 'staff',
            at,
          });
          await recordChange(tx, { admin, order, updated: released, items, from, to, reason, at, settings });
          return { order: released, stockReturned: true };
        }
        const changes: LifecycleChange = { shippingStatus: to };
        if ((to === 'Dispatched' || to === 'Delivered') && !order.dispatchedAt) {
          changes.dispatchedAt = at;
          // Fixed now (issue 17) from the order's own zone days (issue 19, snapshotted when it was placed; the shop's
          // delivery time for an order from before zones): a later settings change does not move it. An order
          // delivered without being dispatched first arrived today; a pickup order has no delivery date (it is
          // "Ready for pickup").
          const days = order.deliveryDays ?? settings.deliveryDays;
          changes.estimatedDeliveryAt =
            to === 'Delivered' ? at : order.pickupLocation !== null ? null : new Date(at.getTime() + days * DAY_MS);
        }
        if (to === 'Delivered') changes.deliveredAt = at;
        const stockReturned = to === 'Cancelled' && order.stockState === 'sold';
        let premium: PremiumWithdrawal | undefined;
        if (to === 'Cancelled') {
          Object.assign(changes, { cancelledAt: at, cancelReason: 'admin' });
          if (stockReturned) premium = await withdrawPremium(tx, order, at);
        }
        const updated = await transition(tx, order.id, {
          event: shippingEvents[to],
          actor: 'staff',
          at,
          set: changes,
          // Units a partial refund already put back (issue 21, decision 018) are not returned twice.
          stock:
            to === 'Cancelled'
              ? {
                  kind: 'restock',
                  reason: 'order-cancelled',
                  actor: adminActor(admin),
                  alreadyReturned: await restockedUnits(tx, order.id),
                }
              : { kind: 'none' },
        });
        await recordChange(tx, { admin, order, updated, items, from, to, reason, at, settings, premium });
        return { order: updated, stockReturned };
      });
      mailer.wake();
      // The stock shows on the storefront at once (other instances hear of it through the products trigger).
      if (changed.stockReturned) await deps.catalog.invalidate();
      if (changed.order.shippingStatus === 'Cancelled' && changed.order.paymentStatus === 'paid') {
        await refundCancelledOrder(deps, changed.order);
      }
      return one(id);
    },
  };
}

export type AdminOrdersService = ReturnType<typeof createAdminOrdersService>;
