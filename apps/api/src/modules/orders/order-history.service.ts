import type { MyOrder, MyOrders, SavedAddress } from '@bilum/shared';
import { and, asc, desc, eq, inArray, isNotNull, ne } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client';
import { orderItems, orders } from '../../db/schema';

/**
 * A signed-in shopper's own orders with their items (My Orders and /order-history). Only orders that were paid
 * are listed: one whose card was declined, or never entered, was not placed. Another shopper's orders, and guest
 * orders with the same e-mail, are never included.
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
        .where(and(eq(orders.userId, userId), eq(orders.orderType, 'registered'), isNotNull(orders.paidAt)))
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
          name: item.productName,
          image: item.productImage,
          quantity: item.quantity,
          unitPrice: item.unitPriceToea,
          lineTotal: item.unitPriceToea * item.quantity,
          isMembership: item.isMembership,
        });
        itemsByOrder.set(item.orderId, list);
      }
      return {
        orders: rows.map((row) => ({
          id: row.id,
          trackingCode: row.trackingCode,
          placedAt: row.placedAt.toISOString(),
          shipping: row.shippingToea,
          total: row.totalToea,
          paymentStatus: row.paymentStatus,
          shippingStatus: row.shippingStatus,
          cardLast4: row.cardLast4 ?? 'N/A',
          items: itemsByOrder.get(row.id) ?? [],
        })),
      };
    },
  };
}

export type OrderHistoryService = ReturnType<typeof createOrderHistoryService>;
