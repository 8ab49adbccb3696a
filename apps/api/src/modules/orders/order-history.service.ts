import { amountOutstanding, awaitsPayment, type MyOrder, type MyOrders, type SavedAddress } from '@bilum/shared';
import { and, asc, desc, eq, inArray, isNotNull, ne, or } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client';
import { type OrderRow, orderItems, orders } from '../../db/schema';
import { iso, orderPaymentInfo } from '../payment-methods/payment-placement';
import { orderLineName } from './order-line-name';

/** What the shopper still has to pay for an order awaiting payment, and by when (issue 27). */
function stillToPay(order: OrderRow): Pick<MyOrder, 'amountDue' | 'payBy'> {
  const awaiting = awaitsPayment({ ...order, paidAt: iso(order.paidAt) }) && order.stockState === 'held';
  if (!awaiting) return { amountDue: 0, payBy: null };
  return {
    amountDue: amountOutstanding({ total: order.totalToea, amountReceived: order.amountReceivedToea }),
    payBy: iso(order.holdExpiresAt),
  };
}

/**
 * A signed-in shopper's own orders with their items (My Orders and /order-history): every order the shopper placed.
 * A card order is placed when it is paid (one whose card was declined, or never entered, was not placed, and is
 * left out as before); a bank-transfer or pay-at-pickup order is placed when the shopper confirms it (issue 27), so
 * it is listed from then on with its state, the amount still to pay, its reference and deadline, and its pickup
 * point, and stays listed (cancelled) if it ends unpaid. Another shopper's orders, and guest orders with the same
 * e-mail, are never included.
 */
export function createOrderHistoryService(db: DbExecutor) {
  return {
    /** The delivery address of the shopper's latest paid order (not a pickup), or null when there is none. */
    async lastDeliveryAddress(userId: number): Promise<SavedAddress | null> {
      const [row] = await db
        .select({ address: orders.address, city: orders.city, state: orders.state, postcode: orders.postcode })
        .from(orders)
        .where(
          and(
            eq(orders.userId, userId),
            eq(orders.orderType, 'registered'),
            isNotNull(orders.paidAt),
            isNotNull(orders.address),
            ne(orders.address, ''),
          ),
        )
        .orderBy(desc(orders.placedAt), desc(orders.id))
        .limit(1);
      if (!row) return null;
      return { address: row.address ?? '', city: row.city ?? '', state: row.state ?? '', postcode: row.postcode ?? '' };
    },

    async listForUser(userId: number): Promise<MyOrders> {
      const rows = await db
        .select()
        .from(orders)
        .where(
          and(
            eq(orders.userId, userId),
            eq(orders.orderType, 'registered'),
            or(isNotNull(orders.paidAt), ne(orders.paymentMethod, 'card')),
          ),
        )
        .orderBy(desc(orders.placedAt), desc(orders.id));
      if (rows.length === 0) return { orders: [] };
      const items = await db
        .select()
        .from(orderItems)
        .where(
          inArray(
            orderItems.orderId,
            rows.map((row) => row.id),
          ),
        )
        .orderBy(asc(orderItems.id));
      const itemsByOrder = new Map<number, MyOrder['items']>();
      for (const item of items) {
        const list = itemsByOrder.get(item.orderId) ?? [];
        list.push({
          productId: item.productId,
          name: orderLineName(item),
          image: item.productImage,
          quantity: item.quantity,
          unitPrice: item.unitPriceToea,
          lineTotal: item.unitPriceToea * item.quantity,
          isMembership: item.isMembership,
        });
        itemsByOrder.set(item.orderId, list);
      }
      const list: MyOrder[] = [];
      for (const row of rows) {
        list.push({
          id: row.id,
          trackingCode: row.trackingCode,
          placedAt: row.placedAt.toISOString(),
          shipping: row.shippingToea,
          discountCode: row.discountCode,
          discount: row.discountToea,
          total: row.totalToea,
          paymentStatus: row.paymentStatus,
          shippingStatus: row.shippingStatus,
          cardLast4: row.cardLast4 ?? 'N/A',
          paymentMethod: row.paymentMethod,
          // The same answer as tracking and the confirmation page (the bank's details while a transfer is awaited).
          payment: await orderPaymentInfo(db, row),
          ...stillToPay(row),
          pickupLocation: row.pickupLocation,
          items: itemsByOrder.get(row.id) ?? [],
        });
      }
      return { orders: list };
    },
  };
}

export type OrderHistoryService = ReturnType<typeof createOrderHistoryService>;
