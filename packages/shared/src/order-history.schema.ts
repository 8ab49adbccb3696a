import { z } from 'zod';
import { orderPaymentStatuses, shippingStatuses } from './checkout.schema';

/**
 * GET /api/orders/mine: the signed-in shopper's orders with their items, newest first (the spec's
 * fetch_user_orders for the My Orders popup and get_user_orders_with_items for /order-history). Only orders
 * that were paid: an order whose card was declined or never entered was not placed.
 */
export const myOrderItemSchema = z.object({
  productId: z.number().int(),
  name: z.string(),
  /** A path on the shop, or null: show the "No Image" placeholder. */
  image: z.string().nullable(),
  quantity: z.number().int(),
  unitPrice: z.number().int().describe('toea'),
  lineTotal: z.number().int().describe('toea'),
  isMembership: z.boolean(),
});

export const myOrderSchema = z.object({
  id: z.number().int(),
  trackingCode: z.string(),
  placedAt: z.string(),
  /** The delivery fee charged (issue 19). */
  shipping: z.number().int().describe('toea'),
  total: z.number().int().describe('toea'),
  paymentStatus: z.enum(orderPaymentStatuses),
  shippingStatus: z.enum(shippingStatuses),
  /** Last four digits of the card, or 'N/A'. */
  cardLast4: z.string(),
  items: z.array(myOrderItemSchema),
});
export type MyOrder = z.infer<typeof myOrderSchema>;

export const myOrdersSchema = z.object({ orders: z.array(myOrderSchema) });
export type MyOrders = z.infer<typeof myOrdersSchema>;
