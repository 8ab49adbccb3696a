import {
  type AdminOrder,
  displayShippingStatus,
  orderInventoryMessages as messages,
  type SessionUser,
  type ShippingStatus,
  shippingTransitionError,
} from '@bilum/shared';
import { and, asc, desc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Transaction } from '../../db/client';
import {
  type NewOrderRow,
  type OrderItemRow,
  orderItems,
  type OrderRow,
  orders,
  type OrderStatusHistoryRow,
  orderStatusHistory,
  products,
} from '../../db/schema';
import { AppError, notFound } from '../../errors';
import type { CatalogService } from '../catalog/catalog.service';
import { createMembershipService } from '../membership/membership.service';
import { refundCancelledOrder } from '../orders/order-refund';
import { orderAddress, readOrderItems, type OrdersDeps } from '../orders/orders.service';
import { orderStatusEmail } from './admin-orders.emails';

function toAdminOrder(order: OrderRow, items: OrderItemRow[], history: OrderStatusHistoryRow[]): AdminOrder {
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
    notes: order.notes,
    shippingStatus: order.shippingStatus,
    paymentStatus: order.paymentStatus,
    total: order.totalToea,
    cardLast4: order.cardLast4 ?? 'N/A',
    createdAt: order.placedAt.toISOString(),
    items: items.map((item) => ({
      productId: item.productId,
      productName: item.productName,
      productImage: item.productImage,
      quantity: item.quantity,
      unitPrice: item.unitPriceToea,
    })),
    history: history.map((change) => ({
      fromStatus: change.fromStatus,
      toStatus: change.toStatus,
      changedBy: change.changedByName,
      changedAt: change.changedAt.toISOString(),
    })),
  };
}

/**
 * Undoes what a sold order took: its units go back on the shelf, and a Premium year it bought is withdrawn
 * (its payment is about to be refunded).
 */
async function undoSale(tx: Transaction, order: OrderRow, at: Date): Promise<void> {
  const items = await readOrderItems(tx, order.id);
  for (const item of items) {
    if (item.isMembership) continue;
    await tx
      .update(products)
      .set({ stock: sql`${products.stock} + ${item.quantity}`, updatedAt: at })
      .where(eq(products.id, item.productId));
  }
  if (order.paymentIntentId && items.some((item) => item.isMembership)) {
    await createMembershipService(tx).withdrawPremiumYear(order.paymentIntentId);
  }
}

/**
 * Order management (/order-inventory). The orders are those that were paid: an unpaid checkout is not an order
 * yet (the spec saves an order only after the payment succeeded). A status change locks the order, checks the
 * transition, records who made it and queues the customer's e-mail in one transaction; cancelling a paid order
 * also returns its stock (and withdraws a Premium year it bought), and then refunds it through the payment provider
 * (refundCancelledOrder, outside the transaction). A refund that fails is retried by cancelling again, and by the
 * checkout jobs (checkout-jobs.ts), through the same function and idempotency key, so it is made once.
 */
export function createAdminOrdersService(deps: OrdersDeps & { catalog: Pick<CatalogService, 'invalidate'> }) {
  const { db, mailer, now } = deps;

  async function adminOrders(rows: OrderRow[]): Promise<AdminOrder[]> {
    const ids = rows.map((row) => row.id);
    if (ids.length === 0) return [];
    const [items, history] = await Promise.all([
      db.select().from(orderItems).where(inArray(orderItems.orderId, ids)).orderBy(asc(orderItems.id)),
      db
        .select()
        .from(orderStatusHistory)
        .where(inArray(orderStatusHistory.orderId, ids))
        .orderBy(asc(orderStatusHistory.id)),
    ]);
    return rows.map((row) =>
      toAdminOrder(
        row,
        items.filter((item) => item.orderId === row.id),
        history.filter((change) => change.orderId === row.id),
      ),
    );
  }

  async function one(id: number): Promise<AdminOrder> {
    const [row] = await db.select().from(orders).where(eq(orders.id, id));
    if (!row) throw notFound(messages.notFound);
    const [order] = await adminOrders([row]);
    if (!order) throw notFound(messages.notFound);
    return order;
  }

  return {
    /** GET /api/admin/orders: every paid order (guest and registered), newest first. */
    async list(): Promise<AdminOrder[]> {
      const rows = await db.select().from(orders).where(isNotNull(orders.paidAt)).orderBy(desc(orders.id));
      return adminOrders(rows);
    },

    /** PATCH /api/admin/orders/:id. Cancelling an order that is cancelled but still paid retries its refund. */
    async updateStatus(admin: SessionUser, id: number, to: ShippingStatus): Promise<AdminOrder> {
      // Read before the transaction: on PGlite a query outside it would wait for the transaction to end.
      const settings = await deps.settings.get();
      const changed = await db.transaction(async (tx) => {
        const [order] = await tx
          .select()
          .from(orders)
          .where(and(eq(orders.id, id), isNotNull(orders.paidAt)))
          .for('update');
        if (!order) throw notFound(messages.notFound);
        const from = displayShippingStatus(order.shippingStatus);
        if (from === 'Cancelled' && to === 'Cancelled' && order.paymentStatus === 'paid') {
          return { order, stockReturned: false };
        }
        const refusal = shippingTransitionError(order.id, from, to);
        if (refusal) throw new AppError('CONFLICT', refusal);

        const at = now();
        const changes: Partial<NewOrderRow> = { shippingStatus: to, updatedAt: at };
        if (to === 'Dispatched' || to === 'Delivered') changes.dispatchedAt = order.dispatchedAt ?? at;
        if (to === 'Delivered') changes.deliveredAt = at;
        const stockReturned = to === 'Cancelled' && order.stockState === 'sold';
        if (to === 'Cancelled') {
          Object.assign(changes, { cancelledAt: at, cancelReason: 'admin' });
          if (stockReturned) {
            await undoSale(tx, order, at);
            changes.stockState = 'released';
          }
        }
        const [updated] = await tx.update(orders).set(changes).where(eq(orders.id, order.id)).returning();
        if (!updated) throw notFound(messages.notFound);
        await tx.insert(orderStatusHistory).values({
          orderId: order.id,
          fromStatus: from,
          toStatus: to,
          changedByUserId: admin.id,
          changedByName: admin.fullName || admin.email,
          changedAt: at,
        });
        await mailer.enqueue(tx, orderStatusEmail({ order: updated, status: to, shopUrl: deps.shopUrl, settings }));
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
